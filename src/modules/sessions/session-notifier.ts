import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { RealtimeHub } from '../realtime';
import { queuePositions } from './queue.repository';
import type { SessionPresenter } from './session-presenter';
import type { SessionRow } from './sessions.repository';

/** What subscribers of `/api/v1/ws` hear about sessions and the queue. */
export class SessionNotifier {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      realtime: RealtimeHub;
      presenter: SessionPresenter;
    },
  ) {}

  /** `session.updated` with the session as it is now; failures are logged, never thrown. */
  sessionUpdated(row: SessionRow): void {
    void this.deps.presenter
      .present(this.deps.db, row, this.deps.clock.now())
      .then((session) => this.deps.realtime.publish(row.sessionId, { type: 'session.updated', session }))
      .catch((err) => this.deps.log.warn({ err }, 'session.updated publish failed'));
  }

  /** `queue.updated` to every waiting session with its current position. */
  async queueMoved(): Promise<void> {
    for (const p of await queuePositions(this.deps.db)) {
      this.deps.realtime.publish(p.sessionId, {
        type: 'queue.updated',
        queue_entry_id: p.id,
        session_id: p.sessionId,
        position: p.position,
      });
    }
  }

  /** `session.ending`; a plan limit's `message` names the limit, its value and how to lift it. */
  ending(sessionId: string, reason: string, inSeconds: number, message: string | null = null): void {
    this.deps.realtime.publish(sessionId, {
      type: 'session.ending',
      session_id: sessionId,
      reason,
      in_seconds: inSeconds,
      message,
    });
  }

  /** The session's stream viewers are closed on every replica: they must not see the device's next session. */
  closeStreams(sessionId: string): void {
    this.deps.realtime.closeStreams(sessionId);
  }
}
