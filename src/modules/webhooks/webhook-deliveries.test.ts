import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { systemContext, withTransaction } from '../../context';
import { domainEvents, webhookDeliveries, webhooks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { api, waitFor } from '../../../test/harness/sessions-factories';
import { verifySignature, WebhookReceiver, webhooksIdle } from '../../../test/harness/webhook-receiver';
import { emitEvent, type EventType } from '../events/events';

/**
 * Deliveries end to end inside one control plane: events written to the outbox in a transaction
 * reach a real HTTP receiver on loopback, signed, with retries timed by the injected clock.
 */
const MIN = 60_000;

/** A webhook row written as it is, without the checks of the API (as an older version, or DNS, let it be). */
async function storedWebhook(t: TestApp, orgId: number, url: string): Promise<number> {
  const now = t.clock.now();
  const [row] = await t.container.db
    .insert(webhooks)
    .values({
      organizationId: orgId,
      url,
      enabled: true,
      eventTypes: ['run.passed'],
      secretSealed: t.container.secretBox.seal('whsec_test'),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!.id;
}

async function emit(
  t: TestApp,
  orgId: number,
  type: EventType,
  data: Record<string, unknown> = {},
  metadata: Record<string, unknown> | null = null,
) {
  await withTransaction(
    systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: orgId, role: 'admin' }),
    (tx) => emitEvent(tx, { type, data, metadata }),
  );
}

async function deliveriesOf(t: TestApp, webhookId: number) {
  return t.container.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);
}

describe('with private targets allowed (loopback receivers)', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  let receiver: WebhookReceiver;
  const clock = () => t.clock as ManualClock;

  async function hook(body: Record<string, unknown> = {}, target = receiver.url()) {
    const res = await api(t, org.admin.token, 'POST', '/integrations/webhooks', {
      url: target,
      event_types: ['run.passed', 'run.failed', 'case.failed'],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: number; secret: string };
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    org = await createOrgWithRoles(t, 'Deliveries');
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await receiver?.close();
    // Each test starts with no webhook: events of one test must not reach the next one's receiver.
    await t.container.db.delete(webhooks).where(eq(webhooks.organizationId, org.orgId));
  });

  it('an event committed to the outbox is delivered at once: signed, with its type and delivery id, once per subscribed webhook', async () => {
    receiver = await WebhookReceiver.start();
    const h = await hook();
    const other = await hook({ event_types: ['session.started'] });
    const otherOrg = await createOrgWithRoles(t, 'Not subscribed');
    await emit(t, otherOrg.orgId, 'run.passed', { kind: 'test_run' });
    await emit(
      t,
      org.orgId,
      'run.passed',
      { kind: 'suite_run', suite_run_public_id: 'srun_x' },
      { pipeline: 'ci-42', branch: 'main' },
    );
    const [d] = await receiver.waitFor((r) => r.length >= 1, 'the delivery');
    expect(d!.path).toBe('/hook');
    expect(d!.headers['content-type']).toBe('application/json');
    expect(d!.headers['x-webhook-event']).toBe('run.passed');
    const [row] = await deliveriesOf(t, h.id);
    expect(d!.headers['x-webhook-delivery']).toBe(String(row!.id));
    const [event] = await t.container.db.select().from(domainEvents).where(eq(domainEvents.organizationId, org.orgId));
    expect(d!.json).toEqual({
      id: `evt_${event!.id}`,
      type: 'run.passed',
      created_at: '2026-06-01T12:00:00.000',
      organization_id: org.orgId,
      data: { kind: 'suite_run', suite_run_public_id: 'srun_x' },
      metadata: { pipeline: 'ci-42', branch: 'main' },
    });
    expect(verifySignature(d!, h.secret)).toEqual({ valid: true, t: Math.floor(clock().now().getTime() / 1000) });
    expect(verifySignature(d!, `${h.secret}x`).valid).toBe(false);
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'succeeded', 'the delivery to be recorded');
    expect((await deliveriesOf(t, h.id))[0]).toMatchObject({
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'ok',
      error: null,
      nextAttemptAt: null,
    });
    expect(await deliveriesOf(t, other.id)).toEqual([]);
    await webhooksIdle(t);
    expect(receiver.received).toHaveLength(1);
  });

  it('an event whose transaction rolls back is never delivered', async () => {
    receiver = await WebhookReceiver.start();
    await hook();
    const ctx = systemContext(
      { db: t.container.db, clock: t.clock, log: t.container.log },
      { id: org.orgId, role: 'admin' },
    );
    await expect(
      withTransaction(ctx, async (tx) => {
        await emitEvent(tx, { type: 'run.failed', data: { doomed: true } });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await emit(t, org.orgId, 'run.passed', { kept: true });
    await receiver.waitFor((r) => r.length >= 1);
    await webhooksIdle(t);
    expect(receiver.received.map((d) => d.json.data)).toEqual([{ kept: true }]);
  });

  it('concurrent dispatchers dispatch each event once', async () => {
    receiver = await WebhookReceiver.start();
    const h = await hook();
    const ctx = systemContext(
      { db: t.container.db, clock: t.clock, log: t.container.log },
      { id: org.orgId, role: 'admin' },
    );
    await withTransaction(ctx, async (tx) => {
      for (let i = 0; i < 50; i++) await emitEvent(tx, { type: 'run.passed', data: { i } });
    });
    const { dispatcher } = t.container.services.webhooks;
    await Promise.all([dispatcher.dispatchPending(), dispatcher.dispatchPending(), dispatcher.dispatchPending()]);
    await receiver.waitFor((r) => r.length >= 50);
    await webhooksIdle(t);
    expect(receiver.received.map((d) => d.json.data.i).sort((x: number, y: number) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i),
    );
    expect(await deliveriesOf(t, h.id)).toHaveLength(50);
  });

  it('a failing endpoint is retried after 1 min, 5 min, 30 min, 2 h and 6 h on the service clock, then the delivery is failed', async () => {
    receiver = await WebhookReceiver.start();
    receiver.answer = () => ({ status: 503, body: 'busy, try later' });
    const h = await hook();
    await emit(t, org.orgId, 'case.failed', { step: 3 });
    await receiver.waitFor((r) => r.length === 1);
    await waitFor(
      async () => (await deliveriesOf(t, h.id))[0]?.state === 'retrying',
      'the first failure to be recorded',
    );
    const [first] = await deliveriesOf(t, h.id);
    expect(first).toMatchObject({
      attempts: 1,
      responseStatus: 503,
      responseExcerpt: 'busy, try later',
      error: 'The endpoint answered 503',
    });
    expect(first!.nextAttemptAt!.getTime() - clock().now().getTime()).toBe(MIN);

    const { deliveries } = t.container.services.webhooks;
    const delays = [MIN, 5 * MIN, 30 * MIN, 120 * MIN, 360 * MIN];
    for (const [i, delay] of delays.entries()) {
      clock().advance(delay - 1000);
      expect(await deliveries.sendDue()).toBe(0);
      await webhooksIdle(t);
      expect(receiver.received, `no attempt before the ${delay / MIN} min delay is over`).toHaveLength(i + 1);
      clock().advance(1000);
      expect(await deliveries.sendDue()).toBe(1);
      await receiver.waitFor((r) => r.length === i + 2, `attempt ${i + 2}`);
      await waitFor(
        async () => (await deliveriesOf(t, h.id))[0]?.attemptLog.length === i + 2,
        `attempt ${i + 2} recorded`,
      );
    }
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'failed', 'the delivery to be failed');
    const [failed] = await deliveriesOf(t, h.id);
    expect(failed).toMatchObject({ state: 'failed', attempts: 6, nextAttemptAt: null });
    expect(failed!.attemptLog.map((a) => a.response_status)).toEqual([503, 503, 503, 503, 503, 503]);
    // Every attempt carries the same event, each signed anew.
    expect(new Set(receiver.received.map((d) => d.body)).size).toBe(1);
    expect(receiver.received.every((d) => verifySignature(d, h.secret).valid)).toBe(true);
    clock().advance(24 * 60 * MIN);
    expect(await deliveries.sendDue()).toBe(0);
    const listed = (await api(t, org.developer.token, 'GET', `/integrations/webhooks/${h.id}/deliveries`)).json();
    expect(listed.deliveries[0]).toMatchObject({
      status: 'failed',
      attempts: 6,
      response_status: 503,
      response_excerpt: 'busy, try later',
      next_attempt_at: null,
    });
    expect(listed.deliveries[0].attempt_log).toHaveLength(6);
  });

  it('an endpoint that answers after a failure gets the retry, and the delivery succeeds', async () => {
    receiver = await WebhookReceiver.start();
    let calls = 0;
    receiver.answer = () => (++calls === 1 ? { status: 500 } : { status: 204 });
    const h = await hook();
    await emit(t, org.orgId, 'run.failed');
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'retrying', 'the failure');
    clock().advance(MIN);
    await t.container.services.webhooks.deliveries.sendDue();
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'succeeded', 'the retry to succeed');
    expect((await deliveriesOf(t, h.id))[0]).toMatchObject({
      attempts: 2,
      responseStatus: 204,
      deliveredAt: clock().now(),
    });
  });

  it('a receiver that does not answer within 10 s fails the attempt, which is retried', async () => {
    receiver = await WebhookReceiver.start();
    receiver.answer = () => 'hang';
    const h = await hook();
    await emit(t, org.orgId, 'run.failed');
    await waitFor(
      async () => (await deliveriesOf(t, h.id))[0]?.state === 'retrying',
      'the attempt to time out',
      20_000,
    );
    expect((await deliveriesOf(t, h.id))[0]).toMatchObject({
      attempts: 1,
      responseStatus: null,
      error: 'No answer within 10 s',
    });
  }, 30_000);

  it('redirects are not followed', async () => {
    receiver = await WebhookReceiver.start();
    const elsewhere = await WebhookReceiver.start();
    try {
      receiver.answer = () => ({ status: 307, headers: { location: elsewhere.url('/stolen') } });
      const h = await hook();
      await emit(t, org.orgId, 'run.passed');
      await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'retrying', 'the attempt');
      expect((await deliveriesOf(t, h.id))[0]).toMatchObject({
        responseStatus: 307,
        error: 'The endpoint answered 307; redirects are not followed',
      });
      await webhooksIdle(t);
      expect(elsewhere.received).toEqual([]);
    } finally {
      await elsewhere.close();
    }
  });

  it('a deleted webhook receives nothing more: neither its retries nor new events', async () => {
    receiver = await WebhookReceiver.start();
    receiver.answer = () => ({ status: 500 });
    const h = await hook();
    await emit(t, org.orgId, 'run.failed');
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'retrying', 'the failure');
    expect((await api(t, org.admin.token, 'DELETE', `/integrations/webhooks/${h.id}`)).statusCode).toBe(200);
    clock().advance(MIN);
    await t.container.services.webhooks.deliveries.sendDue();
    await emit(t, org.orgId, 'run.failed');
    await t.container.services.webhooks.dispatcher.dispatchPending();
    await webhooksIdle(t);
    expect(receiver.received).toHaveLength(1);
  });

  it('a disabled webhook receives no new events', async () => {
    receiver = await WebhookReceiver.start();
    const h = await hook({ enabled: false });
    await emit(t, org.orgId, 'run.passed');
    await t.container.services.webhooks.dispatcher.dispatchPending();
    await webhooksIdle(t);
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(t, h.id)).toEqual([]);
  });

  it('redeliver sends the same event again as a new delivery, signed with the current secret', async () => {
    receiver = await WebhookReceiver.start();
    const h = await hook();
    await emit(t, org.orgId, 'case.failed', { n: 1 });
    await receiver.waitFor((r) => r.length === 1);
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'succeeded', 'the delivery');
    const [past] = await deliveriesOf(t, h.id);
    const rotated = (await api(t, org.admin.token, 'POST', `/integrations/webhooks/${h.id}/regenerate-secret`)).json()
      .secret as string;
    const res = await api(
      t,
      org.admin.token,
      'POST',
      `/integrations/webhooks/${h.id}/deliveries/${past!.id}/redeliver`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const again = await receiver.waitFor((r) => r.length === 2);
    expect(again[1]!.body).toBe(again[0]!.body);
    expect(again[1]!.headers['x-webhook-delivery']).toBe(String(res.json().id));
    expect(verifySignature(again[1]!, rotated).valid).toBe(true);
    expect(verifySignature(again[1]!, h.secret).valid).toBe(false);
    await waitFor(async () => (await deliveriesOf(t, h.id))[1]?.state === 'succeeded', 'the redelivery');
    expect((await deliveriesOf(t, h.id))[1]).toMatchObject({ redeliveryOf: past!.id, attempts: 1 });
  });

  it('even so, an IPv6 literal embedding an IPv4 address, or a well-known service port, is refused at delivery', async () => {
    receiver = await WebhookReceiver.start();
    for (const [url, error] of [
      [
        `http://[::ffff:127.0.0.1]:${receiver.port}/hook`,
        /^Refused: IPv6 addresses that embed an IPv4 address .* are not accepted/,
      ],
      [`http://[::7f00:1]:${receiver.port}/hook`, /^Refused: IPv6 addresses that embed an IPv4 address/],
      ['http://127.0.0.1:6379/hook', /^Refused: port 6379 is not allowed for webhooks/],
    ] as const) {
      // Stored as an older version accepted it: the rules apply again when delivering.
      const id = await storedWebhook(t, org.orgId, url);
      await emit(t, org.orgId, 'run.passed');
      await waitFor(async () => (await deliveriesOf(t, id))[0]?.state === 'retrying', 'the refused attempt');
      const [delivery] = await deliveriesOf(t, id);
      expect(delivery).toMatchObject({ responseStatus: null });
      expect(delivery!.error).toMatch(error);
      await t.container.db.delete(webhooks).where(eq(webhooks.id, id));
    }
    expect(receiver.received).toEqual([]);
  });

  it('deliveries and dispatched events older than 30 days are pruned', async () => {
    receiver = await WebhookReceiver.start();
    const h = await hook();
    await emit(t, org.orgId, 'run.passed', { old: true });
    await waitFor(async () => (await deliveriesOf(t, h.id))[0]?.state === 'succeeded', 'the delivery');
    clock().advance(29 * 24 * 60 * MIN);
    await emit(t, org.orgId, 'run.passed', { old: false });
    await waitFor(async () => (await deliveriesOf(t, h.id)).length === 2, 'the second delivery');
    clock().advance(2 * 24 * 60 * MIN);
    const pruned = await t.container.services.webhooks.deliveries.prune();
    expect(pruned.deliveries).toBeGreaterThanOrEqual(1);
    const left = await deliveriesOf(t, h.id);
    expect(left.map((d) => JSON.parse(d.body).data)).toEqual([{ old: false }]);
  });
});

describe('with private targets refused (the default)', () => {
  let t: TestApp;
  let org: OrgWithRoles;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp();
    org = await createOrgWithRoles(t, 'Rebinding');
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A webhook whose name resolved to a public address when it was created, and to `target` now (DNS rebinding). */
  const rebound = (target: string) => storedWebhook(t, org.orgId, target);

  for (const [what, target] of [
    ['a loopback address', () => receiver.url()],
    ['a name that resolves to loopback', () => `http://localhost:${receiver.port}/hook`],
    ['the IPv6 loopback', () => `http://[::1]:${receiver.port}/hook`],
  ] as const) {
    it(`refuses at delivery time ${what}`, async () => {
      const id = await rebound(target());
      await emit(t, org.orgId, 'run.passed');
      await waitFor(async () => (await deliveriesOf(t, id))[0]?.state === 'retrying', 'the refused attempt');
      expect((await deliveriesOf(t, id))[0]).toMatchObject({
        responseStatus: null,
        error:
          'Refused: the target is or resolves to a private, loopback, link-local or metadata address (allowed only with WEBHOOK_ALLOW_PRIVATE=true)',
      });
      expect(receiver.received).toEqual([]);
      await t.container.db.delete(webhooks).where(eq(webhooks.id, id));
    });
  }
});
