import fs from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { buildExampleApp } from '../../examples/virtual-apps';
import { apiCaller, registerBenchAccount, startActiveSession, startBenchServer, startBenchWorker } from '../harness';
import type { AppSet, BenchCase } from './app-sets';
import type { ActualRun, Build } from './scoring';

/**
 * Runs every case of the app sets through the interpreter alone (`platform/interpreter`, mode
 * `ai`) on a live control plane with a virtual-device worker: each case on the correct build and
 * on the buggy one, each from a cleared app (the suite resets with `clear_data`), several
 * devices at once.
 */
export interface CaseRun {
  app: string;
  case: string;
  build: Build;
  actual: ActualRun;
}

interface RunJson {
  status: string;
  error_message: string | null;
  duration_ms: number | null;
  result: {
    steps: { index: number; text: string; status: string; error: string | null }[];
    assertions: { text: string; passed: boolean; reasoning: string | null }[];
  } | null;
}

const RUN_TIMEOUT_MS = 180_000;

/** The run reduced to what scoring needs. */
export function actualOf(run: RunJson): ActualRun {
  const steps = run.result?.steps ?? [];
  const assertions = run.result?.assertions ?? [];
  const status = run.status === 'passed' ? 'passed' : run.status === 'failed' ? 'failed' : 'error';
  const failedStep = steps.find((s) => s.status === 'failed');
  const failedAssertion = assertions.findIndex((a) => !a.passed);
  const base = {
    status,
    steps: steps.map((s) => s.status),
    assertions: assertions.map((a) => a.passed),
    durationMs: run.duration_ms ?? 0,
  } as const;
  if (status === 'failed' && failedStep)
    return { ...base, failedAt: { step: failedStep.index + 1 }, failedText: failedStep.text, error: failedStep.error };
  if (status === 'failed' && failedAssertion >= 0)
    return {
      ...base,
      failedAt: { assertion: failedAssertion + 1 },
      failedText: assertions[failedAssertion]!.text,
      error: assertions[failedAssertion]!.reasoning,
    };
  return { ...base, failedAt: null, failedText: null, error: status === 'passed' ? null : run.error_message };
}

/** Run ends announced on /ws, remembered so that an end seen before anyone waits for it is not lost. */
class RunEnds {
  private ended = new Set<string>();
  private waiting = new Map<string, () => void>();
  constructor(socket: WebSocket) {
    socket.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as { type: string; run_public_id?: string };
      if (m.type !== 'run.finished' || !m.run_public_id) return;
      this.ended.add(m.run_public_id);
      this.waiting.get(m.run_public_id)?.();
    });
  }
  wait(id: string, ms: number): Promise<boolean> {
    if (this.ended.has(id)) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(false);
      }, ms);
      this.waiting.set(id, () => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(true);
      });
    });
  }
}

export interface RunReport {
  runs: CaseRun[];
  devices: number;
  setupMs: number;
  runMs: number;
}

export async function runAppSets(sets: AppSet[], opts: { devices: number }): Promise<RunReport> {
  const t0 = performance.now();
  const server = await startBenchServer({ DEFAULT_PLAN: 'enterprise' });
  const host = await startBenchWorker(server, {
    devices: `Pixel 8:android:phone:14:${opts.devices}`,
    id: 'bench-interpreter-apps',
  });
  let socket: WebSocket | null = null;
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const call = apiCaller(server.url, token);
    socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/v1/ws`, [`bearer.${token}`]);
    await new Promise((r) => socket!.once('open', r));
    const ends = new RunEnds(socket);

    const upload = async (file: string): Promise<{ public_id: string; build_id: number }> => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(file)]), path.basename(file));
      const res = await fetch(`${server.url}/api/v1/apps/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      if (!res.ok) throw new Error(`upload ${path.basename(file)}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { public_id: string; build_id: number };
    };

    type Job = { set: AppSet; case: BenchCase; caseId: string; build: Build; buildId: number };
    const jobs: Job[] = [];
    for (const set of sets) {
      const correct = await upload(await buildExampleApp(set.app, 'correct', path.join(host.tmp, `${set.name}.apk`)));
      const buggy = await upload(await buildExampleApp(set.app, 'buggy', path.join(host.tmp, `${set.name}-buggy.apk`)));
      const suite = await call('POST', '/tests/suites', {
        name: `Interpreter: ${set.name}`,
        app_public_id: correct.public_id,
      });
      // BENCH_INTERP_CONTEXT=0 runs the cases without the suite's context (the app's test account).
      const context = process.env.BENCH_INTERP_CONTEXT === '0' ? null : set.context;
      await call('PATCH', `/tests/suites/${suite.public_id}`, {
        reset_strategy: 'clear_data',
        ...(context ? { context } : {}),
      });
      const ids = new Map<string, string>();
      for (const c of set.cases) {
        const created = await call('POST', `/tests/suites/${suite.public_id}/cases`, {
          name: c.name,
          mode: 'ai',
          // Visual baselines would compare the buggy build with the correct one: not what is measured here.
          steps: c.steps.map((text) => ({ text, visual: { mode: 'skip' } })),
          assertions: c.assertions ?? [],
        });
        ids.set(c.name, created.public_id);
      }
      // Correct builds first, then buggy ones: a device reinstalls only when its next case needs the other build.
      for (const [build, buildId] of [
        ['correct', correct.build_id],
        ['buggy', buggy.build_id],
      ] as const)
        for (const c of set.cases) jobs.push({ set, case: c, caseId: ids.get(c.name)!, build, buildId });
    }

    // The worker's devices are listed once its hello has been handled.
    for (;;) {
      const listed = (await call('GET', '/devices/?device_type=android&category=phone')) as { status: string }[];
      if (listed.filter((d) => d.status === 'available').length >= opts.devices) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // One after another: sessions started at the same moment by one organization can deadlock
    // on its plan row (the control plane then answers 500).
    const sessions: string[] = [];
    for (let i = 0; i < opts.devices; i++) sessions.push(await startActiveSession(call));
    const setupMs = performance.now() - t0;

    const runs: CaseRun[] = [];
    const runOne = async (job: Job, sessionId: string): Promise<CaseRun> => {
      const started = await call('POST', '/ai/test/run', {
        test_case_public_id: job.caseId,
        session_id: sessionId,
        mode: 'ai',
        model: 'platform/interpreter',
        build_id: job.buildId,
      });
      if (!(await ends.wait(started.run_public_id, RUN_TIMEOUT_MS))) {
        await call('POST', `/tests/runs/${started.run_public_id}/cancel`);
        await ends.wait(started.run_public_id, 10_000);
      }
      const run = (await call('GET', `/tests/runs/${started.run_public_id}`)) as RunJson;
      return { app: job.set.name, case: job.case.name, build: job.build, actual: actualOf(run) };
    };
    const t1 = performance.now();
    let next = 0;
    await Promise.all(
      sessions.map(async (sessionId) => {
        while (next < jobs.length) {
          const job = jobs[next++]!;
          runs.push(await runOne(job, sessionId));
        }
      }),
    );
    return { runs, devices: opts.devices, setupMs, runMs: performance.now() - t1 };
  } finally {
    socket?.close();
    await host.stop();
    await server.stop();
  }
}
