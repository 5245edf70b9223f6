import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { buildSampleApk } from '../examples/build-sample-app';
import {
  apiCaller,
  startActiveSession,
  startBenchWorker,
  percentile,
  registerBenchAccount,
  startBenchServer,
  type BenchRow,
} from './harness';

/** Twenty natural-language steps through the sample app: sign-in, list, detail, settings, feedback. */
const STEPS = [
  'type demo into Username',
  'type secret into Password',
  'Tap Sign in',
  'verify "Welcome, demo" is visible',
  'Tap Settings',
  'turn on Dark mode',
  'verify "Dark mode" is on',
  'turn off Notifications',
  'go back',
  'Tap Send feedback',
  'type Great app into Message',
  'turn on Contact me',
  'Tap Submit',
  'verify "Thank you!" is visible',
  'Tap OK',
  'scroll down until "Item 12" is visible',
  'Tap Item 12',
  'the screen title is Item 12',
  'go back',
  'the screen title is Items',
];

const RUNS_FOR_THROUGHPUT = Number(process.env.BENCH_ENGINE_RUNS ?? 10);

interface StepResult {
  text: string;
  status: string;
  resolved_by: string | null;
  duration_ms: number;
  timing: { device_ms: number; wait_ms: number };
  actions: Array<Record<string, unknown>>;
}

interface Run {
  public_id: string;
  status: string;
  error_message: string | null;
  duration_ms: number;
  result: { steps: StepResult[] };
}

/** A performed action as a recording action: what the recorder would have written on this device. */
function asRecorded(a: Record<string, unknown>, tMs: number): Record<string, unknown> {
  const { matched_by: _m, selector, ...rest } = a;
  const out: Record<string, unknown> = { ...rest, t_ms: tMs };
  if (selector && typeof selector === 'object')
    out.selector = Object.fromEntries(
      Object.entries(selector).filter(([, v]) => v !== '' && v !== null && v !== undefined),
    );
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}

/**
 * The execution engine on the virtual driver over the real worker protocol: its own work per
 * step (step time less device calls and waiting), a 20-step replay of the sample app end to
 * end, runs per minute per virtual device, and which resolver settled the steps.
 */
export default async function engineBench(): Promise<BenchRow[]> {
  const server = await startBenchServer({ DEFAULT_PLAN: 'enterprise' });
  const host = await startBenchWorker(server, { devices: 'Pixel 8:android:phone:14:2', id: 'bench-engine' });
  const { tmp } = host;
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const call = apiCaller(server.url, token);
    const finished = new Map<string, () => void>();
    const rt = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`, [`bearer.${token}`]);
    await new Promise((r) => rt.once('open', r));
    rt.on('message', (raw) => {
      const m = JSON.parse(raw.toString());
      if (m.type === 'run.finished') finished.get(m.run_public_id)?.();
    });

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
    const suite = await call('POST', '/tests/suites', { name: 'Engine bench', app_public_id: app.public_id });
    await call('PATCH', `/tests/suites/${suite.public_id}`, { reset_strategy: 'clear_data' });

    const startSession = () => startActiveSession(call);
    /** Starts a run and waits for /ws to say it finished; returns the run and the wall time from request to end. */
    const run = async (caseId: string, sessionId: string, mode: string): Promise<{ run: Run; wallMs: number }> => {
      const t0 = performance.now();
      const started = await call('POST', '/ai/test/run', { test_case_public_id: caseId, session_id: sessionId, mode });
      await new Promise<void>((r) => finished.set(started.run_public_id, r));
      const wallMs = performance.now() - t0;
      const got = (await call('GET', `/tests/runs/${started.run_public_id}`)) as Run;
      if (got.status !== 'passed')
        throw new Error(
          `bench run ${got.status}: ${got.error_message} ${JSON.stringify(got.result?.steps?.find((s) => s.status !== 'passed'))}`,
        );
      return { run: got, wallMs };
    };
    const engineMs = (steps: StepResult[]) =>
      steps.map((s) => s.duration_ms - s.timing.device_ms - s.timing.wait_ms).sort((a, b) => a - b);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

    const sessionId = await startSession();

    // 1. The case in natural language: every step through the interpreter. The first run writes the baselines.
    const nl = await call('POST', `/tests/suites/${suite.public_id}/cases`, {
      name: 'Tour (natural language)',
      mode: 'ai',
      steps: STEPS,
    });
    const first = await run(nl.public_id, sessionId, 'ai');
    const interpreted = await run(nl.public_id, sessionId, 'ai');
    const nlEngine = engineMs(interpreted.run.result.steps);
    rows.push({
      name: '20 interpreter steps: engine work per step (step − device − waiting)',
      n: nlEngine.length,
      p50_ms: percentile(nlEngine, 50),
      p95_ms: percentile(nlEngine, 95),
      goal: 'p50 ≤ 50 ms',
    });

    // 2. The same case recorded: what the interpreter did, as a recording with selectors and coordinates.
    const recording: Record<string, unknown>[] = [];
    const steps = first.run.result.steps.map((s, i) => {
      const indices = s.actions.map((a) => recording.push(asRecorded(a, i * 1000)) - 1);
      return indices.length ? { text: s.text, action_indices: indices } : s.text;
    });
    const screen = (await call('GET', `/sessions/${sessionId}`)).screen as { width: number; height: number };
    const recorded = await call('POST', `/tests/suites/${suite.public_id}/cases`, {
      name: 'Tour (recorded)',
      mode: 'recorded',
      steps,
      source_recording: recording,
      source_device_width: screen.width,
      source_device_height: screen.height,
    });
    await run(recorded.public_id, sessionId, 'hybrid');
    const replayed = await run(recorded.public_id, sessionId, 'hybrid');
    const replaySteps = replayed.run.result.steps;
    const replayEngine = engineMs(replaySteps);
    const device = sum(replaySteps.map((s) => s.timing.device_ms));
    const waiting = sum(replaySteps.map((s) => s.timing.wait_ms));
    const inSteps = sum(replaySteps.map((s) => s.duration_ms));
    rows.push({
      name: '20-step hybrid replay: engine work per step (step − device − waiting)',
      n: replayEngine.length,
      p50_ms: percentile(replayEngine, 50),
      p95_ms: percentile(replayEngine, 95),
      goal: 'p50 ≤ 50 ms',
    });
    rows.push({
      name: '20-step hybrid replay end to end (request → run.finished on /ws)',
      n: 1,
      wall_ms: Math.round(replayed.wallMs),
      run_ms: replayed.run.duration_ms,
      steps_ms: inSteps,
      device_ms: device,
      waiting_ms: waiting,
      engine_in_steps_ms: inSteps - device - waiting,
      outside_steps_ms: replayed.run.duration_ms - inSteps,
    });
    const by = (resolver: string) => replaySteps.filter((s) => s.resolved_by === resolver).length;
    rows.push({
      name: 'steps of the hybrid replay settled by replay / interpreter',
      n: replaySteps.length,
      replay: by('replay'),
      interpreter: by('interpreter'),
      replay_share: +(by('replay') / replaySteps.length).toFixed(2),
      interpreter_share: +(by('interpreter') / replaySteps.length).toFixed(2),
    });

    // 3. Runs per minute per virtual device: the recorded case back to back on one device, then on two at once.
    const sequential = async (sid: string, n: number) => {
      const t0 = performance.now();
      const per: number[] = [];
      for (let i = 0; i < n; i++) per.push((await run(recorded.public_id, sid, 'hybrid')).wallMs);
      return { minutes: (performance.now() - t0) / 60_000, per: per.sort((a, b) => a - b) };
    };
    const one = await sequential(sessionId, RUNS_FOR_THROUGHPUT);
    rows.push({
      name: 'runs per minute, one virtual device (20-step hybrid replay, back to back)',
      n: RUNS_FOR_THROUGHPUT,
      runs_per_min: +(RUNS_FOR_THROUGHPUT / one.minutes).toFixed(1),
      p50_run_ms: Math.round(percentile(one.per, 50)),
      p95_run_ms: Math.round(percentile(one.per, 95)),
    });
    const other = await startSession();
    const t0 = performance.now();
    await Promise.all([sequential(sessionId, RUNS_FOR_THROUGHPUT), sequential(other, RUNS_FOR_THROUGHPUT)]);
    const minutes = (performance.now() - t0) / 60_000;
    rows.push({
      name: 'runs per minute per device, two virtual devices at once',
      n: 2 * RUNS_FOR_THROUGHPUT,
      runs_per_min: +(RUNS_FOR_THROUGHPUT / minutes).toFixed(1),
      total_runs_per_min: +((2 * RUNS_FOR_THROUGHPUT) / minutes).toFixed(1),
    });
    rt.close();
  } finally {
    await host.stop();
    await server.stop();
  }
  return rows;
}
