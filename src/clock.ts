/** Time source for every rule that depends on time, so tests can drive it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to; used by tests and benchmarks. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string | number = Date.now()) {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): Date {
    this.current += ms;
    return this.now();
  }
  set(at: Date | string | number): void {
    this.current = new Date(at).getTime();
  }
}
