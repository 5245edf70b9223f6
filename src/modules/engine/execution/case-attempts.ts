import type { FastifyBaseLogger } from 'fastify';
import type { InstallableBuild } from '../../apps';
import type { CaseRow, SuiteRow } from '../../catalogue';
import { withTransaction, type Ctx } from '../../../context';
import { newPublicId } from '../../../db/public-id';
import { emitEvent } from '../../events';
import type { DeviceHandle } from '../../sessions';
import * as repo from '../runs.repository';
import { isInfrastructureFailure, stopMessage, type RunExecutor } from './run-executor';
import { RunStopped, type RunSignals } from './run-signals';

/** A registered execution: its signal, and how to end it. */
export type RunStop = ReturnType<RunSignals['register']>;
import { watchExecution, type WatchDeps } from './run-watch';

export interface CaseAttemptsDeps extends WatchDeps {
  log: FastifyBaseLogger;
  signals: RunSignals;
  runs: RunExecutor;
}

/** Where a case of a suite run executes: the shard's device and what the suite prepared. */
export interface CaseSetting {
  device: DeviceHandle;
  suite: SuiteRow;
  build: InstallableBuild | null;
  /** The session the attempts run on (a shard's session), and the shard's index. */
  sessionId: string;
  shard: number;
}

/** A case's last attempt, and the error that must stop its shard (a lost device, a suite cancel). */
export interface CaseAttemptResult {
  run: repo.RunRow;
  fatal: unknown;
}

/**
 * Runs one case of a suite run as test runs of its own: a failed or errored attempt runs again on
 * the same device after the suite's reset, up to the suite run's retries. A case that passes after
 * a failed attempt is flaky (`case.flaky`). A stop of the case alone (its cancel, its budget) is
 * not retried; anything stopping the shard ends the attempts.
 */
export class CaseAttempts {
  constructor(private readonly deps: CaseAttemptsDeps) {}

  async runCase(
    ctx: Ctx,
    sr: repo.SuiteRunRow,
    c: CaseRow,
    setting: CaseSetting,
    stop: RunStop,
    lost?: repo.RunRow,
  ): Promise<CaseAttemptResult> {
    // An attempt lost with its device (another shard runs the case again) uses up no retry.
    const first = lost ? lost.attempt + 1 : 1;
    const maxAttempts = first + sr.retries;
    const tried: repo.RunRow[] = lost ? [lost] : [];
    for (let attempt = first; ; attempt++) {
      const run = await this.startAttempt(ctx, sr, c, setting, attempt, maxAttempts);
      const prev = tried.at(-1);
      if (prev) await repo.updateRun(ctx.db, prev.id, { retriedByRunId: run.id });
      const { run: ended, fatal, stopped } = await this.runAttempt(ctx, run, setting, stop);
      tried.push(ended);
      if (fatal) return { run: ended, fatal };
      if (ended.status === 'passed') {
        const failedBefore = tried.some((r) => r.status !== 'passed' && r !== lost);
        return { run: failedBefore ? await this.markFlaky(ctx, sr, c, ended, tried) : ended, fatal: null };
      }
      if (attempt >= maxAttempts || stopped || stop.signal.aborted) return { run: ended, fatal: null };
    }
  }

  private async runAttempt(
    ctx: Ctx,
    run: repo.RunRow,
    setting: CaseSetting,
    stop: RunStop,
  ): Promise<{ run: repo.RunRow; fatal: unknown; stopped: boolean }> {
    const child = this.deps.signals.register(run.publicId, setting.sessionId, stop.signal);
    // Each attempt has the run budget of its own.
    const guards = watchExecution(this.deps, {
      ctx,
      stop: child,
      which: { runId: run.id },
      sessionId: null,
      budgetFrom: run.startedAt,
    });
    try {
      const ended = await this.deps.runs.runCase(ctx, run, {
        device: setting.device,
        suite: setting.suite,
        build: setting.build,
        signal: child.signal,
      });
      return { run: ended, fatal: null, stopped: false };
    } catch (err) {
      const ended = await this.deps.runs.end(ctx, run, {
        status: 'error',
        error: stopMessage(err, this.deps.log),
        outcome: null,
        infrastructure: isInfrastructureFailure(err),
      });
      // A cancel of this case alone, or its budget, lets the suite go on; anything else stops it.
      const own = err instanceof RunStopped && (err.kind === 'cancelled' || err.kind === 'budget');
      return { run: ended, fatal: own && !stop.signal.aborted ? null : err, stopped: true };
    } finally {
      guards();
      child.done();
    }
  }

  private async startAttempt(
    ctx: Ctx,
    sr: repo.SuiteRunRow,
    c: CaseRow,
    setting: CaseSetting,
    attempt: number,
    maxAttempts: number,
  ): Promise<repo.RunRow> {
    const now = ctx.clock.now();
    return repo.insertRun(ctx.db, {
      publicId: newPublicId('run'),
      organizationId: sr.organizationId,
      testCaseId: c.id,
      suiteRunId: sr.id,
      status: 'running',
      startedAt: now,
      heartbeatAt: now,
      sessionId: setting.sessionId,
      shard: setting.shard,
      deviceId: setting.device.deviceId,
      deviceName: setting.device.deviceName,
      mode: sr.mode,
      fuzzyMatch: sr.fuzzyMatch,
      buildId: sr.buildId,
      model: sr.model,
      provider: sr.provider,
      modelUsed: sr.model,
      metadata: sr.metadata,
      createdByUserId: sr.createdByUserId,
      createdByApiTokenId: sr.createdByApiTokenId,
      writesBaselines: sr.writesBaselines,
      attempt,
      maxAttempts,
      quarantined: c.quarantinedAt !== null,
      createdAt: now,
    });
  }

  /** The passing attempt after failed ones: flagged flaky, with `case.flaky` in the same transaction. */
  private async markFlaky(
    ctx: Ctx,
    sr: repo.SuiteRunRow,
    c: CaseRow,
    passed: repo.RunRow,
    tried: repo.RunRow[],
  ): Promise<repo.RunRow> {
    return withTransaction(ctx, async (tx) => {
      const row = await repo.updateRun(tx.db, passed.id, { flaky: true });
      await emitEvent(tx, {
        type: 'case.flaky',
        organizationId: sr.organizationId,
        data: {
          kind: 'test_run',
          run_id: row.id,
          run_public_id: row.publicId,
          test_case_id: c.publicId,
          test_case_name: c.name,
          suite_run_id: sr.id,
          suite_run_public_id: sr.publicId,
          session_id: row.sessionId,
          attempts: tried.map((r) => ({
            attempt: r.attempt,
            run_public_id: r.publicId,
            status: r.status,
            error_message: r.errorMessage,
            duration_ms: r.durationMs,
          })),
        },
        metadata: sr.metadata ?? null,
      });
      return row;
    });
  }
}
