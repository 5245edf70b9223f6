import { z } from 'zod';

/** A job the code enqueues (a mail to send): payload schema, retry policy and how it is consumed. */
export interface OnDemandJobDef {
  payload: z.ZodType<object>;
  retry: { retryLimit: number; retryDelay: number; retryBackoff: boolean };
  /** Seconds a handler may run before its job is failed (and retried). */
  expireInSeconds: number;
  /** Pollers per replica, each handling up to `batchSize` jobs in parallel. */
  consumers: number;
  batchSize: number;
  /** `singleton`: at most one job per singleton key runs at a time (default `standard`). */
  policy?: 'standard' | 'singleton';
}

/** A payload-less tick every `everySeconds` (see recurring.ts). */
export interface RecurringJobDef {
  recurring: {
    everySeconds: number;
    /**
     * `cluster` (default): one replica runs each tick, through pg-boss. `replica`: every replica
     * runs each tick on its own, for work on state that only that process holds.
     */
    scope?: 'cluster' | 'replica';
  };
  expireInSeconds: number;
}

export type JobDef = OnDemandJobDef | RecurringJobDef;
export type JobCatalog = Record<string, JobDef>;

/**
 * Every background job simdeck runs. A handler map is declared `satisfies JobHandlers`, so a job
 * without a handler does not compile; `JobQueue.work` checks the same at run time.
 */
export const JOB_CATALOG = {
  'mail.send': {
    payload: z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string().optional() }),
    retry: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
    expireInSeconds: 120,
    consumers: 4,
    batchSize: 5,
  },
  'workers.sweep_lost': { recurring: { everySeconds: 5 }, expireInSeconds: 60 },
  // Viewers are held per replica: each marks the sessions its own viewers watch as used.
  'sessions.touch_viewed': { recurring: { everySeconds: 5, scope: 'replica' }, expireInSeconds: 60 },
  'sessions.sweep_lifetimes': { recurring: { everySeconds: 5 }, expireInSeconds: 60 },
  'sessions.release_orphan_leases': { recurring: { everySeconds: 30 }, expireInSeconds: 60 },
  'sessions.retry_queue': { recurring: { everySeconds: 10 }, expireInSeconds: 60 },
  // Device log lines and session recordings past ARTIFACT_RETENTION_DAYS go (a bounded batch per tick).
  'sessions.sweep_artifacts': { recurring: { everySeconds: 3600 }, expireInSeconds: 600 },
  'engine.execute_test_run': {
    payload: z.object({ runId: z.number().int().positive() }),
    // A crash is noticed by the heartbeat sweep (engine.sweep_interrupted), not by a retry.
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 3 * 60 * 60,
    consumers: 8,
    batchSize: 1,
  },
  'engine.execute_suite_run': {
    payload: z.object({ suiteRunId: z.number().int().positive() }),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 12 * 60 * 60,
    consumers: 8,
    batchSize: 1,
  },
  'engine.sweep_interrupted': { recurring: { everySeconds: 30 }, expireInSeconds: 120 },
  // Run videos and log slices past ARTIFACT_RETENTION_DAYS go (a bounded batch per tick).
  'engine.sweep_artifacts': { recurring: { everySeconds: 3600 }, expireInSeconds: 600 },
  // Allowance periods start on the first of each month (UTC); a minute late at most.
  'credits.refill_allowances': { recurring: { everySeconds: 60 }, expireInSeconds: 300 },
  // The outbox is dispatched when a transaction that wrote events commits (a wake-up); the tick
  // catches whatever a lost wake-up left.
  'webhooks.dispatch': { recurring: { everySeconds: 5 }, expireInSeconds: 120 },
  'webhooks.deliver': {
    payload: z.object({ deliveryId: z.number().int().positive() }),
    // Retries follow the delivery's own schedule on the service clock, not pg-boss's.
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 120,
    consumers: 4,
    batchSize: 8,
  },
  'webhooks.send_due': { recurring: { everySeconds: 10 }, expireInSeconds: 60 },
  'webhooks.prune': { recurring: { everySeconds: 3600 }, expireInSeconds: 600 },
  'ci.execute_run': {
    payload: z.object({ ciRunId: z.number().int().positive() }),
    // The job only hands the run to an orchestration on this replica; heartbeats and the sweep keep it going.
    retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
    expireInSeconds: 120,
    consumers: 2,
    batchSize: 4,
  },
  'ci.sweep_interrupted': { recurring: { everySeconds: 30 }, expireInSeconds: 120 },
  'ci.commit_status': {
    payload: z.object({ ciRunId: z.number().int().positive() }),
    retry: { retryLimit: 8, retryDelay: 2, retryBackoff: true },
    expireInSeconds: 60,
    consumers: 1,
    batchSize: 4,
    // One post per CI run at a time, each posting the run's state as it is then: the last word is the latest state.
    policy: 'singleton',
  },
  // Sign-in and account counters untouched for a day go (auth-throttle.ts).
  'auth.prune_throttles': { recurring: { everySeconds: 3600 }, expireInSeconds: 300 },
  'orgs.purge_files': {
    payload: z.object({ prefixes: z.array(z.string().min(1).max(300)).max(1_000_000) }),
    retry: { retryLimit: 10, retryDelay: 60, retryBackoff: true },
    expireInSeconds: 60 * 60,
    consumers: 1,
    batchSize: 1,
  },
} as const satisfies JobCatalog;

export type AppJobCatalog = typeof JOB_CATALOG;
export type JobName<C extends JobCatalog = AppJobCatalog> = keyof C & string;
export type OnDemandJobName<C extends JobCatalog = AppJobCatalog> = {
  [N in JobName<C>]: C[N] extends OnDemandJobDef ? N : never;
}[JobName<C>];
export type JobPayload<N extends OnDemandJobName<C>, C extends JobCatalog = AppJobCatalog> = C[N] extends OnDemandJobDef
  ? z.infer<C[N]['payload']>
  : never;

export interface JobMeta {
  jobId: string;
  retryCount: number;
}

/** What a recurring handler is told: the start of the interval its tick stands for. */
export interface RecurringTick {
  scheduledAt: Date;
}

export type JobHandler<D extends JobDef> = D extends OnDemandJobDef
  ? (payload: z.infer<D['payload']>, meta: JobMeta) => Promise<void>
  : (tick: RecurringTick) => Promise<void>;
export type JobHandlers<C extends JobCatalog = AppJobCatalog> = { [N in JobName<C>]: JobHandler<C[N]> };

export function isRecurring(def: JobDef): def is RecurringJobDef {
  return 'recurring' in def;
}

/** Ticks of replica scope never reach the database; every other job has a pg-boss queue. */
export function hasQueue(def: JobDef): boolean {
  return !isRecurring(def) || def.recurring.scope !== 'replica';
}

/**
 * The pg-boss queue options of a catalog entry. A missed tick is not retried: the next one, a
 * few seconds later, does the same work.
 */
export function queueOptionsOf(def: JobDef) {
  return isRecurring(def)
    ? { retryLimit: 0, retryDelay: 0, retryBackoff: false, expireInSeconds: def.expireInSeconds }
    : { ...def.retry, expireInSeconds: def.expireInSeconds, ...(def.policy ? { policy: def.policy } : {}) };
}
