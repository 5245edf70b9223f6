import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunJson,
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  getRun,
  sampleModel,
  startRun,
  stepSummary,
  uploadSample,
  waitForRun,
  waitForSuiteRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import type { SuiteRunResponse } from '../../src/modules/engine/runs.schemas';
import { api, waitFor } from '../harness/sessions-factories';

/** The sample app with three planted bugs: Sign in renamed (label and id), a wrong welcome text, and items past 25 missing. */
function buggyModel() {
  const model = sampleModel();
  const signIn = model.screens.signin.elements.find((e: { id?: string }) => e.id === 'sign-in');
  signIn.label = 'Log in';
  signIn.id = 'log-in';
  const welcome = model.screens.items.elements.find((e: { id?: string }) => e.id === 'welcome');
  welcome.text = 'Welcome back, {{username}}';
  const list = model.screens.items.elements.find((e: { id?: string }) => e.id === 'item-list');
  list.repeat.count = 25;
  return model;
}

/** Each case signs in its own way so that only the bug it is about can stop it. */
const CASES = {
  signIn: ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'],
  welcome: [
    'type demo into Username',
    'type secret into Password',
    'press enter',
    'verify "Welcome, demo" is visible',
    'Tap Settings',
  ],
  item30: [
    'type demo into Username',
    'type secret into Password',
    'press enter',
    'scroll down until "Item 30" is visible',
    'Tap Item 30',
    'the screen title is Item 30',
  ],
};

describe('a build with planted bugs', () => {
  let f: EngineFixture;
  let sessionId: string;
  let suiteId: string;
  let buggy: { buildId: number };
  const ids: Record<keyof typeof CASES, string> = { signIn: '', welcome: '', item30: '' };

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    buggy = await uploadSample(f.t, f.org.developer.token, buggyModel());
    // The viewer's own session: any member runs suites, on a session they control.
    sessionId = await activeSession(f, undefined, f.org.viewer.token);
    suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    for (const name of Object.keys(CASES) as Array<keyof typeof CASES>)
      ids[name] = await createCase(f, suiteId, { name, mode: 'ai', steps: CASES[name] });
  });
  afterAll(async () => {
    await f?.close();
  });

  const runSuite = async (buildId: number) => {
    const res = await api(f.t, f.org.viewer.token, 'POST', '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: sessionId,
      build_id: buildId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return waitForSuiteRun(f, res.json().suite_run_public_id);
  };
  const runOf = (suiteRun: SuiteRunResponse, caseId: string) =>
    getRun(f, suiteRun.test_runs.find((r) => r.test_case_public_id === caseId)!.public_id);

  it('the good build passes every case of the suite', async () => {
    const sr = await runSuite(f.buildId);
    expect(sr, JSON.stringify(sr.test_runs)).toMatchObject({
      status: 'passed',
      error_message: null,
      finished_at: expect.any(String),
    });
    expect(sr.test_runs.map((r) => [r.test_case_public_id, r.status])).toEqual(
      Object.values(ids).map((id) => [id, 'passed']),
    );
  });

  it('the buggy build fails each case at the step its bug breaks, and the suite run fails', async () => {
    const sr = await runSuite(buggy.buildId);
    expect(sr.status).toBe('failed');
    expect(sr.test_runs.map((r) => r.status)).toEqual(['failed', 'failed', 'failed']);

    const signIn = await runOf(sr, ids.signIn);
    expect(stepSummary(signIn)).toEqual([
      [0, 'passed', 'interpreter'],
      [1, 'passed', 'interpreter'],
      [2, 'failed', null],
      [3, 'skipped', null],
    ]);
    expect(signIn.error_message).toBe(
      'Step 3 failed: The screen shows "Sign in"; no element matches "Sign in" on this screen',
    );

    const welcome = await runOf(sr, ids.welcome);
    expect(stepSummary(welcome).map(([, s]) => s)).toEqual(['passed', 'passed', 'passed', 'failed', 'skipped']);
    expect(welcome.error_message).toBe(
      'Step 4 failed: Check failed: no element matches "Welcome, demo" on this screen',
    );

    const item30 = await runOf(sr, ids.item30);
    expect(stepSummary(item30).map(([, s]) => s)).toEqual([
      'passed',
      'passed',
      'passed',
      'failed',
      'skipped',
      'skipped',
    ]);
    expect(item30.error_message).toMatch(/^Step 4 failed: The target was not on screen after \d+ swipe\(s\)$/);

    const failures = (await eventsOf(f.t, f.org.orgId)).filter(
      (e) => e.type === 'case.failed' && e.data.suite_run_id === sr.id,
    );
    expect(failures.map((e) => [e.data.test_case_id, e.data.failed_step_index])).toEqual([
      [ids.signIn, 2],
      [ids.welcome, 3],
      [ids.item30, 3],
    ]);
    const suiteFailed = (await eventsOf(f.t, f.org.orgId)).find(
      (e) => e.type === 'run.failed' && e.data.suite_run_public_id === sr.public_id,
    );
    expect(suiteFailed?.data).toMatchObject({ kind: 'suite_run', passed: 0, failed: 3 });
    // The case's run history holds both runs, most recent first.
    const history = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${ids.signIn}/runs`)).json();
    expect(history.map((r: RunJson) => r.status)).toEqual(['failed', 'passed']);
  });

  it('a suite run cancelled mid-case ends cancelled within a second and starts no further case', async () => {
    const slow = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    await createCase(f, slow, { name: 'quick', mode: 'ai', steps: ['type demo into Username'] });
    const waiting = await createCase(f, slow, {
      name: 'slow',
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s'],
    });
    await createCase(f, slow, { name: 'never', mode: 'ai', steps: ['type demo into Username'] });
    const started = (
      await api(f.t, f.org.viewer.token, 'POST', '/ai/suite/run', {
        suite_public_id: slow,
        session_id: sessionId,
        build_id: f.buildId,
      })
    ).json();
    await waitFor(async () => {
      const sr = (await api(f.t, f.org.viewer.token, 'GET', `/tests/suite-runs/${started.suite_run_public_id}`)).json();
      const current = sr.test_runs.find(
        (r: SuiteRunResponse['test_runs'][number]) => r.test_case_public_id === waiting,
      );
      if (!current) return undefined;
      const run = (await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${current.public_id}`)).json();
      return (run.result?.steps?.length ?? 0) >= 1;
    }, 'the slow case to be in its wait');
    expect((await api(f.t, f.org.viewer.token, 'POST', `/ai/suite/run/${started.suite_run_id}/cancel`)).json()).toEqual(
      { status: 'cancellation_requested' },
    );
    const sr = await waitForSuiteRun(f, started.suite_run_public_id, 5_000);
    expect(sr).toMatchObject({ status: 'cancelled' });
    expect(sr.test_runs.map((r) => [r.status, r.error_message])).toEqual([
      ['passed', null],
      ['error', 'Cancelled'],
    ]);
    // The session is free for the next run.
    const next = await startRun(f, ids.signIn, sessionId, { build_id: f.buildId });
    expect((await waitForRun(f, next)).status).toBe('passed');
  });
});
