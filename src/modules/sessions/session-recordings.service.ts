import { requireRole, type Ctx } from '../../context';
import { AppError, notFound } from '../../errors';
import { activeRecording, findRecording, listRecordings, type RecordingRow } from './session-recordings.repository';
import { beginRecording, finishRecording, presentRecording } from './session-recordings';
import type { Recording } from './session-recordings.schemas';
import type { SessionsService } from './sessions.service';

/**
 * Screen recordings of live sessions on request (docs/artifacts.md): a developer starts and stops
 * one (one at a time per session); any member lists them and plays them. A session that ends
 * stops its recording (SessionLifecycle).
 */
export class SessionRecordingsService {
  constructor(private readonly deps: { sessions: SessionsService }) {}

  async startRecording({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<Recording> {
    const org = requireRole(ctx, 'developer');
    const device = await this.deps.sessions.attach({ ctx, input });
    const row = await beginRecording(ctx.db, device, {
      organizationId: org.id,
      createdByUserId: ctx.actor.kind === 'user' || ctx.actor.kind === 'api_token' ? ctx.actor.userId : null,
      now: ctx.clock.now(),
    });
    return presentRecording(row);
  }

  async stopRecording({ ctx, input }: { ctx: Ctx; input: { sessionId: string } }): Promise<Recording> {
    requireRole(ctx, 'developer');
    const device = await this.deps.sessions.attach({ ctx, input });
    const row = await activeRecording(ctx.db, device.sessionId);
    if (!row) throw new AppError('CONFLICT', 'The session is not recording');
    return presentRecording(await finishRecording(ctx.db, device, row, () => ctx.clock.now()));
  }

  async listRecordings({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { sessionId: string };
  }): Promise<{ recordings: Recording[] }> {
    const session = await this.deps.sessions.loadSession({ ctx, input });
    return { recordings: (await listRecordings(ctx.db, session.sessionId)).map(presentRecording) };
  }

  /** A ready recording's file; 404 for another organization's, one still recording, or one that failed. */
  async getRecordingFile({ ctx, input }: { ctx: Ctx; input: { recordingId: string } }): Promise<RecordingRow> {
    const org = requireRole(ctx, 'viewer');
    const row = await findRecording(ctx.db, org.id, input.recordingId);
    if (row?.status !== 'ready') throw notFound('Recording');
    return row;
  }
}
