import { and, desc, eq, gt, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  creditAccounts,
  creditLedger,
  creditTopups,
  organizations,
  stripeEvents,
  type TopupStatus,
} from '../../db/schema';

export type CreditAccountRow = typeof creditAccounts.$inferSelect;
export type LedgerRow = typeof creditLedger.$inferSelect;
export type NewLedgerRow = typeof creditLedger.$inferInsert;
export type TopupRow = typeof creditTopups.$inferSelect;

/** Creates the organization's account unless it exists (the organization must exist). */
export async function insertAccountIfMissing(db: DbOrTx, values: typeof creditAccounts.$inferInsert): Promise<void> {
  await db.insert(creditAccounts).values(values).onConflictDoNothing();
}

/** The account with its organization's plan, locked for the rest of the transaction. */
export async function lockAccount(
  db: DbOrTx,
  orgId: number,
): Promise<{ account: CreditAccountRow; planId: string } | undefined> {
  const [row] = await db
    .select({ account: creditAccounts, planId: organizations.planId })
    .from(creditAccounts)
    .innerJoin(organizations, eq(organizations.id, creditAccounts.organizationId))
    .where(eq(creditAccounts.organizationId, orgId))
    .for('update', { of: creditAccounts });
  return row;
}

/** The account with its plan, unlocked (reads of the balance). */
export async function findAccount(
  db: DbOrTx,
  orgId: number,
): Promise<{ account: CreditAccountRow; planId: string } | undefined> {
  const [row] = await db
    .select({ account: creditAccounts, planId: organizations.planId })
    .from(creditAccounts)
    .innerJoin(organizations, eq(organizations.id, creditAccounts.organizationId))
    .where(eq(creditAccounts.organizationId, orgId));
  return row;
}

export async function updateAccount(
  db: DbOrTx,
  orgId: number,
  patch: Partial<typeof creditAccounts.$inferInsert>,
): Promise<CreditAccountRow> {
  const [row] = await db.update(creditAccounts).set(patch).where(eq(creditAccounts.organizationId, orgId)).returning();
  return row!;
}

export async function insertLedgerEntries(db: DbOrTx, rows: NewLedgerRow[]): Promise<void> {
  if (rows.length) await db.insert(creditLedger).values(rows);
}

export async function hasLedgerReference(db: DbOrTx, orgId: number, reference: string): Promise<boolean> {
  const rows = await db
    .select({ id: creditLedger.id })
    .from(creditLedger)
    .where(and(eq(creditLedger.organizationId, orgId), eq(creditLedger.reference, reference)))
    .limit(1);
  return rows.length > 0;
}

/** The entries an operation wrote (a run's settlement, to refund the same buckets). */
export async function ledgerEntriesByReference(db: DbOrTx, orgId: number, reference: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.organizationId, orgId), eq(creditLedger.reference, reference)));
}

export async function listLedger(
  db: DbOrTx,
  orgId: number,
  page: { limit: number; offset: number },
): Promise<LedgerRow[]> {
  return db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.organizationId, orgId))
    .orderBy(desc(creditLedger.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countLedger(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(creditLedger)
    .where(eq(creditLedger.organizationId, orgId));
  return row?.n ?? 0;
}

/**
 * Per session, how many overage minutes of the period from `since` are charged (minutes are
 * charged in order, and an entry is written in the period it charges).
 */
export async function streamingMinutesCharged(db: DbOrTx, orgId: number, since: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ sessionId: creditLedger.sessionId, minutes: sql<number>`max(${creditLedger.streamingMinute})::int` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.organizationId, orgId),
        eq(creditLedger.isStreaming, true),
        gte(creditLedger.createdAt, since),
      ),
    )
    .groupBy(creditLedger.sessionId);
  return new Map(rows.map((r) => [r.sessionId ?? '', r.minutes]));
}

/** Organizations whose allowance period has ended, or that have no account yet: by id, after `afterId`. */
export async function listOrgsDueForRefill(db: DbOrTx, now: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: organizations.id })
    .from(organizations)
    .leftJoin(creditAccounts, eq(creditAccounts.organizationId, organizations.id))
    .where(
      and(gt(organizations.id, afterId), or(isNull(creditAccounts.organizationId), lte(creditAccounts.periodEnd, now))),
    )
    .orderBy(organizations.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function organizationExists(db: DbOrTx, orgId: number): Promise<boolean> {
  const rows = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, orgId));
  return rows.length > 0;
}

export async function setOrganizationPlan(db: DbOrTx, orgId: number, planId: string): Promise<void> {
  await db.update(organizations).set({ planId }).where(eq(organizations.id, orgId));
}

export async function insertTopup(db: DbOrTx, values: typeof creditTopups.$inferInsert): Promise<TopupRow> {
  const [row] = await db.insert(creditTopups).values(values).returning();
  return row!;
}

export async function updateTopup(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof creditTopups.$inferInsert>,
): Promise<void> {
  await db.update(creditTopups).set(patch).where(eq(creditTopups.id, id));
}

export async function lockTopup(db: DbOrTx, id: number): Promise<TopupRow | undefined> {
  const [row] = await db.select().from(creditTopups).where(eq(creditTopups.id, id)).for('update');
  return row;
}

/** Moves a top-up from one of `from` to `to`; false when it was in none of them. */
export async function transitionTopup(
  db: DbOrTx,
  id: number,
  from: TopupStatus[],
  patch: { status: TopupStatus; completedAt?: Date },
): Promise<boolean> {
  const rows = await db
    .update(creditTopups)
    .set(patch)
    .where(and(eq(creditTopups.id, id), inArray(creditTopups.status, from)))
    .returning({ id: creditTopups.id });
  return rows.length > 0;
}

/**
 * Records a Stripe event as handled; false when it already was. A concurrent duplicate waits
 * here for the first transaction and then finds the id taken.
 */
export async function recordStripeEvent(db: DbOrTx, values: typeof stripeEvents.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(stripeEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: stripeEvents.eventId });
  return rows.length > 0;
}
