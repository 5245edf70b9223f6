import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import { systemContext, withTransaction, type Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import type { SuiteRunStatus, VisualVerdict } from '../../../db/schema';
import { listSuiteCases, findSuiteById } from '../../catalogue';
import type { SessionsService } from '../../sessions';
import type { AppsService } from '../../apps';
import { buildForRun, type InstalledBuilds } from './prepare';
import type { RunEvents } from '../results/run-events';
import { stopMessage, type RunExecutor } from './run-executor';
import type { RunSignals } from './run-signals';
import { CaseQueue } from './case-queue';
import { SuiteShards } from './suite-shards';
import { watchExecution, type WatchDeps } from './run-watch';
import * as repo from '../runs.repository';
import { rollUpVisual } from '../visual/visual-compare';

export interface SuiteExecutorDeps extends WatchDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  apps: AppsService;
  sessions: SessionsService;
  signals: RunSignals;
  events: RunEvents;
  installed: InstalledBuilds;
  runs: RunExecutor;
}

/**
 * Executes a suite run (the `engine.execute_suite_run` job): the build is installed once, then the
 * suite's cases run one after another on the same session, each as a test run of its own with the
 * suite's reset strategy before it, and again (up to the run's retries) when it failed. A cancel
 * stops the current case and starts no other.
 */
const NO_VERDICTS = { visual: null, accessibility: null };

export class SuiteExecutor {
  private readonly shards: SuiteShards;

  constructor(private readonly deps: SuiteExecutorDeps) {
    this.shards = new SuiteShards(deps);
  }

  async executeSuiteRun(suiteRunId: number): Promise<void> {
    const sr = await this.begin(suiteRunId);
    if (!sr) return;
    const ctx = systemContext(this.deps, { id: sr.organizationId, role: 'admin' });
    const parallel = sr.parallelism > 1;
    // A parallel run outlives the session of any one shard: each case stops with its own session.
    const stop = this.deps.signals.register(sr.publicId, parallel ? `suite:${sr.publicId}` : sr.sessionId!);
    const guards = watchExecution(this.deps, {
      ctx,
      stop,
      which: { suiteRunId: sr.id },
      sessionId: sr.sessionId!,
      budgetFrom: null,
    });
    const results = new Map<number, repo.RunRow>();
    let failure: string | null = null;
    try {
      const suite = (await findSuiteById(ctx.db, sr.organizationId, sr.suiteId))!;
      const build = await buildForRun(this.deps.apps, ctx, suite.appId, sr.buildId);
      // A Maestro sub-flow runs inside the flows that call it, not as a test of its own.
      const cases = (await listSuiteCases(ctx.db, suite.id))
        .map((r) => r.c)
        .filter((c) => !(c.maestroFlow && c.isReusable));
      const durations = parallel
        ? await repo.recentCaseDurations(
            ctx.db,
            cases.map((c) => c.id),
          )
        : null;
      const queue = new CaseQueue(cases, durations);
      const extra = parallel
        ? await this.shards.requestSessions(ctx, sr, Math.min(sr.parallelism, cases.length) - 1)
        : [];
      const run = { ctx, sr, suite, build, queue, stop, results, lost: new Map(), parallel, setupFailures: [] };
      const outcomes = await Promise.allSettled(
        [sr.sessionId!, ...extra].map((sessionId, shard) =>
          this.shards.runShard(run, shard, sessionId).catch((err) => {
            // One shard's fatal error stops the others at once.
            if (!stop.signal.aborted) stop.abort(err);
            throw err;
          }),
        ),
      );
      const thrown = outcomes.find((o): o is PromiseRejectedResult => o.status === 'rejected');
      if (thrown) throw thrown.reason;
      stop.signal.throwIfAborted();
      for (const [caseId, lostRun] of run.lost) results.set(caseId, lostRun);
      if (queue.remaining > 0) {
        const why = run.setupFailures[0];
        failure = `No device was left to run ${queue.remaining} case${queue.remaining === 1 ? '' : 's'}${why ? ` (${why})` : ''}`;
      }
    } catch (err) {
      failure = stopMessage(err, this.deps.log);
    } finally {
      guards();
      stop.done();
      await this.finish(ctx, sr, [...results.values()], failure);
    }
  }

  /** Ends a suite run whose executor died (the interrupted sweep), with its events. */
  async endInterrupted(sr: repo.SuiteRunRow): Promise<void> {
    const ctx = systemContext(this.deps, { id: sr.organizationId, role: 'admin' });
    const runs = await repo.listSuiteRunTestRuns(ctx.db, sr.id);
    const counts = {
      passed: runs.filter((r) => r.run.status === 'passed').length,
      failed: runs.filter((r) => r.run.status !== 'passed').length,
    };
    await withTransaction(ctx, (tx) =>
      this.close(tx, sr, { status: 'error', error: 'interrupted' }, counts, NO_VERDICTS),
    );
  }

  private async begin(suiteRunId: number): Promise<repo.SuiteRunRow | null> {
    return withTransaction(systemContext(this.deps), async (tx) => {
      const sr = await repo.lockSuiteRunById(tx.db, suiteRunId);
      if (!sr || (sr.status !== 'pending' && sr.status !== 'running')) return null;
      const now = tx.clock.now();
      if (sr.status === 'running' || sr.cancelRequestedAt) {
        // Running already: a crash interrupted an earlier attempt.
        const orgTx = { ...tx, org: { id: sr.organizationId, role: 'admin' as const } };
        await this.close(
          orgTx,
          sr,
          sr.cancelRequestedAt ? { status: 'cancelled', error: null } : { status: 'error', error: 'interrupted' },
          { passed: 0, failed: 0 },
          NO_VERDICTS,
        );
        return null;
      }
      return repo.updateSuiteRun(tx.db, sr.id, { status: 'running', startedAt: now, heartbeatAt: now });
    });
  }

  /**
   * Status by precedence: cancelled (asked for), error, failed, passed. A quarantined case's
   * failure or error counts for nothing; a flaky case (passed on a retry) counts as passed.
   */
  private async finish(ctx: Ctx, sr: repo.SuiteRunRow, runs: repo.RunRow[], failure: string | null): Promise<void> {
    const counts = {
      passed: runs.filter((r) => r.status === 'passed').length,
      failed: runs.filter((r) => r.status !== 'passed').length,
    };
    const counted = runs.filter((r) => !r.quarantined);
    const cur = await repo.lockSuiteRunById(ctx.db, sr.id);
    let status: SuiteRunStatus;
    let error: string | null = null;
    if (cur?.cancelRequestedAt) status = 'cancelled';
    else if (failure || counted.some((r) => r.status === 'error')) {
      status = 'error';
      error = failure ?? counted.find((r) => r.status === 'error')?.errorMessage ?? null;
    } else status = counted.some((r) => r.status === 'failed') ? 'failed' : 'passed';
    const verdicts = {
      visual: rollUpVisual(runs.map((r) => (r.visualRegressionStatus as VisualVerdict | null) ?? null)),
      accessibility: rollUpVisual(runs.map((r) => (r.accessibilityStatus as VisualVerdict | null) ?? null)),
    };
    await withTransaction(ctx, (tx) => this.close(tx, sr, { status, error }, counts, verdicts));
  }

  /** Ends the suite run once, with its events, and frees its session in the same transaction. */
  private async close(
    tx: Ctx,
    sr: repo.SuiteRunRow,
    end: { status: SuiteRunStatus; error: string | null },
    counts: { passed: number; failed: number },
    verdicts: { visual: VisualVerdict | null; accessibility: VisualVerdict | null },
  ): Promise<void> {
    const cur = await repo.lockSuiteRunById(tx.db, sr.id);
    if (!cur || (cur.status !== 'pending' && cur.status !== 'running')) return;
    await this.shards.endSessions(tx, cur);
    if (cur.sessionId)
      await this.deps.sessions.releaseFromRun({
        ctx: tx,
        input: { sessionId: cur.sessionId, runPublicId: cur.publicId },
      });
    const now = tx.clock.now();
    const ended = await repo.updateSuiteRun(tx.db, sr.id, {
      status: end.status,
      errorMessage: end.error,
      finishedAt: now,
      durationMs: Math.max(0, now.getTime() - cur.startedAt.getTime()),
      visualRegressionStatus: verdicts.visual,
      accessibilityStatus: verdicts.accessibility,
    });
    const suite = await findSuiteById(tx.db, sr.organizationId, sr.suiteId);
    await this.deps.events.suiteRunFinished(tx, ended, suite?.publicId ?? '', counts);
  }
}
