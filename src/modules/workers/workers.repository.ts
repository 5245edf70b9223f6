import { and, asc, eq, inArray, isNotNull, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, sessions, workers, workerTokens } from '../../db/schema';
import type { DeviceSpec } from '../../worker/driver';

export type WorkerRow = typeof workers.$inferSelect;
type DeviceRow = typeof devices.$inferSelect;

/** Registers a worker's devices: known devices keep a lease only while its session is live. */
export async function upsertWorkerDevices(
  db: DbOrTx,
  workerId: string,
  driver: string | null,
  specs: DeviceSpec[],
  now: Date,
): Promise<void> {
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

/** The worker's devices that a session holds. */
export async function leasedDevicesOfWorker(
  db: DbOrTx,
  workerId: string,
): Promise<Array<{ deviceId: string; leasedSessionId: string }>> {
  const rows = await db
    .select({ deviceId: devices.deviceId, leasedSessionId: devices.leasedSessionId })
    .from(devices)
    .where(and(eq(devices.workerId, workerId), isNotNull(devices.leasedSessionId)));
  return rows.map((r) => ({ deviceId: r.deviceId, leasedSessionId: r.leasedSessionId! }));
}

export async function touchWorker(db: DbOrTx, workerId: string, now: Date): Promise<void> {
  await db.update(workers).set({ lastSeenAt: now }).where(eq(workers.workerId, workerId));
}

export async function findWorker(db: DbOrTx, workerId: string): Promise<WorkerRow | undefined> {
  const [row] = await db.select().from(workers).where(eq(workers.workerId, workerId));
  return row;
}

/** Listed devices whose worker has not been heard from since `cutoff` (or never registered). */
export async function listDevicesOfSilentWorkers(db: DbOrTx, cutoff: Date): Promise<DeviceRow[]> {
  const rows = await db
    .select({ device: devices })
    .from(devices)
    .leftJoin(workers, eq(workers.workerId, devices.workerId))
    .where(
      and(
        inArray(devices.status, ['available', 'busy']),
        sql`(${workers.lastSeenAt} IS NULL OR ${workers.lastSeenAt} < ${cutoff})`,
      ),
    );
  return rows.map((r) => r.device);
}

export async function lockDevice(db: DbOrTx, id: number): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.id, id)).for('update');
  return row;
}

export async function markDeviceOffline(
  db: DbOrTx,
  id: number,
  now: Date,
  opts: { clearLease: boolean },
): Promise<void> {
  await db
    .update(devices)
    .set(
      opts.clearLease
        ? { status: 'offline', leasedSessionId: null, updatedAt: now }
        : { status: 'offline', updatedAt: now },
    )
    .where(eq(devices.id, id));
}

/** The worker's unleased listed devices go offline; returns how many did. */
export async function markFreeDevicesOffline(db: DbOrTx, workerId: string, now: Date): Promise<number> {
  const rows = await db
    .update(devices)
    .set({ status: 'offline', updatedAt: now })
    .where(and(eq(devices.workerId, workerId), eq(devices.status, 'available'), isNull(devices.leasedSessionId)))
    .returning({ id: devices.id });
  return rows.length;
}

export type WorkerTokenRow = typeof workerTokens.$inferSelect;

export async function insertWorkerToken(db: DbOrTx, values: typeof workerTokens.$inferInsert): Promise<WorkerTokenRow> {
  const [row] = await db.insert(workerTokens).values(values).returning();
  return row!;
}

export async function findActiveWorkerToken(db: DbOrTx, tokenHash: string): Promise<WorkerTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(workerTokens)
    .where(and(eq(workerTokens.tokenHash, tokenHash), isNull(workerTokens.revokedAt)));
  return row;
}

export async function isWorkerTokenActive(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: workerTokens.id })
    .from(workerTokens)
    .where(and(eq(workerTokens.id, id), isNull(workerTokens.revokedAt)));
  return !!row;
}

export async function touchWorkerToken(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db.update(workerTokens).set({ lastUsedAt: now }).where(eq(workerTokens.id, id));
}

export async function listWorkerTokens(db: DbOrTx): Promise<WorkerTokenRow[]> {
  return db.select().from(workerTokens).orderBy(asc(workerTokens.id));
}

export async function revokeWorkerToken(db: DbOrTx, id: number, now: Date): Promise<WorkerTokenRow | undefined> {
  const [row] = await db
    .update(workerTokens)
    .set({ revokedAt: now })
    .where(and(eq(workerTokens.id, id), isNull(workerTokens.revokedAt)))
    .returning();
  return row;
}

export async function lockWorker(db: DbOrTx, workerId: string): Promise<WorkerRow | undefined> {
  const [row] = await db.select().from(workers).where(eq(workers.workerId, workerId)).for('update');
  return row;
}

/** Of `deviceIds`, those registered by another worker. */
export async function devicesOwnedByOthers(db: DbOrTx, workerId: string, deviceIds: string[]): Promise<string[]> {
  if (deviceIds.length === 0) return [];
  const rows = await db
    .select({ deviceId: devices.deviceId })
    .from(devices)
    .where(and(inArray(devices.deviceId, deviceIds), ne(devices.workerId, workerId)));
  return rows.map((r) => r.deviceId);
}

export async function setWorkerCredential(db: DbOrTx, workerId: string, credential: string): Promise<void> {
  await db.update(workers).set({ credential }).where(eq(workers.workerId, workerId));
}
