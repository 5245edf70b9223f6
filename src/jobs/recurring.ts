import { createHash } from 'node:crypto';

/**
 * Recurring jobs without a leader. Tick k of a job that runs every E seconds is due at k·E
 * seconds since the epoch, and its job id is derived from (name, k): every replica may enqueue
 * it, the database keeps one (pg-boss ignores a second insert of the same id), and the first
 * replica to fetch it runs it. pg-boss cron cannot do this: it is minute-granular.
 */
export function slotAt(ms: number, everySeconds: number): number {
  return Math.floor(ms / (everySeconds * 1000));
}

export function slotStart(slot: number, everySeconds: number): Date {
  return new Date(slot * everySeconds * 1000);
}

/** A UUID-shaped id that is the same on every replica for the same tick. */
export function tickJobId(name: string, slot: number): string {
  const h = createHash('sha256').update(`${name}:${slot}`).digest('hex');
  // Version 8 (custom) and the RFC 9562 variant, so that the value is a well-formed UUID.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Past a slot's start by this much, its tick is surely due in the database too. */
const WAKE_AFTER_SLOT_MS = 50;

/** A timer that fires just after the start of each next slot. */
function onNextSlot(everySeconds: number, fire: (slot: number) => void): NodeJS.Timeout {
  const slot = slotAt(Date.now(), everySeconds) + 1;
  const timer = setTimeout(() => fire(slot), slotStart(slot, everySeconds).getTime() - Date.now() + WAKE_AFTER_SLOT_MS);
  timer.unref();
  return timer;
}

/**
 * One replica's watchdog for one recurring job: at start and at every slot boundary it makes sure
 * the next tick exists (so the chain survives the loss of whichever replica ran the last one)
 * and wakes the local poller so the due tick runs without waiting for a poll.
 */
export class RecurringWatchdog {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly d: {
      everySeconds: number;
      /** Enqueues tick `slot` unless it exists. */
      ensureTick(slot: number): Promise<void>;
      wake(): void;
      onError(err: unknown): void;
    },
  ) {}

  async start(): Promise<void> {
    await this.d.ensureTick(slotAt(Date.now(), this.d.everySeconds) + 1);
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = onNextSlot(this.d.everySeconds, () => void this.onSlot());
  }

  private async onSlot(): Promise<void> {
    try {
      await this.d.ensureTick(slotAt(Date.now(), this.d.everySeconds) + 1);
    } catch (err) {
      this.d.onError(err);
    }
    if (this.stopped) return;
    this.d.wake();
    this.arm();
  }
}

/**
 * A recurring job of replica scope: this process runs every tick itself, on the same slots as the
 * cluster-wide ones. A tick that comes while the previous one still runs is skipped.
 */
export class ReplicaTicker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly d: {
      everySeconds: number;
      run(tick: { scheduledAt: Date }): Promise<void>;
      onError(err: unknown): void;
    },
  ) {}

  start(): void {
    this.arm();
  }

  /** Stops ticking and waits for a tick in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = onNextSlot(this.d.everySeconds, (slot) => {
      this.running ??= this.d
        .run({ scheduledAt: slotStart(slot, this.d.everySeconds) })
        .catch((err) => this.d.onError(err))
        .finally(() => (this.running = undefined));
      this.arm();
    });
  }
}
