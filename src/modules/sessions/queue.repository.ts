import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, sessionQueue } from '../../db/schema';

export type QueueRow = typeof sessionQueue.$inferSelect;
export type NewQueueEntry = typeof sessionQueue.$inferInsert;

export async function insertQueueEntry(db: DbOrTx, values: NewQueueEntry): Promise<QueueRow> {
  const [row] = await db.insert(sessionQueue).values(values).returning();
  return row!;
}

export async function queueEntryForSession(db: DbOrTx, sessionPk: number): Promise<QueueRow | undefined> {
  const [row] = await db.select().from(sessionQueue).where(eq(sessionQueue.sessionPk, sessionPk));
  return row;
}

export async function lockQueueEntry(db: DbOrTx, orgId: number, entryId: number): Promise<QueueRow | undefined> {
  const [row] = await db
    .select()
    .from(sessionQueue)
    .where(and(eq(sessionQueue.id, entryId), eq(sessionQueue.organizationId, orgId)))
    .for('update');
  return row;
}

export async function deleteQueueEntry(db: DbOrTx, by: { id: number } | { sessionPk: number }): Promise<void> {
  await db
    .delete(sessionQueue)
    .where('id' in by ? eq(sessionQueue.id, by.id) : eq(sessionQueue.sessionPk, by.sessionPk));
}

/** The oldest entries first, skipping those another transaction is handing a device. */
export async function lockQueueEntries(db: DbOrTx, limit = 200): Promise<QueueRow[]> {
  return db.select().from(sessionQueue).orderBy(sessionQueue.id).limit(limit).for('update', { skipLocked: true });
}

export async function countQueueEntries(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessionQueue);
  return row?.n ?? 0;
}

/**
 * Queue positions (1-based): 1 + the older entries that could take a device this entry could take
 * (the dispatcher serves entries oldest first). "Any handheld" competes with phone and tablet
 * entries, a named device with the entries of its category, entries of one device type only.
 */
export async function queuePositions(
  db: DbOrTx,
  filter?: { sessionPks?: number[] },
): Promise<Array<{ id: number; sessionId: string; sessionPk: number; position: number }>> {
  const rows = await db.execute<{ id: number; session_id: string; session_pk: number; position: string }>(sql`
    WITH q AS (
      SELECT e.id, e.session_id, e.session_pk, e.device_type, e.specific_device_id,
        CASE WHEN e.specific_device_id IS NOT NULL THEN ARRAY[coalesce(d.category, e.device_category, 'phone')]
             WHEN e.device_category IS NOT NULL THEN ARRAY[e.device_category]
             ELSE ARRAY['phone', 'tablet'] END AS categories
      FROM ${sessionQueue} e LEFT JOIN ${devices} d ON d.device_id = e.specific_device_id)
    SELECT q.id, q.session_id, q.session_pk, 1 + count(o.id) AS position
    FROM q LEFT JOIN q o ON o.id < q.id AND o.device_type = q.device_type AND o.categories && q.categories
      AND (o.specific_device_id IS NULL OR q.specific_device_id IS NULL OR o.specific_device_id = q.specific_device_id)
    GROUP BY q.id, q.session_id, q.session_pk`);
  const list = rows.rows.map((r) => ({
    id: Number(r.id),
    sessionId: r.session_id,
    sessionPk: Number(r.session_pk),
    position: Number(r.position),
  }));
  return filter?.sessionPks ? list.filter((r) => filter.sessionPks!.includes(r.sessionPk)) : list;
}
