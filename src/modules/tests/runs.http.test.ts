import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { systemContext } from '../../context';
import { auditEvents, testBaselines, type apps } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases } from '../../../test/harness/auth-cases';
import { createAppRow, createStandaloneCase, createSuite, createSuiteCase, insertSuiteRun, insertTestRun, apiClient } from '../../../test/harness/catalogue-factories';
import { bearer, createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { apiTime } from '../../http/api-time';
import { baselineKey } from './tests.service';

let t: TestApp;
let a: OrgWithRoles;
let b: OrgWithRoles;
let appA: typeof apps.$inferSelect;
let appB: typeof apps.$inferSelect;

beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  a = await createOrgWithRoles(t, 'Org A');
  b = await createOrgWithRoles(t, 'Org B');
  appA = await createAppRow(t, a.orgId);
  appB = await createAppRow(t, b.orgId);
});
afterAll(async () => t?.close());

const api = apiClient(() => t);
const caseIn = (org: OrgWithRoles, appPublicId: string) => createStandaloneCase(t, org.developer.token, appPublicId, { name: `run case ${Math.random()}` });

describe('test runs', () => {
  it('POST run records a pending run (any member), GET returns it, list is most recent first', async () => {
    const c = await caseIn(a, appA.publicId);
    const r1 = await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token);
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
    const r2 = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    expect((await api('GET', `/tests/runs/${run.public_id}`, a.viewer.token)).json()).toEqual(run);
    const list = (await api('GET', `/tests/cases/${c.public_id}/runs`, a.viewer.token)).json();
    expect(list.map((r: { public_id: string }) => r.public_id)).toEqual([r2.public_id, run.public_id]);
    const audit = await t.container.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, a.orgId), eq(auditEvents.resourceId, run.public_id)));
    expect(audit.map((x) => x.action)).toEqual(['test_run.created']);
  });

  it('PATCH run sets status, result_json, error_message, duration_ms; terminal status stamps finished_at', async () => {
    const c = await caseIn(a, appA.publicId);
    const run = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    const running = await api('PATCH', `/tests/runs/${run.public_id}?status=running`, a.viewer.token);
    expect(running.statusCode, running.body).toBe(200);
    expect(running.json()).toMatchObject({ status: 'running', finished_at: null });
    (t.clock as ManualClock).advance(5000);
    const result = { steps: [{ index: 0, status: 'passed' }], assertions: [], visual_regression_status: null };
    const q = new URLSearchParams({ status: 'failed', result_json: JSON.stringify(result), error_message: 'Step 2 failed', duration_ms: '5000' });
    const done = await api('PATCH', `/tests/runs/${run.public_id}?${q}`, a.viewer.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'failed', result, error_message: 'Step 2 failed', duration_ms: 5000, finished_at: apiTime(t.clock.now()) });
    expect((await api('GET', `/tests/runs/${run.public_id}`, a.viewer.token)).json().result).toEqual(result);
  });

  it('PATCH run: 400 for result_json that is not JSON, a bad status or a missing status', async () => {
    const c = await caseIn(a, appA.publicId);
    const run = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    const bad = await api('PATCH', `/tests/runs/${run.public_id}?status=passed&result_json=${encodeURIComponent('{nope')}`, a.viewer.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('result_json: must be valid JSON');
    expect((await api('PATCH', `/tests/runs/${run.public_id}?status=exploded`, a.viewer.token)).statusCode).toBe(400);
    expect((await api('PATCH', `/tests/runs/${run.public_id}`, a.viewer.token)).json().detail).toBe('status: required');
    const emptyDuration = await api('PATCH', `/tests/runs/${run.public_id}?status=failed&duration_ms=`, a.viewer.token);
    expect(emptyDuration.statusCode).toBe(400);
    expect(emptyDuration.json().detail).toBe('duration_ms: must be a whole number');
    expect((await api('GET', `/tests/runs/${run.public_id}`, a.viewer.token)).json().status).toBe('pending');
  });

  it('cancel: a pending or running run ends as error "Cancelled"; finished runs 400', async () => {
    const c = await caseIn(a, appA.publicId);
    const now = apiTime(t.clock.now());
    const pending = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    const res = await api('POST', `/tests/runs/${pending.public_id}/cancel`, a.viewer.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancellation_requested' });
    expect((await api('GET', `/tests/runs/${pending.public_id}`, a.viewer.token)).json()).toMatchObject({ status: 'error', error_message: 'Cancelled', cancel_requested_at: now });
    expect((await api('POST', `/tests/runs/${pending.public_id}/cancel`, a.viewer.token)).statusCode).toBe(400);

    const running = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    await api('PATCH', `/tests/runs/${running.public_id}?status=running`, a.viewer.token);
    expect((await api('POST', `/tests/runs/${running.public_id}/cancel`, a.viewer.token)).statusCode).toBe(200);
    expect((await api('GET', `/tests/runs/${running.public_id}`, a.viewer.token)).json()).toMatchObject({ status: 'error', cancel_requested_at: now, error_message: 'Cancelled' });
    expect((await api('POST', `/tests/runs/${running.public_id}/cancel`, a.viewer.token)).statusCode).toBe(400);

    const passed = (await api('POST', `/tests/cases/${c.public_id}/run`, a.viewer.token)).json();
    await api('PATCH', `/tests/runs/${passed.public_id}?status=passed`, a.viewer.token);
    const notActive = await api('POST', `/tests/runs/${passed.public_id}/cancel`, a.viewer.token);
    expect(notActive.statusCode).toBe(400);
    expect(notActive.json().detail).toMatch(/not active/);
  });
});

describe('GET /tests/suite-runs/{suite_run_id}', () => {
  it('returns the suite run with its test runs', async () => {
    const s = await createSuite(t, a.developer.token);
    const c1 = await createSuiteCase(t, a.developer.token, s.public_id, { name: 'one' });
    const c2 = await createSuiteCase(t, a.developer.token, s.public_id, { name: 'two' });
    const sr = await insertSuiteRun(t, a.orgId, s.id, 'running');
    const r1 = await insertTestRun(t, a.orgId, c1.id, 'passed', sr.id);
    const r2 = await insertTestRun(t, a.orgId, c2.id, 'running', sr.id);
    const res = await api('GET', `/tests/suite-runs/${sr.publicId}`, a.viewer.token);
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
        { id: r1.id, public_id: r1.publicId, test_case_id: c1.id, status: 'passed', duration_ms: null, error_message: null },
        { id: r2.id, public_id: r2.publicId, test_case_id: c2.id, status: 'running' },
      ],
    });
    expect((await api('GET', '/tests/suite-runs/srun_nope', a.viewer.token)).statusCode).toBe(404);
  });

  it('createSuiteRun (for the engine) takes the suite reset strategy', async () => {
    const s = await createSuite(t, a.developer.token);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/tests/suites/${s.public_id}`, headers: bearer(a.developer.token), payload: { reset_strategy: 'reinstall' } });
    const ctx = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: a.orgId, role: 'admin' });
    const sr = await t.container.services.tests.createSuiteRun(ctx, { suiteId: s.id, sessionId: null });
    expect(sr).toMatchObject({ status: 'pending', resetStrategy: 'reinstall' });
    const list = (await api('GET', '/tests/suites', a.viewer.token)).json();
    expect(list.find((x: { public_id: string }) => x.public_id === s.public_id)).toMatchObject({ last_run_status: 'pending' });
  });
});

async function jpeg(width: number, height: number, colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg({ quality: 80 }).toBuffer();
}

describe('baselines', () => {
  it('upsertBaseline writes the JPEG and its record; the API lists and serves them', async () => {
    const c = await caseIn(a, appA.publicId);
    const run = await insertTestRun(t, a.orgId, c.id, 'passed');
    const ctx = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: a.orgId, role: 'admin' });
    const svc = t.container.services.tests;
    const red = await jpeg(90, 160, { r: 255, g: 0, b: 0 });
    await svc.upsertBaseline(ctx, { caseId: c.id, stepIndex: 1, jpeg: red, width: 90, height: 160, deviceName: 'Pixel 8', sourceRunId: run.id });
    await svc.upsertBaseline(ctx, { caseId: c.id, stepIndex: 0, jpeg: await jpeg(90, 160, { r: 0, g: 0, b: 255 }), width: 90, height: 160, deviceName: 'Pixel 8', sourceRunId: null });
    expect(await t.container.storage.exists(baselineKey(c.public_id, 1))).toBe(true);
    (t.clock as ManualClock).advance(1000);
    const green = await jpeg(45, 80, { r: 0, g: 255, b: 0 });
    await svc.upsertBaseline(ctx, { caseId: c.id, stepIndex: 1, jpeg: green, width: 45, height: 80, deviceName: 'Pixel 8a', sourceRunId: run.id });
    const rows = await t.container.db.select().from(testBaselines).where(eq(testBaselines.testCaseId, c.id));
    expect(rows).toHaveLength(2);

    const list = await api('GET', `/tests/cases/${c.public_id}/baselines`, a.viewer.token);
    expect(list.statusCode, list.body).toBe(200);
    const body = list.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toMatchObject({ step_index: 0, width: 90, height: 160, source_run_id: null });
    expect(body[1]).toMatchObject({ step_index: 1, width: 45, height: 80, device_name: 'Pixel 8a', source_run_id: run.publicId, image_url: `/api/v1/tests/cases/${c.public_id}/baselines/step_1.jpg` });
    expect(body[1].updated_at).not.toBe(body[1].created_at);

    const img = await api('GET', `/tests/cases/${c.public_id}/baselines/step_1.jpg`, a.viewer.token);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 45, height: 80 });
    const { data } = await sharp(img.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeGreaterThan(200); // green channel of the replaced image
    expect((await api('GET', `/tests/cases/${c.public_id}/baselines/step_7.jpg`, a.viewer.token)).statusCode).toBe(404);
    expect((await api('GET', `/tests/cases/${c.public_id}/baselines/step_x.jpg`, a.viewer.token)).statusCode).toBe(400);

    // Deleting the case removes its records and files.
    await api('DELETE', `/tests/cases/${c.public_id}`, a.developer.token);
    await new Promise((r) => setTimeout(r, 50));
    expect(await t.container.storage.exists(baselineKey(c.public_id, 1))).toBe(false);
  });

  it('upsertBaseline refuses a case of another organization', async () => {
    const c = await caseIn(b, appB.publicId);
    const ctx = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: a.orgId, role: 'admin' });
    await expect(t.container.services.tests.upsertBaseline(ctx, { caseId: c.id, stepIndex: 0, jpeg: await jpeg(4, 4, { r: 0, g: 0, b: 0 }), width: 4, height: 4, deviceName: null, sourceRunId: null })).rejects.toThrow(
      /not found/,
    );
  });
});

const runOf = async (org: OrgWithRoles, appPublicId: string) => {
  const c = await caseIn(org, appPublicId);
  return (await api('POST', `/tests/cases/${c.public_id}/run`, org.viewer.token)).json().public_id as string;
};

describeAuthCases(
  () => ({ t, a, b }),
  [
    {
      method: 'POST',
      url: async () => `/api/v1/tests/cases/${(await caseIn(a, appA.publicId)).public_id}/run`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(b, appB.publicId)).public_id}/run`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/cases/${(await caseIn(a, appA.publicId)).public_id}/runs`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(b, appB.publicId)).public_id}/runs`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/cases/${(await caseIn(a, appA.publicId)).public_id}/baselines`,
      otherOrgUrl: async () => `/api/v1/tests/cases/${(await caseIn(b, appB.publicId)).public_id}/baselines`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => {
        const c = await caseIn(a, appA.publicId);
        const ctx = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: a.orgId, role: 'admin' });
        await t.container.services.tests.upsertBaseline(ctx, { caseId: c.id, stepIndex: 0, jpeg: await jpeg(4, 4, { r: 1, g: 2, b: 3 }), width: 4, height: 4, deviceName: null, sourceRunId: null });
        return `/api/v1/tests/cases/${c.public_id}/baselines/step_0.jpg`;
      },
      otherOrgUrl: async () => {
        const c = await caseIn(b, appB.publicId);
        const ctx = systemContext({ db: t.container.db, clock: t.clock, log: t.container.log }, { id: b.orgId, role: 'admin' });
        await t.container.services.tests.upsertBaseline(ctx, { caseId: c.id, stepIndex: 0, jpeg: await jpeg(4, 4, { r: 1, g: 2, b: 3 }), width: 4, height: 4, deviceName: null, sourceRunId: null });
        return `/api/v1/tests/cases/${c.public_id}/baselines/step_0.jpg`;
      },
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => `/api/v1/tests/runs/${await runOf(a, appA.publicId)}`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(b, appB.publicId)}`,
      minRole: 'viewer',
    },
    {
      method: 'PATCH',
      url: async () => `/api/v1/tests/runs/${await runOf(a, appA.publicId)}?status=running`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(b, appB.publicId)}?status=running`,
      minRole: 'viewer',
    },
    {
      method: 'POST',
      url: async () => `/api/v1/tests/runs/${await runOf(a, appA.publicId)}/cancel`,
      otherOrgUrl: async () => `/api/v1/tests/runs/${await runOf(b, appB.publicId)}/cancel`,
      minRole: 'viewer',
    },
    {
      method: 'GET',
      url: async () => {
        const s = await createSuite(t, a.developer.token);
        return `/api/v1/tests/suite-runs/${(await insertSuiteRun(t, a.orgId, s.id, 'pending')).publicId}`;
      },
      otherOrgUrl: async () => {
        const s = await createSuite(t, b.developer.token);
        return `/api/v1/tests/suite-runs/${(await insertSuiteRun(t, b.orgId, s.id, 'pending')).publicId}`;
      },
      minRole: 'viewer',
    },
  ],
);
