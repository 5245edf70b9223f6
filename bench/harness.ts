import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig, type Env } from '../src/config';
import { createContainer, type Container } from '../src/container';
import { runMigrations } from '../src/db/migrate';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { createJobHandlers } from '../src/jobs/handlers';
import { createLogger } from '../src/logging';
import { createVirtualDriver } from '../src/worker/drivers/virtual-driver';
import { WorkerClient } from '../src/worker/worker-client';
import type { App } from '../src/http/types';
import { resolveSecrets } from '../src/secrets';

export interface BenchRow {
  /** What was measured, e.g. "GET /api/v1/organizations/ (JWT)". */
  name: string;
  [metric: string]: string | number | null;
}

export interface BenchServer {
  url: string;
  dataDir: string;
  app: App;
  container: Container;
  databaseUrl: string;
  stop(): Promise<void>;
}

/**
 * A real simdeck server on loopback: embedded PostgreSQL (or BENCH_DATABASE_URL), migrations,
 * jobs, listening on a free port. Rate limits are off: the benchmarks measure throughput.
 * `replicaOf` starts a second replica on the first one's database and data directory (secrets).
 */
export async function startBenchServer(
  env: Partial<Record<keyof Env, string>> = {},
  replicaOf?: BenchServer,
): Promise<BenchServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bench-'));
  fs.chmodSync(dir, 0o755);
  let databaseUrl = replicaOf?.databaseUrl ?? process.env.BENCH_DATABASE_URL;
  let stopDb = async () => {};
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: false });
    databaseUrl = pg.url;
    stopDb = pg.stop;
  }
  await runMigrations(databaseUrl);
  const dataDir = replicaOf?.dataDir ?? path.join(dir, 'data');
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    LOG_LEVEL: 'warn',
    PORT: '0',
    ...env,
  });
  const container = createContainer(config, resolveSecrets(config), { log: createLogger('warn') });
  await container.jobs.start();
  await container.jobs.work(createJobHandlers(container));
  const app = await buildApp(container);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    dataDir,
    app,
    container,
    databaseUrl,
    async stop() {
      await app.close();
      await container.close();
      await stopDb();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

/** Signs up a fresh account with its own organization on the server at `url`. */
export async function registerBenchAccount(
  url: string,
): Promise<{ access_token: string; organization_id: number; user_id: number }> {
  const res = await fetch(`${url}/api/v1/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      password: 'bench-password-1',
      organization_name: 'Bench',
    }),
  });
  if (!res.ok) throw new Error(`bench signup failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { access_token: string; organization_id: number; user_id: number };
}

/** JSON calls to the API of the server at `url` with `token`; a 4xx or 5xx throws. */
export function apiCaller(url: string, token: string) {
  return async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await r.text();
    if (r.status >= 400) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

/** Creates and starts a session on an Android phone and waits until it is active; returns its id. */
export async function startActiveSession(call: ReturnType<typeof apiCaller>): Promise<string> {
  const s = await call('POST', '/sessions/', { device_type: 'android', device_category: 'phone' });
  await call('POST', `/sessions/${s.session_id}/start`);
  for (;;) {
    const { status, error_message } = await call('GET', `/sessions/${s.session_id}`);
    if (status === 'active') return s.session_id as string;
    if (status === 'failed' || status === 'stopped') throw new Error(`bench session ${status}: ${error_message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A virtual-device worker connected to `server` over the worker protocol, with a scratch directory. */
export async function startBenchWorker(server: BenchServer, opts: { devices: string; id: string }) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `simdeck-bench-${opts.id}-`));
  const driver = createVirtualDriver({ devices: opts.devices, dataDir: tmp, hostSeed: opts.id });
  const worker = new WorkerClient({
    serverUrl: server.url,
    token: server.container.secrets.workerToken,
    workerId: opts.id,
    driver,
  });
  await worker.start();
  return {
    tmp,
    driver,
    worker,
    async stop() {
      await worker.close();
      await driver.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
