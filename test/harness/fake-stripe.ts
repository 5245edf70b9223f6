import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A Checkout Session create call as the fake received it. */
export interface CheckoutCreate {
  /** The form body, flattened: `line_items[0][price_data][unit_amount]` → `"1000"`. */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

export interface FakeStripe {
  /** `STRIPE_API_BASE` for the app under test. */
  apiBase: string;
  created: CheckoutCreate[];
  /** The session objects it answered with, by id (what a webhook would carry). */
  sessions: Map<string, Record<string, unknown>>;
  /** The next create calls answer with this error (HTTP status and Stripe error body) until cleared. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/**
 * Stripe's API on loopback, as far as top-ups use it: `POST /v1/checkout/sessions` in Stripe's
 * wire format (form-encoded request, JSON session object back, `{error}` bodies on failure).
 */
export async function startFakeStripe(): Promise<FakeStripe> {
  const created: CheckoutCreate[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  let failure: number | null = null;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${randomBytes(6).toString('hex')}`,
        });
        res.end(JSON.stringify(body));
      };
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions')
        return reply(404, {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` },
        });
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      created.push({
        form,
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      if (failure !== null)
        return reply(failure, { error: { type: 'api_error', message: 'Something went wrong on the fake Stripe' } });
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(k);
        if (m) metadata[m[1]!] = v;
      }
      const session = {
        id,
        object: 'checkout.session',
        mode: form.mode,
        status: 'open',
        payment_status: 'unpaid',
        currency: form['line_items[0][price_data][currency]'],
        amount_total:
          Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]'] ?? 1),
        client_reference_id: form.client_reference_id ?? null,
        metadata,
        success_url: form.success_url,
        cancel_url: form.cancel_url,
        url: `https://checkout.stripe.test/c/pay/${id}`,
      };
      sessions.set(id, session);
      reply(200, session);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    apiBase: `http://127.0.0.1:${port}`,
    created,
    sessions,
    failWith: (status) => void (failure = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A Stripe event as the webhook receives it, signed with `secret` by the package's own test
 * helper: the body, and the `Stripe-Signature` header.
 */
export function signedEvent(
  secret: string,
  event: { id?: string; type: string; object: Record<string, unknown> },
  opts: { timestamp?: number } = {},
): { id: string; payload: string; signature: string } {
  const id = event.id ?? `evt_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type: event.type,
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { id, payload, signature };
}
