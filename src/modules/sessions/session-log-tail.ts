import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime';
import type { DeviceRouter } from '../workers';
import type { SessionLogs } from './session-logs';
import { findActiveSessionDevices } from './sessions.repository';

/** How often the device log of a watched session is read. */
const TAIL_EVERY_MS = 1000;
/** How many watched sessions one pass looks up at once. */
const LOOKUP_BATCH = 500;

/**
 * Live device logs on `/ws`: every second, the device log of each active session that a socket
 * of this replica subscribes to is read, and its new lines go to the subscribers (`session.log`,
 * through `SessionLogs.collect`). Sessions nobody watches cost nothing; their lines are read when
 * the log is asked for, when a run's step ends, and when the session ends.
 *
 * A pass costs one query for all watched sessions (which are still active, and on which device),
 * then one `read_logs` per session after the cursor this tail keeps in memory: the session's last
 * kept line is looked up only the first time a session is watched. The status is checked on every
 * pass, so a device handed to another session after this one ended is never read for it.
 */
export class SessionLogTail {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Per watched session: the device it was read on and the cursor after its last read. */
  private readonly cursors = new Map<string, { deviceId: string; next: number }>();

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
    const watched = this.deps.realtime.subscribedSessions();
    const live = new Set<string>();
    for (let i = 0; i < watched.length; i += LOOKUP_BATCH) {
      let targets: Awaited<ReturnType<typeof findActiveSessionDevices>>;
      try {
        targets = await findActiveSessionDevices(this.deps.db, watched.slice(i, i + LOOKUP_BATCH));
      } catch (err) {
        this.deps.log.debug({ err }, 'looking up the watched sessions failed');
        return;
      }
      for (const target of targets) {
        live.add(target.sessionId);
        if (!this.timer) return;
        if (!this.deps.router.isDeviceConnected(target.deviceId)) continue;
        const known = this.cursors.get(target.sessionId);
        const after = known?.deviceId === target.deviceId ? known.next : undefined;
        try {
          const read = await this.deps.logs.collect(target, after);
          this.cursors.set(target.sessionId, { deviceId: target.deviceId, next: read.next });
        } catch (err) {
          this.deps.log.debug({ err, sessionId: target.sessionId }, 'tailing the device log failed');
        }
      }
    }
    for (const sessionId of this.cursors.keys()) if (!live.has(sessionId)) this.cursors.delete(sessionId);
  }
}
