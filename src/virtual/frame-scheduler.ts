import os from 'node:os';

/** A device's pending stream frame: the scheduler runs it when a render slot is free. */
export type FrameJob = () => Promise<void>;

/**
 * Shares the host's render slots between the streaming devices of one worker. Each device has at
 * most one pending frame (later changes fold into it), slots are handed out first come first
 * served, and a frame that answers a discrete action (a tap, a key, a launch) goes ahead of the
 * frames of continuous drags, so a tap still shows promptly while other sessions are dragging.
 *
 * The number of slots bounds how many frames draw and encode at once: more only queue on the
 * thread pool behind each other and delay every device's next frame.
 */
export class FrameScheduler {
  private running = 0;
  private pumpScheduled = false;
  /** The last frame started was urgent: a waiting drag frame goes next. */
  private lastUrgent = false;
  private readonly urgent: { key: object; job: FrameJob }[] = [];
  private readonly normal: { key: object; job: FrameJob }[] = [];

  constructor(readonly slots: number = Math.max(1, os.availableParallelism())) {}

  /** Queues `job` for `key` unless one is already queued for it (then an urgent request promotes it). */
  request(key: object, job: FrameJob, urgent: boolean): void {
    const inUrgent = this.urgent.findIndex((e) => e.key === key);
    if (inUrgent >= 0) return;
    const inNormal = this.normal.findIndex((e) => e.key === key);
    if (inNormal >= 0) {
      if (!urgent) return;
      this.normal.splice(inNormal, 1);
    }
    (urgent ? this.urgent : this.normal).push({ key, job });
    this.schedulePump();
  }

  /**
   * Moves `key`'s queued drag frame ahead of the others (an urgent change came while it waited; it
   * draws the newest state when it runs). False when `key` has no job waiting.
   */
  promote(key: object): boolean {
    const i = this.normal.findIndex((e) => e.key === key);
    if (i < 0) return this.urgent.some((e) => e.key === key);
    this.urgent.push(...this.normal.splice(i, 1));
    return true;
  }

  /** Drops a queued job (the device stopped streaming). */
  cancel(key: object): void {
    for (const q of [this.urgent, this.normal]) {
      const i = q.findIndex((e) => e.key === key);
      if (i >= 0) q.splice(i, 1);
    }
  }

  get queued(): number {
    return this.urgent.length + this.normal.length;
  }

  /**
   * Frames start from the event loop's check phase, after it has read its sockets, never inside
   * the callback that asked for them: a frame may draw and encode on the calling thread, and input
   * that arrives meanwhile (a tap that should go ahead of drag frames) is read between frames.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.slots) {
      // Urgent frames go first, but after one a waiting drag frame gets its turn: a device that
      // floods taps cannot hold back every other device's frames.
      const fromUrgent = this.urgent.length > 0 && !(this.lastUrgent && this.normal.length > 0);
      const next = fromUrgent ? this.urgent.shift() : this.normal.shift();
      if (!next) return;
      this.lastUrgent = fromUrgent;
      this.running += 1;
      next
        .job()
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          this.schedulePump();
        });
    }
  }
}
