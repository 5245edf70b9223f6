import { and, asc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, workers } from '../../db/schema';

/** A device with the driver of the worker that registered it (`virtual` for the built-in fleet). */
const withDriver = { ...getTableColumns(devices), driver: workers.driver };

const LISTED = ['available', 'busy'] as const;

export async function listReachable(
  db: DbOrTx,
  f: { type?: 'ios' | 'android'; category?: 'phone' | 'tablet' | 'tv' } = {},
) {
  const conds: SQL[] = [inArray(devices.status, [...LISTED])];
  if (f.type) conds.push(eq(devices.type, f.type));
  if (f.category) conds.push(eq(devices.category, f.category));
  return db
    .select(withDriver)
    .from(devices)
    .leftJoin(workers, eq(workers.workerId, devices.workerId))
    .where(and(...conds))
    .orderBy(asc(devices.type), asc(devices.name), asc(devices.id));
}

export async function findReachable(db: DbOrTx, deviceId: string) {
  const [row] = await db
    .select(withDriver)
    .from(devices)
    .leftJoin(workers, eq(workers.workerId, devices.workerId))
    .where(and(eq(devices.deviceId, deviceId), inArray(devices.status, [...LISTED])));
  return row;
}

export type DeviceRow = typeof devices.$inferSelect;

/** Any device by its string id, offline included (callers decide what offline means). */
export async function findDevice(db: DbOrTx, deviceId: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(devices).where(eq(devices.deviceId, deviceId));
  return row;
}

/** Whether the fleet has a device (online, free or busy) of this kind: a device matrix target it can serve. */
export async function fleetServes(
  db: DbOrTx,
  want: { deviceType: string; category: string | null; model: string | null; osVersion: string | null },
): Promise<boolean> {
  const conds: SQL[] = [ne(devices.status, 'offline'), eq(devices.type, want.deviceType as 'ios')];
  if (want.category) conds.push(eq(devices.category, want.category as 'phone'));
  else conds.push(inArray(devices.category, ['phone', 'tablet']));
  if (want.model) conds.push(eq(devices.model, want.model));
  if (want.osVersion) conds.push(eq(devices.osVersion, want.osVersion));
  const [row] = await db
    .select({ id: devices.id })
    .from(devices)
    .where(and(...conds))
    .limit(1);
  return row !== undefined;
}

/** A device of the entry's group that is free, locked for this transaction. */
export async function lockFreeDevice(
  db: DbOrTx,
  want: {
    deviceType: string;
    deviceCategory: string | null;
    specificDeviceId: string | null;
    wantedModel?: string | null;
    wantedOsVersion?: string | null;
  },
): Promise<DeviceRow | undefined> {
  const conds: SQL[] = [
    eq(devices.status, 'available'),
    isNull(devices.leasedSessionId),
    eq(devices.type, want.deviceType as 'ios'),
  ];
  // A named device is that device, whatever its category; otherwise the category, or any handheld.
  if (want.specificDeviceId) conds.push(eq(devices.deviceId, want.specificDeviceId));
  else if (want.deviceCategory) conds.push(eq(devices.category, want.deviceCategory as 'phone'));
  else conds.push(inArray(devices.category, ['phone', 'tablet']));
  if (want.wantedModel) conds.push(eq(devices.model, want.wantedModel));
  if (want.wantedOsVersion) conds.push(eq(devices.osVersion, want.wantedOsVersion));
  const [row] = await db
    .select()
    .from(devices)
    .where(and(...conds))
    .orderBy(devices.id)
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

export async function leaseDevice(db: DbOrTx, id: number, sessionId: string, now: Date): Promise<void> {
  await db
    .update(devices)
    .set({ status: 'busy', leasedSessionId: sessionId, updatedAt: now })
    .where(eq(devices.id, id));
}

/**
 * Frees the device if `sessionId` still holds it; a lost device goes offline. With `tearDownMs`,
 * the session's end is still to be carried out on the device: the device is free, but its next
 * boot waits until `finishDeviceTearDown` (or that many milliseconds of database time). Returns
 * whether a lease was released.
 */
export async function releaseDeviceLease(
  db: DbOrTx,
  deviceId: string,
  sessionId: string,
  now: Date,
  lost: boolean,
  tearDownMs: number | null = null,
): Promise<boolean> {
  const tearDown =
    tearDownMs === null
      ? { tearDownSessionId: null, tearDownUntil: null }
      : { tearDownSessionId: sessionId, tearDownUntil: sql`now() + make_interval(secs => ${tearDownMs / 1000})` };
  const released = await db
    .update(devices)
    .set(
      lost
        ? { leasedSessionId: null, status: 'offline', updatedAt: now, ...tearDown }
        : {
            leasedSessionId: null,
            status: sql`CASE WHEN ${devices.status} = 'offline' THEN 'offline' ELSE 'available' END`,
            updatedAt: now,
            ...tearDown,
          },
    )
    .where(and(eq(devices.deviceId, deviceId), eq(devices.leasedSessionId, sessionId)))
    .returning({ id: devices.id });
  return released.length > 0;
}

/** The end of `sessionId` on the device is done: its next boot need not wait any longer. */
export async function finishDeviceTearDown(db: DbOrTx, deviceId: string, sessionId: string): Promise<void> {
  await db
    .update(devices)
    .set({ tearDownSessionId: null, tearDownUntil: null })
    .where(and(eq(devices.deviceId, deviceId), eq(devices.tearDownSessionId, sessionId)));
}

/** Milliseconds (database time) until the end of the device's last session is done or given up on; 0 when none runs. */
export async function deviceTearDownLeftMs(db: DbOrTx, deviceId: string): Promise<number> {
  const [row] = await db
    .select({
      left: sql<number>`GREATEST(0, EXTRACT(EPOCH FROM (${devices.tearDownUntil} - now())) * 1000)::float8`,
    })
    .from(devices)
    .where(and(eq(devices.deviceId, deviceId), sql`${devices.tearDownSessionId} IS NOT NULL`));
  return row ? Number(row.left) : 0;
}

/**
 * Leases whose session is gone or finished (deleted organizations, crashes between commits):
 * the devices go back to the pool. Leases younger than `leasedBefore` are left alone, as their
 * session may be committing with them. Returns the freed device ids.
 */
export async function releaseOrphanLeases(db: DbOrTx, now: Date, leasedBefore: Date): Promise<string[]> {
  const rows = await db.execute<{ device_id: string }>(sql`
    UPDATE ${devices} d SET leased_session_id = NULL, updated_at = ${now},
      status = CASE WHEN d.status = 'offline' THEN 'offline' ELSE 'available' END
    WHERE d.leased_session_id IS NOT NULL AND d.updated_at < ${leasedBefore}
      AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = d.leased_session_id AND s.status IN ('starting', 'active'))
    RETURNING d.device_id`);
  return rows.rows.map((r) => r.device_id);
}
