/** Resolves a wait early when something relevant happened; remembers a wake that came between waits. */
export class Waker {
  private pending = false;
  private resolve: (() => void) | null = null;

  wake(): void {
    this.pending = true;
    this.resolve?.();
  }

  async wait(ms: number, signal: AbortSignal): Promise<void> {
    if (!this.pending) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          this.resolve = null;
          resolve();
        };
        const timer = setTimeout(done, ms);
        this.resolve = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
    this.pending = false;
    signal.throwIfAborted();
  }
}
