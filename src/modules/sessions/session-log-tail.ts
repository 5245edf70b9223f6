import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime';
import type { DeviceRouter } from '../workers';
import type { SessionLogs } from './session-logs';
import { findSessionAnyOrg } from './sessions.repository';

/** How often the device log of a watched session is read. */
const TAIL_EVERY_MS = 1000;

/**
 * Live device logs on `/ws`: every second, the device log of each active session that a socket
 * of this replica subscribes to is read, and its new lines go to the subscribers (`session.log`,
 * through `SessionLogs.collect`). Sessions nobody watches cost nothing; their lines are read when
 * the log is asked for, when a run's step ends, and when the session ends.
 */
export class SessionLogTail {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      db: Db;
      logs: SessionLogs;
      realtime: RealtimeHub;
      router: DeviceRouter;
      log: FastifyBaseLogger;
      everyMs?: number;
    },
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.running ??= this.tick().finally(() => {
        this.running = null;
      });
    }, this.deps.everyMs ?? TAIL_EVERY_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over the watched sessions. */
  async tick(): Promise<void> {
    for (const sessionId of this.deps.realtime.subscribedSessions()) {
      if (!this.timer) return;
      try {
        const row = await findSessionAnyOrg(this.deps.db, sessionId);
        if (row?.status !== 'active' || !row.deviceId || !this.deps.router.isDeviceConnected(row.deviceId)) continue;
        await this.deps.logs.collect({
          sessionId: row.sessionId,
          organizationId: row.organizationId,
          deviceId: row.deviceId,
        });
      } catch (err) {
        this.deps.log.debug({ err, sessionId }, 'tailing the device log failed');
      }
    }
  }
}
