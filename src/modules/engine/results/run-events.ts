import { withTransaction, type Ctx } from '../../../context';
import type { VisualVerdict } from '../../../db/schema';
import { emitEvent } from '../../events';
import type { RealtimeHub } from '../../realtime';
import type { RunRow, SuiteRunRow } from '../runs.repository';

export interface StepReport {
  index: number;
  text: string;
  status: 'passed' | 'failed' | 'skipped';
  resolved_by: 'replay' | 'interpreter' | 'model' | null;
  visual: { diff_pct: number; verdict: VisualVerdict } | null;
  error: string | null;
}

/**
 * What the engine tells the world about runs: domain events written in the run's transactions
 * (the webhook outbox), and live progress on `/api/v1/ws` for the organization and for the
 * subscribers of the run's session.
 */
export class RunEvents {
  constructor(private readonly realtime: RealtimeHub) {}

  /** The run was accepted: `run.started` goes into the outbox with the run row and its job. */
  async runQueued(tx: Ctx, r: { run: RunRow; casePublicId: string; caseName: string }): Promise<void> {
    await emitEvent(tx, {
      type: 'run.started',
      organizationId: r.run.organizationId,
      data: {
        kind: 'test_run',
        run_id: r.run.id,
        run_public_id: r.run.publicId,
        test_case_id: r.casePublicId,
        test_case_name: r.caseName,
        session_id: r.run.sessionId,
        mode: r.run.mode,
        suite_run_id: r.run.suiteRunId,
      },
      metadata: r.run.metadata ?? null,
    });
  }

  async suiteRunQueued(tx: Ctx, sr: SuiteRunRow, suitePublicId: string): Promise<void> {
    await emitEvent(tx, {
      type: 'run.started',
      organizationId: sr.organizationId,
      data: {
        kind: 'suite_run',
        suite_run_id: sr.id,
        suite_run_public_id: sr.publicId,
        suite_id: suitePublicId,
        session_id: sr.sessionId,
        mode: sr.mode,
      },
      metadata: sr.metadata ?? null,
    });
  }

  executionStarted(run: RunRow, casePublicId: string, suiteRunPublicId: string | null): void {
    this.realtime.publishToOrganization(run.organizationId, {
      type: 'run.started',
      run_public_id: run.publicId,
      test_case_public_id: casePublicId,
      session_id: run.sessionId ?? '',
      suite_run_public_id: suiteRunPublicId,
    });
  }

  /** The app crashed during a step: `app.crashed` to webhooks (its own transaction) and on `/ws`. */
  async appCrashed(
    ctx: Ctx,
    run: RunRow,
    crash: { stepIndex: number | null; packageName: string; message: string },
  ): Promise<void> {
    const data = {
      session_id: run.sessionId,
      run_id: run.id,
      run_public_id: run.publicId,
      suite_run_id: run.suiteRunId,
      step_index: crash.stepIndex,
      package_name: crash.packageName,
      message: crash.message,
    };
    await withTransaction(ctx, (tx) =>
      emitEvent(tx, { type: 'app.crashed', organizationId: run.organizationId, data, metadata: run.metadata ?? null }),
    );
    const live = {
      type: 'app.crashed' as const,
      session_id: run.sessionId ?? '',
      run_public_id: run.publicId,
      step_index: crash.stepIndex,
      package_name: crash.packageName,
      message: crash.message,
    };
    this.realtime.publishToOrganization(run.organizationId, live);
    if (run.sessionId) this.realtime.publish(run.sessionId, live);
  }

  stepFinished(run: RunRow, step: StepReport): void {
    this.realtime.publishToOrganization(run.organizationId, {
      type: 'run.step',
      run_public_id: run.publicId,
      step_index: step.index,
      text: step.text,
      status: step.status,
      resolved_by: step.resolved_by,
    });
    if (run.sessionId) {
      this.realtime.publish(run.sessionId, {
        type: 'run.progress',
        run_public_id: run.publicId,
        step_index: step.index,
        status: step.status,
        message: step.error ?? step.text,
      });
    }
  }

  /**
   * The run's terminal events, in the transaction that ends it: `run.passed` / `run.failed` /
   * `run.cancelled`, `case.failed` (on a case's last attempt), and the visual ones (a warn or fail per step, the roll-up,
   * baselines written).
   */
  async runFinished(
    tx: Ctx,
    r: { run: RunRow; casePublicId: string; caseName: string; steps: StepReport[]; baselinesWritten: number[] },
  ): Promise<void> {
    const { run } = r;
    const base = {
      kind: 'test_run',
      run_id: run.id,
      run_public_id: run.publicId,
      test_case_id: r.casePublicId,
      test_case_name: r.caseName,
      session_id: run.sessionId,
      suite_run_id: run.suiteRunId,
    };
    const emit = (type: Parameters<typeof emitEvent>[1]['type'], data: Record<string, unknown>) =>
      emitEvent(tx, {
        type,
        organizationId: run.organizationId,
        data: { ...base, ...data },
        metadata: run.metadata ?? null,
      });
    const cancelled = run.status === 'error' && run.errorMessage === 'Cancelled';
    const outcome = {
      status: run.status,
      error_message: run.errorMessage,
      duration_ms: run.durationMs,
      visual_regression_status: run.visualRegressionStatus,
    };
    await emit(run.status === 'passed' ? 'run.passed' : cancelled ? 'run.cancelled' : 'run.failed', outcome);
    // An attempt that will run again is not the case's failure (yet).
    if (run.status === 'failed' && run.attempt >= run.maxAttempts) {
      const failed = r.steps.find((s) => s.status === 'failed');
      await emit('case.failed', {
        ...outcome,
        failed_step_index: failed?.index ?? null,
        failed_step: failed?.text ?? null,
      });
    }
    for (const s of r.steps) {
      if (s.visual?.verdict === 'warn')
        await emit('visual.regression_warning', { step_index: s.index, diff_pct: s.visual.diff_pct });
      if (s.visual?.verdict === 'fail')
        await emit('visual.regression_detected', { step_index: s.index, diff_pct: s.visual.diff_pct });
    }
    if (run.visualRegressionStatus === 'warn' || run.visualRegressionStatus === 'fail')
      await emit('visual.run_completed_with_regressions', { visual_regression_status: run.visualRegressionStatus });
    for (const index of r.baselinesWritten) await emit('visual.baseline_updated', { step_index: index });
    tx.afterCommit(() =>
      this.realtime.publishToOrganization(run.organizationId, {
        type: 'run.finished',
        run_public_id: run.publicId,
        status: run.status,
        error_message: run.errorMessage,
        visual_regression_status: run.visualRegressionStatus,
      }),
    );
  }

  async suiteRunFinished(
    tx: Ctx,
    sr: SuiteRunRow,
    suitePublicId: string,
    counts: { passed: number; failed: number },
  ): Promise<void> {
    const type = sr.status === 'passed' ? 'run.passed' : sr.status === 'cancelled' ? 'run.cancelled' : 'run.failed';
    await emitEvent(tx, {
      type,
      organizationId: sr.organizationId,
      data: {
        kind: 'suite_run',
        suite_run_id: sr.id,
        suite_run_public_id: sr.publicId,
        suite_id: suitePublicId,
        session_id: sr.sessionId,
        status: sr.status,
        error_message: sr.errorMessage,
        duration_ms: sr.durationMs,
        visual_regression_status: sr.visualRegressionStatus,
        ...counts,
      },
      metadata: sr.metadata ?? null,
    });
    tx.afterCommit(() =>
      this.realtime.publishToOrganization(sr.organizationId, {
        type: 'suite_run.updated',
        suite_run_public_id: sr.publicId,
        status: sr.status,
      }),
    );
  }
}
