import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { TestApp } from './app';
import { waitFor } from './sessions-factories';

export interface ReceivedDelivery {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: deliveries carry any event's payload
  json: any;
  receivedAt: number;
}

/** How the receiver answers one request: a status (and body), or no answer at all. */
export type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

/**
 * An HTTP server on loopback that records every request and answers as `answer` says (200 by
 * default). `hang` keeps the request open until the receiver closes.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: (d: ReceivedDelivery) => Answer = () => ({ status: 200, body: 'ok' });
  private readonly server: http.Server;
  private readonly hanging = new Set<http.ServerResponse>();
  private waiters: Array<() => void> = [];

  private constructor() {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let json: unknown = null;
        try {
          json = JSON.parse(body);
        } catch {}
        const d: ReceivedDelivery = { path: req.url ?? '/', headers: req.headers, body, json, receivedAt: Date.now() };
        this.received.push(d);
        for (const w of this.waiters.splice(0)) w();
        const a = this.answer(d);
        if (a === 'hang') {
          this.hanging.add(res);
          return;
        }
        res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
        res.end(a.body ?? '');
      });
    });
  }

  static async start(): Promise<WebhookReceiver> {
    const r = new WebhookReceiver();
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    return r;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Waits until `pred` holds over what was received. */
  async waitFor(
    pred: (received: ReceivedDelivery[]) => boolean,
    what = 'deliveries',
    timeoutMs = 15_000,
  ): Promise<ReceivedDelivery[]> {
    const until = Date.now() + timeoutMs;
    while (!pred(this.received)) {
      if (Date.now() > until)
        throw new Error(
          `timed out waiting for ${what}; received ${JSON.stringify(this.received.map((d) => [d.path, d.headers['x-webhook-event']]))}`,
        );
      await new Promise<void>((r) => {
        const t = setTimeout(r, 100);
        this.waiters.push(() => {
          clearTimeout(t);
          r();
        });
      });
    }
    return this.received;
  }

  async close(): Promise<void> {
    for (const res of this.hanging) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/**
 * Checks a delivery's `X-Webhook-Signature: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<body>">` the
 * way a receiver would (written here from the documented format, not with simdeck's code).
 */
export function verifySignature(
  d: Pick<ReceivedDelivery, 'headers' | 'body'>,
  secret: string,
): { valid: boolean; t: number } {
  const header = String(d.headers['x-webhook-signature'] ?? '');
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const expected = createHmac('sha256', secret).update(`${parts.t}.${d.body}`).digest();
  const given = Buffer.from(parts.v1 ?? '', 'hex');
  return { valid: given.length === expected.length && timingSafeEqual(given, expected), t };
}

/**
 * Waits until the webhook machinery has nothing left to do that could reach a receiver now: every
 * outbox event is dispatched, and no `webhooks.deliver` job is waiting to run (due) or running.
 * After this holds, what a receiver has is all it gets until something new is emitted or a retry
 * falls due. (Each test file has a database of its own, so "every" means this file's.)
 */
export async function webhooksIdle(t: TestApp): Promise<void> {
  await waitFor(() => webhookWorkDone(t), 'the webhook outbox and deliveries to be done');
}

async function webhookWorkDone(t: TestApp): Promise<boolean> {
  const { rows } = await t.container.db.execute<{ events: number; jobs: number }>(sql`
    SELECT
      (SELECT count(*)::int FROM domain_events WHERE dispatched_at IS NULL) AS events,
      (SELECT count(*)::int FROM pgboss.job
        WHERE name = 'webhooks.deliver' AND state IN ('created', 'retry', 'active') AND start_after <= now()) AS jobs`);
  return rows[0]!.events === 0 && rows[0]!.jobs === 0;
}
