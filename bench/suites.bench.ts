import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSampleApk } from '../examples/build-sample-app';
import {
  apiCaller,
  registerBenchAccount,
  startActiveSession,
  startBenchServer,
  startBenchWorker,
  type BenchRow,
} from './harness';

/** Five interpreter steps per case: sign in and check the greeting. */
const STEPS = [
  'type demo into Username',
  'type secret into Password',
  'Tap Sign in',
  'verify "Items" is visible',
  'verify "Welcome, demo" is visible',
];
const CASES = Number(process.env.BENCH_SUITE_CASES ?? 60);
const LEVELS = [1, 2, 4, 8];

/**
 * A suite of 60 five-step cases run with parallelism 1, 2, 4 and 8 on eight virtual phones: wall
 * time per level, the speed-up over one device and its share of linear. While the 8-way run holds
 * every device, another organization asks for a session: its wait is reported (it is served by
 * the queue's ordinary rules, when the first shard runs out of cases).
 */
export default async function suitesBench(): Promise<BenchRow[]> {
  const server = await startBenchServer({ DEFAULT_PLAN: 'enterprise' });
  const host = await startBenchWorker(server, { devices: 'Pixel 8:android:phone:14:8', id: 'bench-suites' });
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const call = apiCaller(server.url, token);
    const apk = await buildSampleApk(path.join(host.tmp, 'sample.apk'));
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(apk)]), 'sample.apk');
    const up = await fetch(`${server.url}/api/v1/apps/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (!up.ok) throw new Error(`upload ${up.status} ${await up.text()}`);
    const app = (await up.json()) as { public_id: string };
    const suite = await call('POST', '/tests/suites', { name: 'Suites bench', app_public_id: app.public_id });
    await call('PATCH', `/tests/suites/${suite.public_id}`, { reset_strategy: 'clear_data' });
    for (let i = 0; i < CASES; i++)
      await call('POST', `/tests/suites/${suite.public_id}/cases`, { name: `Case ${i + 1}`, mode: 'ai', steps: STEPS });

    const runSuite = async (parallelism: number, during?: () => Promise<void>) => {
      const sessionId = await startActiveSession(call);
      const t0 = performance.now();
      const started = await call('POST', '/ai/suite/run', {
        suite_public_id: suite.public_id,
        session_id: sessionId,
        mode: 'ai',
        parallelism,
      });
      const side = during?.();
      for (;;) {
        const sr = await call('GET', `/tests/suite-runs/${started.suite_run_public_id}`);
        if (!['pending', 'running'].includes(sr.status)) {
          const ms = performance.now() - t0;
          await side;
          await call('DELETE', `/sessions/${sessionId}`);
          if (sr.status !== 'passed') throw new Error(`bench suite run ${sr.status}: ${sr.error_message}`);
          return { ms, shards: (sr.shards as Array<{ cases: number }>).filter((s) => s.cases > 0).length };
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    let serial = 0;
    let otherWaitMs = 0;
    for (const level of LEVELS) {
      const other = async () => {
        // Another organization asks for a device while this run holds all eight.
        await new Promise((r) => setTimeout(r, 3_000));
        const b = apiCaller(server.url, (await registerBenchAccount(server.url)).access_token);
        const t0 = performance.now();
        const sid = await startActiveSession(b);
        otherWaitMs = performance.now() - t0;
        await b('DELETE', `/sessions/${sid}`);
      };
      const { ms, shards } = await runSuite(level, level === 8 ? other : undefined);
      if (level === 1) serial = ms;
      const speedUp = serial / ms;
      rows.push({
        name: `${CASES} cases × 5 interpreter steps, parallelism ${level}`,
        n: CASES,
        devices_used: shards,
        wall_ms: Math.round(ms),
        speed_up: +speedUp.toFixed(2),
        share_of_linear: +(speedUp / level).toFixed(2),
        host_cpus: os.cpus().length,
        goal: '≥ 0.8 × linear up to the host capacity',
      });
    }
    rows.push({
      name: "another organization's session while the 8-way run holds every device: wait until active",
      n: 1,
      wait_ms: Math.round(otherWaitMs),
    });
  } finally {
    await host.stop();
    await server.stop();
  }
  return rows;
}
