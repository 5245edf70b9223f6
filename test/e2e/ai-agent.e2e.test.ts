import { expectLedgerBalanced, grant, ledgerOf } from '../harness/credits-factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, testRuns } from '../../src/db/schema';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  getRun,
  runCase,
  startRun,
  waitForRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import {
  refOf,
  startFakeLlm,
  type FakeCall,
  type FakeLlmServer,
  type FakeTurn,
  type Script,
  type Wire,
} from '../harness/fake-llm';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * The language-model agent end to end: a live server, a virtual phone with the sample app, and
 * every provider's wire format served by a fake provider on loopback. A step the interpreter
 * cannot settle ("Sign in as the demo user") goes to the model, whose tool calls drive the
 * device; the assertion nobody's grammar covers is judged by the model.
 */
let f: EngineFixture;
let fake: FakeLlmServer;
let session: string;
let suiteId: string;
let caseId: string;
const PLATFORM_MODEL = 'simdeck-vision-1';
const KEYS = {
  provider_a: 'sk-openai-test-aaaa',
  provider_b: 'sk-ant-test-bbbb',
  provider_c: 'AIza-test-cccc',
  aggregator: 'sk-or-test-dddd',
};

const STEPS = ['Sign in as the demo user', 'verify "Welcome, demo" is visible'];
const ASSERTIONS = ['the demo user is signed in'];

/** A model that signs in: types into Username and Password, taps Sign in, then says it is done; judges the assertion from the screen. */
const signIn: Script = (call) => {
  if (call.tools.includes('assert_result'))
    return {
      tool: 'assert_result',
      input: { passed: call.lastUserText.includes('"Welcome, demo"'), reasoning: 'the items screen welcomes demo' },
    };
  if (call.lastUserText.includes('"Welcome, demo"'))
    return { tool: 'step_done', input: { reasoning: 'the app shows the signed-in screen' } };
  switch (call.toolResults.length) {
    case 0:
      return {
        tool: 'type',
        input: { text: 'demo', ref: refOf(call, 'username') },
        text: 'I type the user name first.',
      };
    case 1:
      return { tool: 'type', input: { text: 'secret', ref: refOf(call, 'password') } };
    default:
      return { tool: 'tap', input: { ref: refOf(call, 'sign-in') } };
  }
};

/** The script's first replies, then `signIn`. */
function first(...turns: FakeTurn[]): Script {
  return (call, n) => turns[n] ?? signIn(call, n);
}

const usageOf = async (runId: number) =>
  f.t.container.db.select().from(aiUsage).where(eq(aiUsage.runId, runId)).orderBy(aiUsage.id);

beforeAll(async () => {
  fake = await startFakeLlm();
  f = await createEngineFixture({
    devices: androidPhones(1),
    app: {
      env: {
        ...fake.env(),
        PLATFORM_AI_MODEL: PLATFORM_MODEL,
        PLATFORM_AI_API_KEY: 'platform-operator-key',
        AI_CALL_TIMEOUT_MS: '1000',
        AI_MAX_RETRIES: '2',
        AI_RETRY_BASE_MS: '20',
        AI_RUN_BUDGET_MICRO: '40000',
      },
    },
  });
  // Runs on the platform model are paid from usage credit.
  await grant(f.t, f.org.orgId, 20);
  for (const [provider, apiKey] of Object.entries(KEYS)) {
    const res = await api(f.t, f.org.developer.token, 'POST', '/ai/keys', { provider, api_key: apiKey });
    expect(res.statusCode, res.body).toBe(200);
  }
  session = await activeSession(f);
  // Every case starts signed out.
  suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  caseId = await createCase(f, suiteId, { mode: 'ai', steps: STEPS, assertions: ASSERTIONS });
});
afterAll(async () => {
  await f?.close();
  await fake?.close();
});

const PROVIDERS: Array<{ provider: string; model: string; wire: Wire; apiKey: string; billing: 'byok' | 'platform' }> =
  [
    { provider: 'provider_a', model: 'gpt-4.1-mini:byok', wire: 'openai', apiKey: KEYS.provider_a, billing: 'byok' },
    {
      provider: 'provider_b',
      model: 'claude-sonnet-4-5:byok',
      wire: 'anthropic',
      apiKey: KEYS.provider_b,
      billing: 'byok',
    },
    {
      provider: 'provider_c',
      model: 'gemini-2.5-flash:byok',
      wire: 'gemini',
      apiKey: KEYS.provider_c,
      billing: 'byok',
    },
    {
      provider: 'aggregator',
      model: 'openai/gpt-4.1-mini:byok',
      wire: 'openrouter',
      apiKey: KEYS.aggregator,
      billing: 'byok',
    },
    {
      provider: 'platform',
      model: PLATFORM_MODEL,
      wire: 'platform',
      apiKey: 'platform-operator-key',
      billing: 'platform',
    },
  ];

describe.each(PROVIDERS)('$provider ($wire wire format)', (p) => {
  it('an ai-mode case the interpreter cannot settle passes: tool calls reach the virtual device, every call is recorded', async () => {
    fake.script(signIn);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: p.model });
    expect(run.status, JSON.stringify(run.result?.steps?.find((s) => s.status !== 'passed') ?? run.error_message)).toBe(
      'passed',
    );
    expect(run.result.steps.map((s) => [s.status, s.resolved_by])).toEqual([
      ['passed', 'model'],
      ['passed', 'interpreter'],
    ]);
    expect(run.result.steps[0]!.actions).toEqual([
      expect.objectContaining({ type: 'tap', selector: expect.objectContaining({ id: 'username' }) }),
      expect.objectContaining({ type: 'type_text', text: 'demo' }),
      expect.objectContaining({ type: 'tap', selector: expect.objectContaining({ id: 'password' }) }),
      expect.objectContaining({ type: 'type_text', text: 'secret' }),
      expect.objectContaining({ type: 'tap', selector: expect.objectContaining({ id: 'sign-in' }) }),
    ]);
    expect(run.result.assertions).toEqual([
      { text: ASSERTIONS[0], passed: true, reasoning: 'the items screen welcomes demo' },
    ]);
    expect(run.result.steps[0]!.timing.model_ms).toBeGreaterThanOrEqual(0);
    expect(run.reasoning_log.filter((e) => e.step_index === 0).map((e) => e.tool)).toEqual([
      'interpreter',
      'type',
      'type',
      'tap',
      'step_done',
    ]);

    const calls = fake.calls.slice(before);
    expect(calls).toHaveLength(5);
    for (const c of calls) {
      expect(c).toMatchObject({ wire: p.wire, model: p.model.replace(/:byok$/, ''), apiKey: p.apiKey });
      expect(c.images).toHaveLength(1);
      expect(c.images[0]).toMatchObject({ width: 393, height: 852 });
    }
    expect(calls[0]!.tools).toEqual(
      expect.arrayContaining([
        'tap',
        'type',
        'swipe',
        'scroll_until',
        'press_key',
        'go_back',
        'wait',
        'step_done',
        'step_failed',
      ]),
    );
    expect(calls[0]!.system).toContain('Pixel 8');
    expect(calls[0]!.texts.join('\n')).toContain('Sign in as the demo user');
    expect(calls.slice(0, 4).map((c) => c.toolResults.length)).toEqual([0, 1, 2, 3]);
    expect(calls[3]!.toolResults[2]).toContain('tapped button "Sign in"');
    expect(calls[4]!.tools).toEqual(['assert_result']);

    const rows = await usageOf(run.id);
    expect(rows.map((r) => [r.purpose, r.stepIndex, r.model, r.provider, r.billing])).toEqual([
      ...Array.from({ length: 4 }, () => ['step', 0, p.model, p.provider, p.billing]),
      ['assertion', 2, p.model, p.provider, p.billing],
    ]);
    expect(rows.every((r) => r.inputTokens > 400 && r.outputTokens === 20 && r.costMicro > 0)).toBe(true);
    const tokens = rows.reduce((s, r) => s + r.inputTokens + r.outputTokens, 0);
    const cost = rows.reduce((s, r) => s + r.costMicro, 0);
    expect(run.tokens_used).toBe(tokens);
    // The run's cost is what usage credit pays: own-key calls are estimates, kept in the usage rows.
    expect(run.cost_micro).toBe(p.billing === 'platform' ? cost : 0);
    expect(run.model_used).toBe(p.model);
    expect((run.result as unknown as { model_usage: unknown }).model_usage).toEqual({
      model_calls: 5,
      input_tokens: tokens - 100,
      output_tokens: 100,
      cost_micro: cost,
      billing: p.billing,
    });
  });
});

describe('when the provider misbehaves', () => {
  it('a rejected key ends the run error at once, with no retry and no usage', async () => {
    fake.script([{ status: 401 }]);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'claude-sonnet-4-5:byok' });
    expect(run.status).toBe('error');
    expect(run.error_message).toBe('The provider rejected the key for provider_b');
    expect(fake.calls.length - before).toBe(1);
    expect(await usageOf(run.id)).toEqual([]);
  });

  it('a 429 is retried after its Retry-After, then the run goes on', async () => {
    fake.script(first({ status: 429, headers: { 'retry-after': '0' } }));
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gemini-2.5-flash:byok' });
    expect(run.status, run.error_message ?? '').toBe('passed');
    expect(fake.calls.length - before).toBe(6);
    expect(await usageOf(run.id)).toHaveLength(5);
  });

  it('a model that never answers in time: each call is cut off and retried, then the run ends error', async () => {
    fake.script([{ delayMs: 2500, then: { text: 'too late' } }]);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.status).toBe('error');
    expect(run.error_message).toBe('The model gpt-4.1-mini (provider_a) did not answer within 1 s (3 attempts)');
    expect(fake.calls.length - before).toBe(3);
  });

  it('a malformed tool call is answered with what was wrong, and the model corrects itself', async () => {
    fake.script(first({ malformed: 'type', arguments: '{"text": "demo", "ref": ', invalidInput: { text: 42 } }));
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.status, run.error_message ?? '').toBe('passed');
    expect(run.reasoning_log).toContainEqual(
      expect.objectContaining({ step_index: 0, tool: 'type', outcome: expect.stringMatching(/^invalid call: /) }),
    );
    const retry = fake.calls[before + 1]!;
    expect(retry.texts.join('\n')).toMatch(/That type call was not valid: .*Call one tool with valid arguments/s);
    expect(retry.toolResults).toEqual([]);
  });

  it('a model that answers in words is told to call a tool; its tokens still count', async () => {
    fake.script(first({ text: 'Let me think about the sign-in form first.' }));
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'claude-sonnet-4-5:byok' });
    expect(run.status, run.error_message ?? '').toBe('passed');
    expect(run.reasoning_log).toContainEqual({
      step_index: 0,
      thought: 'Let me think about the sign-in form first.',
      tool: 'model',
      args: { call: 1 },
      outcome: 'no tool call',
    });
    expect(fake.calls[before + 1]!.texts.join('\n')).toContain('Answer with exactly one tool call.');
    expect(await usageOf(run.id)).toHaveLength(6);
  });

  it.each([
    ['anthropic', 'claude-sonnet-4-5:byok'],
    ['gemini', 'gemini-2.5-flash:byok'],
  ])('a tool call whose input does not fit the tool (%s) is corrected the same way', async (_wire, model) => {
    fake.script(first({ malformed: 'type', arguments: '', invalidInput: { text: 42 } }));
    const run = await runCase(f, caseId, session, { mode: 'ai', model });
    expect(run.status, run.error_message ?? '').toBe('passed');
    expect(run.reasoning_log).toContainEqual(
      expect.objectContaining({ step_index: 0, tool: 'type', outcome: expect.stringMatching(/^invalid call: /) }),
    );
  });

  it('a model that repeats an action on an unchanged screen fails the step after the second time', async () => {
    fake.script((call) => ({ tool: 'tap', input: { ref: refOf(call, 'app-title') } }));
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.status).toBe('failed');
    expect(run.result.steps[0]).toMatchObject({
      status: 'failed',
      resolved_by: 'model',
      error: expect.stringMatching(/^The model repeated "tap e\d+" on an unchanged screen$/),
    });
    expect(run.error_message).toMatch(/^Step 1 failed: The model repeated/);
    expect(fake.calls.length - before).toBe(2);
    expect(run.result.steps[0]!.actions).toHaveLength(1);
  });

  it('a step gets at most 8 model calls', async () => {
    fake.script([{ tool: 'wait', input: { seconds: 0 } }]);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.result.steps[0]).toMatchObject({
      status: 'failed',
      error: 'The model did not finish the step within 8 calls',
    });
    expect(fake.calls.length - before).toBe(8);
  });

  it("step_failed fails the step with the model's reasoning", async () => {
    fake.script([{ tool: 'step_failed', input: { reasoning: 'there is no demo account on this screen' } }]);
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.result.steps[0]).toMatchObject({
      status: 'failed',
      error: 'The model could not carry out the step: there is no demo account on this screen',
    });
  });

  it('a spent quota on an own key ends the run error and warns with run.warning.byok_quota_low', async () => {
    fake.script([
      {
        status: 429,
        body: {
          error: { message: 'You exceeded your current quota', type: 'insufficient_quota', code: 'insufficient_quota' },
        },
      },
    ]);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    expect(run.status).toBe('error');
    expect(run.error_message).toBe("provider_a reports that the key's quota or credit is used up");
    expect(fake.calls.length - before).toBe(1);
    const warning = (await eventsOf(f.t, f.org.orgId)).find(
      (e) => e.type === 'run.warning.byok_quota_low' && e.data.run_public_id === run.public_id,
    );
    expect(warning?.data).toMatchObject({ provider: 'provider_a', model: 'gpt-4.1-mini:byok' });
  });

  it('a run stops calling the model once its cost budget is spent', async () => {
    // 20,000 tokens of an unlisted platform model at $3 per million: 60,000 micro-credits, over the 40,000 budget.
    fake.script(first({ tool: 'type', input: { text: 'demo', ref: 'e0' }, usage: { input: 20_000, output: 0 } }));
    const run = await runCase(f, caseId, session, { mode: 'ai', model: PLATFORM_MODEL });
    expect(run.status).toBe('error');
    expect(run.error_message).toBe('The run spent its model budget of $0.04');
    expect(run.cost_micro).toBe(60_000);
    expect(await usageOf(run.id)).toHaveLength(1);
  });

  it('a cancel stops a run waiting for the model at once', async () => {
    fake.script([{ delayMs: 900, then: { delayMs: 900, then: { text: 'late' } } }]);
    const runId = await startRun(f, caseId, session, { mode: 'ai', model: 'gpt-4.1-mini:byok' });
    const before = fake.calls.length;
    await waitFor(() => fake.calls.length > before, 'the first model call', 10_000);
    expect((await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${runId}/cancel`)).statusCode).toBe(200);
    const run = await waitForRun(f, runId);
    expect(run).toMatchObject({ status: 'error', error_message: 'Cancelled' });
  });
});

describe('starting a run with a model', () => {
  it("the organization's default model is used when the request names none", async () => {
    await api(f.t, f.org.developer.token, 'PUT', '/ai/config', { default_model: 'gemini-2.5-flash:byok' });
    fake.script(signIn);
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai' });
    expect(run).toMatchObject({ status: 'passed', model_used: 'gemini-2.5-flash:byok' });
    expect(fake.calls.slice(before).every((c: FakeCall) => c.wire === 'gemini')).toBe(true);
    await api(f.t, f.org.developer.token, 'PUT', '/ai/config', { default_model: 'platform/interpreter' });
  });

  it('the interpreter alone calls no model and fails what it cannot settle', async () => {
    const before = fake.calls.length;
    const run = await runCase(f, caseId, session, { mode: 'ai', model: 'platform/interpreter' });
    expect(run.status).toBe('failed');
    expect(run.result.steps[0]!.error).toMatch(
      /^The step needs a language model: signs in with an account this case does not know/,
    );
    expect(fake.calls.length).toBe(before);
    expect(run.tokens_used).toBeNull();
  });

  it('400 for a model without its key, and a run that was already accepted fails when its key goes', async () => {
    const keys = (await api(f.t, f.org.developer.token, 'GET', '/ai/keys')).json() as Array<{
      id: number;
      provider: string;
    }>;
    const c = keys.find((k) => k.provider === 'provider_c')!;
    fake.script([{ delayMs: 300, then: { tool: 'step_done', input: { reasoning: 'done' } } }]);
    const runId = await startRun(f, caseId, session, { mode: 'ai', model: 'gemini-2.5-flash:byok' });
    expect((await api(f.t, f.org.developer.token, 'DELETE', `/ai/keys/${c.id}`)).statusCode).toBe(200);
    const run = await waitForRun(f, runId);
    expect(run).toMatchObject({
      status: 'error',
      error_message: 'The organization has no provider_c key any more; add one with POST /api/v1/ai/keys',
    });

    const res = await api(f.t, f.org.developer.token, 'POST', '/ai/test/run', {
      test_case_public_id: caseId,
      session_id: session,
      model: 'gemini-2.5-flash:byok',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      'model: gemini-2.5-flash:byok needs a provider_c key; add one with POST /api/v1/ai/keys',
    );
    await api(f.t, f.org.developer.token, 'POST', '/ai/keys', { provider: 'provider_c', api_key: KEYS.provider_c });
    expect((await getRun(f, runId)).status).toBe('error');
  });
});

describe('what the runs cost', () => {
  it("platform runs were paid from the organization's credit, one ledger entry per run and bucket; own-key runs cost nothing; the ledger sums to the balance", async () => {
    const runs = await f.t.container.db.select().from(testRuns).where(eq(testRuns.organizationId, f.org.orgId));
    const platformCost = runs
      .filter((r) => r.provider === 'platform' && r.model !== 'platform/interpreter')
      .reduce((sum, r) => sum + (r.costMicro ?? 0), 0);
    expect(platformCost).toBeGreaterThan(0);
    const deductions = (await ledgerOf(f.t, f.org.orgId)).filter((e) => e.entryType === 'usage_deduction');
    const refunds = (await ledgerOf(f.t, f.org.orgId)).filter((e) => e.entryType === 'refund');
    expect(deductions.every((e) => e.testRunId !== null && e.model !== null)).toBe(true);
    const charged =
      -deductions.reduce((sum, e) => sum + e.amountMicro, 0) - refunds.reduce((sum, e) => sum + e.amountMicro, 0);
    const refundedRuns = new Set(refunds.map((e) => e.testRunId));
    expect(charged).toBe(
      runs
        .filter((r) => r.provider === 'platform' && !refundedRuns.has(r.id))
        .reduce((sum, r) => sum + (r.costMicro ?? 0), 0),
    );
    expect(
      runs.filter((r) => r.provider !== 'platform').every((r) => !deductions.some((e) => e.testRunId === r.id)),
    ).toBe(true);
    await expectLedgerBalanced(f.t);
  });
});
