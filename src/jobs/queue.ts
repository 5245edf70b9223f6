import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import {
  JOB_CATALOG,
  hasQueue,
  isRecurring,
  queueOptionsOf,
  type AppJobCatalog,
  type JobCatalog,
  type JobHandlers,
  type JobMeta,
  type JobName,
  type JobPayload,
  type OnDemandJobDef,
  type OnDemandJobName,
  type RecurringJobDef,
  type RecurringTick,
} from './catalog';
import { RecurringWatchdog, ReplicaTicker, slotAt, slotStart, tickJobId } from './recurring';
import { jobWakeupListener, NOTIFY_SQL, WAKEUP_CHANNEL } from './wakeups';
import type { ChannelListener } from '../db/channel-listener';

export interface SendJobOptions {
  /** Enqueue inside this transaction: the job exists, and wakes a worker, only if it commits. */
  db?: DbOrTx;
  /** Deterministic key: a second send with the same key while the first is queued is dropped. */
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface JobQueueOptions<C extends JobCatalog> {
  /** The jobs this queue knows (default: simdeck's catalog; tests bring their own). */
  catalog?: C;
  /** Seconds between polls of an idle consumer: only a fallback, as enqueues and ticks wake it. */
  pollingIntervalSeconds?: number;
  /** Connections of pg-boss's pool. */
  max?: number;
}

export interface WorkOptions {
  /** Schedule and run the recurring jobs on this replica too (default true). */
  recurring?: boolean;
}

const TickData = z.object({ slot: z.number().int() });

/**
 * pg-boss expects `executeSql(text, values)`. Drizzle keeps the pg client of a transaction on its
 * session; running pg-boss's SQL on that client puts the job in the caller's transaction.
 */
function asBossDb(db: DbOrTx): PgBoss.Db {
  const client =
    queryableOf(Reflect.get(Reflect.get(db, 'session') ?? {}, 'client')) ?? queryableOf(Reflect.get(db, '$client'));
  if (!client) throw new Error('asBossDb: no pg client behind this database handle');
  return { executeSql: (text, values) => client.query(text, values) };
}

/** The pg client Drizzle keeps on its session: a transaction's own connection (not part of Drizzle's typed surface). */
function queryableOf(value: unknown): { query: PgQuery } | undefined {
  if (typeof value !== 'object' || value === null || !('query' in value) || typeof value.query !== 'function')
    return undefined;
  const query: PgQuery = (text, values) => Reflect.apply(value.query as PgQuery, value, [text, values]);
  return { query };
}

type PgQuery = (text: string, values: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

interface Consumer {
  id: string;
  busy: boolean;
}

export class JobQueue<C extends JobCatalog = AppJobCatalog> {
  private readonly boss: PgBoss;
  private readonly catalog: C;
  private readonly wakeups: ChannelListener;
  private readonly consumers = new Map<string, Consumer[]>();
  private readonly watchdogs: RecurringWatchdog[] = [];
  private readonly tickers: ReplicaTicker[] = [];
  private readonly topicListeners = new Map<string, Array<() => void>>();
  private nextConsumer = 0;
  private started = false;

  constructor(
    connectionString: string,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions<C> = {},
  ) {
    this.catalog = options.catalog ?? (JOB_CATALOG as JobCatalog as C);
    this.boss = new PgBoss({ connectionString, schema: 'pgboss', max: options.max ?? 4 });
    this.boss.on('error', (err) => {
      if (this.started)
        this.log.error({ err: { message: err.message, code: (err as { code?: string }).code } }, 'job queue error');
    });
    this.wakeups = jobWakeupListener(connectionString, log, (name) => this.wake(name));
  }

  /** Installs pg-boss's schema, creates or updates one queue per catalog entry, and checks them. */
  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const [name, def] of this.entries().filter(([, d]) => hasQueue(d))) {
      await this.boss.createQueue(name, { name, ...queueOptionsOf(def) });
      await this.boss.updateQueue(name, { name, ...queueOptionsOf(def) });
    }
    await this.assertQueuesExist();
    this.started = true;
  }

  async send<N extends OnDemandJobName<C>>(
    name: N,
    payload: JobPayload<N, C>,
    opts: SendJobOptions = {},
  ): Promise<string | null> {
    const def = this.catalog[name] as OnDemandJobDef;
    const data = def.payload.parse(payload);
    const db = opts.db ? asBossDb(opts.db) : this.boss.getDb();
    const id = await this.boss.send(name, data, {
      ...def.retry,
      ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
      ...(opts.startAfter
        ? { startAfter: opts.startAfter instanceof Date ? opts.startAfter : new Date(opts.startAfter) }
        : {}),
      db,
    });
    if (id && !opts.startAfter) await db.executeSql(NOTIFY_SQL, [WAKEUP_CHANNEL, name]);
    return id;
  }

  /**
   * Which of `keys` (singleton keys of on-demand `name` jobs) still have a job that will run or
   * is running: waiting (`created`, `retry`) or fetched at or after `activeSince`. A job fetched
   * earlier whose work has not shown any sign of starting belongs to a consumer that died.
   */
  async liveSingletonKeys(name: OnDemandJobName<C>, keys: string[], activeSince: Date): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT DISTINCT singleton_key FROM pgboss.job
        WHERE name = $1 AND singleton_key = ANY($2::text[])
          AND (state IN ('created', 'retry') OR (state = 'active' AND started_on >= $3))`,
      [name, keys, activeSince],
    );
    return new Set(rows.map((r: { singleton_key: string }) => r.singleton_key));
  }

  /**
   * Starts consuming every catalog job. Refuses to start, naming the job, when a catalog entry
   * has no handler or no queue in the database: a job nobody consumes would silently pile up.
   */
  async work(handlers: JobHandlers<C>, options: WorkOptions = {}): Promise<void> {
    if (!this.started) throw new Error('JobQueue.work: call start() first');
    if (this.consumers.size > 0 || this.tickers.length > 0) throw new Error('JobQueue.work: already working');
    const missing = this.entries()
      .map(([name]) => name)
      .filter((name) => typeof (handlers as Record<string, unknown>)[name] !== 'function');
    if (missing.length > 0) throw new Error(`Background job ${missing.map((n) => `"${n}"`).join(', ')} has no handler`);
    await this.assertQueuesExist();
    const runRecurring = options.recurring ?? true;
    for (const [name, def] of this.entries()) {
      const handler = (handlers as Record<string, unknown>)[name];
      if (!isRecurring(def))
        await this.consumeOnDemand(name, def, handler as (p: unknown, m: JobMeta) => Promise<void>);
      else if (!runRecurring) continue;
      else if (hasQueue(def)) await this.consumeTicks(name, def, handler as (t: RecurringTick) => Promise<void>);
      else this.tickers.push(this.replicaTicker(name, def, handler as (t: RecurringTick) => Promise<void>));
    }
    await this.wakeups.start();
    for (const watchdog of this.watchdogs) await watchdog.start();
    for (const ticker of this.tickers) ticker.start();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const watchdog of this.watchdogs.splice(0)) watchdog.stop();
    await Promise.all(this.tickers.splice(0).map((ticker) => ticker.stop()));
    await this.wakeups.stop();
    await this.boss.stop({ graceful: true, timeout: 5000, wait: true });
    this.consumers.clear();
  }

  /**
   * Calls `listener` whenever a committed transaction notifies `topic` on the wake-up channel
   * (and after the listener reconnects), while this queue works: for work that is not a job row.
   */
  onWakeup(topic: string, listener: () => void): void {
    const list = this.topicListeners.get(topic) ?? [];
    list.push(listener);
    this.topicListeners.set(topic, list);
  }

  private entries(): Array<[JobName<C>, C[JobName<C>]]> {
    return Object.entries(this.catalog) as Array<[JobName<C>, C[JobName<C>]]>;
  }

  private async assertQueuesExist(): Promise<void> {
    const existing = new Set((await this.boss.getQueues()).map((q) => q.name));
    const missing = this.entries()
      .filter(([name, def]) => hasQueue(def) && !existing.has(name))
      .map(([name]) => name);
    if (missing.length > 0)
      throw new Error(
        `Background job ${missing.map((n) => `"${n}"`).join(', ')} has no queue in the database (JobQueue.start creates them)`,
      );
  }

  /**
   * `consumers` pollers, each handling a batch in parallel and settling every job on its own: a
   * slow or failing send holds up neither the rest of its batch nor the other pollers.
   */
  private async consumeOnDemand(
    name: string,
    def: OnDemandJobDef,
    handler: (payload: unknown, meta: JobMeta) => Promise<void>,
  ): Promise<void> {
    const consumers: Consumer[] = [];
    for (let i = 0; i < def.consumers; i++) {
      const consumer: Consumer = { id: '', busy: false };
      consumer.id = await this.boss.work(
        name,
        {
          pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          batchSize: def.batchSize,
          includeMetadata: true,
        },
        async (jobs) => {
          consumer.busy = true;
          try {
            await Promise.all(
              jobs.map((job) =>
                this.settle(name, job, () =>
                  handler(def.payload.parse(job.data), { jobId: job.id, retryCount: job.retryCount }),
                ),
              ),
            );
          } finally {
            consumer.busy = false;
          }
          // A full batch suggests more is waiting: fetch again at once instead of sleeping.
          if (jobs.length === def.batchSize) this.boss.notifyWorker(consumer.id);
        },
      );
      consumers.push(consumer);
    }
    this.consumers.set(name, consumers);
  }

  private async settle(name: string, job: { id: string }, run: () => Promise<void>): Promise<void> {
    try {
      await run();
      await this.boss.complete(name, job.id);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log.warn(
        { job: name, jobId: job.id, err: { message } },
        'background job failed; it is retried with backoff',
      );
      await this.boss
        .fail(name, job.id, { message })
        .catch((e: Error) =>
          this.log.error({ job: name, jobId: job.id, err: { message: e.message } }, 'could not record a job failure'),
        );
    }
  }

  private async consumeTicks(
    name: string,
    def: RecurringJobDef,
    handler: (tick: RecurringTick) => Promise<void>,
  ): Promise<void> {
    const every = def.recurring.everySeconds;
    const ensureTick = async (slot: number) => {
      await this.boss.send(name, { slot }, { id: tickJobId(name, slot), startAfter: slotStart(slot, every) });
    };
    const consumer: Consumer = { id: '', busy: false };
    consumer.id = await this.boss.work(
      name,
      { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, batchSize: 1 },
      async ([job]) => {
        const { slot } = TickData.parse(job!.data);
        await ensureTick(slotAt(Date.now(), every) + 1);
        try {
          await handler({ scheduledAt: slotStart(slot, every) });
        } catch (err) {
          this.log.error({ job: name, err }, 'recurring job failed; the next tick runs as scheduled');
          throw err;
        }
      },
    );
    this.consumers.set(name, [consumer]);
    this.watchdogs.push(
      new RecurringWatchdog({
        everySeconds: every,
        ensureTick,
        wake: () => this.wake(name),
        onError: (err) =>
          this.log.warn(
            { job: name, err: { message: err instanceof Error ? err.message : String(err) } },
            'could not schedule the next tick',
          ),
      }),
    );
  }

  private replicaTicker(
    name: string,
    def: RecurringJobDef,
    handler: (tick: RecurringTick) => Promise<void>,
  ): ReplicaTicker {
    return new ReplicaTicker({
      everySeconds: def.recurring.everySeconds,
      run: handler,
      onError: (err) => this.log.error({ job: name, err }, 'recurring job failed; the next tick runs as scheduled'),
    });
  }

  /** Wakes one idle consumer of `name` (every consumer of every job for `null`). */
  private wake(name: string | null): void {
    const topics = name === null ? [...this.topicListeners.values()] : [this.topicListeners.get(name) ?? []];
    for (const listener of topics.flat()) listener();
    const lists = name === null ? [...this.consumers.values()] : [this.consumers.get(name) ?? []];
    for (const list of lists) {
      const idle = list.filter((c) => !c.busy);
      // All busy: each fetches again when its batch is done, as notified workers skip their sleep.
      const woken = name !== null && idle.length > 0 ? [idle[this.nextConsumer++ % idle.length]!] : list;
      for (const c of woken) this.boss.notifyWorker(c.id);
    }
  }
}
