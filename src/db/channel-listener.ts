import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

const RECONNECT_DELAY_MS = 1000;

/**
 * One PostgreSQL connection that LISTENs on `channel` and hands every notification's payload to
 * `onMessage`. `onDown` is called when the connection is lost (notifications may be missed from
 * then on) and `onUp` once it listens again, so that users that rely on every message can stop
 * trusting what they hold in between.
 */
export class ChannelListener {
  private client: pg.Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly handlers: { onMessage(payload: string): void; onDown(): void; onUp(): void },
  ) {}

  get listening(): boolean {
    return this.client !== undefined;
  }

  /**
   * One round trip on the listening connection. PostgreSQL signals listeners while the notifying
   * transaction commits, and a listening backend sends what it was signalled before it answers
   * anything after; so once this resolves, every notification committed before the call was made
   * has been handed to `onMessage`.
   */
  async sync(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error(`not listening on ${this.channel}`);
    await client.query(';');
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    const client = this.client;
    this.client = undefined;
    this.handlers.onDown();
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.handlers.onMessage(msg.payload ?? '');
    });
    client.on('error', (err) => {
      this.log.warn(
        { err: { message: err.message }, channel: this.channel },
        'notification listener lost its connection; reconnecting',
      );
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (err) {
      await client.end().catch(() => {});
      throw err;
    }
    if (this.stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.handlers.onUp();
  }

  private dropped(client: pg.Client): void {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.handlers.onDown();
    client.end().catch(() => {});
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnect = setTimeout(() => {
      if (this.stopped) return;
      this.connect().catch((err: Error) => {
        this.log.warn(
          { err: { message: err.message }, channel: this.channel },
          'notification listener could not reconnect',
        );
        this.scheduleReconnect();
      });
    }, RECONNECT_DELAY_MS);
    this.reconnect.unref();
  }
}
