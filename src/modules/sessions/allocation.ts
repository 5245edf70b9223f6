import type { Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit } from '../audit';
import { deviceTearDownLeftMs, leaseDevice, lockFreeDevice, releaseDeviceLease } from '../devices';
import { planFor } from '../plans';
import { deleteQueueEntry, lockQueueEntries } from './queue.repository';
import {
  countLiveSessions,
  lockAllocation,
  readOrgPlan,
  tryLockSession,
  updateSession,
  type SessionRow,
} from './sessions.repository';

/**
 * Hands free devices to queued entries, oldest first, within the caller's transaction; an
 * organization at its plan's concurrency cap keeps waiting. Returns the sessions that got a
 * device (now `starting`); the caller boots them after commit. Allocations serialize on one lock, and
 * an entry whose session another transaction holds is left to that transaction, so no lock is
 * waited for in an order another transaction could reverse (docs/design/0032-suites-at-scale.md).
 */
export async function assignFreeDevices(tx: Ctx): Promise<SessionRow[]> {
  await lockAllocation(tx.db);
  const entries = await lockQueueEntries(tx.db);
  const started: SessionRow[] = [];
  for (const entry of entries) {
    const session = await tryLockSession(tx.db, entry.sessionPk);
    if (session?.status !== 'pending') continue;
    const org = await readOrgPlan(tx.db, entry.organizationId);
    const cap = planFor(org?.planId ?? 'free').concurrentSessions;
    if (cap !== null && (await countLiveSessions(tx.db, entry.organizationId)) >= cap) continue;
    const device = await lockFreeDevice(tx.db, entry);
    if (!device) continue;
    const now = tx.clock.now();
    await leaseDevice(tx.db, device.id, entry.sessionId, now);
    await deleteQueueEntry(tx.db, { id: entry.id });
    const row = await updateSession(tx.db, entry.sessionPk, {
      status: 'starting',
      deviceId: device.deviceId,
      deviceName: device.name,
      deviceModel: device.model,
      assignedCategory: device.category,
      osVersion: device.osVersion,
      workerId: device.workerId,
      startTime: now,
      updatedAt: now,
    });
    await recordAudit(tx, {
      action: 'session.device_assigned',
      resourceType: 'session',
      resourceId: row.sessionId,
      organizationId: row.organizationId,
      details: { device_id: device.deviceId, queue_entry_id: entry.id },
    });
    started.push(row);
  }
  return started;
}

/**
 * Gives the session's device back to the pool (or marks it offline when it was lost with its
 * worker). With `tearDownMs`, the session's end is still to be carried out on the device, and its
 * next boot, on any replica, waits for it (at most that long).
 */
export async function releaseDevice(
  tx: Ctx,
  row: SessionRow,
  opts: { lost: boolean; tearDownMs?: number },
): Promise<boolean> {
  if (!row.deviceId) return false;
  return releaseDeviceLease(tx.db, row.deviceId, row.sessionId, tx.clock.now(), opts.lost, opts.tearDownMs ?? null);
}

/** How long the next boot of a device waits at most for the end of its last session. */
export const TEAR_DOWN_MAX_MS = 60_000;

/**
 * The end of the device's last session may run on another replica (the one that ended it): the
 * next boot waits until that replica marks it done, or until the mark's time runs out.
 */
export async function waitForDeviceTearDown(db: DbOrTx, deviceId: string): Promise<void> {
  for (;;) {
    const left = await deviceTearDownLeftMs(db, deviceId);
    if (left <= 0) return;
    await new Promise((r) => setTimeout(r, Math.min(100, left)));
  }
}
