import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { ManualClock, type Clock } from '../../src/clock';
import { loadConfig, type Env } from '../../src/config';
import { createContainer, type Container } from '../../src/container';
import { createJobHandlers } from '../../src/jobs/handlers';
import { createLogger } from '../../src/logging';
import type { App } from '../../src/http/types';
import { resolveSecrets } from '../../src/secrets';
import { withDatabase } from './global-setup';
import { startSmtpServer, type SmtpPeer } from './smtp';

export interface TestAppOptions {
  /** Extra environment (as strings, exactly as an operator would set them). */
  env?: Partial<Record<keyof Env, string>>;
  clock?: Clock;
  /** Start a loopback SMTP server and point SMTP_URL at it. */
  smtp?: boolean;
  /** Run background jobs (default true). */
  jobs?: boolean;
  /**
   * Also schedule and run the recurring jobs (the session sweeps; default false: tests call the
   * sweeps with their clock when they want them).
   */
  recurringJobs?: boolean;
  /** Seconds between job polls (default 0.5); enqueued jobs wake a worker without a poll anyway. */
  jobPollingIntervalSeconds?: number;
  /** Where log lines go (tests that inspect logs pass a stream and set LOG_LEVEL). */
  logStream?: import('pino').DestinationStream;
  /**
   * Another replica of that app: the same database, data directory (so the same secrets) and
   * clock. It owns neither: the first app's close() drops them.
   */
  replicaOf?: TestApp;
}

export interface TestApp {
  app: App;
  container: Container;
  clock: Clock;
  smtp: SmtpPeer | undefined;
  databaseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template; dropped by the returned function. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const { adminUrl, template } = inject('testDb');
  const name = `simdeck_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => c.end());
    },
  };
}

/** The whole application on its own database and data directory, as `npm start` builds it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const primary = options.replicaOf;
  const database = primary ? { url: primary.databaseUrl, drop: async () => {} } : await createTestDatabase();
  const dataDir = primary ? primary.dataDir : fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-test-data-'));
  const smtp = options.smtp ? await startSmtpServer() : undefined;
  const config = loadConfig({
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    RATE_LIMIT: 'false',
    DATABASE_POOL_MAX: '4',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    APP_URL: 'http://simdeck.test',
    IN_PROCESS_WORKER: 'false',
    // Most tests exercise the plan rules of the hosted product; without billing configured new
    // organizations would start without caps (pass DEFAULT_PLAN '' to see that default).
    DEFAULT_PLAN: 'free',
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  const clock = options.clock ?? primary?.clock ?? new ManualClock('2026-06-01T12:00:00Z');
  const container = createContainer(config, resolveSecrets(config), {
    clock,
    log: createLogger(config.server.logLevel, options.logStream),
    jobPollingIntervalSeconds: options.jobPollingIntervalSeconds ?? 0.5,
  });
  if (options.jobs !== false) {
    await container.jobs.start();
    await container.jobs.work(createJobHandlers(container), { recurring: options.recurringJobs ?? false });
  }
  const app = await buildApp(container);
  await app.ready();
  return {
    app,
    container,
    clock,
    smtp,
    databaseUrl: database.url,
    dataDir,
    async close() {
      await app.close();
      await container.close();
      await smtp?.close();
      await database.drop();
      if (!primary) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
