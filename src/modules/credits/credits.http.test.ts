import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { sessions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import {
  expectLedgerBalanced,
  grant,
  insertBilledRun,
  orgCtx,
  setPlan,
  usd,
} from '../../../test/harness/credits-factories';
import { addMember, bearer, createOrgWithRoles } from '../../../test/harness/factories';

let t: TestApp;
let env: AuthCaseEnv;
const clock = () => t.clock as ManualClock;
const api = (method: 'GET' | 'POST', url: string, token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const settle = (orgId: number, run: { id: number; costMicro: number | null; modelUsed: string | null }) =>
  t.container.services.credits.metering.settleRunCost({
    ctx: orgCtx(t, orgId),
    input: { runId: run.id, model: run.modelUsed, costMicro: run.costMicro ?? 0, billing: 'platform' },
  });

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  env = { t, a: await createOrgWithRoles(t, 'Org A'), b: await createOrgWithRoles(t, 'Org B') };
});
afterEach(async () => {
  await expectLedgerBalanced(t);
  clock().set('2026-06-01T12:00:00Z');
});
afterAll(async () => {
  await t?.close();
});

describe('GET /credits/balance', () => {
  it('a new free organization: its $1 allowance, no prepaid credit, no period end, the bundles and custom bounds', async () => {
    const org = await createOrgWithRoles(t);
    const res = await api('GET', '/credits/balance', org.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      allowance_micro: 1_000_000,
      prepaid_micro: 0,
      plan_allowance_micro: 1_000_000,
      plan_period_end: null,
      low_balance: false,
      bundles: [
        { bundle_key: 'credits_10', amount_micro: 10_000_000 },
        { bundle_key: 'credits_25', amount_micro: 25_000_000 },
        { bundle_key: 'credits_50', amount_micro: 50_000_000 },
        { bundle_key: 'credits_100', amount_micro: 100_000_000 },
      ],
      custom_min_micro: 5_000_000,
      custom_max_micro: 1_000_000_000,
      plan_id: 'free',
      topup_available: false,
    });
  });

  it('a paid plan shows its period end; low_balance follows allowance + prepaid', async () => {
    const org = await createOrgWithRoles(t);
    await setPlan(t, org.orgId, 'professional');
    const before = (await api('GET', '/credits/balance', org.viewer.token)).json();
    expect(before).toMatchObject({
      allowance_micro: usd(75),
      plan_allowance_micro: usd(75),
      plan_period_end: '2026-07-01T00:00:00.000',
      low_balance: false,
    });
    // Under 10 % of $75 is low, though more than $1.
    await settle(org.orgId, await insertBilledRun(t, org.orgId, { costMicro: usd(68) }));
    expect((await api('GET', '/credits/balance', org.viewer.token)).json()).toMatchObject({
      allowance_micro: usd(7),
      prepaid_micro: 0,
      low_balance: true,
    });
    await grant(t, org.orgId, 1);
    expect((await api('GET', '/credits/balance', org.viewer.token)).json()).toMatchObject({
      prepaid_micro: usd(1),
      low_balance: false,
    });
  });

  it('a balance read after the period ended shows the refilled allowance', async () => {
    const org = await createOrgWithRoles(t);
    await settle(org.orgId, await insertBilledRun(t, org.orgId, { costMicro: usd(0.75) }));
    expect((await api('GET', '/credits/balance', org.viewer.token)).json().allowance_micro).toBe(usd(0.25));
    clock().set('2026-07-01T00:00:01Z');
    // A login token of June has expired by now: a fresh member reads it.
    const member = await addMember(t, org.orgId, 'viewer');
    expect((await api('GET', '/credits/balance', member.token)).json().allowance_micro).toBe(usd(1));
  });
});

describe('GET /credits/ledger', () => {
  it('lists entries most recent first with every field; limit (default 20, max 100) and offset page through them', async () => {
    const org = await createOrgWithRoles(t);
    await grant(t, org.orgId, 2);
    const runs = [];
    for (let i = 0; i < 24; i++) {
      clock().advance(1000);
      const run = await insertBilledRun(t, org.orgId, { costMicro: 10_000 + i });
      runs.push(run);
      await settle(org.orgId, run);
    }
    const first = (await api('GET', '/credits/ledger', org.viewer.token)).json();
    expect(first.total).toBe(26); // the opening refill, the grant, 24 deductions
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]).toEqual({
      id: expect.any(Number),
      created_at: '2026-06-01T12:00:24.000',
      entry_type: 'usage_deduction',
      balance_bucket: 'allowance',
      amount_micro: -10_023,
      model: 'platform/vision-1',
      test_run_id: runs[23]!.id,
      is_streaming: false,
      session_id: null,
      lapsed_micro: null,
      note: null,
    });
    const ids = first.entries.map((e: { id: number }) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);
    const rest = (await api('GET', '/credits/ledger?limit=100&offset=20', org.viewer.token)).json();
    expect(rest.entries.map((e: { entry_type: string }) => e.entry_type).slice(-2)).toEqual([
      'grant',
      'subscription_refill',
    ]);
    expect(rest.entries).toHaveLength(6);
    expect(rest.entries[5]).toMatchObject({
      entry_type: 'subscription_refill',
      balance_bucket: 'allowance',
      amount_micro: usd(1),
      lapsed_micro: 0,
    });
    for (const bad of ['limit=101', 'limit=0', 'offset=-1', 'limit=ten']) {
      const res = await api('GET', `/credits/ledger?${bad}`, org.viewer.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().detail).toMatch(/^(limit|offset): /);
    }
  });

  it("never shows another organization's entries", async () => {
    await grant(t, env.b.orgId, 7);
    const mine = (await api('GET', '/credits/ledger?limit=100', env.a.admin.token)).json();
    expect(mine.entries.some((e: { amount_micro: number }) => e.amount_micro === usd(7))).toBe(false);
  });
});

describe('GET /usage/dashboard', () => {
  it('this month: plan, sessions, AI cost platform and BYOK, by model, streaming (live sessions included) and the five metrics', async () => {
    const org = await createOrgWithRoles(t);
    await setPlan(t, org.orgId, 'starter');
    const now = clock().now().getTime();
    const min = 60_000;
    await t.container.db.insert(sessions).values([
      // 40 minutes this month, then a live session running for 12 minutes.
      {
        sessionId: randomUUID(),
        organizationId: org.orgId,
        deviceType: 'ios',
        status: 'stopped',
        startTime: new Date(now - 100 * min),
        endTime: new Date(now - 60 * min),
        createdAt: new Date(now - 100 * min),
      },
      {
        sessionId: randomUUID(),
        organizationId: org.orgId,
        deviceType: 'android',
        status: 'active',
        startTime: new Date(now - 12 * min),
        createdAt: new Date(now - 13 * min),
      },
      // Last month's does not count.
      {
        sessionId: randomUUID(),
        organizationId: org.orgId,
        deviceType: 'ios',
        status: 'stopped',
        startTime: new Date('2026-05-20T10:00:00Z'),
        endTime: new Date('2026-05-20T11:00:00Z'),
        createdAt: new Date('2026-05-20T10:00:00Z'),
      },
    ]);
    for (const cost of [usd(0.2), usd(0.3)])
      await settle(org.orgId, await insertBilledRun(t, org.orgId, { costMicro: cost }));
    await insertBilledRun(t, org.orgId, {
      provider: 'provider_a',
      model: 'gpt-4o:byok',
      costMicro: usd(0.15),
      tokens: 12_000,
    });
    await insertBilledRun(t, org.orgId, { provider: 'platform', model: 'platform/interpreter', costMicro: 0 });
    await insertBilledRun(t, org.orgId, { costMicro: usd(9), createdAt: new Date('2026-05-31T23:00:00Z') });

    const res = await api('GET', '/usage/dashboard', org.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      plan_id: 'starter',
      plan_name: 'Starter',
      monthly_sessions: 2,
      ai_cost_micro: usd(0.5),
      byok_cost_micro: usd(0.15),
      ai_runs: 2,
      byok_runs: 1,
      by_model: [
        { model: 'platform/vision-1', runs: 2, cost_micro: usd(0.5) },
        { model: 'gpt-4o:byok', runs: 1, cost_micro: usd(0.15) },
        { model: 'platform/interpreter', runs: 1, cost_micro: 0 },
      ],
      streaming_overage_minutes: 0,
      streaming_overage_micro: 0,
      ai_credit_platform: { current: 0.5, limit: 15, unit: 'USD' },
      ai_tokens_byok: { current: 12_000, limit: null, unit: 'tokens' },
      streaming_minutes: { current: 52, limit: 500, unit: 'minutes' },
      active_sessions: { current: 1, limit: 5, unit: 'sessions' },
      // Without billing configured no storage quota applies (docs/design/0024-uploads.md).
      storage: { current: 0, limit: null, unit: 'MB' },
      period_start: '2026-06-01T00:00:00.000',
      period_end: '2026-07-01T00:00:00.000',
    });
    clock().advance(90_000);
    expect((await api('GET', '/usage/dashboard', org.viewer.token)).json().streaming_minutes.current).toBe(53.5);
  });

  it('enterprise: unlimited metrics are null', async () => {
    const org = await createOrgWithRoles(t);
    await setPlan(t, org.orgId, 'enterprise', 250);
    const body = (await api('GET', '/usage/dashboard', org.viewer.token)).json();
    expect(body).toMatchObject({
      plan_id: 'enterprise',
      plan_name: 'Enterprise',
      ai_credit_platform: { limit: 250 },
      streaming_minutes: { limit: null },
      active_sessions: { limit: null },
    });
  });
});

describe('POST /credits/topup without a payment provider', () => {
  it('503 for a valid request; 400 for an invalid one', async () => {
    const res = await api('POST', '/credits/topup', env.a.admin.token, { bundle_key: 'credits_10' });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toMatch(/^Billing is not available/);
    expect((await api('POST', '/credits/topup', env.a.admin.token, {})).statusCode).toBe(400);
  });
});

describeAuthCases(
  () => env,
  [
    { method: 'GET', url: () => '/api/v1/credits/balance', minRole: 'viewer' },
    { method: 'GET', url: () => '/api/v1/credits/ledger', minRole: 'viewer' },
    { method: 'GET', url: () => '/api/v1/usage/dashboard', minRole: 'viewer' },
    {
      method: 'POST',
      url: () => '/api/v1/credits/topup',
      body: () => ({ bundle_key: 'credits_10' }),
      minRole: 'admin',
    },
  ],
);
