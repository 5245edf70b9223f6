/** A session's streaming time: from its start to its end, or still running (`end` null). */
export interface StreamingInterval {
  sessionId: string;
  start: Date;
  end: Date | null;
}

/**
 * The instant an organization used up `includedMs` of streaming in the period starting at
 * `since`, counting every session's time (several at once count several times); null when it
 * has not by `now`. Exact: the streamed total grows piecewise linearly, at the number of sessions
 * running at each moment.
 */
export function exhaustionInstant(
  intervals: StreamingInterval[],
  since: Date,
  now: Date,
  includedMs: number,
): Date | null {
  const changes: Array<{ at: number; delta: number }> = [];
  for (const i of intervals) {
    const from = Math.max(i.start.getTime(), since.getTime());
    const to = Math.min(i.end?.getTime() ?? now.getTime(), now.getTime());
    if (to <= from) continue;
    changes.push({ at: from, delta: 1 }, { at: to, delta: -1 });
  }
  changes.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let streamed = 0;
  let running = 0;
  let last = since.getTime();
  for (const c of changes) {
    const gained = running * (c.at - last);
    if (running > 0 && streamed + gained > includedMs) return new Date(last + (includedMs - streamed) / running);
    streamed += gained;
    running += c.delta;
    last = c.at;
  }
  return null;
}

/** Started minutes of one session's streaming after `from` (the moment the plan's minutes ran out), up to `now`. */
export function overageMinutesDue(interval: StreamingInterval, from: Date, now: Date): number {
  const start = Math.max(interval.start.getTime(), from.getTime());
  const end = Math.min(interval.end?.getTime() ?? now.getTime(), now.getTime());
  return end > start ? Math.ceil((end - start) / 60_000) : 0;
}
