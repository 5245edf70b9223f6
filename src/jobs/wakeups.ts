import type { FastifyBaseLogger } from 'fastify';
import { ChannelListener } from '../db/channel-listener';

/**
 * Job wake-ups over PostgreSQL LISTEN/NOTIFY. `JobQueue.send` issues NOTIFY with the job name
 * in the enqueuing transaction; PostgreSQL delivers it to every replica only when that
 * transaction commits, so a worker never wakes for a job it cannot see yet.
 */
export const WAKEUP_CHANNEL = 'simdeck_jobs';
export const NOTIFY_SQL = 'SELECT pg_notify($1, $2)';

/**
 * `onWake(name)` for each notification; `onWake(null)` once the listener (re)connects, since some
 * may have been missed. While it is down, workers fall back to polling: nothing is lost but latency.
 */
export function jobWakeupListener(
  connectionString: string,
  log: FastifyBaseLogger,
  onWake: (name: string | null) => void,
): ChannelListener {
  let connectedBefore = false;
  return new ChannelListener(connectionString, WAKEUP_CHANNEL, log, {
    onMessage: (payload) => {
      if (payload) onWake(payload);
    },
    onDown: () => {},
    onUp: () => {
      if (connectedBefore) onWake(null);
      connectedBefore = true;
    },
  });
}
