import { and, desc, eq, gte, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apps, builds, devices, organizations, sessionQueue, sessions, workers, type SessionStatus } from '../../db/schema';
import type { DeviceSpec } from '../../worker/driver';

export type SessionRow = typeof sessions.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type QueueRow = typeof sessionQueue.$inferSelect;

export const LIVE_STATUSES: SessionStatus[] = ['starting', 'active'];

export async function findSession(db: DbOrTx, orgId: number, sessionId: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(and(eq(sessions.sessionId, sessionId), eq(sessions.organizationId, orgId)));
  return row;
}

export async function findSessionAnyOrg(db: DbOrTx, sessionId: string, forUpdate = false): Promise<SessionRow | undefined> {
  const q = db.select().from(sessions).where(eq(sessions.sessionId, sessionId));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function lockSession(db: DbOrTx, id: number): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).for('update');
  return row;
}

export async function updateSession(db: DbOrTx, id: number, patch: Partial<typeof sessions.$inferInsert>): Promise<SessionRow> {
  const [row] = await db.update(sessions).set(patch).where(eq(sessions.id, id)).returning();
  return row!;
}

export async function findDevice(db: DbOrTx, deviceId: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.deviceId, deviceId));
  return row;
}

export async function queueEntryForSession(db: DbOrTx, sessionPk: number): Promise<QueueRow | undefined> {
  const [row] = await db.select().from(sessionQueue).where(eq(sessionQueue.sessionPk, sessionPk));
  return row;
}

/**
 * Milliseconds each organization has streamed since `since` (sessions' start to end, or to `now`
 * for those still running), for the monthly streaming-minutes allowance of its plan.
 */
export async function streamedMsSince(db: DbOrTx, orgIds: number[], since: Date, now: Date): Promise<Map<number, number>> {
  if (orgIds.length === 0) return new Map();
  const until = sql`least(coalesce(${sessions.endTime}, ${now.toISOString()}::timestamptz), ${now.toISOString()}::timestamptz)`;
  const from = sql`greatest(${sessions.startTime}, ${since.toISOString()}::timestamptz)`;
  const rows = await db
    .select({ orgId: sessions.organizationId, ms: sql<string>`sum(extract(epoch from ${until} - ${from}) * 1000)` })
    .from(sessions)
    .where(and(inArray(sessions.organizationId, orgIds), sql`${sessions.startTime} is not null`, sql`${until} > ${from}`))
    .groupBy(sessions.organizationId);
  return new Map(rows.map((r) => [r.orgId, Number(r.ms)]));
}

/**
 * Queue positions (1-based): 1 + the older entries that could take a device this entry could take
 * (the dispatcher serves entries oldest first). "Any handheld" competes with phone and tablet
 * entries, a named device with the entries of its category, entries of one device type only.
 */
export async function queuePositions(db: DbOrTx, filter?: { sessionPks?: number[] }): Promise<Array<{ id: number; sessionId: string; sessionPk: number; position: number }>> {
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
  const list = rows.rows.map((r) => ({ id: Number(r.id), sessionId: r.session_id, sessionPk: Number(r.session_pk), position: Number(r.position) }));
  return filter?.sessionPks ? list.filter((r) => filter.sessionPks!.includes(r.sessionPk)) : list;
}

/** A device of the entry's group that is free, locked for this transaction. */
export async function lockFreeDevice(db: DbOrTx, want: { deviceType: string; deviceCategory: string | null; specificDeviceId: string | null }): Promise<DeviceRow | undefined> {
  const conds: SQL[] = [eq(devices.status, 'available'), isNull(devices.leasedSessionId), eq(devices.type, want.deviceType as 'ios')];
  // A named device is that device, whatever its category; otherwise the category, or any handheld.
  if (want.specificDeviceId) conds.push(eq(devices.deviceId, want.specificDeviceId));
  else if (want.deviceCategory) conds.push(eq(devices.category, want.deviceCategory as 'phone'));
  else conds.push(inArray(devices.category, ['phone', 'tablet']));
  const [row] = await db.select().from(devices).where(and(...conds)).orderBy(devices.id).limit(1).for('update', { skipLocked: true });
  return row;
}

export async function lockQueueEntries(db: DbOrTx, limit = 200): Promise<QueueRow[]> {
  return db.select().from(sessionQueue).orderBy(sessionQueue.id).limit(limit).for('update', { skipLocked: true });
}

export async function lockOrgPlan(db: DbOrTx, orgId: number): Promise<{ planId: string; sessionTimeoutMinutes: number; sessionPermissions: string } | undefined> {
  const [row] = await db
    .select({ planId: organizations.planId, sessionTimeoutMinutes: organizations.sessionTimeoutMinutes, sessionPermissions: organizations.sessionPermissions })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .for('update');
  return row;
}

export async function getOrg(db: DbOrTx, orgId: number) {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, orgId));
  return row;
}

export async function countLiveSessions(db: DbOrTx, orgId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(and(eq(sessions.organizationId, orgId), inArray(sessions.status, LIVE_STATUSES)));
  return row?.n ?? 0;
}

export async function listSessions(
  db: DbOrTx,
  orgId: number,
  q: { status?: SessionStatus; deviceType?: string; userId?: number; since?: Date; search?: string; limit: number; offset: number },
): Promise<SessionRow[]> {
  const conds: SQL[] = [eq(sessions.organizationId, orgId)];
  if (q.status) conds.push(eq(sessions.status, q.status));
  if (q.deviceType) conds.push(eq(sessions.deviceType, q.deviceType as 'ios'));
  if (q.userId) conds.push(eq(sessions.userId, q.userId));
  if (q.since) conds.push(gte(sessions.createdAt, q.since));
  if (q.search?.trim()) {
    const like = `%${q.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(sessions.sessionId, like), ilike(sessions.deviceName, like), ilike(sessions.userEmail, like), ilike(sessions.deviceId, like), ilike(sessions.osVersion, like))!);
  }
  return db.select().from(sessions).where(and(...conds)).orderBy(desc(sessions.createdAt), desc(sessions.id)).limit(q.limit).offset(q.offset);
}

/** Registers a worker's devices: known devices keep a lease only while its session is live. */
export async function upsertWorkerDevices(db: DbOrTx, workerId: string, driver: string | null, specs: DeviceSpec[], now: Date): Promise<void> {
  await db
    .insert(workers)
    .values({ workerId, driver, lastSeenAt: now, connectedAt: now })
    .onConflictDoUpdate({ target: workers.workerId, set: { driver, lastSeenAt: now, connectedAt: now } });
  for (const d of specs) {
    await db.execute(sql`
      INSERT INTO ${devices} (device_id, worker_id, name, model, type, category, os_version, status, leased_session_id, last_seen_at, created_at, updated_at)
      VALUES (${d.deviceId}, ${workerId}, ${d.name}, ${d.model}, ${d.type}, ${d.category}, ${d.osVersion}, 'available', NULL, ${now}, ${now}, ${now})
      ON CONFLICT (device_id) DO UPDATE SET
        worker_id = EXCLUDED.worker_id, name = EXCLUDED.name, model = EXCLUDED.model, type = EXCLUDED.type,
        category = EXCLUDED.category, os_version = EXCLUDED.os_version, last_seen_at = EXCLUDED.last_seen_at,
        updated_at = EXCLUDED.updated_at,
        leased_session_id = CASE WHEN EXISTS (SELECT 1 FROM ${sessions} s WHERE s.session_id = ${devices.leasedSessionId} AND s.status IN ('starting','active'))
          THEN ${devices.leasedSessionId} ELSE NULL END,
        status = CASE WHEN EXISTS (SELECT 1 FROM ${sessions} s WHERE s.session_id = ${devices.leasedSessionId} AND s.status IN ('starting','active'))
          THEN 'busy' ELSE 'available' END`);
  }
  const ids = specs.map((d) => d.deviceId);
  await db
    .update(devices)
    .set({ status: 'offline', updatedAt: now })
    .where(and(eq(devices.workerId, workerId), ids.length ? notInArray(devices.deviceId, ids) : sql`true`));
}

export async function touchWorker(db: DbOrTx, workerId: string, now: Date): Promise<void> {
  await db.update(workers).set({ lastSeenAt: now }).where(eq(workers.workerId, workerId));
}

