import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices } from '../../db/schema';

const LISTED = ['available', 'busy'] as const;

export async function listReachable(db: DbOrTx, f: { type?: 'ios' | 'android'; category?: 'phone' | 'tablet' | 'tv' } = {}) {
  const conds: SQL[] = [inArray(devices.status, [...LISTED])];
  if (f.type) conds.push(eq(devices.type, f.type));
  if (f.category) conds.push(eq(devices.category, f.category));
  return db.select().from(devices).where(and(...conds)).orderBy(asc(devices.type), asc(devices.name), asc(devices.id));
}

export async function findReachable(db: DbOrTx, deviceId: string) {
  const [row] = await db.select().from(devices).where(and(eq(devices.deviceId, deviceId), inArray(devices.status, [...LISTED])));
  return row;
}
