import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../src/db/schema';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import {
  activeSession,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  waitForSuiteRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import { createOrgWithRoles } from '../harness/factories';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * Retries, flaky cases and quarantine on the virtual fleet with the sample app. The flaky case
 * flips the Dark mode switch and expects it off: with `relaunch` the app keeps its state between
 * attempts, so the first attempt (off → on) fails and the second (on → off) passes.
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];
const FLIP = ['Tap Settings', 'tap Dark mode', 'verify Dark mode is off'];
const BROKEN = ['verify "Welcome, nobody" is visible'];

describe('suite retries, flaky cases and quarantine', () => {
  let f: EngineFixture;
  const dev = () => f.org.developer.token;
  const post = (url: string, body: unknown, token = dev()) => api(f.t, token, 'POST', url, body);

  beforeAll(async () => {
    f = await createEngineFixture();
  });
  afterAll(async () => {
    await f?.close();
  });

  async function flakySuite(settings: Record<string, unknown>) {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'relaunch', ...settings });
    await createCase(f, suiteId, { name: 'Sign in', mode: 'ai', steps: SIGN_IN });
    const flip = await createCase(f, suiteId, { name: 'Dark mode flip', mode: 'ai', steps: FLIP });
    return { suiteId, flip };
  }

  async function runSuite(suiteId: string, extra: Record<string, unknown> = {}) {
    const sessionId = await activeSession(f);
    const res = await post('/ai/suite/run', { suite_public_id: suiteId, session_id: sessionId, mode: 'ai', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitForSuiteRun(f, res.json().suite_run_public_id, 60_000);
    await api(f.t, dev(), 'DELETE', `/sessions/${sessionId}`);
    return done;
  }

  it('without retries the flipping case fails the suite run; with retries: 1 it passes flaky, with both attempts', async () => {
    const { suiteId, flip } = await flakySuite({});
    const plain = await runSuite(suiteId);
    expect(plain.status).toBe('failed');
    expect(plain.retries).toBe(0);
    expect(plain.test_runs.map((r) => [r.status, r.flaky, r.attempts.length])).toEqual([
      ['passed', false, 1],
      ['failed', false, 1],
    ]);

    // The suite's own setting; the first attempt flips the switch on, the retry flips it back off.
    const suite = (await api(f.t, dev(), 'PATCH', `/tests/suites/${suiteId}`, { retries: 1 })).json();
    expect(suite.retries).toBe(1);
    const retried = await runSuite(suiteId);
    expect(retried.status).toBe('passed');
    expect(retried.retries).toBe(1);
    const flipRun = retried.test_runs.find((r) => r.test_case_public_id === flip)!;
    expect(flipRun).toMatchObject({ status: 'passed', flaky: true, quarantined: false });
    expect(flipRun.attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 'failed'],
      [2, 'passed'],
    ]);
    expect(flipRun.attempts[1]!.run_id).toBe(flipRun.public_id);
    expect(retried.test_runs).toHaveLength(2);

    const events = await eventsOf(f.t, f.org.orgId);
    const flaky = events.filter((e) => e.type === 'case.flaky');
    expect(flaky).toHaveLength(1);
    expect(flaky[0]!.data).toMatchObject({
      test_case_id: flip,
      run_public_id: flipRun.public_id,
      attempts: [
        { attempt: 1, status: 'failed' },
        { attempt: 2, status: 'passed' },
      ],
    });
    // The retried attempt is not the case's failure: case.failed only for the run without retries.
    const failedEvents = events.filter((e) => e.type === 'case.failed' && e.data.test_case_id === flip);
    expect(failedEvents).toHaveLength(1);

    // The case's flakiness over its two final runs: one passed only on a retry (not also a flip).
    const c = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${flip}`)).json();
    expect(c.flakiness).toEqual({ score: 0.5, runs: 2, flaky_runs: 1, alternations: 0 });
    expect(c.quarantine).toBeNull();
  });

  it('a run overrides the suite setting: retries 0 on a suite with retries 2 gives one attempt', async () => {
    const { suiteId } = await flakySuite({ retries: 2 });
    const run = await runSuite(suiteId, { retries: 0 });
    expect(run.retries).toBe(0);
    expect(run.status).toBe('failed');
    expect(run.test_runs[1]!.attempts).toHaveLength(1);
    expect((await post('/ai/suite/run', { suite_public_id: suiteId, session_id: 'x', retries: 4 })).statusCode).toBe(
      400,
    );
    expect((await api(f.t, dev(), 'PATCH', `/tests/suites/${suiteId}`, { retries: -1 })).statusCode).toBe(400);
  });

  it('a quarantined failing case still runs and is reported, but the suite run and the CI run pass; audit and events for both ends', async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    await createCase(f, suiteId, { name: 'Sign in', mode: 'ai', steps: SIGN_IN });
    const broken = await createCase(f, suiteId, { name: 'Broken', mode: 'ai', steps: [...SIGN_IN, ...BROKEN] });

    expect((await post(`/tests/cases/${broken}/quarantine`, {})).statusCode).toBe(400);
    expect((await post(`/tests/cases/${broken}/quarantine`, { reason: 'x' }, f.org.viewer.token)).statusCode).toBe(403);
    const other = await createOrgWithRoles(f.t, 'Quarantine Other');
    expect((await post(`/tests/cases/${broken}/quarantine`, { reason: 'x' }, other.developer.token)).statusCode).toBe(
      404,
    );
    const q = await post(`/tests/cases/${broken}/quarantine`, { reason: 'Welcome text being redesigned' });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().quarantine).toMatchObject({
      reason: 'Welcome text being redesigned',
      quarantined_by_user_id: f.org.developer.userId,
    });
    expect((await post(`/tests/cases/${broken}/quarantine`, { reason: 'again' })).statusCode).toBe(409);

    const started = await post('/ci/run-suite', { suite_id: suiteId, mode: 'ai' });
    expect(started.statusCode, started.body).toBe(200);
    let done: CiRunPayload | undefined;
    await waitFor(
      async () => {
        done = (await api(f.t, dev(), 'GET', `/ci/runs/${started.json().run_id}`)).json();
        return ['passed', 'failed', 'error', 'cancelled'].includes(done!.status);
      },
      'the CI run',
      60_000,
    );
    expect(done!.status, JSON.stringify(done!.progress.slice(-5))).toBe('passed');
    const results = done!.results as Array<{ case_id: string; status: string; quarantined: boolean }>;
    expect(results.map((r) => [r.case_id === broken, r.status, r.quarantined])).toEqual([
      [false, 'passed', false],
      [true, 'failed', true],
    ]);

    const released = await api(f.t, dev(), 'DELETE', `/tests/cases/${broken}/quarantine?reason=fixed`);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().quarantine).toBeNull();
    expect((await api(f.t, dev(), 'DELETE', `/tests/cases/${broken}/quarantine`)).statusCode).toBe(409);
    const audit = await f.t.container.db.select().from(auditEvents).where(eq(auditEvents.resourceId, broken));
    expect(audit.map((a) => [a.action, a.details])).toEqual(
      expect.arrayContaining([
        ['test_case.quarantined', { reason: 'Welcome text being redesigned' }],
        ['test_case.unquarantined', { reason: 'fixed', quarantine_reason: 'Welcome text being redesigned' }],
      ]),
    );
    const types = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.data.test_case_id === broken).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['case.quarantined', 'case.unquarantined']));

    // Out of quarantine, the same failure fails the CI run again.
    const again = await post('/ci/run-suite', { suite_id: suiteId, mode: 'ai' });
    const end = await waitFor(
      async () => {
        const p = (await api(f.t, dev(), 'GET', `/ci/runs/${again.json().run_id}`)).json() as CiRunPayload;
        return ['passed', 'failed', 'error', 'cancelled'].includes(p.status) ? p : undefined;
      },
      'the second CI run',
      60_000,
    );
    expect(end.status).toBe('failed');
  });
});
