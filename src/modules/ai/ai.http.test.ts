import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { aiProviderKeys, aiUsage, auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { startFakeLlm, type FakeLlmServer } from '../../../test/harness/fake-llm';
import { insertUsage } from './ai.repository';

/**
 * The AI settings endpoints: config, models, keys, usage. The providers are one fake server on
 * loopback (the aggregator's models list among them); jobs are off.
 */
let t: TestApp;
let fake: FakeLlmServer;
let a: OrgWithRoles;
let b: OrgWithRoles;
const PLATFORM_MODEL = 'simdeck-vision-1';

beforeAll(async () => {
  fake = await startFakeLlm();
  t = await createTestApp({
    jobs: false,
    env: { ...fake.env(), PLATFORM_AI_MODEL: PLATFORM_MODEL, PLATFORM_AI_API_KEY: 'platform-operator-key' },
  });
  [a, b] = await Promise.all([createOrgWithRoles(t, 'Org A'), createOrgWithRoles(t, 'Org B')]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function addKey(org: OrgWithRoles, provider: string, apiKey: string) {
  const res = await api('POST', '/ai/keys', org.developer.token, { provider, api_key: apiKey });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; provider: string; key_hint: string; created_at: string };
}

async function removeKeys(org: OrgWithRoles) {
  await t.container.db.delete(aiProviderKeys).where(eq(aiProviderKeys.organizationId, org.orgId));
}

describe('GET/PUT /ai/config', () => {
  it('an organization starts on the free interpreter', async () => {
    const res = await api('GET', '/ai/config', a.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ default_provider: 'platform', default_model: 'platform/interpreter' });
  });

  it('a developer sets the platform model; it is audited, and the other organization keeps its own', async () => {
    const res = await api('PUT', '/ai/config', a.developer.token, { default_model: PLATFORM_MODEL });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ default_provider: 'platform', default_model: PLATFORM_MODEL });
    expect((await api('GET', '/ai/config', a.viewer.token)).json()).toEqual({
      default_provider: 'platform',
      default_model: PLATFORM_MODEL,
    });
    expect((await api('GET', '/ai/config', b.viewer.token)).json().default_model).toBe('platform/interpreter');
    const audit = await t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, a.orgId), eq(auditEvents.action, 'ai_config.updated')));
    expect(audit.at(-1)).toMatchObject({
      userEmail: a.developer.email,
      details: { to: { provider: 'platform', model: PLATFORM_MODEL } },
    });
  });

  it('an own-key model needs its provider key; with it the provider is taken from the model', async () => {
    await removeKeys(a);
    const without = await api('PUT', '/ai/config', a.developer.token, { default_model: 'gpt-4.1-mini:byok' });
    expect(without.statusCode).toBe(400);
    expect(without.json().detail).toBe(
      'default_model: gpt-4.1-mini:byok needs a provider_a key; add one with POST /api/v1/ai/keys',
    );
    await addKey(a, 'provider_a', 'sk-test-provider-a-0001');
    const res = await api('PUT', '/ai/config', a.developer.token, { default_model: 'gpt-4.1-mini:byok' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ default_provider: 'provider_a', default_model: 'gpt-4.1-mini:byok' });
    // A model of another provider with the provider given, even one the catalogue does not list.
    await addKey(a, 'provider_b', 'sk-ant-test-0002');
    const unlisted = await api('PUT', '/ai/config', a.developer.token, {
      default_provider: 'provider_b',
      default_model: 'claude-next:byok',
    });
    expect(unlisted.json()).toEqual({ default_provider: 'provider_b', default_model: 'claude-next:byok' });
  });

  it('a provider alone keeps a model of that provider, or takes its default; platform means the platform model', async () => {
    await api('PUT', '/ai/config', a.developer.token, { default_model: 'gpt-4o:byok' });
    expect((await api('PUT', '/ai/config', a.developer.token, { default_provider: 'provider_a' })).json()).toEqual({
      default_provider: 'provider_a',
      default_model: 'gpt-4o:byok',
    });
    const other = await api('PUT', '/ai/config', a.developer.token, { default_provider: 'provider_b' });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toMatch(/^default_model: name a model of provider_b/);
    expect((await api('PUT', '/ai/config', a.developer.token, { default_provider: 'platform' })).json()).toEqual({
      default_provider: 'platform',
      default_model: PLATFORM_MODEL,
    });
  });

  it('400 for an unknown provider or model, a platform model named with a key provider, a key model without :byok', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ default_provider: 'provider_z' }, /^default_provider: must be one of platform, provider_a/],
      [{ default_model: 'gpt-9' }, /^default_model: unknown model gpt-9; GET \/api\/v1\/ai\/models lists/],
      [
        { default_model: 'gpt-4.1-mini' },
        /^default_model: gpt-4.1-mini runs with the organization's own provider_a key; name it gpt-4.1-mini:byok/,
      ],
      [{ default_model: 'mystery:byok' }, /^default_model: unknown model mystery:byok; give its provider too/],
      [
        { default_model: PLATFORM_MODEL, default_provider: 'provider_a' },
        /^default_model: provider_a models run with the organization's own key/,
      ],
      [
        { default_model: 'platform/interpreter', default_provider: 'provider_a' },
        /^default_provider: platform\/interpreter is a platform model/,
      ],
      [{ default_model: '' }, /^default_model: must not be empty/],
      [{ default_model: 42 }, /^default_model: /],
    ];
    for (const [body, detail] of cases) {
      const res = await api('PUT', '/ai/config', a.developer.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
  });

  it('aggregator models are checked against its live list of vision models', async () => {
    await addKey(a, 'aggregator', 'sk-or-test-0003');
    expect((await api('PUT', '/ai/config', a.developer.token, { default_model: 'acme/vision-1:byok' })).json()).toEqual(
      { default_provider: 'aggregator', default_model: 'acme/vision-1:byok' },
    );
    for (const model of ['acme/text-only:byok', 'acme/unknown:byok']) {
      const res = await api('PUT', '/ai/config', a.developer.token, { default_model: model });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/^default_model: the aggregator lists no vision model acme\//);
    }
  });
});

describe('GET /ai/models', () => {
  it('without keys: the built-in interpreter and platform model', async () => {
    const res = await api('GET', '/ai/models', b.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 'platform/interpreter', name: expect.any(String), provider: 'platform', builtin: true },
      { id: PLATFORM_MODEL, name: expect.any(String), provider: 'platform', builtin: true },
    ]);
  });

  it("with a key: that provider's models as :byok, not built in; another organization does not see them", async () => {
    await removeKeys(b);
    await addKey(b, 'provider_c', 'AIza-test-0004');
    const models = (await api('GET', '/ai/models', b.viewer.token)).json() as Array<{
      id: string;
      provider: string;
      builtin: boolean;
    }>;
    expect(models.filter((m) => !m.builtin).map((m) => [m.id, m.provider])).toEqual([
      ['gemini-2.5-flash:byok', 'provider_c'],
      ['gemini-2.5-pro:byok', 'provider_c'],
      ['gemini-2.5-flash-lite:byok', 'provider_c'],
    ]);
    await removeKeys(a);
    const ofA = (await api('GET', '/ai/models', a.viewer.token)).json() as Array<{ builtin: boolean }>;
    expect(ofA.every((m) => m.builtin)).toBe(true);
  });
});

describe('GET /ai/models/openrouter', () => {
  it('without an aggregator key: the recommended set, all own-key, without asking the aggregator', async () => {
    await removeKeys(a);
    const before = fake.modelListRequests.length;
    const res = await api('GET', '/ai/models/openrouter', a.viewer.token);
    expect(res.statusCode).toBe(200);
    const models = res.json() as Array<{ id: string; provider: string; builtin: boolean }>;
    expect(models.length).toBeGreaterThan(2);
    expect(models.every((m) => m.id.endsWith(':byok') && m.provider === 'aggregator' && m.builtin === false)).toBe(
      true,
    );
    expect(fake.modelListRequests.length).toBe(before);
  });

  it('with a key: fetched live with that key, vision models only, kept 10 minutes', async () => {
    await removeKeys(a);
    await addKey(a, 'aggregator', 'sk-or-live-0005');
    const before = fake.modelListRequests.length;
    const res = await api('GET', '/ai/models/openrouter', a.viewer.token);
    expect(res.json()).toEqual([
      { id: 'openai/gpt-4.1-mini:byok', name: 'OpenAI: GPT-4.1 Mini', provider: 'aggregator', builtin: false },
      { id: 'acme/vision-1:byok', name: 'Acme: Vision 1', provider: 'aggregator', builtin: false },
    ]);
    expect(fake.modelListRequests.slice(before)).toEqual([{ apiKey: 'sk-or-live-0005' }]);
    expect((await api('GET', '/ai/models/aggregator', a.viewer.token)).json()).toHaveLength(2);
    expect(fake.modelListRequests.length).toBe(before + 1);
    (t.clock as ManualClock).advance(10 * 60_000 + 1);
    await api('GET', '/ai/models/openrouter', a.viewer.token);
    expect(fake.modelListRequests.length).toBe(before + 2);
  });

  it('502 when the aggregator refuses the key', async () => {
    await removeKeys(a);
    await addKey(a, 'aggregator', 'sk-or-revoked-0006');
    fake.aggregatorModels.status = 401;
    try {
      const res = await api('GET', '/ai/models/openrouter', a.viewer.token);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ detail: 'The provider rejected the key for aggregator' });
    } finally {
      fake.aggregatorModels.status = 200;
    }
  });
});

describe('POST/GET/DELETE /ai/keys', () => {
  it('stores the key sealed, answers a hint, never the key; the audit row has no key', async () => {
    await removeKeys(a);
    const secret = 'sk-proj-verysecret-9f3a';
    const key = await addKey(a, 'provider_a', secret);
    expect(key).toEqual({
      id: expect.any(Number),
      provider: 'provider_a',
      key_hint: '…9f3a',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+$/),
    });
    const [row] = await t.container.db.select().from(aiProviderKeys).where(eq(aiProviderKeys.id, key.id));
    expect(row!.sealedKey).not.toContain('verysecret');
    expect(row!.sealedKey).toMatch(/^v1\./);
    expect(t.container.secretBox.open(row!.sealedKey)).toBe(secret);
    const list = await api('GET', '/ai/keys', a.viewer.token);
    expect(list.json()).toEqual([key]);
    expect(list.body).not.toContain('verysecret');
    const audit = await t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, a.orgId), eq(auditEvents.action, 'ai_key.created')));
    expect(JSON.stringify(audit)).not.toContain('verysecret');
    expect(audit.at(-1)).toMatchObject({
      resourceId: String(key.id),
      details: { provider: 'provider_a', key_hint: '…9f3a' },
    });
  });

  it('a second key for a provider replaces the first', async () => {
    await removeKeys(a);
    await addKey(a, 'provider_b', 'sk-ant-first-1111');
    const second = await addKey(a, 'provider_b', 'sk-ant-second-2222');
    const rows = await t.container.db.select().from(aiProviderKeys).where(eq(aiProviderKeys.organizationId, a.orgId));
    expect(rows).toHaveLength(1);
    expect(t.container.secretBox.open(rows[0]!.sealedKey)).toBe('sk-ant-second-2222');
    expect((await api('GET', '/ai/keys', a.viewer.token)).json()).toEqual([second]);
  });

  it('400 for the platform provider, an unknown provider, a missing or short key', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [
        { provider: 'platform', api_key: 'sk-123456789' },
        /^provider: must be one of provider_a, provider_b, provider_c, aggregator/,
      ],
      [{ provider: 'acme', api_key: 'sk-123456789' }, /^provider: /],
      [{ provider: 'provider_a' }, /^api_key: required/],
      [{ provider: 'provider_a', api_key: 'short' }, /^api_key: must be at least 8 characters/],
      [{ api_key: 'sk-123456789' }, /^provider: required/],
    ];
    for (const [body, detail] of cases) {
      const res = await api('POST', '/ai/keys', a.developer.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
  });

  it('DELETE removes the key and audits it; an unknown id is 404', async () => {
    await removeKeys(a);
    const key = await addKey(a, 'provider_c', 'AIza-delete-me-7777');
    const res = await api('DELETE', `/ai/keys/${key.id}`, a.developer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });
    expect((await api('GET', '/ai/keys', a.viewer.token)).json()).toEqual([]);
    expect((await api('DELETE', `/ai/keys/${key.id}`, a.developer.token)).statusCode).toBe(404);
    const audit = await t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, a.orgId), eq(auditEvents.action, 'ai_key.deleted')));
    expect(audit.at(-1)).toMatchObject({ resourceId: String(key.id) });
  });
});

describe('GET /ai/usage', () => {
  it('zeros for an organization without model calls', async () => {
    const zero = { input_tokens: 0, output_tokens: 0, cost_micro: 0, runs_count: 0 };
    expect((await api('GET', '/ai/usage', b.viewer.token)).json()).toEqual({
      total: zero,
      byok: zero,
      platform: zero,
      by_model: [],
    });
  });

  it('sums the usage rows: platform billed, own-key estimated, total both; runs counted once', async () => {
    const org = await createOrgWithRoles(t, 'Usage Org');
    const row = (
      runId: number | null,
      model: string,
      billing: 'platform' | 'byok',
      input: number,
      output: number,
      cost: number,
    ) =>
      insertUsage(t.container.db, {
        organizationId: org.orgId,
        runId,
        stepIndex: 0,
        purpose: runId ? 'step' : 'generate_test',
        model,
        provider: billing === 'platform' ? 'platform' : 'provider_a',
        billing,
        inputTokens: input,
        outputTokens: output,
        costMicro: cost,
        createdAt: t.clock.now(),
      });
    await row(101, PLATFORM_MODEL, 'platform', 1000, 100, 500);
    await row(101, PLATFORM_MODEL, 'platform', 2000, 200, 900);
    await row(102, 'gpt-4.1-mini:byok', 'byok', 3000, 300, 1700);
    await row(null, 'gpt-4.1-mini:byok', 'byok', 500, 50, 300);
    const res = await api('GET', '/ai/usage', org.viewer.token);
    expect(res.json()).toEqual({
      total: { input_tokens: 6500, output_tokens: 650, cost_micro: 3400, runs_count: 2 },
      byok: { input_tokens: 3500, output_tokens: 350, cost_micro: 2000, runs_count: 1 },
      platform: { input_tokens: 3000, output_tokens: 300, cost_micro: 1400, runs_count: 1 },
      by_model: [
        { model: 'gpt-4.1-mini:byok', runs: 1, cost_micro: 2000 },
        { model: PLATFORM_MODEL, runs: 1, cost_micro: 1400 },
      ],
    });
    expect((await api('GET', '/ai/usage', a.viewer.token)).json().total.cost_micro).toBe(0);
    await t.container.db.delete(aiUsage).where(eq(aiUsage.organizationId, org.orgId));
  });
});

describe('auth', () => {
  let env: AuthCaseEnv;
  let keyOfB: number;
  beforeAll(async () => {
    env = { t, a, b };
    await removeKeys(b);
    keyOfB = (await addKey(b, 'provider_a', 'sk-other-org-8888')).id;
  });
  describeAuthCases(
    () => env,
    [
      { method: 'GET', url: () => '/api/v1/ai/config', minRole: 'viewer' },
      {
        method: 'PUT',
        url: () => '/api/v1/ai/config',
        body: () => ({ default_model: 'platform/interpreter' }),
        minRole: 'developer',
      },
      { method: 'GET', url: () => '/api/v1/ai/models', minRole: 'viewer' },
      { method: 'GET', url: () => '/api/v1/ai/models/openrouter', minRole: 'viewer' },
      {
        method: 'POST',
        url: () => '/api/v1/ai/keys',
        body: () => ({ provider: 'provider_c', api_key: 'AIza-auth-case-0000' }),
        minRole: 'developer',
      },
      { method: 'GET', url: () => '/api/v1/ai/keys', minRole: 'viewer' },
      {
        method: 'DELETE',
        url: async () => `/api/v1/ai/keys/${(await addKey(a, 'provider_c', 'AIza-auth-del-0000')).id}`,
        minRole: 'developer',
        otherOrgUrl: () => `/api/v1/ai/keys/${keyOfB}`,
      },
      { method: 'GET', url: () => '/api/v1/ai/usage', minRole: 'viewer' },
      {
        method: 'POST',
        url: () => '/api/v1/ai/generate-test',
        body: () => ({ recording: [{ type: 'tap', t_ms: 0, x: 1, y: 1 }], model: 'platform/interpreter' }),
        minRole: 'viewer',
      },
    ],
  );
});
