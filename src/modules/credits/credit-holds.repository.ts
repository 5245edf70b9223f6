import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { creditHolds, testRuns } from '../../db/schema';

export type CreditHoldRow = typeof creditHolds.$inferSelect;

export async function insertHold(db: DbOrTx, values: typeof creditHolds.$inferInsert): Promise<CreditHoldRow> {
  const [row] = await db.insert(creditHolds).values(values).returning();
  return row!;
}

/** Deletes one hold of the organization; whether it was there. */
export async function deleteHold(db: DbOrTx, orgId: number, holdId: number): Promise<boolean> {
  const rows = await db
    .delete(creditHolds)
    .where(and(eq(creditHolds.organizationId, orgId), eq(creditHolds.id, holdId)))
    .returning({ id: creditHolds.id });
  return rows.length > 0;
}

/** Deletes every hold of a run (its end settles what it spent). */
export async function deleteHoldsOfRun(db: DbOrTx, runId: number): Promise<number> {
  const rows = await db.delete(creditHolds).where(eq(creditHolds.testRunId, runId)).returning({ id: creditHolds.id });
  return rows.length;
}

/** Deletes holds that expired by `now` (of one organization, or of all); how many. */
export async function deleteExpiredHolds(db: DbOrTx, now: Date, orgId?: number): Promise<number> {
  const expired = lte(creditHolds.expiresAt, now);
  const rows = await db
    .delete(creditHolds)
    .where(orgId === undefined ? expired : and(expired, eq(creditHolds.organizationId, orgId)))
    .returning({ id: creditHolds.id });
  return rows.length;
}

/**
 * What is spoken for in an organization's credit at `now`: its live holds (calls in flight) and
 * the cost its runs in flight have run up but not settled yet (a run's cost is deducted in the
 * transaction that ends it, which also takes it out of `pending`/`running`). With `runId`, that
 * run's own unsettled cost is given apart.
 */
export async function committedCredit(
  db: DbOrTx,
  orgId: number,
  now: Date,
  runId?: number,
): Promise<{ heldMicro: number; unsettledMicro: number; ownSpentMicro: number }> {
  const [held] = await db
    .select({ sum: sql<string>`coalesce(sum(${creditHolds.amountMicro}), 0)` })
    .from(creditHolds)
    .where(and(eq(creditHolds.organizationId, orgId), gt(creditHolds.expiresAt, now)));
  const [runs] = await db
    .select({
      sum: sql<string>`coalesce(sum(${testRuns.costMicro}), 0)`,
      own: sql<string>`coalesce(sum(${testRuns.costMicro}) FILTER (WHERE ${testRuns.id} = ${runId ?? -1}), 0)`,
    })
    .from(testRuns)
    .where(and(eq(testRuns.organizationId, orgId), inArray(testRuns.status, ['pending', 'running'])));
  return {
    heldMicro: Number(held!.sum),
    unsettledMicro: Number(runs!.sum),
    ownSpentMicro: Number(runs!.own),
  };
}

/** The organization's holds (tests and the operator's view). */
export async function listHolds(db: DbOrTx, orgId: number): Promise<CreditHoldRow[]> {
  return db.select().from(creditHolds).where(eq(creditHolds.organizationId, orgId)).orderBy(creditHolds.id);
}
