import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/client';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import type { DeviceRouter, FileLinks } from '../workers';
import { SessionDeviceHandle, type DeviceHandle } from './device-handle';
import { AppError } from '../../errors';
import { newPublicId } from '../../db/public-id';
import {
  activeRecording,
  deleteRecording,
  insertRecording,
  updateRecording,
  type RecordingRow,
} from './session-recordings.repository';
import type { SessionRow } from './sessions.repository';
import type { Recording } from './session-recordings.schemas';

/** Frames per second of session recordings (as run videos). */
export const SESSION_RECORDING_FPS = 10;
/** A live recording stops by itself after this long. */
export const SESSION_RECORDING_MAX_SECONDS = 3600;

export const recordingKey = (sessionId: string, recordingId: string) =>
  `sessions/${sessionId}/recordings/${recordingId}.mp4`;

export function presentRecording(r: RecordingRow): Recording {
  return {
    recording_id: r.publicId,
    session_id: r.sessionId,
    status: r.status,
    url: `/api/v1/recordings/${r.publicId}`,
    started_at: apiTime(r.startedAt),
    ended_at: apiTimeOrNull(r.endedAt),
    duration_ms: r.durationMs,
    width: r.width,
    height: r.height,
    size_bytes: r.sizeBytes,
    error_message: r.errorMessage,
  };
}

/**
 * Starts recording the session's screen and writes its row (one recording at a time per session:
 * CONFLICT otherwise). The row is removed again when the device cannot record.
 */
export async function beginRecording(
  db: DbOrTx,
  device: DeviceHandle,
  who: { organizationId: number; createdByUserId: number | null; now: Date },
): Promise<RecordingRow> {
  if (await activeRecording(db, device.sessionId))
    throw new AppError('CONFLICT', 'The session is already recording; stop that recording first');
  const publicId = newPublicId('rec');
  const row = await insertRecording(db, {
    publicId,
    sessionId: device.sessionId,
    organizationId: who.organizationId,
    createdByUserId: who.createdByUserId,
    storageKey: recordingKey(device.sessionId, publicId),
    startedAt: who.now,
  });
  try {
    await device.startRecording(publicId, { fps: SESSION_RECORDING_FPS, maxSeconds: SESSION_RECORDING_MAX_SECONDS });
  } catch (err) {
    await deleteRecording(db, row.id);
    throw err;
  }
  return row;
}

/**
 * Ends a recording on its device host and writes what became of it: `ready` with its size and
 * duration once the MP4 is stored, `failed` with the reason otherwise.
 */
export async function finishRecording(
  db: Db | DbOrTx,
  device: DeviceHandle,
  row: RecordingRow,
  now: () => Date,
): Promise<RecordingRow> {
  try {
    const stats = await device.stopRecording({ recordingId: row.publicId, storageKey: row.storageKey });
    return updateRecording(db, row.id, {
      status: stats.uploaded ? 'ready' : 'failed',
      endedAt: now(),
      durationMs: stats.duration_ms,
      width: stats.width,
      height: stats.height,
      sizeBytes: stats.size_bytes,
      errorMessage: stats.uploaded ? null : 'Nothing was recorded',
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return updateRecording(db, row.id, { status: 'failed', endedAt: now(), errorMessage: message.slice(0, 500) });
  }
}

/**
 * A session ends: its recording in progress is stopped and stored while its device still runs
 * (`deviceId`), or marked failed when the device went away with it.
 */
export async function endSessionRecording(
  deps: { db: Db; clock: Clock; router: DeviceRouter; links: FileLinks },
  row: SessionRow,
  deviceId: string | null,
): Promise<void> {
  const active = await activeRecording(deps.db, row.sessionId);
  if (!active) return;
  const now = () => deps.clock.now();
  if (!deviceId) {
    await updateRecording(deps.db, active.id, {
      status: 'failed',
      endedAt: now(),
      errorMessage: 'The device was lost',
    });
    return;
  }
  const device = new SessionDeviceHandle(
    deps,
    row.sessionId,
    deviceId,
    row.deviceType,
    row.assignedCategory ?? 'phone',
    row.deviceName ?? deviceId,
    { guard: async () => {}, screen: null },
  );
  await finishRecording(deps.db, device, active, now);
}
