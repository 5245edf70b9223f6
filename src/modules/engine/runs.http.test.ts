import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { auditEvents } from '../../db/schema';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import {
  createStandaloneCase,
  createSuite,
  createSuiteCase,
  insertSuiteRun,
  insertTestRun,
  useCatalogueFixture,
} from '../../../test/harness/catalogue-factories';
import { bearer, type OrgWithRoles } from '../../../test/harness/factories';
import { apiTime } from '../../http/api-time';

const fx = useCatalogueFixture();
const { api } = fx;
const caseIn = (org: OrgWithRoles, appPublicId: string) =>
  createStandaloneCase(fx.t, org.developer.token, appPublicId, { name: `run case ${Math.random()}` });

describe('test runs', () => {
  it('POST run records a pending run (any member), GET returns it, list is most recent first', async () => {
    const c = await caseIn(fx.a, fx.appA.publicId);
    const r1 = await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token);
    expect(r1.statusCode, r1.body).toBe(200);
    const run = r1.json();
    expect(run.public_id).toMatch(/^run_/);
    expect(run).toMatchObject({
      test_case_id: c.id,
      test_case_public_id: c.public_id,
      status: 'pending',
      started_at: '2026-06-01T12:00:00.000',
      finished_at: null,
      result: null,
      reasoning_log: null,
      error_message: null,
      duration_ms: null,
      model_used: null,
      tokens_used: null,
      cost_micro: null,
    });
    const r2 = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    expect((await api('GET', `/tests/runs/${run.public_id}`, fx.a.viewer.token)).json()).toEqual(run);
    const list = (await api('GET', `/tests/cases/${c.public_id}/runs`, fx.a.viewer.token)).json();
    expect(list.map((r: { public_id: string }) => r.public_id)).toEqual([r2.public_id, run.public_id]);
    const audit = await fx.t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, fx.a.orgId), eq(auditEvents.resourceId, run.public_id)));
    expect(audit.map((x) => x.action)).toEqual(['test_run.created']);
  });

  it('PATCH run sets status, result_json, error_message, duration_ms; terminal status stamps finished_at', async () => {
    const c = await caseIn(fx.a, fx.appA.publicId);
    const run = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    const running = await api('PATCH', `/tests/runs/${run.public_id}?status=running`, fx.a.viewer.token);
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json()).toMatchObject({ status: 'running', finished_at: null });
    (fx.t.clock as ManualClock).advance(5000);
    const result = { steps: [{ index: 0, status: 'passed' }], assertions: [], visual_regression_status: null };
    const q = new URLSearchParams({
      status: 'failed',
      result_json: JSON.stringify(result),
      error_message: 'Step 2 failed',
      duration_ms: '5000',
    });
    const done = await api('PATCH', `/tests/runs/${run.public_id}?${q}`, fx.a.viewer.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'failed',
      result,
      error_message: 'Step 2 failed',
      duration_ms: 5000,
      finished_at: apiTime(fx.t.clock.now()),
    });
    expect((await api('GET', `/tests/runs/${run.public_id}`, fx.a.viewer.token)).json().result).toEqual(result);
  });

  it('PATCH run: 400 for result_json that is not JSON, a bad status or a missing status', async () => {
    const c = await caseIn(fx.a, fx.appA.publicId);
    const run = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    const bad = await api(
      'PATCH',
      `/tests/runs/${run.public_id}?status=passed&result_json=${encodeURIComponent('{nope')}`,
      fx.a.viewer.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('result_json: must be valid JSON');
    expect((await api('PATCH', `/tests/runs/${run.public_id}?status=exploded`, fx.a.viewer.token)).statusCode).toBe(
      400,
    );
    expect((await api('PATCH', `/tests/runs/${run.public_id}`, fx.a.viewer.token)).json().detail).toBe(
      'status: required',
    );
    const emptyDuration = await api(
      'PATCH',
      `/tests/runs/${run.public_id}?status=failed&duration_ms=`,
      fx.a.viewer.token,
    );
    expect(emptyDuration.statusCode).toBe(400);
    expect(emptyDuration.json().detail).toBe('duration_ms: must be a whole number');
    expect((await api('GET', `/tests/runs/${run.public_id}`, fx.a.viewer.token)).json().status).toBe('pending');
  });

  it('cancel: a pending or running run ends as error "Cancelled"; finished runs 400', async () => {
    const c = await caseIn(fx.a, fx.appA.publicId);
    const now = apiTime(fx.t.clock.now());
    const pending = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    const res = await api('POST', `/tests/runs/${pending.public_id}/cancel`, fx.a.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancellation_requested' });
    expect((await api('GET', `/tests/runs/${pending.public_id}`, fx.a.viewer.token)).json()).toMatchObject({
      status: 'error',
      error_message: 'Cancelled',
      cancel_requested_at: now,
    });
    expect((await api('POST', `/tests/runs/${pending.public_id}/cancel`, fx.a.viewer.token)).statusCode).toBe(400);

    const running = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    await api('PATCH', `/tests/runs/${running.public_id}?status=running`, fx.a.viewer.token);
    expect((await api('POST', `/tests/runs/${running.public_id}/cancel`, fx.a.viewer.token)).statusCode).toBe(200);
    expect((await api('GET', `/tests/runs/${running.public_id}`, fx.a.viewer.token)).json()).toMatchObject({
      status: 'error',
      cancel_requested_at: now,
      error_message: 'Cancelled',
    });
    expect((await api('POST', `/tests/runs/${running.public_id}/cancel`, fx.a.viewer.token)).statusCode).toBe(400);

    const passed = (await api('POST', `/tests/cases/${c.public_id}/run`, fx.a.viewer.token)).json();
    await api('PATCH', `/tests/runs/${passed.public_id}?status=passed`, fx.a.viewer.token);
    const notActive = await api('POST', `/tests/runs/${passed.public_id}/cancel`, fx.a.viewer.token);
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().detail).toMatch(/not active/);
  });
});

describe('GET /tests/suite-runs/{suite_run_id}', () => {
  it('returns the suite run with its test runs', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    const c1 = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id, { name: 'one' });
    const c2 = await createSuiteCase(fx.t, fx.a.developer.token, s.public_id, { name: 'two' });
    const sr = await insertSuiteRun(fx.t, fx.a.orgId, s.id, 'running');
    const r1 = await insertTestRun(fx.t, fx.a.orgId, c1.id, 'passed', sr.id);
    const r2 = await insertTestRun(fx.t, fx.a.orgId, c2.id, 'running', sr.id);
    const res = await api('GET', `/tests/suite-runs/${sr.publicId}`, fx.a.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: sr.id,
      public_id: sr.publicId,
      suite_id: s.id,
      suite_public_id: s.public_id,
      session_id: sr.sessionId,
      status: 'running',
      reset_strategy: 'relaunch',
      finished_at: null,
      error_message: null,
      test_runs: [
        {
          id: r1.id,
          public_id: r1.publicId,
          test_case_id: c1.id,
          status: 'passed',
          duration_ms: null,
          error_message: null,
        },
        { id: r2.id, public_id: r2.publicId, test_case_id: c2.id, status: 'running' },
      ],
    });
    expect((await api('GET', '/tests/suite-runs/srun_nope', fx.a.viewer.token)).statusCode).toBe(404);
  });

  it('createSuiteRun (for the engine) takes the suite reset strategy', async () => {
    const s = await createSuite(fx.t, fx.a.developer.token);
    await fx.t.app.inject({
      method: 'PATCH',
      url: `/api/v1/tests/suites/${s.public_id}`,
      headers: bearer(fx.a.developer.token),
      payload: { reset_strategy: 'reinstall' },
    });
    const ctx = fx.systemCtx(fx.a.orgId);
    const sr = await fx.t.container.services.runs.createSuiteRun({ ctx, input: { suiteId: s.id, sessionId: null } });
    expect(sr).toMatchObject({ status: 'pending', resetStrategy: 'reinstall' });
    const list = (await api('GET', '/tests/suites', fx.a.viewer.token)).json();
    expect(list.find((x: { public_id: string }) => x.public_id === s.public_id)).toMatchObject({
      last_run_status: 'pending',
    });
  });
});

const runOf = async (org: OrgWithRoles, appPublicId: string) => {
  const c = await caseIn(org, appPublicId);
  return (await api('POST', `/tests/cases/${c.public_id}/run`, org.viewer.token)).json().public_id as string;
};

describeAuthCases(
  () => fx,
  [
    {
      method: 'POST',
      url: async () => `/api/v1/tests/cases/${(await caseIn(fx.a, fx.appA.publicId)).public_id}/run`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(fx.b, fx.appB.publicId)).public_id}/run`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/cases/${(await caseIn(fx.a, fx.appA.publicId)).public_id}/runs`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(fx.b, fx.appB.publicId)).public_id}/runs`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/runs/${await runOf(fx.a, fx.appA.publicId)}`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(fx.b, fx.appB.publicId)}`,
      minRole: 'viewer',
    },
    {
      method: 'PATCH',
      url: async () => `/api/v1/tests/runs/${await runOf(fx.a, fx.appA.publicId)}?status=running`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(fx.b, fx.appB.publicId)}?status=running`,
      minRole: 'viewer',
    },
    {
      method: 'POST',
      url: async () => `/api/v1/tests/runs/${await runOf(fx.a, fx.appA.publicId)}/cancel`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(fx.b, fx.appB.publicId)}/cancel`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => {
        const s = await createSuite(fx.t, fx.a.developer.token);
        return `/api/v1/tests/suite-runs/${(await insertSuiteRun(fx.t, fx.a.orgId, s.id, 'pending')).publicId}`;
      },
      otherOrgUrl: async () => {
        const s = await createSuite(fx.t, fx.b.developer.token);
        return `/api/v1/tests/suite-runs/${(await insertSuiteRun(fx.t, fx.b.orgId, s.id, 'pending')).publicId}`;
      },
      minRole: 'viewer',
    },
  ],
);
