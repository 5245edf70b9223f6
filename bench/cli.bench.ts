import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  apiCaller,
  percentile,
  registerBenchAccount,
  startBenchServer,
  startBenchWorker,
  type BenchRow,
} from './harness';

/**
 * The command line and the device tools: how long `simdeck` takes to start and answer (a
 * process spawned per command, as a shell or a CI step does), and the latency of
 * `POST /sessions/{id}/agent/tools` (settle, screenshot, element list; for an act, the action and
 * the settled screen after it) on a virtual phone, which an MCP client pays per tool call.
 */
const N = Number(process.env.BENCH_CLI_RUNS ?? 10);
const run = promisify(execFile);
const BIN = path.resolve('bin/simdeck.js');

async function timed(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

const row = (name: string, ms: number[]): BenchRow => ({
  name,
  n: ms.length,
  p50_ms: Math.round(percentile(ms, 50)),
  p95_ms: Math.round(percentile(ms, 95)),
});

export default async function cliBench(): Promise<BenchRow[]> {
  const server = await startBenchServer({ DEFAULT_PLAN: 'enterprise' });
  const worker = await startBenchWorker(server, { devices: 'Pixel 8:android:phone:14:1', id: 'bench-cli' });
  const rows: BenchRow[] = [];
  try {
    const token = (await registerBenchAccount(server.url)).access_token;
    const env = { ...process.env, SIMDECK_URL: server.url, SIMDECK_TOKEN: token };
    rows.push(
      row(
        'simdeck --help (process start, no API call)',
        await timed(N, () => run(process.execPath, [BIN, '--help'], { env })),
      ),
    );
    rows.push(
      row(
        'simdeck devices --json (process start + one API call)',
        await timed(N, () => run(process.execPath, [BIN, 'devices', '--json'], { env })),
      ),
    );

    const call = apiCaller(server.url, token);
    const s = await call('POST', '/sessions/', { device_type: 'android', device_category: 'phone' });
    await call('POST', `/sessions/${s.session_id}/start`);
    while ((await call('GET', `/sessions/${s.session_id}`)).status !== 'active')
      await new Promise((r) => setTimeout(r, 50));
    const tool = (name: string, args?: Record<string, unknown>) =>
      call('POST', `/sessions/${s.session_id}/agent/tools`, { tool: name, arguments: args });
    rows.push(row('agent tool ui_tree (settle + element list)', await timed(N, () => tool('ui_tree'))));
    rows.push(row('agent tool screenshot (settle + PNG)', await timed(N, () => tool('screenshot'))));
    rows.push(
      row(
        'agent tool swipe up/down (act + settled screen after)',
        await timed(N, (i) => tool('swipe', { direction: i % 2 ? 'down' : 'up' })),
      ),
    );
    await call('DELETE', `/sessions/${s.session_id}`);
  } finally {
    await worker.stop();
    await server.stop();
  }
  return rows;
}
