/**
 * What the soak's clients saw: every API call's time, latency and status (0: no answer), and the
 * fault windows, so that errors and latency can be judged outside them.
 */
export interface CallRecord {
  at: number;
  ms: number;
  status: number;
  route: string;
  /** For a 5xx or no answer: which replica, and the `detail` it answered with. */
  why?: string;
}

export interface FaultWindow {
  name: string;
  from: number;
  to: number;
}

export class Recorder {
  readonly calls: CallRecord[] = [];
  readonly windows: FaultWindow[] = [];
  readonly notes: string[] = [];
  t0 = Date.now();

  record(route: string, at: number, ms: number, status: number, why?: string): void {
    this.calls.push({ at, ms, status, route, ...(why ? { why } : {}) });
  }

  /** Opens a fault window now; the returned function closes it (plus `graceMs` for the system to settle). */
  fault(name: string, graceMs: number): () => void {
    const w: FaultWindow = { name, from: Date.now(), to: Number.POSITIVE_INFINITY };
    this.windows.push(w);
    this.note(`fault: ${name}`);
    return () => {
      w.to = Date.now() + graceMs;
      this.note(`fault over: ${name}`);
    };
  }

  /**
   * Whether a call from `at` lasting `ms` met a fault: it overlaps a window, so a call in flight
   * when the fault began (sent before it, answered after) counts as inside it.
   */
  inFault(at: number, ms = 0): boolean {
    return this.windows.some((w) => at <= w.to && at + ms >= w.from);
  }

  note(text: string): void {
    const line = `[soak +${((Date.now() - this.t0) / 1000).toFixed(1)}s] ${text}`;
    this.notes.push(line);
    console.log(line);
  }
}
