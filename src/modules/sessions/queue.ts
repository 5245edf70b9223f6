import type { Ctx } from '../../context';
import type { DeviceCategory, DeviceType } from '../../worker/driver';
import { notFound } from '../../errors';
import { recordAudit } from '../audit';
import { deleteQueueEntry, insertQueueEntry, lockQueueEntry, queuePositions, type QueueRow } from './queue.repository';
import type { SessionRow } from './sessions.repository';

/** What a queued session waits for: a device type, and a category or one named device. */
export interface DeviceWanted {
  deviceType: DeviceType;
  category: DeviceCategory | null;
  specificDeviceId: string | null;
  /** A device matrix target's model and OS version; null: any. */
  model: string | null;
  osVersion: string | null;
}

/**
 * The session's entry in the first-in-first-out device queue, created on its first start request.
 * Entries are served oldest first by allocation; positions count the older entries that compete
 * for the same devices.
 */
export async function enqueueSession(
  tx: Ctx,
  row: SessionRow,
  userId: number | null,
  want: DeviceWanted,
): Promise<QueueRow> {
  const entry = await insertQueueEntry(tx.db, {
    sessionPk: row.id,
    sessionId: row.sessionId,
    organizationId: row.organizationId,
    userId,
    deviceType: want.deviceType,
    deviceCategory: want.category,
    specificDeviceId: want.specificDeviceId,
    wantedModel: want.model,
    wantedOsVersion: want.osVersion,
    createdAt: tx.clock.now(),
  });
  await recordAudit(tx, { action: 'session.start_requested', resourceType: 'session', resourceId: row.sessionId });
  return entry;
}

/** A session whose device vanished before it booted waits again, for the same kind of device. */
export async function requeueSession(tx: Ctx, row: SessionRow, want: DeviceWanted): Promise<QueueRow> {
  const entry = await insertQueueEntry(tx.db, {
    sessionPk: row.id,
    sessionId: row.sessionId,
    organizationId: row.organizationId,
    userId: row.userId,
    deviceType: want.deviceType,
    deviceCategory: want.category,
    specificDeviceId: want.specificDeviceId,
    wantedModel: want.model,
    wantedOsVersion: want.osVersion,
    createdAt: tx.clock.now(),
  });
  await recordAudit(tx, {
    action: 'session.requeued',
    resourceType: 'session',
    resourceId: row.sessionId,
    organizationId: row.organizationId,
    details: { queue_entry_id: entry.id, reason: 'device_vanished' },
  });
  return entry;
}

export async function queuePositionOf(tx: Ctx, sessionPk: number): Promise<number> {
  const [pos] = await queuePositions(tx.db, { sessionPks: [sessionPk] });
  return pos?.position ?? 1;
}

/** Removes an entry its own user queued; anyone else (or a served entry) sees no entry: 404. */
export async function removeOwnQueueEntry(
  tx: Ctx,
  orgId: number,
  userId: number | null,
  entryId: number,
): Promise<QueueRow> {
  const entry = await lockQueueEntry(tx.db, orgId, entryId);
  if (!entry || entry.userId === null || entry.userId !== userId) throw notFound('Queue entry');
  await deleteQueueEntry(tx.db, { id: entry.id });
  await recordAudit(tx, {
    action: 'session.queue_left',
    resourceType: 'session',
    resourceId: entry.sessionId,
    details: { queue_entry_id: entry.id },
  });
  return entry;
}
