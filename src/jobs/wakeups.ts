import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Job wake-ups over PostgreSQL LISTEN/NOTIFY. `JobQueue.send` issues NOTIFY with the job name
 * in the enqueuing transaction; PostgreSQL delivers it to every replica only when that
 * transaction commits, so a worker never wakes for a job it cannot see yet.
 */
export const WAKEUP_CHANNEL = 'simdeck_jobs';
export const NOTIFY_SQL = 'SELECT pg_notify($1, $2)';

const RECONNECT_DELAY_MS = 1000;

export class JobWakeupListener {
  private client: pg.Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;

  /** `onWake(name)` for each notification; `onWake(null)` after a reconnect (some may be lost). */
  constructor(
    private readonly connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly onWake: (name: string | null) => void,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === WAKEUP_CHANNEL && msg.payload) this.onWake(msg.payload);
    });
    // Until it is back, workers fall back to polling: nothing is lost but latency.
    client.on('error', (err) => {
      this.log.warn({ err: { message: err.message } }, 'job wake-up listener lost its connection; reconnecting');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKEUP_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) await client.end().catch(() => {});
    else this.client = client;
  }

  private dropped(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnect = setTimeout(() => {
      if (this.stopped) return;
      this.connect()
        .then(() => this.onWake(null))
        .catch((err: Error) => {
          this.log.warn({ err: { message: err.message } }, 'job wake-up listener could not reconnect');
          this.scheduleReconnect();
        });
    }, RECONNECT_DELAY_MS);
    this.reconnect.unref();
  }
}
