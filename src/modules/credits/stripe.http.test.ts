import { and, desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditTopups, domainEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { accountOf, expectLedgerBalanced, ledgerOf, usd } from '../../../test/harness/credits-factories';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { signedEvent, startFakeStripe, type FakeStripe } from '../../../test/harness/fake-stripe';

const SECRET_KEY = 'sk_test_simdeck_fake_key';
const WEBHOOK_SECRET = 'whsec_simdeck_test_secret';

let t: TestApp;
let stripe: FakeStripe;
let org: OrgWithRoles;

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const deliver = (e: { payload: string; signature: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
    payload: e.payload,
  });

/** Opens a top-up through the API; returns the checkout session the fake Stripe created. */
async function openTopup(o: OrgWithRoles, body: Record<string, unknown>) {
  const res = await api('POST', '/credits/topup', o.admin.token, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().url.split('/').pop() as string;
  return { url: res.json().url as string, session: stripe.sessions.get(id)! };
}
const checkoutEvent = (type: string, session: Record<string, unknown>, paymentStatus = 'paid', id?: string) =>
  signedEvent(WEBHOOK_SECRET, { id, type, object: { ...session, status: 'complete', payment_status: paymentStatus } });
const prepaidOf = async (orgId: number) => (await accountOf(t, orgId))?.prepaidMicro ?? 0;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await createTestApp({
    jobs: false,
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripe.apiBase },
  });
  org = await createOrgWithRoles(t, 'Paying Org');
});
afterEach(async () => {
  await expectLedgerBalanced(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

describe('POST /credits/topup', () => {
  it('opens a Stripe Checkout for a bundle and answers its url; nothing is credited yet', async () => {
    const { url, session } = await openTopup(org, { bundle_key: 'credits_25' });
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${session.id}`);
    const call = stripe.created.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.form).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2500',
      'metadata[organization_id]': String(org.orgId),
      'metadata[amount_micro]': '25000000',
      success_url: 'http://simdeck.test/organization?tab=billing&topup=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://simdeck.test/organization?tab=billing&topup=cancelled',
    });
    expect(call.idempotencyKey).toBe(`simdeck-topup-${call.form['metadata[topup_id]']}`);
    expect(await prepaidOf(org.orgId)).toBe(0);
    expect((await api('GET', '/credits/balance', org.viewer.token)).json()).toMatchObject({
      prepaid_micro: 0,
      topup_available: true,
    });
  });

  it('a custom amount in whole dollars within $5 to $1,000', async () => {
    await openTopup(org, { amount_usd: 37 });
    expect(stripe.created.at(-1)!.form['line_items[0][price_data][unit_amount]']).toBe('3700');
    await openTopup(org, { amount_usd: 5 });
    await openTopup(org, { amount_usd: 1000 });
  });

  it('400 for neither or both, a fraction, a string, an amount out of bounds or an unknown bundle', async () => {
    const calls = stripe.created.length;
    const cases: Array<[unknown, RegExp]> = [
      [{}, /exactly one of bundle_key or amount_usd/],
      [{ bundle_key: 'credits_10', amount_usd: 10 }, /exactly one of bundle_key or amount_usd/],
      [{ amount_usd: 10.5 }, /^amount_usd: must be a whole number/],
      [{ amount_usd: '10' }, /^amount_usd: /],
      [{ amount_usd: 4 }, /^amount_usd: must be between 5 and 1000/],
      [{ amount_usd: 1001 }, /^amount_usd: must be between 5 and 1000/],
      [{ bundle_key: 'credits_1000' }, /^bundle_key: unknown bundle/],
    ];
    for (const [body, detail] of cases) {
      const res = await api('POST', '/credits/topup', org.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail).toMatch(detail);
    }
    expect(stripe.created.length).toBe(calls);
  });

  it('502 with a plain sentence when Stripe fails; the top-up is marked failed', async () => {
    stripe.failWith(500);
    try {
      const res = await api('POST', '/credits/topup', org.admin.token, { bundle_key: 'credits_10' });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: 'The payment provider could not open a checkout; try again in a minute' });
    } finally {
      stripe.failWith(null);
    }
    const [last] = await t.container.db
      .select()
      .from(creditTopups)
      .where(eq(creditTopups.organizationId, org.orgId))
      .orderBy(desc(creditTopups.id))
      .limit(1);
    expect(last?.status).toBe('failed');
  });

  it('403 below admin', async () => {
    expect((await api('POST', '/credits/topup', org.developer.token, { bundle_key: 'credits_10' })).statusCode).toBe(
      403,
    );
  });
});

describe('POST /billing/stripe/webhook', () => {
  it('a paid checkout.session.completed credits prepaid once: a replay and concurrent duplicates change nothing', async () => {
    const o = await createOrgWithRoles(t);
    const { session } = await openTopup(o, { bundle_key: 'credits_25' });
    const completed = checkoutEvent('checkout.session.completed', session);
    const res = await deliver(completed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await prepaidOf(o.orgId)).toBe(usd(25));
    expect((await deliver(completed)).statusCode).toBe(200);
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(completed)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await prepaidOf(o.orgId)).toBe(usd(25));
    const topups = (await ledgerOf(t, o.orgId)).filter((e) => e.entryType === 'prepaid_topup');
    expect(topups.map((e) => [e.balanceBucket, e.amountMicro])).toEqual([['prepaid', usd(25)]]);
    const events = await t.container.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, o.orgId), eq(domainEvents.type, 'billing.topup_completed')));
    expect(events.map((e) => e.data)).toEqual([
      expect.objectContaining({ amount_micro: usd(25), bundle_key: 'credits_25', prepaid_micro: usd(25) }),
    ]);
  });

  it('concurrent first deliveries of one event credit once', async () => {
    const o = await createOrgWithRoles(t);
    const { session } = await openTopup(o, { amount_usd: 12 });
    const completed = checkoutEvent('checkout.session.completed', session);
    await Promise.all(Array.from({ length: 8 }, () => deliver(completed)));
    expect(await prepaidOf(o.orgId)).toBe(usd(12));
  });

  it('400 for a wrong secret, a missing signature, a changed body or an old timestamp; nothing is credited', async () => {
    const o = await createOrgWithRoles(t);
    const { session } = await openTopup(o, { bundle_key: 'credits_10' });
    const good = checkoutEvent('checkout.session.completed', session);
    const forged = signedEvent('whsec_someone_else', {
      type: 'checkout.session.completed',
      object: { ...session, payment_status: 'paid' },
    });
    const stale = signedEvent(
      WEBHOOK_SECRET,
      { type: 'checkout.session.completed', object: { ...session, payment_status: 'paid' } },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    const attempts = [
      forged,
      { payload: good.payload, signature: '' },
      { payload: good.payload.replace('"amount_total":1000', '"amount_total":100000'), signature: good.signature },
      stale,
    ];
    for (const attempt of attempts) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'The Stripe signature of this request is not valid' });
    }
    expect(await prepaidOf(o.orgId)).toBe(0);
    // The genuine event still goes through afterwards.
    expect((await deliver(good)).statusCode).toBe(200);
    expect(await prepaidOf(o.orgId)).toBe(usd(10));
  });

  it('out of order: the async payment success before the unpaid completion, one top-up before another, an expiry after the payment', async () => {
    const o = await createOrgWithRoles(t);
    const first = await openTopup(o, { bundle_key: 'credits_10' });
    const second = await openTopup(o, { bundle_key: 'credits_50' });
    const third = await openTopup(o, { amount_usd: 7 });

    // A bank debit: Stripe reports the unpaid completion, then the payment; they arrive reversed.
    expect((await deliver(checkoutEvent('checkout.session.async_payment_succeeded', first.session))).statusCode).toBe(
      200,
    );
    expect(await prepaidOf(o.orgId)).toBe(usd(10));
    await deliver(checkoutEvent('checkout.session.completed', first.session, 'unpaid'));
    expect(await prepaidOf(o.orgId)).toBe(usd(10));

    // The later top-up's event first, and the completion of an already credited one under a new event id.
    await deliver(checkoutEvent('checkout.session.completed', third.session));
    await deliver(checkoutEvent('checkout.session.completed', second.session));
    await deliver(checkoutEvent('checkout.session.completed', first.session));
    expect(await prepaidOf(o.orgId)).toBe(usd(67));

    // An expiry that arrives after the payment does not take the credit back.
    await deliver(checkoutEvent('checkout.session.expired', second.session, 'unpaid'));
    expect(await prepaidOf(o.orgId)).toBe(usd(67));
    const statuses = await t.container.db
      .select({ status: creditTopups.status })
      .from(creditTopups)
      .where(eq(creditTopups.organizationId, o.orgId))
      .orderBy(creditTopups.id);
    expect(statuses.map((s) => s.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('an unpaid completion waits; an expired checkout closes the top-up; foreign sessions and other events are acknowledged and ignored', async () => {
    const o = await createOrgWithRoles(t);
    const { session } = await openTopup(o, { bundle_key: 'credits_10' });
    await deliver(checkoutEvent('checkout.session.completed', session, 'unpaid'));
    await deliver(checkoutEvent('checkout.session.expired', session, 'unpaid'));
    const foreign = await deliver(
      checkoutEvent('checkout.session.completed', {
        ...session,
        id: 'cs_test_not_ours',
        metadata: {},
        client_reference_id: null,
      }),
    );
    const other = await deliver(
      signedEvent(WEBHOOK_SECRET, { type: 'customer.created', object: { id: 'cus_1', object: 'customer' } }),
    );
    expect([foreign.statusCode, other.statusCode]).toEqual([200, 200]);
    expect(await prepaidOf(o.orgId)).toBe(0);
    const [row] = await t.container.db
      .select()
      .from(creditTopups)
      .where(eq(creditTopups.checkoutSessionId, session.id as string));
    expect(row?.status).toBe('expired');
  });
});

describe('without a webhook secret', () => {
  it('the webhook answers 503', async () => {
    const bare = await createTestApp({ jobs: false });
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/v1/billing/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().detail).toMatch(/^Billing is not available/);
    } finally {
      await bare.close();
    }
  });
});
