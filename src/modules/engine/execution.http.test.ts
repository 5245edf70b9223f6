import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, domainEvents, suiteRuns, testRuns } from '../../db/schema';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  iosPhone,
  runLeaseOf,
  uploadSample,
  type EngineFixture,
} from '../../../test/harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { insertAppWithBuild } from '../../../test/harness/session-app-factories';
import { api } from '../../../test/harness/sessions-factories';

/**
 * POST /ai/test/run, /ai/suite/run and /ai/suite/run/{id}/cancel. Background jobs are off, so an
 * accepted run stays `pending` and keeps its session: what is asserted is what the request wrote.
 */
let f: EngineFixture;
let b: OrgWithRoles;
const other = {} as {
  appId: string;
  buildId: number;
  caseId: string;
  caseNumericId: number;
  suiteId: string;
  suiteNumericId: number;
  sessionId: string;
};
let caseId: string;
let caseNumericId: number;
let suiteId: string;
let suiteNumericId: number;
/** A suite without an app, and a case in it. */
let bareSuiteId: string;
let bareCaseId: string;

const post = (token: string, url: string, body: unknown) => api(f.t, token, 'POST', url, body);
const dev = () => f.org.developer.token;

beforeAll(async () => {
  f = await createEngineFixture({ devices: [...androidPhones(5), iosPhone()], app: { jobs: false } });
  b = await createOrgWithRoles(f.t, 'Other Org');
  Object.assign(other, await uploadSample(f.t, b.developer.token));
  const fb = { t: f.t, org: b, appId: other.appId };
  other.suiteId = await createSuite(fb);
  other.caseId = await createCase(fb, other.suiteId, { mode: 'ai', steps: ['tap Sign in'] });
  other.caseNumericId = (await api(f.t, b.developer.token, 'GET', `/tests/cases/${other.caseId}`)).json().id;
  other.suiteNumericId = (await api(f.t, b.developer.token, 'GET', `/tests/suites/${other.suiteId}`)).json().id;
  other.sessionId = await activeSession(fb, undefined, b.developer.token);

  suiteId = await createSuite(f);
  suiteNumericId = (await api(f.t, dev(), 'GET', `/tests/suites/${suiteId}`)).json().id;
  caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['tap Sign in'] });
  caseNumericId = (await api(f.t, dev(), 'GET', `/tests/cases/${caseId}`)).json().id;
  const bare = await api(f.t, dev(), 'POST', '/tests/suites', { name: 'No app' });
  bareSuiteId = bare.json().public_id;
  bareCaseId = await createCase(f, bareSuiteId, { mode: 'ai', steps: ['tap Sign in'] });
});
afterAll(async () => {
  await f?.close();
});

/** Cancels a pending run so that its session is free again. */
async function free(runPublicId: string) {
  expect((await post(dev(), `/tests/runs/${runPublicId}/cancel`, undefined)).statusCode).toBe(200);
}

describe('POST /ai/test/run', () => {
  let session: string;
  beforeAll(async () => {
    session = await activeSession(f);
  });

  it('accepts a run: started with a message and no warnings; the run, its reservation, event and audit row are written', async () => {
    const res = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      run_id: expect.any(Number),
      run_public_id: expect.stringMatching(/^run_/),
      status: 'started',
      message: expect.stringContaining(body.run_public_id),
      warnings: null,
    });
    const run = (await api(f.t, dev(), 'GET', `/tests/runs/${body.run_public_id}`)).json();
    expect(run).toMatchObject({
      id: body.run_id,
      test_case_id: caseNumericId,
      test_case_public_id: caseId,
      status: 'pending',
      model_used: 'platform/interpreter',
      result: null,
      finished_at: null,
    });
    const [row] = await f.t.container.db.select().from(testRuns).where(eq(testRuns.id, body.run_id));
    expect(row).toMatchObject({
      sessionId: session,
      mode: 'hybrid',
      fuzzyMatch: null,
      buildId: null,
      model: 'platform/interpreter',
      provider: 'platform',
    });
    expect(await runLeaseOf(f.t, session)).toBe(body.run_public_id);
    const events = await f.t.container.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, f.org.orgId), eq(domainEvents.type, 'run.started')));
    expect(events.map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        kind: 'test_run',
        run_public_id: body.run_public_id,
        test_case_id: caseId,
        session_id: session,
        mode: 'hybrid',
      }),
    );
    const audit = await f.t.container.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, body.run_public_id));
    expect(audit.map((a) => a.action)).toEqual(['test_run.started']);
    await free(body.run_public_id);
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });

  it('takes the legacy numeric test_case_id, and every option: mode, fuzzy_match, model, provider, build_id', async () => {
    const res = await post(dev(), '/ai/test/run', {
      test_case_id: caseNumericId,
      session_id: session,
      mode: 'replay',
      fuzzy_match: false,
      model: 'platform/interpreter',
      provider: 'platform',
      build_id: f.buildId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await f.t.container.db.select().from(testRuns).where(eq(testRuns.id, res.json().run_id));
    expect(row).toMatchObject({
      testCaseId: caseNumericId,
      mode: 'replay',
      fuzzyMatch: false,
      buildId: f.buildId,
      model: 'platform/interpreter',
    });
    await free(res.json().run_public_id);
    const ai = await post(f.org.admin.token, '/ai/test/run', {
      test_case_public_id: caseId,
      session_id: session,
      mode: 'ai',
    });
    expect(ai.statusCode, ai.body).toBe(200);
    await free(ai.json().run_public_id);
  });

  it('400 for neither or both case ids, an unknown mode, model or provider, a bad fuzzy_match or build_id, a missing session_id', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ session_id: session }, /^test_case_public_id: give exactly one of test_case_public_id and test_case_id/],
      [
        { test_case_public_id: caseId, test_case_id: caseNumericId, session_id: session },
        /^test_case_public_id: give exactly one/,
      ],
      [{ test_case_public_id: caseId, session_id: session, mode: 'turbo' }, /^mode:/],
      [{ test_case_public_id: caseId, session_id: session, model: 'gpt-9' }, /^model: unknown model gpt-9/],
      [{ test_case_public_id: caseId, session_id: session, provider: 'acme' }, /^provider: acme/],
      [
        { test_case_public_id: caseId, session_id: session, provider: 'provider_a' },
        /^provider: provider_a is not configured/,
      ],
      [{ test_case_public_id: caseId, session_id: session, fuzzy_match: 'yes' }, /^fuzzy_match:/],
      [{ test_case_public_id: caseId, session_id: session, build_id: 'one' }, /^build_id:/],
      [{ test_case_public_id: caseId }, /^session_id:/],
      [{ test_case_id: 'abc', session_id: session }, /^test_case_id:/],
    ];
    for (const [body, detail] of cases) {
      const res = await post(dev(), '/ai/test/run', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });

  it("404 for an unknown case or session, and for another organization's case or session", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ test_case_public_id: 'tc_doesnotexist', session_id: session }, 'Test case not found'],
      [{ test_case_id: 2_000_000_000, session_id: session }, 'Test case not found'],
      [{ test_case_public_id: other.caseId, session_id: session }, 'Test case not found'],
      [{ test_case_id: other.caseNumericId, session_id: session }, 'Test case not found'],
      [{ test_case_public_id: caseId, session_id: randomUUID() }, 'Session not found'],
      [{ test_case_public_id: caseId, session_id: 'not-a-session' }, 'Session not found'],
      [{ test_case_public_id: caseId, session_id: other.sessionId }, 'Session not found'],
    ];
    for (const [body, detail] of cases) {
      const res = await post(dev(), '/ai/test/run', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json()).toEqual({ detail });
    }
    expect(await runLeaseOf(f.t, other.sessionId)).toBeNull();
  });

  it('400 for a session that is not active, or whose device is of another platform than the app', async () => {
    const stopped = await activeSession(f);
    await api(f.t, dev(), 'DELETE', `/sessions/${stopped}`);
    const res = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: stopped });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('session_id: the session is not active (status stopped)');

    const ios = await activeSession(f, { device_type: 'ios', device_category: 'phone' });
    const wrong = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: ios });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().detail).toBe('session_id: the session runs ios, the app is for android');
    // The refused run left the session free.
    expect(await runLeaseOf(f.t, ios)).toBeNull();
    await api(f.t, dev(), 'DELETE', `/sessions/${ios}`);
  });

  it("build_id: 400 when the case has no app, 404 for an unknown build, 403 for another app's or organization's build", async () => {
    const otherApp = await insertAppWithBuild(f.t, f.org.orgId, {
      platform: 'android',
      packageName: 'com.example.other',
      file: Buffer.from('x'),
      fileName: 'other.apk',
    });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ test_case_public_id: bareCaseId, build_id: f.buildId }, 400, 'build_id: the case has no app'],
      [{ test_case_public_id: caseId, build_id: 2_000_000_000 }, 404, 'Build not found'],
      [{ test_case_public_id: caseId, build_id: otherApp.build.id }, 403, 'The build belongs to another app'],
      [{ test_case_public_id: caseId, build_id: other.buildId }, 403, 'The build belongs to another organization'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await post(dev(), '/ai/test/run', { session_id: session, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ detail });
    }
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });

  it('409 while another run holds the session; free again once that run is cancelled', async () => {
    const first = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session });
    expect(first.statusCode).toBe(200);
    const second = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('The session is busy with another run; wait for it to finish or cancel it');
    const suite = await post(dev(), '/ai/suite/run', { suite_public_id: suiteId, session_id: session });
    expect(suite.statusCode).toBe(409);
    // The refused requests wrote nothing.
    expect(
      await f.t.container.db
        .select()
        .from(testRuns)
        .where(and(eq(testRuns.sessionId, session), eq(testRuns.status, 'pending'))),
    ).toHaveLength(1);
    await free(first.json().run_public_id);
    const third = await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session });
    expect(third.statusCode, third.body).toBe(200);
    await free(third.json().run_public_id);
  });

  it('an executed run cannot be ended by PATCH (409 naming the engine, whatever the role); it keeps its session', async () => {
    const started = (await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session })).json();
    for (const token of [f.org.viewer.token, dev(), f.org.admin.token]) {
      const res = await api(
        f.t,
        token,
        'PATCH',
        `/tests/runs/${started.run_public_id}?status=failed&error_message=stopped%20by%20CI`,
      );
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        detail: `${started.run_public_id} is executed by the engine; its outcome is set when it finishes`,
      });
    }
    expect((await api(f.t, dev(), 'GET', `/tests/runs/${started.run_public_id}`)).json()).toMatchObject({
      status: 'pending',
      error_message: null,
    });
    expect(await runLeaseOf(f.t, session)).toBe(started.run_public_id);
    await free(started.run_public_id);
  });

  it('cancel of an accepted run ends it as error "Cancelled" with a run.cancelled event; cancelling it again is 400', async () => {
    const started = (await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: session })).json();
    // Another member's run: a viewer may not end it.
    const byViewer = await post(f.org.viewer.token, `/tests/runs/${started.run_public_id}/cancel`, undefined);
    expect(byViewer.statusCode, byViewer.body).toBe(403);
    expect(byViewer.json().detail).toBe(
      'Only the member who started the run, or the developer role or above, may do this',
    );
    const res = await post(f.org.admin.token, `/tests/runs/${started.run_public_id}/cancel`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancellation_requested' });
    expect((await api(f.t, dev(), 'GET', `/tests/runs/${started.run_public_id}`)).json()).toMatchObject({
      status: 'error',
      error_message: 'Cancelled',
      finished_at: expect.any(String),
    });
    const cancelled = await f.t.container.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, f.org.orgId), eq(domainEvents.type, 'run.cancelled')));
    expect(cancelled.map((e) => (e.data as { run_public_id: string }).run_public_id)).toContain(started.run_public_id);
    const again = await post(dev(), `/tests/runs/${started.run_public_id}/cancel`, undefined);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('Test run is not active (status error)');
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });
});

describe('POST /ai/suite/run', () => {
  let session: string;
  beforeAll(async () => {
    session = await activeSession(f);
  });

  it('a device matrix is refused with where to send it; nothing is reserved', async () => {
    const res = await post(dev(), '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: session,
      devices: [{ device_type: 'ios', category: 'tablet' }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(
      /a device matrix runs on devices the server allocates: send devices to POST \/ci\/run-suite/,
    );
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });

  it('any member may start one on a session they control: pending, with its reservation, event and audit row; the legacy numeric suite_id works', async () => {
    // A viewer controls only their own sessions: another member's is 403.
    const onOthers = await post(f.org.viewer.token, '/ai/suite/run', { suite_public_id: suiteId, session_id: session });
    expect(onOthers.statusCode).toBe(403);
    expect(onOthers.json().detail).toBe(
      'Only the member who created the session, or the developer role or above, may do this',
    );
    expect(await runLeaseOf(f.t, session)).toBeNull();
    const own = await activeSession(f, undefined, f.org.viewer.token);
    const res = await post(f.org.viewer.token, '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: own,
      mode: 'replay',
      fuzzy_match: true,
      build_id: f.buildId,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      suite_run_id: expect.any(Number),
      suite_run_public_id: expect.stringMatching(/^srun_/),
      status: 'pending',
    });
    expect(await runLeaseOf(f.t, own)).toBe(body.suite_run_public_id);
    const got = (await api(f.t, f.org.viewer.token, 'GET', `/tests/suite-runs/${body.suite_run_public_id}`)).json();
    expect(got).toMatchObject({
      id: body.suite_run_id,
      suite_id: suiteNumericId,
      session_id: own,
      status: 'pending',
      reset_strategy: 'relaunch',
      test_runs: [],
    });
    const [row] = await f.t.container.db.select().from(suiteRuns).where(eq(suiteRuns.id, body.suite_run_id));
    expect(row).toMatchObject({ mode: 'replay', fuzzyMatch: true, buildId: f.buildId, model: 'platform/interpreter' });
    const audit = await f.t.container.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resourceId, body.suite_run_public_id));
    expect(audit.map((a) => a.action)).toEqual(['suite_run.started']);
    const started = await f.t.container.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, f.org.orgId), eq(domainEvents.type, 'run.started')));
    expect(started.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ kind: 'suite_run', suite_run_public_id: body.suite_run_public_id, suite_id: suiteId }),
    );

    // A test run cannot take the session the suite run holds.
    expect((await post(dev(), '/ai/test/run', { test_case_public_id: caseId, session_id: own })).statusCode).toBe(409);
    // The viewer who started it may cancel it.
    expect((await post(f.org.viewer.token, `/ai/suite/run/${body.suite_run_id}/cancel`, undefined)).statusCode).toBe(
      200,
    );
    expect(await runLeaseOf(f.t, own)).toBeNull();
    await api(f.t, f.org.viewer.token, 'DELETE', `/sessions/${own}`);

    const legacy = await post(dev(), '/ai/suite/run', { suite_id: suiteNumericId, session_id: session });
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect((await post(dev(), `/ai/suite/run/${legacy.json().suite_run_id}/cancel`, undefined)).statusCode).toBe(200);
  });

  it('400 for neither or both suite ids and unknown options; 404 for unknown or foreign suites and sessions', async () => {
    const bad: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ session_id: session }, 400, /^suite_public_id: give exactly one of suite_public_id and suite_id/],
      [
        { suite_public_id: suiteId, suite_id: suiteNumericId, session_id: session },
        400,
        /^suite_public_id: give exactly one/,
      ],
      [{ suite_public_id: suiteId, session_id: session, mode: 'manual' }, 400, /^mode:/],
      [{ suite_public_id: suiteId, session_id: session, model: 'claude-x' }, 400, /^model: unknown model/],
      [
        { suite_public_id: suiteId, session_id: session, provider: 'aggregator' },
        400,
        /^provider: aggregator is not configured/,
      ],
      [{ suite_public_id: 'ste_nope', session_id: session }, 404, /^Test suite not found$/],
      [{ suite_id: 2_000_000_000, session_id: session }, 404, /^Test suite not found$/],
      [{ suite_public_id: other.suiteId, session_id: session }, 404, /^Test suite not found$/],
      [{ suite_id: other.suiteNumericId, session_id: session }, 404, /^Test suite not found$/],
      [{ suite_public_id: suiteId, session_id: other.sessionId }, 404, /^Session not found$/],
      [{ suite_public_id: suiteId, session_id: randomUUID() }, 404, /^Session not found$/],
    ];
    for (const [body, status, detail] of bad) {
      const res = await post(dev(), '/ai/suite/run', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().detail, JSON.stringify(body)).toMatch(detail);
    }
    expect(await runLeaseOf(f.t, session)).toBeNull();
  });

  it("build_id: 400 when the suite has no app, 404 for an unknown build, 403 for another organization's build", async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ suite_public_id: bareSuiteId, build_id: f.buildId }, 400, 'build_id: the suite has no app'],
      [{ suite_public_id: suiteId, build_id: 2_000_000_000 }, 404, 'Build not found'],
      [{ suite_public_id: suiteId, build_id: other.buildId }, 403, 'The build belongs to another organization'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await post(dev(), '/ai/suite/run', { session_id: session, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toEqual({ detail });
    }
  });
});

describe('POST /ai/suite/run/{suite_run_id}/cancel', () => {
  it('takes the numeric id: a pending suite run ends cancelled at once and frees its session; then 400', async () => {
    const session = await activeSession(f);
    const started = (await post(dev(), '/ai/suite/run', { suite_public_id: suiteId, session_id: session })).json();
    const byViewer = await post(f.org.viewer.token, `/ai/suite/run/${started.suite_run_id}/cancel`, undefined);
    expect(byViewer.statusCode, byViewer.body).toBe(403);
    expect(byViewer.json().detail).toBe(
      'Only the member who started the suite run, or the developer role or above, may do this',
    );
    const res = await post(dev(), `/ai/suite/run/${started.suite_run_id}/cancel`, undefined);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'cancellation_requested' });
    const got = (await api(f.t, dev(), 'GET', `/tests/suite-runs/${started.suite_run_public_id}`)).json();
    expect(got).toMatchObject({
      status: 'cancelled',
      finished_at: expect.any(String),
      cancel_requested_at: expect.any(String),
    });
    expect(await runLeaseOf(f.t, session)).toBeNull();
    const cancelled = await f.t.container.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.organizationId, f.org.orgId), eq(domainEvents.type, 'run.cancelled')));
    expect(cancelled.map((e) => e.data)).toContainEqual(
      expect.objectContaining({
        kind: 'suite_run',
        suite_run_public_id: started.suite_run_public_id,
        status: 'cancelled',
      }),
    );

    const again = await post(dev(), `/ai/suite/run/${started.suite_run_id}/cancel`, undefined);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('The suite run is not active (status cancelled)');
  });

  it('400 for a public id in the path, 404 for an unknown id', async () => {
    const session = await activeSession(f);
    const started = (await post(dev(), '/ai/suite/run', { suite_public_id: suiteId, session_id: session })).json();
    const byPublic = await post(dev(), `/ai/suite/run/${started.suite_run_public_id}/cancel`, undefined);
    expect(byPublic.statusCode).toBe(400);
    expect(byPublic.json().detail).toMatch(/^suite_run_id:/);
    expect((await post(dev(), '/ai/suite/run/2000000000/cancel', undefined)).json()).toEqual({
      detail: 'Suite run not found',
    });
    expect((await post(dev(), `/ai/suite/run/${started.suite_run_id}/cancel`, undefined)).statusCode).toBe(200);
  });
});

const authEnv = (): AuthCaseEnv => ({ t: f.t, a: f.org, b });

describeAuthCases(authEnv, [
  {
    method: 'POST',
    url: () => '/api/v1/ai/test/run',
    body: () => ({ test_case_public_id: caseId, session_id: randomUUID() }),
    minRole: 'developer',
  },
  {
    method: 'POST',
    url: () => '/api/v1/ai/suite/run',
    body: () => ({ suite_public_id: suiteId, session_id: randomUUID() }),
    minRole: 'viewer',
  },
  {
    method: 'POST',
    url: () => '/api/v1/ai/suite/run/1/cancel',
    // Org B's pending suite run: org A's admin must get 404 (and must not cancel it).
    otherOrgUrl: async () => {
      const run = await post(b.admin.token, '/ai/suite/run', {
        suite_public_id: other.suiteId,
        session_id: other.sessionId,
      });
      if (run.statusCode !== 200) throw new Error(run.body);
      return `/api/v1/ai/suite/run/${run.json().suite_run_id}/cancel`;
    },
    minRole: 'viewer',
  },
]);
