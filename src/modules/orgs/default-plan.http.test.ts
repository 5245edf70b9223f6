import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { signup } from '../../../test/harness/factories';

/** The plan a self-served sign-up's organization starts on, as its admin reads it. */
async function newOrgPlan(t: TestApp): Promise<string> {
  const admin = await signup(t);
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/organizations/${admin.orgId}`,
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().plan_id;
}

describe('the plan of new organizations', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('without billing configured (no Stripe key) and no DEFAULT_PLAN: no session or streaming caps', async () => {
    t = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: '' } });
    expect(t.container.config.plans.defaultPlan).toBe('enterprise');
    expect(await newOrgPlan(t)).toBe('enterprise');
  });

  it('with billing configured and no DEFAULT_PLAN: the free plan, as the hosted product sells it', async () => {
    t = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: '', STRIPE_SECRET_KEY: 'sk_test_0123456789' } });
    expect(await newOrgPlan(t)).toBe('free');
  });

  it('DEFAULT_PLAN decides when it is set, with or without billing', async () => {
    t = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: 'starter', STRIPE_SECRET_KEY: 'sk_test_0123456789' } });
    expect(await newOrgPlan(t)).toBe('starter');
    await t.close();
    t = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: 'free' } });
    expect(await newOrgPlan(t)).toBe('free');
  });
});
