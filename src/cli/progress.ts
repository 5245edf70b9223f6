/** A one-line progress bar on stderr, redrawn in place; only ever shown on a terminal (or when asked). */
export class ProgressBar {
  private lastDrawn = -1;
  private readonly started = Date.now();

  constructor(
    private readonly label: string,
    private readonly out: NodeJS.WriteStream = process.stderr,
    private readonly width = 30,
  ) {}

  update(done: number, total: number): void {
    const pct = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 100;
    if (pct === this.lastDrawn) return;
    this.lastDrawn = pct;
    const filled = Math.round((pct / 100) * this.width);
    const secs = (Date.now() - this.started) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    this.out.write(
      `\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}] ${String(pct).padStart(3)}% ${mb(done)}/${mb(total)} MB ${mb(rate)} MB/s`,
    );
  }

  finish(): void {
    if (this.lastDrawn >= 0) this.out.write('\n');
  }
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
