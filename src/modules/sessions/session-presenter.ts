import type { DbOrTx } from '../../db/client';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { concurrencyMessage } from './plan-limits';
import { queuePositions } from './queue.repository';
import { orgPlanLoad, type SessionRow } from './sessions.repository';
import type { Session } from './sessions.schemas';

/** A waiting session's queue entry, and why it waits when its plan's concurrency limit holds it. */
export type QueueSpot = { id: number; position: number; reason: string | null } | null;

/** Why the organization's queued sessions wait, when its plan's limit of sessions at a time is reached. */
export async function queueReason(db: DbOrTx, orgId: number): Promise<string | null> {
  const { planId, live } = await orgPlanLoad(db, orgId);
  return concurrencyMessage(planId, orgId, live);
}

/** Turns session rows into the API's session object. */
export class SessionPresenter {
  constructor(private readonly appUrl: string) {}

  streamUrl(sessionId: string): string {
    return `${this.appUrl.replace(/^http/, 'ws')}/api/v1/sessions/${sessionId}/stream`;
  }

  /** The session with its queue entry, looked up when it is waiting. */
  async present(db: DbOrTx, row: SessionRow, now: Date): Promise<Session> {
    let queue: QueueSpot = null;
    if (row.status === 'pending') {
      const [pos] = await queuePositions(db, { sessionPks: [row.id] });
      if (pos) queue = { id: pos.id, position: pos.position, reason: await queueReason(db, row.organizationId) };
    }
    return this.shape(row, now, queue);
  }

  shape(row: SessionRow, now: Date, queue: QueueSpot = null): Session {
    const start = row.startTime;
    const end = row.endTime ?? now;
    return {
      id: row.id,
      session_id: row.sessionId,
      device_type: row.deviceType,
      device_category: row.assignedCategory ?? row.deviceCategory ?? 'phone',
      status: row.status,
      device_id: row.deviceId,
      device_name: row.deviceName,
      os_version: row.osVersion,
      user_email: row.userEmail,
      webrtc_room_id: null,
      stream_url:
        row.deviceId && (row.status === 'starting' || row.status === 'active') ? this.streamUrl(row.sessionId) : null,
      start_time: apiTimeOrNull(row.startTime),
      end_time: apiTimeOrNull(row.endTime),
      duration_minutes: start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 6000) / 10) : null,
      end_reason: row.endReason,
      error_message: row.errorMessage,
      queue_entry_id: queue?.id ?? null,
      queue_position: queue?.position ?? null,
      queue_reason: queue?.reason ?? null,
      app_id: row.appPublicId,
      build_id: row.buildId,
      screen:
        row.screenWidth && row.screenHeight
          ? { width: row.screenWidth, height: row.screenHeight, rotation: row.rotation ?? 0 }
          : null,
      created_at: apiTime(row.createdAt),
      created_by: { user_id: row.userId, api_token_id: row.createdByApiTokenId },
    };
  }
}
