import type { CaseRow } from '../../catalogue';

/**
 * The cases of a suite run still to run, shared by its shards. With several shards the longest
 * cases (by their recent durations; unknown ones count as longest) go first, so that the last
 * case to start is a short one. A case lost with its device goes back once.
 */
export class CaseQueue {
  private readonly waiting: CaseRow[];
  private readonly givenBack = new Set<number>();
  private inFlight = 0;

  constructor(cases: CaseRow[], durations: Map<number, number> | null) {
    this.waiting = durations
      ? [...cases].sort(
          (a, b) =>
            (durations.get(b.id) ?? Number.POSITIVE_INFINITY) - (durations.get(a.id) ?? Number.POSITIVE_INFINITY),
        )
      : [...cases];
  }

  get remaining(): number {
    return this.waiting.length;
  }

  /** Whether a shard still waiting for its device will have anything to run. */
  get hasWork(): boolean {
    return this.waiting.length > 0 || this.inFlight > 0;
  }

  /**
   * The next case, or undefined once none is left and none is in flight (a case in flight on
   * another shard may still come back when its device is lost).
   */
  async next(signal: AbortSignal): Promise<CaseRow | undefined> {
    for (;;) {
      signal.throwIfAborted();
      const c = this.waiting.shift();
      if (c) {
        this.inFlight++;
        return c;
      }
      if (this.inFlight === 0) return undefined;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  done(): void {
    this.inFlight--;
  }

  /** Puts a case lost with its device back at the front, once per case; false the second time. */
  giveBack(c: CaseRow): boolean {
    this.inFlight--;
    if (this.givenBack.has(c.id)) return false;
    this.givenBack.add(c.id);
    this.waiting.unshift(c);
    return true;
  }
}
