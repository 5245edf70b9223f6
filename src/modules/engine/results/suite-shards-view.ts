import type { Ctx } from '../../../context';
import type { SessionsService } from '../../sessions';

export type ShardStatus = 'waiting' | 'starting' | 'running' | 'finished' | 'unused' | 'lost';

export interface ShardView {
  index: number;
  session_id: string;
  device_id: string | null;
  device_name: string | null;
  /** Test runs (attempts) the shard ran. */
  cases: number;
  status: ShardStatus;
}

/**
 * The shards of a suite run as the payloads list them, from its shard sessions and the shard of
 * each attempt: waiting (queued for a device), starting, running, finished, unused (the work ran
 * out before it got a device) or lost (its device went away).
 */
export async function shardsOf(
  ctx: Ctx,
  sessions: SessionsService,
  sr: { shardSessionIds: string[]; sessionId: string | null; status: string },
  attempts: ReadonlyArray<{ shard: number | null; sessionId: string | null }>,
): Promise<ShardView[]> {
  const ids = sr.shardSessionIds.length ? sr.shardSessionIds : sr.sessionId ? [sr.sessionId] : [];
  const active = sr.status === 'pending' || sr.status === 'running';
  return Promise.all(
    ids.map(async (sessionId, index) => {
      const s = await sessions.getSession({ ctx, input: { sessionId } }).catch(() => null);
      const cases = attempts.filter((a) => (a.shard ?? 0) === index && a.sessionId === sessionId).length;
      let status: ShardStatus;
      if (!s || s.status === 'failed') status = 'lost';
      else if (s.status === 'pending') status = active ? 'waiting' : 'unused';
      else if (s.status === 'starting') status = 'starting';
      else if (s.status === 'active') status = active ? 'running' : 'finished';
      else status = cases > 0 ? 'finished' : 'unused';
      return {
        index,
        session_id: sessionId,
        device_id: s?.device_id ?? null,
        device_name: s?.device_name ?? null,
        cases,
        status,
      };
    }),
  );
}
