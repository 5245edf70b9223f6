import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { systemContext } from '../../context';
import type { Db } from '../../db/client';
import type { RunExecutor } from './run-executor';
import type { RunSignals } from './run-signals';
import type { SuiteExecutor } from './suite-executor';
import * as repo from './runs.repository';

/** A run whose executor has not been heard from for this long was interrupted (a crash or restart). */
export const INTERRUPTED_AFTER_MS = 90_000;

/**
 * Ends runs left `running` by an executor that died: with a heartbeat every few seconds, one
 * silent for 90 s is gone, and the sweep (every 30 s) ends it as `error` "interrupted" within
 * two minutes, frees its session and sends its events. An executor that was only stalled, not
 * dead, is stopped wherever it runs, so that it no longer drives a device now free for others.
 */
export class Interruptions {
  constructor(private readonly deps: { db: Db; clock: Clock; log: FastifyBaseLogger; runs: RunExecutor; suites: SuiteExecutor; signals: RunSignals }) {}

  async sweepInterrupted(now: Date = this.deps.clock.now()): Promise<{ runs: number; suiteRuns: number }> {
    const stale = await repo.listStaleExecutions(this.deps.db, new Date(now.getTime() - INTERRUPTED_AFTER_MS));
    for (const run of stale.runs) {
      const ctx = systemContext(this.deps, { id: run.organizationId, role: 'admin' });
      await this.deps.runs.end(ctx, run, { status: 'error', error: 'interrupted', outcome: null, infrastructure: true });
      this.deps.signals.stopRun(run.publicId, 'interrupted', 'interrupted');
    }
    for (const sr of stale.suiteRuns) {
      const ctx = systemContext(this.deps, { id: sr.organizationId, role: 'admin' });
      for (const run of await repo.listRunningRunsOfSuiteRun(this.deps.db, sr.id)) await this.deps.runs.end(ctx, run, { status: 'error', error: 'interrupted', outcome: null, infrastructure: true });
      await this.deps.suites.endInterrupted(sr);
      this.deps.signals.stopRun(sr.publicId, 'interrupted', 'interrupted');
    }
    if (stale.runs.length || stale.suiteRuns.length) this.deps.log.warn({ runs: stale.runs.length, suiteRuns: stale.suiteRuns.length }, 'ended runs whose executor stopped');
    return { runs: stale.runs.length, suiteRuns: stale.suiteRuns.length };
  }
}
