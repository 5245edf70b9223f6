import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookDeliveries, webhooks } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { api } from '../../../test/harness/sessions-factories';
import { DEFAULT_EVENT_TYPES } from './event-catalog';
import { EVENT_TYPES } from '../events/events';

/**
 * The webhook management API with WEBHOOK_ALLOW_PRIVATE off (the default) and no job workers:
 * targets are public address literals, which need no name lookup and receive nothing here.
 */
const PUBLIC = 'https://1.1.1.1/hooks/simdeck';
let t: TestApp;
let a: OrgWithRoles;
let b: OrgWithRoles;
let hookA: number;
let hookB: number;
let deliveryA: number;
let deliveryB: number;

async function createHook(org: OrgWithRoles, body: Record<string, unknown> = {}) {
  const res = await api(t, org.admin.token, 'POST', '/integrations/webhooks', { url: PUBLIC, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function insertDelivery(orgId: number, webhookId: number) {
  const [row] = await t.container.db
    .insert(webhookDeliveries)
    .values({
      organizationId: orgId,
      webhookId,
      eventId: 1,
      eventType: 'run.passed',
      body: '{"id":"evt_1"}',
      state: 'failed',
      attempts: 6,
      createdAt: t.clock.now(),
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  [a, b] = await Promise.all([createOrgWithRoles(t, 'Hooks A'), createOrgWithRoles(t, 'Hooks B')]);
  hookA = (await createHook(a)).id;
  hookB = (await createHook(b)).id;
  deliveryA = await insertDelivery(a.orgId, hookA);
  deliveryB = await insertDelivery(b.orgId, hookB);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /integrations/events/catalog', () => {
  it('lists every event type simdeck emits, with its category, description and default', async () => {
    const res = await api(t, a.viewer.token, 'GET', '/integrations/events/catalog');
    expect(res.statusCode).toBe(200);
    const body = res.json() as Array<{ type: string; category: string; description: string; default_enabled: boolean }>;
    expect(body.map((e) => e.type).sort()).toEqual([...EVENT_TYPES].sort());
    expect(body.find((e) => e.type === 'case.failed')).toEqual({
      type: 'case.failed',
      category: 'cases',
      description: expect.stringMatching(/\w/),
      default_enabled: true,
    });
    expect(body.find((e) => e.type === 'billing.topup_completed')?.category).toBe('billing');
    expect(body.find((e) => e.type === 'session.ended')).toMatchObject({
      category: 'platform',
      default_enabled: false,
    });
  });
});

describe('POST /integrations/webhooks', () => {
  it('creates a webhook: the secret is shown once and stored sealed; the default event types apply', async () => {
    const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', {
      url: 'https://1.1.1.1/ci',
      description: 'CI bot',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      url: 'https://1.1.1.1/ci',
      description: 'CI bot',
      enabled: true,
      event_types: DEFAULT_EVENT_TYPES,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await t.container.db.select().from(webhooks).where(eq(webhooks.id, body.id));
    expect(row!.secretSealed).not.toContain(body.secret.slice(6));
    expect(t.container.secretBox.open(row!.secretSealed)).toBe(body.secret);
    const got = (await api(t, a.developer.token, 'GET', `/integrations/webhooks/${body.id}`)).json();
    expect(got).not.toHaveProperty('secret');
    const audit = await t.container.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, String(body.id)));
    expect(audit.map((x) => x.action)).toContain('webhook.created');
  });

  it('takes the event types given, without repeats', async () => {
    const body = await createHook(a, { event_types: ['run.failed', 'case.failed', 'run.failed'], enabled: false });
    expect(body).toMatchObject({ event_types: ['run.failed', 'case.failed'], enabled: false });
  });

  it('400 for an unknown event type, naming it', async () => {
    const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', {
      url: PUBLIC,
      event_types: ['run.passed', 'run.exploded'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/event_types: unknown event type 'run.exploded'/);
  });

  it('400 for a URL that is not http(s) or carries credentials', async () => {
    for (const url of ['ftp://1.1.1.1/x', 'not a url', 'https://user:pw@1.1.1.1/x']) {
      const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/^url: /);
    }
  });

  describe('SSRF: a target on a private, loopback, link-local or metadata address is refused', () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://[::1]:9000/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/hook',
      'http://localhost:9000/hook',
      'http://0.0.0.0/hook',
      // A local receiver on a well-known service's port: the loopback address is what to lift first.
      'http://127.0.0.1:5432/hook',
      'http://localhost:6379/hook',
    ]) {
      it(url, async () => {
        const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', { url });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          detail:
            'url: webhook targets must be public addresses; this one is or resolves to a private, loopback, link-local or metadata address (the server allows those only with WEBHOOK_ALLOW_PRIVATE=true)',
        });
      });
    }

    for (const url of [
      'http://[::7f00:1]:9000/hook',
      'http://[::127.0.0.1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[0:0:0:0:0:FFFF:7F00:0001]/hook',
      'http://[::ffff:0:a9fe:a9fe]/latest/meta-data/',
      'http://[64:ff9b::10.0.0.1]/hook',
      'http://[2002:7f00:1::1]/hook',
      // A public IPv4 address written this way is refused as well: no receiver is addressed so.
      'https://[::ffff:1.1.1.1]/hook',
    ]) {
      it(`${url}: an IPv6 literal embedding an IPv4 address`, async () => {
        const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', { url });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toMatch(/^url: IPv6 addresses that embed an IPv4 address .* are not accepted/);
      });
    }

    for (const [url, port] of [
      ['http://1.1.1.1:22/hook', 22],
      ['https://1.1.1.1:6379/hook', 6379],
      ['http://1.1.1.1:5432/hook', 5432],
      ['http://1.1.1.1:1023/hook', 1023],
    ] as const) {
      it(`${url}: a port outside 80, 443 and 1024–65535 but well-known services'`, async () => {
        const res = await api(t, a.admin.token, 'POST', '/integrations/webhooks', { url });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().detail).toBe(
          `url: port ${port} is not allowed for webhooks; use 80, 443, or a port from 1024 to 65535 that is not a well-known service's (such as 3306, 5432, 6379, 9200 or 27017), or list the ports to allow in WEBHOOK_ALLOWED_PORTS`,
        );
      });
    }

    it('public addresses on 80, 443 and high ports are fine', async () => {
      for (const url of [
        'http://1.1.1.1/a',
        'https://1.1.1.1:8443/a',
        'http://1.1.1.1:9000/a',
        'https://[2606:4700::1]/a',
      ]) {
        const res = await api(t, b.admin.token, 'POST', '/integrations/webhooks', { url });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        await api(t, b.admin.token, 'DELETE', `/integrations/webhooks/${res.json().id}`);
      }
    });

    it('also when an existing webhook is pointed there', async () => {
      const res = await api(t, a.admin.token, 'PATCH', `/integrations/webhooks/${hookA}`, {
        url: 'http://localhost/x',
      });
      expect(res.statusCode).toBe(400);
      expect((await api(t, a.admin.token, 'GET', `/integrations/webhooks/${hookA}`)).json().url).toBe(PUBLIC);
    });
  });

  it('at most 20 per organization', async () => {
    const c = await createOrgWithRoles(t, 'Many hooks');
    for (let i = 0; i < 20; i++)
      expect(
        (await api(t, c.admin.token, 'POST', '/integrations/webhooks', { url: `${PUBLIC}/${i}` })).statusCode,
      ).toBe(200);
    const res = await api(t, c.admin.token, 'POST', '/integrations/webhooks', { url: PUBLIC });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('An organization can have at most 20 webhooks');
  });
});

describe('reading, changing and deleting', () => {
  it("lists the organization's webhooks only", async () => {
    const list = (await api(t, a.developer.token, 'GET', '/integrations/webhooks')).json() as Array<{ id: number }>;
    expect(list.map((h) => h.id)).toContain(hookA);
    expect(list.map((h) => h.id)).not.toContain(hookB);
  });

  it('PATCH changes the fields given', async () => {
    const h = await createHook(a);
    const res = await api(t, a.admin.token, 'PATCH', `/integrations/webhooks/${h.id}`, {
      description: 'renamed',
      enabled: false,
      event_types: ['session.started'],
      url: 'https://1.0.0.1/new',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: h.id,
      description: 'renamed',
      enabled: false,
      event_types: ['session.started'],
      url: 'https://1.0.0.1/new',
    });
  });

  it('subscriptions: read and replace the event types', async () => {
    const h = await createHook(a, { event_types: ['run.passed'] });
    expect((await api(t, a.developer.token, 'GET', `/integrations/webhooks/${h.id}/subscriptions`)).json()).toEqual({
      event_types: ['run.passed'],
    });
    const put = await api(t, a.admin.token, 'PUT', `/integrations/webhooks/${h.id}/subscriptions`, {
      event_types: ['case.failed', 'visual.regression_detected'],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ event_types: ['case.failed', 'visual.regression_detected'] });
    expect((await api(t, a.developer.token, 'GET', `/integrations/webhooks/${h.id}`)).json().event_types).toEqual([
      'case.failed',
      'visual.regression_detected',
    ]);
    expect(
      (await api(t, a.admin.token, 'PUT', `/integrations/webhooks/${h.id}/subscriptions`, { event_types: ['nope'] }))
        .statusCode,
    ).toBe(400);
    expect((await api(t, a.admin.token, 'PUT', `/integrations/webhooks/${h.id}/subscriptions`, {})).json()).toEqual({
      detail: 'event_types: required',
    });
  });

  it('regenerate-secret returns a new secret once and seals it; the old one no longer signs', async () => {
    const h = await createHook(a);
    const res = await api(t, a.admin.token, 'POST', `/integrations/webhooks/${h.id}/regenerate-secret`);
    expect(res.statusCode).toBe(200);
    const { secret } = res.json();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(h.secret);
    const [row] = await t.container.db.select().from(webhooks).where(eq(webhooks.id, h.id));
    expect(t.container.secretBox.open(row!.secretSealed)).toBe(secret);
  });

  it('deliveries: the last 30 days, most recent first, with excerpts; paging', async () => {
    const h = await createHook(a);
    const old = await insertDelivery(a.orgId, h.id);
    await t.container.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(t.clock.now().getTime() - 31 * 86_400_000) })
      .where(eq(webhookDeliveries.id, old));
    const recent = [await insertDelivery(a.orgId, h.id), await insertDelivery(a.orgId, h.id)];
    const res = await api(t, a.developer.token, 'GET', `/integrations/webhooks/${h.id}/deliveries`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.deliveries.map((d: { id: number }) => d.id)).toEqual([...recent].reverse());
    expect(body.deliveries[0]).toMatchObject({
      event_id: 'evt_1',
      event_type: 'run.passed',
      status: 'failed',
      attempts: 6,
      payload_excerpt: '{"id":"evt_1"}',
      next_attempt_at: null,
      attempt_log: [],
    });
    const page = (
      await api(t, a.developer.token, 'GET', `/integrations/webhooks/${h.id}/deliveries?limit=1&offset=1`)
    ).json();
    expect(page.deliveries.map((d: { id: number }) => d.id)).toEqual([recent[0]]);
  });

  it('redeliver: a new delivery of the same event, pending', async () => {
    const res = await api(
      t,
      a.admin.token,
      'POST',
      `/integrations/webhooks/${hookA}/deliveries/${deliveryA}/redeliver`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: expect.any(Number),
      event_id: 'evt_1',
      status: 'pending',
      attempts: 0,
      redelivery_of: deliveryA,
    });
    expect(
      (await api(t, a.admin.token, 'POST', `/integrations/webhooks/${hookA}/deliveries/999999/redeliver`)).statusCode,
    ).toBe(404);
    // Another webhook's delivery is not this webhook's.
    expect(
      (await api(t, b.admin.token, 'POST', `/integrations/webhooks/${hookB}/deliveries/${deliveryA}/redeliver`))
        .statusCode,
    ).toBe(404);
  });

  it('DELETE removes the webhook and its deliveries', async () => {
    const h = await createHook(a);
    const d = await insertDelivery(a.orgId, h.id);
    expect((await api(t, a.admin.token, 'DELETE', `/integrations/webhooks/${h.id}`)).json()).toEqual({
      status: 'deleted',
    });
    expect((await api(t, a.admin.token, 'GET', `/integrations/webhooks/${h.id}`)).statusCode).toBe(404);
    expect(await t.container.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, d))).toEqual([]);
  });
});

describeAuthCases(
  (): AuthCaseEnv => ({ t, a, b }),
  [
    { method: 'GET', url: () => '/api/v1/integrations/events/catalog', minRole: 'viewer' },
    { method: 'POST', url: () => '/api/v1/integrations/webhooks', body: () => ({ url: PUBLIC }), minRole: 'admin' },
    { method: 'GET', url: () => '/api/v1/integrations/webhooks', minRole: 'developer' },
    {
      method: 'GET',
      url: () => `/api/v1/integrations/webhooks/${hookA}`,
      minRole: 'developer',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}`,
    },
    {
      method: 'PATCH',
      url: () => `/api/v1/integrations/webhooks/${hookA}`,
      body: () => ({ description: 'x' }),
      minRole: 'admin',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}`,
    },
    {
      method: 'DELETE',
      url: () => `/api/v1/integrations/webhooks/${hookA}`,
      minRole: 'admin',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}`,
    },
    {
      method: 'GET',
      url: () => `/api/v1/integrations/webhooks/${hookA}/subscriptions`,
      minRole: 'developer',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}/subscriptions`,
    },
    {
      method: 'PUT',
      url: () => `/api/v1/integrations/webhooks/${hookA}/subscriptions`,
      body: () => ({ event_types: ['run.passed'] }),
      minRole: 'admin',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}/subscriptions`,
    },
    {
      method: 'POST',
      url: () => `/api/v1/integrations/webhooks/${hookA}/regenerate-secret`,
      minRole: 'admin',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}/regenerate-secret`,
    },
    {
      method: 'GET',
      url: () => `/api/v1/integrations/webhooks/${hookA}/deliveries`,
      minRole: 'developer',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}/deliveries`,
    },
    {
      method: 'POST',
      url: () => `/api/v1/integrations/webhooks/${hookA}/deliveries/${deliveryA}/redeliver`,
      minRole: 'admin',
      otherOrgUrl: () => `/api/v1/integrations/webhooks/${hookB}/deliveries/${deliveryB}/redeliver`,
    },
  ],
);
