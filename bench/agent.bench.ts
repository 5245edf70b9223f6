import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleApk } from '../examples/build-sample-app';
import { createVirtualDriver } from '../src/worker/drivers/virtual-driver';
import { WorkerClient } from '../src/worker/worker-client';
import { estimatePromptTokens, refOf, startFakeLlm, type FakeCall, type FakeTurn } from '../test/harness/fake-llm';
import { apiCaller, percentile, registerBenchAccount, startBenchServer, type BenchRow } from './harness';

/**
 * Steps no grammar covers, each answered by a scripted model on a fake provider (OpenAI chat
 * completions on loopback, answering at once): what the agent itself costs per step, apart from
 * the model's latency (screenshot, downscale, element list, prompt assembly, tool dispatch and the
 * settling after each action), and how many prompt tokens a step sends.
 */
/** The n-th tool call of a step (its actions, lazily, as each needs the screen it sees), then step_done. */
const plan =
  (...actions: Array<(c: FakeCall) => FakeTurn>) =>
  (c: FakeCall, n: number): FakeTurn =>
    actions[n]?.(c) ?? { tool: 'step_done', input: { reasoning: 'the screen shows it' } };
const tap =
  (id: string) =>
  (c: FakeCall): FakeTurn => ({ tool: 'tap', input: { ref: refOf(c, id) } });
const type =
  (text: string, id: string) =>
  (c: FakeCall): FakeTurn => ({ tool: 'type', input: { text, ref: refOf(c, id) } });
const back = (): FakeTurn => ({ tool: 'go_back', input: {} });

const STEPS: Array<{ text: string; plan: (call: FakeCall, n: number) => FakeTurn }> = [
  {
    text: 'Sign in as the demo user',
    plan: plan(type('demo', 'username'), type('secret', 'password'), tap('sign-in')),
  },
  { text: 'Open the preferences', plan: plan(tap('open-settings')) },
  { text: 'Use the dark theme', plan: plan(tap('dark-mode')) },
  { text: 'Return to the list', plan: plan(back) },
  {
    text: 'Bring the twelfth item into view',
    plan: plan(() => ({ tool: 'scroll_until', input: { text: 'Item 12' } })),
  },
  { text: 'Look at the twelfth item', plan: plan(tap('item-12')) },
  { text: 'Go back to the list', plan: plan(back) },
  {
    text: 'Scroll back to the top of the list',
    plan: plan(() => ({ tool: 'scroll_until', input: { text: 'Send feedback', direction: 'up' } })),
  },
  { text: 'Leave a note saying Great app', plan: plan(tap('open-feedback'), type('Great app', 'feedback-message')) },
];
const RUNS = Number(process.env.BENCH_AGENT_RUNS ?? 5);

interface StepResult {
  index: number;
  status: string;
  resolved_by: string | null;
  duration_ms: number;
  timing: { device_ms: number; wait_ms: number; model_ms?: number; agent_ms?: number };
}

export default async function agentBench(): Promise<BenchRow[]> {
  const fake = await startFakeLlm();
  const server = await startBenchServer({ DEFAULT_PLAN: 'enterprise', ...fake.env() });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-agent-'));
  const driver = createVirtualDriver({ devices: 'Pixel 8:android:phone:14:1', dataDir: tmp, hostSeed: 'bench-agent' });
  const worker = new WorkerClient({
    serverUrl: server.url,
    token: server.container.secrets.workerToken,
    workerId: 'bench-agent',
    driver,
  });
  await worker.start();
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const call = apiCaller(server.url, token);
    await call('POST', '/ai/keys', { provider: 'provider_a', api_key: 'sk-bench-agent-0000' });
    const apk = await buildSampleApk(path.join(tmp, 'sample.apk'));
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(apk)]), 'sample.apk');
    const up = await fetch(`${server.url}/api/v1/apps/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!up.ok) throw new Error(`upload ${up.status} ${await up.text()}`);
    const app = (await up.json()) as { public_id: string };
    const suite = await call('POST', '/tests/suites', { name: 'Agent bench', app_public_id: app.public_id });
    await call('PATCH', `/tests/suites/${suite.public_id}`, { reset_strategy: 'clear_data' });
    const testCase = await call('POST', `/tests/suites/${suite.public_id}/cases`, {
      name: 'Tour by the model',
      mode: 'ai',
      steps: STEPS.map((s) => s.text),
    });
    const s = await call('POST', '/sessions/', { device_type: 'android', device_category: 'phone' });
    await call('POST', `/sessions/${s.session_id}/start`);
    while ((await call('GET', `/sessions/${s.session_id}`)).status !== 'active')
      await new Promise((r) => setTimeout(r, 50));

    // Which step a model call belongs to: the step's text is in the conversation.
    fake.script((c) => {
      const index = STEPS.findIndex((step) => c.texts.some((t) => t.includes(JSON.stringify(step.text))));
      return STEPS[index]!.plan(c, c.toolResults.length);
    });
    const overhead: number[] = [];
    const perCall: number[] = [];
    const stepTokens: number[] = [];
    const callTokens: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const firstCall = fake.calls.length;
      const started = await call('POST', '/ai/test/run', {
        test_case_public_id: testCase.public_id,
        session_id: s.session_id,
        mode: 'ai',
        model: 'gpt-4.1-mini:byok',
      });
      let run: {
        status: string;
        error_message: string | null;
        result: { steps: StepResult[] };
        reasoning_log: Array<{ step_index: number; tool: string }>;
      };
      for (;;) {
        run = await call('GET', `/tests/runs/${started.run_public_id}`);
        if (!['pending', 'running'].includes(run.status)) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      if (run.status !== 'passed') throw new Error(`bench run ${run.status}: ${run.error_message}`);
      for (const step of run.result.steps) {
        // One trace entry per model call, besides the interpreter's.
        const calls = run.reasoning_log.filter((e) => e.step_index === step.index && e.tool !== 'interpreter').length;
        const own = step.timing.agent_ms! - step.timing.model_ms!;
        overhead.push(own);
        perCall.push(own / Math.max(1, calls));
      }
      // The fake reports these estimates as the calls' prompt tokens.
      const tokens = fake.calls.slice(firstCall).map(estimatePromptTokens);
      callTokens.push(...tokens);
      stepTokens.push(tokens.reduce((a, b) => a + b, 0) / STEPS.length);
    }
    overhead.sort((a, b) => a - b);
    perCall.sort((a, b) => a - b);
    rows.push({
      name: 'agent overhead per step, model latency excluded (screenshot, downscale, element list, prompt, tool dispatch, settling)',
      n: overhead.length,
      p50_ms: Math.round(percentile(overhead, 50)),
      p95_ms: Math.round(percentile(overhead, 95)),
      goal: 'p50 ≤ 150 ms',
    });
    rows.push({
      name: 'agent overhead per model call',
      n: perCall.length,
      p50_ms: Math.round(percentile(perCall, 50)),
      p95_ms: Math.round(percentile(perCall, 95)),
    });
    rows.push({
      name: 'prompt tokens (as a provider counts them: 4 characters a token, 512 px image tiles)',
      n: callTokens.length,
      per_step: Math.round(stepTokens.reduce((a, b) => a + b, 0) / stepTokens.length),
      per_call: Math.round(callTokens.reduce((a, b) => a + b, 0) / callTokens.length),
      calls_per_step: +(callTokens.length / (RUNS * STEPS.length)).toFixed(2),
    });
  } finally {
    await worker.close();
    await server.stop();
    await fake.close();
    await driver.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  return rows;
}
