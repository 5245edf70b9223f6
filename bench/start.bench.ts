import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../scripts/build.mjs';
import type { BenchRow } from './harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IDLE_SETTLE_MS = Number(process.env.BENCH_IDLE_SETTLE_MS ?? 5000);

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The node arguments of `npm start` after its build step (package.json), e.g. flags + dist/main.mjs. */
function startArgs(): string[] {
  const script = (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const run = script.split('&&').at(-1)!.trim().split(/\s+/);
  if (run[0] !== 'node') throw new Error(`unexpected start script: ${script}`);
  return run.slice(1);
}

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}

/**
 * Starts the built server (`node dist/main.mjs`, as `npm start` runs it after building) on
 * `dataDir` and measures the time until /healthz answers 200, then the Node process's resident
 * memory once it has idled for a few seconds (the embedded PostgreSQL is a separate process).
 */
async function startOnce(dataDir: string): Promise<{ ms: number; idleRss: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, startArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
      if (performance.now() - t0 > 120_000) throw new Error(`no /healthz after 120 s: ${stderr.slice(-2000)}`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    const ms = performance.now() - t0;
    await new Promise((r) => setTimeout(r, IDLE_SETTLE_MS));
    return { ms, idleRss: rssOf(child.pid!) };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/**
 * `npm start` on an installed checkout: the first start on an empty data directory (initdb of the
 * embedded PostgreSQL, migrations) and a second one on the same, now warm, directory; and the
 * server's idle RSS after start.
 */
export default async function startBench(): Promise<BenchRow[]> {
  await bundle('src/main.ts', path.join(root, 'dist', 'main.mjs'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-start-'));
  try {
    const first = await startOnce(dataDir);
    const warm = await startOnce(dataDir);
    const mb = (b: number) => Math.round(b / 1024 / 1024);
    return [
      {
        name: 'npm start → /healthz, first start (initdb, migrations)',
        ms: Math.round(first.ms),
        goal: '≤ 15000 ms',
        'baseline (main)': '24164 ms (this machine, loaded)',
      },
      {
        name: 'npm start → /healthz, warm data directory',
        ms: Math.round(warm.ms),
        goal: '≤ 5000 ms',
        'baseline (main)': '9273 ms (this machine, loaded)',
      },
      {
        name: 'idle RSS of the Node process after start (MB)',
        ms: null,
        mb: mb(warm.idleRss),
        'first start mb': mb(first.idleRss),
        goal: '≤ 120 MB',
        'baseline (main)': '173–184 MB',
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
