import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import { systemContext } from '../../../context';
import type { Db } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { suiteRunJobKey, testRunJobKey } from '../execution.service';
import type { RunExecutor } from './run-executor';
import type { RunSignals } from './run-signals';
import type { SuiteExecutor } from './suite-executor';
import * as repo from '../runs.repository';

/** A run whose executor has not been heard from for this long was interrupted (a crash or restart). */
export const INTERRUPTED_AFTER_MS = 90_000;
/**
 * A pending run is looked at once it is this old: its job may rightly wait behind others, but
 * one that no longer exists (it failed before the run began) or that a consumer took this long
 * ago without beginning the run (the consumer died) will never start it.
 */
export const PENDING_LOST_AFTER_MS = 120_000;

/**
 * Ends runs left `running` by an executor that died: with a heartbeat every few seconds, one
 * silent for 90 s is gone, and the sweep (every 30 s) ends it as `error` "interrupted" within
 * two minutes, frees its session and sends its events. An executor that was only stalled, not
 * dead, is stopped wherever it runs, so that it no longer drives a device now free for others.
 * Runs still `pending` whose job is gone (see PENDING_LOST_AFTER_MS) end the same way.
 */
export class Interruptions {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      log: FastifyBaseLogger;
      jobs: JobQueue;
      runs: RunExecutor;
      suites: SuiteExecutor;
      signals: RunSignals;
    },
  ) {}

  async sweepInterrupted(now: Date = this.deps.clock.now()): Promise<{ runs: number; suiteRuns: number }> {
    const stale = await repo.listStaleExecutions(this.deps.db, new Date(now.getTime() - INTERRUPTED_AFTER_MS));
    const lost = await this.pendingWithoutJob(now);
    stale.runs.push(...lost.runs);
    stale.suiteRuns.push(...lost.suiteRuns);
    for (const run of stale.runs) {
      const ctx = systemContext(this.deps, { id: run.organizationId, role: 'admin' });
      await this.deps.runs.end(ctx, run, {
        status: 'error',
        error: 'interrupted',
        outcome: null,
        infrastructure: true,
      });
      this.deps.signals.stopRun(run.publicId, 'interrupted', 'interrupted');
    }
    for (const sr of stale.suiteRuns) {
      const ctx = systemContext(this.deps, { id: sr.organizationId, role: 'admin' });
      for (const run of await repo.listRunningRunsOfSuiteRun(this.deps.db, sr.id))
        await this.deps.runs.end(ctx, run, {
          status: 'error',
          error: 'interrupted',
          outcome: null,
          infrastructure: true,
        });
      await this.deps.suites.endInterrupted(sr);
      this.deps.signals.stopRun(sr.publicId, 'interrupted', 'interrupted');
    }
    if (stale.runs.length || stale.suiteRuns.length)
      this.deps.log.warn(
        { runs: stale.runs.length, suiteRuns: stale.suiteRuns.length },
        'ended runs whose executor stopped',
      );
    return { runs: stale.runs.length, suiteRuns: stale.suiteRuns.length };
  }

  /** Pending executions older than PENDING_LOST_AFTER_MS whose job will never start them. */
  private async pendingWithoutJob(now: Date): Promise<{ runs: repo.RunRow[]; suiteRuns: repo.SuiteRunRow[] }> {
    const cutoff = new Date(now.getTime() - PENDING_LOST_AFTER_MS);
    const pending = await repo.listPendingExecutions(this.deps.db, cutoff);
    // The jobs' own times are the database's, not the service clock's.
    const activeSince = new Date(Date.now() - PENDING_LOST_AFTER_MS);
    const liveRuns = await this.deps.jobs.liveSingletonKeys(
      'engine.execute_test_run',
      pending.runs.map((r) => testRunJobKey(r.publicId)),
      activeSince,
    );
    const liveSuites = await this.deps.jobs.liveSingletonKeys(
      'engine.execute_suite_run',
      pending.suiteRuns.map((r) => suiteRunJobKey(r.publicId)),
      activeSince,
    );
    return {
      runs: pending.runs.filter((r) => !liveRuns.has(testRunJobKey(r.publicId))),
      suiteRuns: pending.suiteRuns.filter((r) => !liveSuites.has(suiteRunJobKey(r.publicId))),
    };
  }
}
