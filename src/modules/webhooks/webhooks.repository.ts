import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { domainEvents, webhookDeliveries, webhooks, type DeliveryAttempt } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type DomainEventRow = typeof domainEvents.$inferSelect;

export async function insertWebhook(db: DbOrTx, values: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row!;
}

export async function countWebhooks(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.organizationId, orgId));
  return row?.n ?? 0;
}

export async function findWebhook(
  db: DbOrTx,
  orgId: number,
  id: number,
  opts: { forUpdate?: boolean } = {},
): Promise<WebhookRow | undefined> {
  const q = db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.organizationId, orgId), eq(webhooks.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row;
}

/** For delivery jobs, which carry only ids. */
export async function findWebhookById(db: DbOrTx, id: number): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  return row;
}

export async function listWebhooks(db: DbOrTx, orgId: number): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.organizationId, orgId)).orderBy(asc(webhooks.id));
}

export async function updateWebhook(
  db: DbOrTx,
  id: number,
  values: Partial<typeof webhooks.$inferInsert>,
): Promise<WebhookRow> {
  const [row] = await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
  return row!;
}

export async function deleteWebhook(db: DbOrTx, id: number): Promise<void> {
  await db.delete(webhooks).where(eq(webhooks.id, id));
}

/** The oldest undispatched outbox rows, locked; concurrent dispatchers take disjoint batches. */
export async function lockUndispatchedEvents(db: DbOrTx, limit: number): Promise<DomainEventRow[]> {
  return db
    .select()
    .from(domainEvents)
    .where(isNull(domainEvents.dispatchedAt))
    .orderBy(asc(domainEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventsDispatched(db: DbOrTx, ids: number[], at: Date): Promise<void> {
  if (ids.length > 0) await db.update(domainEvents).set({ dispatchedAt: at }).where(inArray(domainEvents.id, ids));
}

export async function enabledWebhooksOf(db: DbOrTx, orgIds: number[]): Promise<WebhookRow[]> {
  if (orgIds.length === 0) return [];
  return db
    .select()
    .from(webhooks)
    .where(and(inArray(webhooks.organizationId, orgIds), eq(webhooks.enabled, true)));
}

export async function insertDeliveries(
  db: DbOrTx,
  rows: Array<typeof webhookDeliveries.$inferInsert>,
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(webhookDeliveries).values(rows).returning();
}

export async function findDelivery(db: DbOrTx, webhookId: number, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, id)));
  return row;
}

/**
 * Takes a due delivery for one attempt: counts the attempt and pushes `next_attempt_at` to the
 * end of a lease, so that an attempt whose process died is due again after it. Undefined when
 * the delivery is not due (done, or another attempt holds it).
 */
export async function claimDelivery(
  db: DbOrTx,
  id: number,
  now: Date,
  leaseUntil: Date,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, lastAttemptAt: now, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(webhookDeliveries.id, id),
        inArray(webhookDeliveries.state, ['pending', 'retrying']),
        lte(webhookDeliveries.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** Records an attempt's outcome, unless a later attempt (after a lost lease) took the delivery. */
export async function recordAttempt(
  db: DbOrTx,
  d: { id: number; attempts: number },
  values: Pick<
    typeof webhookDeliveries.$inferInsert,
    'state' | 'nextAttemptAt' | 'deliveredAt' | 'responseStatus' | 'responseExcerpt' | 'error' | 'durationMs'
  >,
  entry: DeliveryAttempt,
): Promise<DeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ ...values, attemptLog: sql`${webhookDeliveries.attemptLog} || ${JSON.stringify([entry])}::jsonb` })
    .where(and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.attempts, d.attempts)))
    .returning();
  return row;
}

export async function listDueDeliveryIds(db: DbOrTx, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.state, ['pending', 'retrying']), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listDeliveries(
  db: DbOrTx,
  webhookId: number,
  since: Date,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: DeliveryRow[] }> {
  const where = and(eq(webhookDeliveries.webhookId, webhookId), gte(webhookDeliveries.createdAt, since));
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset);
  return { total: total?.n ?? 0, rows };
}

/** Deliveries older than `before`, and outbox rows dispatched before it. */
export async function pruneBefore(db: DbOrTx, before: Date): Promise<{ deliveries: number; events: number }> {
  const deliveries = await db.delete(webhookDeliveries).where(lt(webhookDeliveries.createdAt, before));
  const events = await db.delete(domainEvents).where(lt(domainEvents.dispatchedAt, before));
  return { deliveries: deliveries.rowCount ?? 0, events: events.rowCount ?? 0 };
}
