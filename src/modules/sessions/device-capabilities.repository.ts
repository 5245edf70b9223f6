import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devices, workers } from '../../db/schema';

/** The driver (`virtual`, `android`, `ios`) of the worker that holds `deviceId`, or null. */
export async function findDeviceDriver(db: DbOrTx, deviceId: string): Promise<string | null> {
  const [row] = await db
    .select({ driver: workers.driver })
    .from(devices)
    .innerJoin(workers, eq(workers.workerId, devices.workerId))
    .where(eq(devices.deviceId, deviceId))
    .limit(1);
  return row?.driver ?? null;
}
