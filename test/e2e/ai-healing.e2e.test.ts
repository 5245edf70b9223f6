import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, auditEvents } from '../../src/db/schema';
import type { HealingSuggestion } from '../../src/modules/engine/steps/healing';
import { closeSampleApps, openSampleApp } from '../../src/modules/engine/steps/interpreter/sample-app-device.fixture';
import { byId, center } from '../virtual/ui';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  getRun,
  runCase,
  stepSummary,
  type EngineFixture,
} from '../harness/engine-fixture';
import { createOrgWithRoles } from '../harness/factories';
import { refOf, startFakeLlm, type FakeLlmServer } from '../harness/fake-llm';
import { api } from '../harness/sessions-factories';

/**
 * Hybrid healing end to end: a recorded step whose element is gone from the app (the recording
 * taps "Log in", the build has "Sign in") cannot be replayed, and its text is beyond the
 * interpreter; the model settles it, the run offers the model's actions as a suggestion, a
 * developer accepts it, and the next run replays the step with no model call.
 */
let f: EngineFixture;
let fake: FakeLlmServer;
let session: string;
let caseId: string;

interface Point {
  x: number;
  y: number;
}

function recording(p: { username: Point; password: Point; signIn: Point }) {
  return [
    { type: 'tap', t_ms: 0, ...p.username, selector: { id: 'username', class: 'android.widget.EditText' } },
    { type: 'type_text', t_ms: 400, text: 'demo' },
    { type: 'tap', t_ms: 900, ...p.password, selector: { id: 'password', class: 'android.widget.EditText' } },
    { type: 'type_text', t_ms: 1300, text: 'secret' },
    // Recorded on an older build, whose button was "Log in".
    {
      type: 'tap',
      t_ms: 2000,
      ...p.signIn,
      selector: { id: 'log-in', text: 'Log in', class: 'android.widget.Button' },
    },
  ];
}

const STEPS = [
  { text: 'type demo into Username', action_indices: [0, 1] },
  { text: 'type secret into Password', action_indices: [2, 3] },
  { text: 'Submit the sign-in form', action_indices: [4] },
  'verify "Welcome, demo" is visible',
];

beforeAll(async () => {
  const phone = await openSampleApp({ model: 'Pixel 8' });
  const tree = await phone.tree();
  const points = {
    username: center(byId(tree, 'username')),
    password: center(byId(tree, 'password')),
    signIn: center(byId(tree, 'sign-in')),
  };
  await closeSampleApps();
  fake = await startFakeLlm();
  f = await createEngineFixture({ devices: androidPhones(1), app: { env: { ...fake.env(), AI_RETRY_BASE_MS: '20' } } });
  expect(
    (
      await api(f.t, f.org.developer.token, 'POST', '/ai/keys', {
        provider: 'provider_a',
        api_key: 'sk-heal-test-1234',
      })
    ).statusCode,
  ).toBe(200);
  session = await activeSession(f);
  const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  caseId = await createCase(f, suiteId, {
    mode: 'recorded',
    steps: STEPS,
    source_recording: recording(points),
    source_device_width: 393,
    source_device_height: 852,
  });
});
afterAll(async () => {
  await f?.close();
  await fake?.close();
});

describe('hybrid healing', () => {
  let healedRunId: string;

  it('the model settles the step replay and the interpreter could not, and the run offers its actions as a suggestion', async () => {
    fake.script((call) =>
      call.toolResults.length === 0
        ? { tool: 'tap', input: { ref: refOf(call, 'sign-in') } }
        : { tool: 'step_done', input: { reasoning: 'the items screen is shown' } },
    );
    const run = await runCase(f, caseId, session, { mode: 'hybrid', model: 'gpt-4.1-mini:byok' });
    healedRunId = run.public_id;
    expect(run.status, JSON.stringify(run.result?.steps?.find((s) => s.status !== 'passed') ?? run.error_message)).toBe(
      'passed',
    );
    expect(stepSummary(run)).toEqual([
      [0, 'passed', 'replay'],
      [1, 'passed', 'replay'],
      [2, 'passed', 'model'],
      [3, 'passed', 'interpreter'],
    ]);
    expect(run.result.steps[2]).toMatchObject({ healed: true });
    expect(run.reasoning_log.filter((e) => e.step_index === 2).map((e) => [e.tool, e.outcome])).toEqual([
      ['replay', 'failed'],
      ['interpreter', 'not settled'],
      ['tap', 'tapped button "Sign in" #sign-in'],
      ['step_done', 'step done'],
    ]);
    const suggestions = (run.result as unknown as { suggestions: HealingSuggestion[] }).suggestions;
    expect(suggestions).toEqual([
      {
        index: 0,
        step_index: 2,
        step_text: 'Submit the sign-in form',
        status: 'offered',
        actions: [
          expect.objectContaining({
            type: 'tap',
            selector: expect.objectContaining({ id: 'sign-in', text: 'Sign in' }),
          }),
        ],
        screen: { width: 393, height: 852 },
      },
    ]);
    const warning = (await eventsOf(f.t, f.org.orgId)).find(
      (e) => e.type === 'run.warning.ai_fallback_used' && e.data.run_public_id === run.public_id,
    );
    expect(warning?.data).toMatchObject({ step_indexes: [2] });
    expect(run.tokens_used).toBeGreaterThan(0);
  });

  it('accepting needs a developer, the run of the organization, and an offered suggestion', async () => {
    const url = `/tests/runs/${healedRunId}/suggestions/0/accept`;
    expect((await api(f.t, f.org.viewer.token, 'POST', url)).statusCode).toBe(403);
    expect(
      (await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${healedRunId}/suggestions/1/accept`)).statusCode,
    ).toBe(404);
    const other = await createOrgWithRoles(f.t, 'Someone Else');
    expect((await api(f.t, other.admin.token, 'POST', url)).statusCode).toBe(404);
    expect((await f.t.app.inject({ method: 'POST', url: `/api/v1${url}` })).statusCode).toBe(401);
  });

  it('accepting writes the actions into the recording and points the step at them; a second accept is 409', async () => {
    const res = await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${healedRunId}/suggestions/0/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'accepted', test_case_id: caseId, step_index: 2, action_indices: [5] });
    const c = (await api(f.t, f.org.developer.token, 'GET', `/tests/cases/${caseId}`)).json();
    expect(c.steps[2]).toEqual({ text: 'Submit the sign-in form', action_indices: [5] });
    expect(c.source_recording).toHaveLength(6);
    expect(c.source_recording[5]).toMatchObject({
      type: 'tap',
      t_ms: 3000,
      selector: { id: 'sign-in', text: 'Sign in', class: 'button' },
    });
    expect(c.step_gesture_groups).toEqual([[0, 1], [2, 3], [5], []]);
    const run = await getRun(f, healedRunId);
    expect((run.result as unknown as { suggestions: HealingSuggestion[] }).suggestions[0]).toMatchObject({
      status: 'accepted',
      accepted_at: expect.any(String),
    });
    const audit = await f.t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, f.org.orgId));
    expect(
      audit.find(
        (e) =>
          e.action === 'test_case.updated' &&
          (e.details as { healed_from_run?: string })?.healed_from_run === healedRunId,
      ),
    ).toBeTruthy();
    const again = await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${healedRunId}/suggestions/0/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('The suggestion was accepted already');
  });

  it('the next hybrid run replays the healed step, with no model call', async () => {
    const calls = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'hybrid', model: 'gpt-4.1-mini:byok' });
    expect(run.status).toBe('passed');
    expect(stepSummary(run)).toEqual([
      [0, 'passed', 'replay'],
      [1, 'passed', 'replay'],
      [2, 'passed', 'replay'],
      [3, 'passed', 'interpreter'],
    ]);
    expect(run.result.steps[2]!.actions).toEqual([expect.objectContaining({ type: 'tap', matched_by: 'id' })]);
    expect(fake.calls.length).toBe(calls);
    expect(run.tokens_used).toBe(0);
    expect(run.cost_micro).toBe(0);
    expect(await f.t.container.db.select().from(aiUsage).where(eq(aiUsage.runId, run.id))).toEqual([]);
    expect((run.result as unknown as { suggestions?: unknown }).suggestions).toBeUndefined();
  });

  it('a suggestion for a step whose text changed since the run is refused', async () => {
    fake.script((call) =>
      call.toolResults.length === 0
        ? { tool: 'tap', input: { ref: refOf(call, 'open-settings') } }
        : { tool: 'step_done', input: { reasoning: 'settings shown' } },
    );
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const id = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'type secret into Password', 'tap Sign in', 'Open the preferences page'],
    });
    const run = await runCase(f, id, session, { mode: 'hybrid', model: 'gpt-4.1-mini:byok' });
    expect(stepSummary(run)[3]).toEqual([3, 'passed', 'model']);
    await api(f.t, f.org.developer.token, 'PATCH', `/tests/cases/${id}`, {
      steps: ['type demo into Username', 'type secret into Password', 'tap Sign in', 'Open the settings page'],
    });
    const res = await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${run.public_id}/suggestions/0/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'Step 4 of the case changed since the run; run the case again for a fresh suggestion',
    );
  });
});
