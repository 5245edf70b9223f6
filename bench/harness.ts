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
export async function startBenchServer(env: Partial<Record<keyof Env, string>> = {}, replicaOf?: BenchServer): Promise<BenchServer> {
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
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RATE_LIMIT: 'false', LOG_LEVEL: 'warn', PORT: '0', ...env });
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
