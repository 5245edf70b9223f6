import type { Ctx } from '../../context';
import type { DeviceRouter } from '../workers';
import { presentLine, type SessionLogs } from './session-logs';
import { listLogLines } from './session-logs.repository';
import type { LogsPage, LogsQuery } from './session-logs.schemas';
import type { SessionsService } from './sessions.service';

/**
 * A session's device log for its members (any member reads it): a live session's newest lines
 * are first read from its device, then the kept lines are filtered and paged by cursor.
 */
export class SessionLogsService {
  constructor(private readonly deps: { sessions: SessionsService; logs: SessionLogs; router: DeviceRouter }) {}

  async listLogs({ ctx, input }: { ctx: Ctx; input: LogsQuery & { sessionId: string } }): Promise<LogsPage> {
    const row = await this.deps.sessions.loadSession({ ctx, input });
    if (row.status === 'active' && row.deviceId && this.deps.router.isDeviceConnected(row.deviceId)) {
      await this.deps.logs
        .collect({ sessionId: row.sessionId, organizationId: row.organizationId, deviceId: row.deviceId })
        .catch((err: unknown) => ctx.log.warn({ err, sessionId: row.sessionId }, 'reading the device log failed'));
    }
    const rows = await listLogLines(ctx.db, row.sessionId, {
      since: input.since,
      level: input.level,
      q: input.q,
      limit: input.limit,
    });
    const lines = rows.map((r) => presentLine(r));
    return { lines, next_since: rows.length ? rows[rows.length - 1]!.seq : input.since };
  }
}
