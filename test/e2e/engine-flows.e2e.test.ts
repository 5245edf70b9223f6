import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createStandalone,
  createSuite,
  getRun,
  patch,
  runCase,
  SAMPLE_PACKAGE,
  sampleModel,
  startRun,
  stepSummary,
  uploadSample,
  waitForRun,
  waitForSteps,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

const SIGN_IN = ['type {{user}} into Username', 'type {{password}} into Password', 'Tap Sign in'];

/** What a case is made of beyond its steps: sub-flows, variables, reset strategies, the build, and the bounds. */
describe('cases with flows, variables, resets and builds', () => {
  let f: EngineFixture;
  let sessionId: string;
  let suiteId: string;
  const clock = () => f.t.clock as ManualClock;

  beforeAll(async () => {
    f = await createEngineFixture({
      devices: androidPhones(3),
      app: { env: { RUN_BUDGET_MINUTES: '1', RUN_MAX_STEPS: '8' } },
    });
    sessionId = await activeSession(f);
    suiteId = await createSuite(
      f,
      {},
      { reset_strategy: 'clear_data', variables: { user: 'demo', password: 'secret' } },
    );
  });
  afterAll(async () => {
    await f?.close();
  });

  it('runs sub-flows (nested ones first) before the steps, and named flows as a step, with the suite variables', async () => {
    const typeUser = await createStandalone(f, { name: 'Enter the user', steps: ['type {{user}} into Username'] });
    await patch(f, `/tests/cases/${typeUser}`, { is_reusable: true });
    const signIn = await createStandalone(f, { name: 'Sign in as demo', steps: SIGN_IN.slice(1) });
    await patch(f, `/tests/cases/${signIn}`, { is_reusable: true, sub_flow_ids: [typeUser] });

    const withSubFlow = await createCase(f, suiteId, { mode: 'ai', steps: ['verify "Welcome, {{user}}" is visible'] });
    await patch(f, `/tests/cases/${withSubFlow}`, { sub_flow_ids: [signIn] });
    const run = await runCase(f, withSubFlow, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');
    expect(run.result.sub_flows!.map((s) => [s.name, s.status, s.steps.map((x) => x.text)])).toEqual([
      ['Enter the user', 'passed', ['type demo into Username']],
      ['Sign in as demo', 'passed', ['type secret into Password', 'Tap Sign in']],
    ]);
    expect(stepSummary(run)).toEqual([[0, 'passed', 'interpreter']]);

    const namedFlow = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['run flow "sign in as demo"', 'verify "Welcome, demo" is visible'],
    });
    const named = await runCase(f, namedFlow, sessionId);
    expect(named.status, JSON.stringify(named.result ?? named.error_message)).toBe('passed');
    expect(named.result.steps[0]).toMatchObject({
      status: 'passed',
      resolved_by: 'interpreter',
      actions: expect.arrayContaining([expect.objectContaining({ type: 'type_text', text: 'demo' })]),
    });

    const missingFlow = await createCase(f, suiteId, { mode: 'ai', steps: ['run flow "Onboarding"'] });
    expect(await runCase(f, missingFlow, sessionId)).toMatchObject({
      status: 'failed',
      error_message: 'Step 1 failed: No reusable case named "Onboarding" for this app',
    });
  });

  it('an unknown {{variable}} fails the case before any step; one in a sub-flow fails that sub-flow', async () => {
    const unknown = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type {{user}} into Username', 'type {{pin}} into Password'],
    });
    const run = await runCase(f, unknown, sessionId);
    expect(run).toMatchObject({
      status: 'failed',
      error_message: "Unknown variable {{pin}} in step 2; define it in the suite's variables",
    });
    expect(run.result.steps).toEqual([]);
    const inAssertion = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type {{user}} into Username'],
      assertions: ['"{{greeting}}" is visible'],
    });
    expect(await runCase(f, inAssertion, sessionId)).toMatchObject({
      status: 'failed',
      error_message: "Unknown variable {{greeting}} in assertion 1; define it in the suite's variables",
      result: { steps: [] },
    });

    const flow = await createStandalone(f, { name: 'Uses a secret', steps: ['type {{token}} into Password'] });
    await patch(f, `/tests/cases/${flow}`, { is_reusable: true });
    const withFlow = await createCase(f, suiteId, { mode: 'ai', steps: ['Tap Sign in'] });
    await patch(f, `/tests/cases/${withFlow}`, { sub_flow_ids: [flow] });
    expect(await runCase(f, withFlow, sessionId)).toMatchObject({
      status: 'failed',
      error_message: `Sub-flow "Uses a secret" failed: Unknown variable {{token}} in step 1; define it in the suite's variables`,
      result: { steps: [], sub_flows: [{ name: 'Uses a secret', status: 'failed', steps: [] }] },
    });
  });

  it("resets the app by the suite's strategy before each run: relaunch keeps its data, clear_data and reinstall do not", async () => {
    const suite = await createSuite(
      f,
      {},
      { reset_strategy: 'clear_data', variables: { user: 'demo', password: 'secret' } },
    );
    const signIn = await createCase(f, suite, { mode: 'ai', steps: SIGN_IN });
    const signedIn = await createCase(f, suite, { mode: 'ai', steps: ['verify "Welcome, demo" is visible'] });
    const signedOut = await createCase(f, suite, {
      mode: 'ai',
      steps: ['verify "Sign in with demo / secret" is visible'],
    });
    const expectRun = async (caseId: string, status: string) =>
      expect((await runCase(f, caseId, sessionId)).status).toBe(status);

    await expectRun(signIn, 'passed');
    await patch(f, `/tests/suites/${suite}`, { reset_strategy: 'relaunch' });
    await expectRun(signedIn, 'passed');
    await patch(f, `/tests/suites/${suite}`, { reset_strategy: 'clear_data' });
    await expectRun(signedOut, 'passed');

    await patch(f, `/tests/suites/${suite}`, { reset_strategy: 'relaunch' });
    await expectRun(signIn, 'passed');
    await expectRun(signedIn, 'passed');
    await patch(f, `/tests/suites/${suite}`, { reset_strategy: 'reinstall' });
    await expectRun(signedOut, 'passed');
    await expectRun(signedIn, 'failed');
  });

  it('ends a run that outlives its time budget (RUN_BUDGET_MINUTES), read on the clock', async () => {
    const slow = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s', 'Tap Sign in'],
    });
    const runId = await startRun(f, slow, sessionId);
    await waitForSteps(f, runId, 1);
    clock().advance(61_000);
    const ended = await waitForRun(f, runId, 5_000);
    expect(ended).toMatchObject({ status: 'error', error_message: 'The run exceeded its time budget of 1 minute' });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
  });

  it('refuses more steps than RUN_MAX_STEPS, sub-flow steps included', async () => {
    const tooLong = await createCase(f, suiteId, { mode: 'ai', steps: Array(9).fill('wait 10 ms') });
    expect(await runCase(f, tooLong, sessionId)).toMatchObject({
      status: 'failed',
      error_message: 'The case has 9 steps; a run executes at most 8',
      result: { steps: [] },
    });

    const flow = await createStandalone(f, { name: 'Three waits', steps: Array(3).fill('wait 10 ms') });
    await patch(f, `/tests/cases/${flow}`, { is_reusable: true });
    const withFlow = await createCase(f, suiteId, { mode: 'ai', steps: Array(6).fill('wait 10 ms') });
    await patch(f, `/tests/cases/${withFlow}`, { sub_flow_ids: [flow] });
    const run = await runCase(f, withFlow, sessionId);
    expect(run).toMatchObject({
      status: 'failed',
      error_message: 'Step 6 failed: The run reached its budget of 8 steps (sub-flow steps included)',
    });
    expect(stepSummary(run).map(([, status]) => status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
      'passed',
      'failed',
    ]);
  });

  it('installs the build a run names, or the latest, on a device that lacks the app or has another build of the same version', async () => {
    const fresh = await activeSession(f);
    const deviceId = (await api(f.t, f.org.viewer.token, 'GET', `/sessions/${fresh}`)).json().device_id;
    expect((await f.driver.listApps(deviceId)).map((a) => a.packageName)).not.toContain(SAMPLE_PACKAGE);
    // A second build of the same version whose welcome text differs.
    const model = sampleModel();
    model.screens.items.elements[0].text = 'Hello, {{username}}';
    const variant = await uploadSample(f.t, f.org.developer.token, model);
    expect(variant.appId).toBe(f.appId);

    const welcome = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [...SIGN_IN, 'verify "Welcome, demo" is visible'],
    });
    const latest = await runCase(f, welcome, fresh);
    expect(latest).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/^Step 4 failed: Check failed/),
    });
    expect((await f.driver.listApps(deviceId)).find((a) => a.packageName === SAMPLE_PACKAGE)).toMatchObject({
      version: '1.2.0',
    });
    const first = await runCase(f, welcome, fresh, { build_id: f.buildId });
    expect(first.status, JSON.stringify(first.result?.steps?.at(-1) ?? first.error_message)).toBe('passed');
    expect((await getRun(f, first.public_id)).status).toBe('passed');
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${fresh}`);
  });
});
