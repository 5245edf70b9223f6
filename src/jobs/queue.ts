import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client';
import { JOB_CATALOG, type JobHandlers, type JobName, type JobPayload } from './catalog';

export interface SendJobOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  db?: DbOrTx;
  /** Deterministic key: a second send with the same key while the first is queued is dropped. */
  singletonKey?: string;
  startAfter?: Date | number;
}

/**
 * pg-boss expects `executeSql(text, values)`. Drizzle keeps the pg client of a transaction on its
 * session; running pg-boss's SQL on that client puts the job in the caller's transaction.
 */
function asBossDb(db: DbOrTx): PgBoss.Db {
  const client = (db as unknown as { session?: { client?: { query: PgQuery } } }).session?.client ?? (db as unknown as { $client: { query: PgQuery } }).$client;
  if (!client) throw new Error('asBossDb: no pg client behind this database handle');
  return { executeSql: (text, values) => client.query(text, values) };
}

type PgQuery = (text: string, values: unknown[]) => Promise<{ rows: any[] }>;

export class JobQueue {
  private readonly boss: PgBoss;
  private started = false;

  constructor(
    connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollingIntervalSeconds?: number; max?: number } = {},
  ) {
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: options.max ?? 4 });
    this.boss.on('error', (err) => {
      if (this.started) this.log.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'job queue error');
    });
  }

  /** Installs pg-boss's schema and creates one queue per catalog entry. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [name, def] of Object.entries(JOB_CATALOG)) {
      await this.boss.createQueue(name, { name, ...def.retry });
    }
    this.started = true;
  }

  async send<N extends JobName>(name: N, payload: JobPayload<N>, opts: SendJobOptions = {}): Promise<string | null> {
    const data = JOB_CATALOG[name].payload.parse(payload);
    return this.boss.send(name, data as object, {
      ...JOB_CATALOG[name].retry,
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter ? { startAfter: opts.startAfter instanceof Date ? opts.startAfter : new Date(opts.startAfter) } : {}),
      ...(opts.db ? { db: asBossDb(opts.db) } : {}),
    });
  }

  /** Starts consuming every job in the catalog with the given handlers. */
  async work(handlers: JobHandlers): Promise<void> {
    for (const name of Object.keys(JOB_CATALOG) as JobName[]) {
      const handler = handlers[name] as (p: unknown, m: { jobId: string; retryCount: number }) => Promise<void>;
      await this.boss.work(name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          const payload = JOB_CATALOG[name].payload.parse(job.data);
          await handler(payload, { jobId: job.id, retryCount: 0 });
        }
      });
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
  }
}
