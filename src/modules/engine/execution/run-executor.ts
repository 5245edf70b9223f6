import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../../clock';
import { systemContext, withTransaction, type Ctx } from '../../../context';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { AppsService, InstallableBuild } from '../../apps';
import { loadRunPlan, type BaselinesService, type RunPlan } from '../../catalogue';
import type { ObjectStorage } from '../../../storage/storage';
import { settleRunBaselines } from '../visual/run-baselines';
import { failOnFindings } from '../accessibility/a11y-check';
import type { SuiteRow } from '../../catalogue';
import { runBilling } from '../../credits';
import type { MeteringService } from '../../credits';
import { emitEvent } from '../../events';
import type { DeviceHandle, SessionsService } from '../../sessions';
import type { CaseRunner } from './case-runner';
import type { CaseOutcome } from './case-outcome';
import { INTERPRETER_MODEL, PLATFORM_PROVIDER } from './models';
import { buildForRun, installIfNeeded, resetApp, type InstalledBuilds } from './prepare';
import { RunLogBook } from './run-logs';
import { RunRecording } from './run-video';
import type { RunEvents } from '../results/run-events';
import { RunStopped, type RunSignals } from './run-signals';
import { emitRunWarnings } from '../results/run-warnings';
import { watchExecution } from './run-watch';
import * as repo from '../runs.repository';
import { insertRunScreens } from '../run-screens.repository';
import { RunUsageMeter, type ModelUsageSummary } from '../results/run-usage';
import type { StepAgent } from '../steps/step-agent';
import { DEFAULT_VISUAL_TIERS, type VisualTiers } from '../visual/visual-compare';

export interface ExecutorDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  apps: AppsService;
  sessions: SessionsService;
  signals: RunSignals;
  events: RunEvents;
  installed: InstalledBuilds;
  caseRunner: CaseRunner;
  credits: MeteringService;
  limits: { runBudgetMs: number; heartbeatMs: number };
  /** The language-model agent (the ai module); without it steps go no further than the interpreter. */
  agent?: StepAgent;
  /** Run screenshots, and the catalogue's baselines a passed run writes from them. */
  storage: ObjectStorage;
  baselines: BaselinesService;
}

/** What a case run needs from its surroundings (a standalone run, or one case of a suite run). */
export interface CaseRunSetting {
  device: DeviceHandle;
  suite: SuiteRow | null;
  build: InstallableBuild | null;
  signal: AbortSignal;
}

/** The message a run ends with when something outside the case stopped it. */
export function stopMessage(err: unknown, log: FastifyBaseLogger): string {
  if (err instanceof RunStopped) return err.message;
  // The device's worker disconnected or stopped answering.
  if (err instanceof AppError && (err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT'))
    return `The device was lost: ${err.detail}`;
  if (err instanceof AppError) return err.detail;
  log.error({ err }, 'run failed unexpectedly');
  return 'Internal error while running the case';
}

/**
 * Whether a run stopped by `err` failed for reasons of the platform (device or worker lost, a
 * provider or internal failure, a control plane going away), not of the test or its user: its
 * platform AI cost is refunded.
 */
export function isInfrastructureFailure(err: unknown): boolean {
  if (err instanceof RunStopped) return err.kind === 'interrupted';
  if (err instanceof AppError)
    return (
      err.code === 'UNAVAILABLE' || err.code === 'TIMEOUT' || err.code === 'UPSTREAM_ERROR' || err.code === 'INTERNAL'
    );
  return true;
}

/** Who pays for a run's model (the credits module's rule over its provider and model). */
const billingOf = (run: repo.RunRow) => runBilling({ provider: run.provider, model: run.modelUsed ?? run.model });

export function tiersOf(suite: SuiteRow | null): VisualTiers {
  return suite ? { warn_pct: suite.visualWarnPct, fail_pct: suite.visualFailPct } : DEFAULT_VISUAL_TIERS;
}

/**
 * Executes a test run (RunExecutor.executeTestRun, the `engine.execute_test_run` job): the run
 * goes `running`, the device is prepared (build installed, app reset), the case runs step by step
 * with each step persisted, and the run ends `passed`, `failed` or `error` — also when cancelled,
 * out of budget, or when its session or device goes away.
 */
export class RunExecutor {
  constructor(private readonly deps: ExecutorDeps) {}

  private orgCtx(orgId: number): Ctx {
    return systemContext(this.deps, { id: orgId, role: 'admin' });
  }

  async executeTestRun(runId: number): Promise<void> {
    const run = await this.begin(runId);
    if (!run) return;
    const ctx = this.orgCtx(run.organizationId);
    const stop = this.deps.signals.register(run.publicId, run.sessionId!);
    const guards = watchExecution(this.deps, {
      ctx,
      stop,
      which: { runId: run.id },
      sessionId: run.sessionId!,
      budgetFrom: run.startedAt,
    });
    try {
      const plan = await this.planOf(ctx, run);
      const suite = plan.suite;
      const device = await this.deps.sessions.attach({
        ctx,
        input: { sessionId: run.sessionId!, signal: stop.signal },
      });
      const build = await buildForRun(this.deps.apps, ctx, plan.appId, run.buildId);
      // `reinstall` installs the build as the case's reset.
      if (build && suite?.resetStrategy !== 'reinstall') await installIfNeeded(device, build, this.deps.installed);
      await this.runCase(ctx, run, { device, suite, build, signal: stop.signal }, plan);
    } catch (err) {
      await this.end(ctx, run, {
        status: 'error',
        error: stopMessage(err, this.deps.log),
        outcome: null,
        infrastructure: isInfrastructureFailure(err),
      });
    } finally {
      guards();
      stop.done();
      // Normally freed when the run ended; this covers a run whose end another path wrote.
      await this.deps.sessions
        .releaseFromRun({ ctx, input: { sessionId: run.sessionId!, runPublicId: run.publicId } })
        .catch((err) => this.deps.log.warn({ err }, 'releasing the session of a run failed'));
    }
  }

  /**
   * One case on a prepared device: the app reset by the suite's strategy (relaunch without a suite),
   * then the case runner; the run row is updated after every step and ended with the outcome.
   */
  async runCase(ctx: Ctx, run: repo.RunRow, setting: CaseRunSetting, known?: RunPlan): Promise<repo.RunRow> {
    const plan = known ?? (await this.planOf(ctx, run));
    const c = plan.testCase;
    this.deps.events.executionStarted(run, c.publicId, null);
    const logs = new RunLogBook(setting.device, setting.build?.app.packageName ?? null, (crash) =>
      this.deps.events.appCrashed(ctx, run, crash),
    );
    await logs.start();
    // Its own handle: the recording is stopped (or dropped) also after the run's signal fired.
    const recorder = await this.deps.sessions.attach({ ctx, input: { sessionId: run.sessionId! } });
    const video = new RunRecording(recorder, run.publicId, setting.suite?.recordVideo ?? 'always', this.deps.log);
    await video.start();
    try {
      return await this.recordedCase(ctx, run, setting, plan, { logs, video });
    } finally {
      // A run that ended without an outcome (stopped, device lost) keeps no video; the run's end does not wait for it.
      void video.abandon();
    }
  }

  private async recordedCase(
    ctx: Ctx,
    run: repo.RunRow,
    setting: CaseRunSetting,
    plan: RunPlan,
    { logs, video }: { logs: RunLogBook; video: RunRecording },
  ): Promise<repo.RunRow> {
    const c = plan.testCase;
    if (setting.build)
      await resetApp(setting.device, setting.suite?.resetStrategy ?? 'relaunch', setting.build, this.deps.installed);
    await logs.collect(null);
    const usage = new RunUsageMeter({
      ctx,
      credits: this.deps.credits,
      runId: run.id,
      model: run.modelUsed ?? run.model,
    });
    const agent =
      this.deps.agent?.forRun({
        organizationId: run.organizationId,
        runId: run.id,
        runPublicId: run.publicId,
        metadata: run.metadata ?? null,
        model: run.model ?? INTERPRETER_MODEL,
        provider: run.provider ?? PLATFORM_PROVIDER,
        usage,
      }) ?? null;
    if (agent) await usage.start();
    const modelUsage = () => (agent ? usage.summary() : null);
    video.mark(0);
    const outcome = await this.deps.caseRunner.run({
      ctx,
      device: setting.device,
      testCase: c,
      mode: run.mode ?? 'hybrid',
      fuzzy: run.fuzzyMatch ?? c.fuzzyMatch,
      variables: setting.suite?.variables ?? {},
      tiers: tiersOf(setting.suite),
      accessibility: setting.suite?.accessibility ?? 'warn',
      appPackage: setting.build?.app.packageName ?? null,
      runId: run.id,
      runPublicId: run.publicId,
      writesBaselines: run.writesBaselines,
      signal: setting.signal,
      agent,
      context: [setting.suite?.context, c.context].filter((x): x is string => !!x?.trim()).join('\n\n') || null,
      flows: plan.flows,
      logs,
      onProgress: async (so_far, step) => {
        const running = await repo.recordRunProgress(ctx.db, run.id, {
          result: resultOf(so_far, modelUsage()),
          reasoningLog: so_far.trace,
          heartbeatAt: ctx.clock.now(),
        });
        // Ended elsewhere (the interrupted sweep): what it recorded stands, and the device is left alone.
        if (!running) throw new RunStopped('interrupted', 'interrupted');
        this.deps.events.stepFinished(run, step);
        video.mark(step.index + 1);
        // Out of credit: the next step does not start.
        await this.deps.credits.requireCreditToContinue({ ctx, input: { runId: run.id, billing: billingOf(run) } });
      },
    });
    failOnFindings(outcome);
    await logs.collect(null);
    outcome.logs = await logs.save(this.deps.storage, run.publicId);
    outcome.artifactBytes += outcome.logs.size_bytes;
    outcome.video = await video.finish(outcome.status, outcome.steps);
    outcome.artifactBytes += outcome.video?.size_bytes ?? 0;
    return this.end(ctx, run, { status: outcome.status, error: outcome.error, outcome, usage: modelUsage() }, plan);
  }

  /** The catalogue's plan of the run's case, read once per run. */
  private async planOf(ctx: Ctx, run: repo.RunRow): Promise<RunPlan> {
    const plan = await loadRunPlan(ctx.db, run.organizationId, run.testCaseId);
    if (!plan) throw new AppError('NOT_FOUND', 'The test case of this run no longer exists');
    return plan;
  }

  /** Marks a pending run running; an already running one was interrupted (a crash) and ends now. */
  private async begin(runId: number): Promise<repo.RunRow | null> {
    return withTransaction(systemContext(this.deps), async (tx) => {
      const run = await repo.lockRunById(tx.db, runId);
      if (!run || run.status === 'passed' || run.status === 'failed' || run.status === 'error') return null;
      const orgTx = { ...tx, org: { id: run.organizationId, role: 'admin' as const } };
      if (run.status === 'running' || run.cancelRequestedAt) {
        // Running already: a crash interrupted an earlier attempt.
        await this.end(orgTx, run, {
          status: 'error',
          error: run.cancelRequestedAt ? 'Cancelled' : 'interrupted',
          outcome: null,
          infrastructure: !run.cancelRequestedAt,
        });
        return null;
      }
      const now = tx.clock.now();
      return repo.updateRun(tx.db, run.id, { status: 'running', startedAt: now, heartbeatAt: now });
    });
  }

  /**
   * Ends the run once (a run another path ended already is left as it is), with its events. A
   * run of its own frees its session in the same transaction: whoever sees it ended can start
   * the next run on that session. Its platform AI cost is settled in the same transaction
   * (refunded when `infrastructure` says the platform failed it).
   */
  async end(
    ctx: Ctx,
    run: repo.RunRow,
    end: {
      status: 'passed' | 'failed' | 'error';
      error: string | null;
      outcome: CaseOutcome | null;
      infrastructure?: boolean;
      usage?: ModelUsageSummary | null;
    },
    known?: RunPlan,
  ): Promise<repo.RunRow> {
    return withTransaction(ctx, async (tx) => {
      const cur = await repo.lockRunById(tx.db, run.id);
      if (!cur || (cur.status !== 'running' && cur.status !== 'pending')) return cur ?? run;
      if (cur.sessionId && cur.suiteRunId === null)
        await this.deps.sessions.releaseFromRun({
          ctx: tx,
          input: { sessionId: cur.sessionId, runPublicId: cur.publicId },
        });
      const now = tx.clock.now();
      const o = end.outcome;
      if (o) await settleRunBaselines(this.deps, tx, cur, end.status, o);
      const ended = await repo.updateRun(tx.db, run.id, {
        status: end.status,
        errorMessage: end.error,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - cur.startedAt.getTime()),
        ...(o
          ? {
              result: resultOf(o, end.usage ?? null),
              reasoningLog: o.trace,
              visualRegressionStatus: o.visualStatus,
              accessibilityStatus: o.accessibilityStatus,
              artifactBytes: o.artifactBytes,
            }
          : {}),
      });
      // The screens its lines were read on, for the case editor's check (counted in artifactBytes above).
      const screens = o?.screens.saved();
      if (o && screens)
        await insertRunScreens(tx.db, {
          runId: cur.id,
          organizationId: cur.organizationId,
          testCaseId: cur.testCaseId,
          screens,
          sizeBytes: o.screens.bytes,
        });
      await this.deps.credits.settleRunCost({
        ctx: tx,
        input: {
          runId: ended.id,
          model: ended.modelUsed ?? ended.model,
          costMicro: ended.costMicro ?? 0,
          billing: billingOf(ended),
          infrastructureFailure: end.infrastructure === true,
        },
      });
      const plan = known ?? (await this.planOf(tx, run));
      const steps = (o?.steps ?? []).map((s) => ({
        index: s.index,
        text: s.text,
        status: s.status,
        resolved_by: s.resolved_by,
        visual: s.visual ? { diff_pct: s.visual.diff_pct, verdict: s.visual.verdict } : null,
        error: s.error,
      }));
      await this.deps.events.runFinished(tx, {
        run: ended,
        casePublicId: plan.publicId,
        caseName: plan.testCase.name,
        steps,
        baselinesWritten: o?.baselinesWritten ?? [],
      });
      await emitRunWarnings(tx, ended, plan.publicId);
      if (o?.healedSteps.length) {
        await emitEvent(tx, {
          type: 'run.warning.ai_fallback_used',
          organizationId: run.organizationId,
          data: {
            run_id: run.id,
            run_public_id: run.publicId,
            test_case_id: plan.publicId,
            step_indexes: o.healedSteps,
          },
          metadata: run.metadata ?? null,
        });
      }
      return ended;
    });
  }
}

/**
 * The run's `result` (docs/design/0016-execution.md), with additive fields: its sub-flows, the steps
 * the model settled offered back as `suggestions` (hybrid healing), and its `model_usage`.
 */
export function resultOf(o: CaseOutcome, usage: ModelUsageSummary | null) {
  return {
    steps: o.steps,
    assertions: o.assertions,
    visual_regression_status: o.visualStatus,
    accessibility_status: o.accessibilityStatus,
    ...(o.subFlows.length ? { sub_flows: o.subFlows } : {}),
    ...(o.suggestions.length ? { suggestions: o.suggestions } : {}),
    logs: o.logs ?? null,
    video: o.video ?? null,
    ...(usage ? { model_usage: usage } : {}),
  };
}
