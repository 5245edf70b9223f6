import {
  actorIdentity,
  requireCreatorOrRole,
  requireRole,
  roleAtLeast,
  withTransaction,
  type Ctx,
} from '../../context';
import { newPublicId } from '../../db/public-id';
import { badRequest, notFound } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { findAppById } from '../apps';
import type { AppsService } from '../apps';
import { recordAudit } from '../audit';
import { runBilling } from '../credits';
import type { MeteringService } from '../credits';
import { findCaseById, findCaseByPublicId, findSuiteById, findSuiteByPublicId } from '../catalogue';
import type { SessionsService } from '../sessions';
import { resolveRunModel } from './execution/models';
import type { RunSignals } from './execution/run-signals';
import type { ModelResolver, RunModel } from './steps/step-agent';
import type { RunEvents } from './results/run-events';
import * as repo from './runs.repository';
import { createdByOf } from './runs.service';
import type { StartSuiteRunBody, StartTestRunBody } from './execution.schemas';

/** What callers inside simdeck (CI) may add to a run: metadata passed unchanged into its events. */
export interface RunOrigin {
  metadata?: Record<string, unknown> | null;
}

export interface ExecutionDeps {
  apps: AppsService;
  sessions: SessionsService;
  jobs: JobQueue;
  signals: RunSignals;
  events: RunEvents;
  credits: MeteringService;
  /** Language models (the ai module); without it runs use the interpreter alone. */
  models?: ModelResolver;
}

/** The singleton key of a run's execution job: one job per run, and the sweep finds it by this. */
export const testRunJobKey = (runPublicId: string) => `run:${runPublicId}`;
export const suiteRunJobKey = (suiteRunPublicId: string) => `srun:${suiteRunPublicId}`;

/**
 * Starting and cancelling executed runs (`POST /ai/test/run`, `/ai/suite/run`): the request is
 * checked, then the run row, the session's reservation, the job that executes it and its first
 * event are written in one transaction.
 */
export class ExecutionService {
  constructor(private readonly deps: ExecutionDeps) {}

  /**
   * The model a run would use, checked: 400 for one the organization cannot use, 402 when it is
   * billed to usage credit and none is left. CI checks its requests with it before accepting them.
   */
  async resolveModelForRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { model?: string; provider?: string };
  }): Promise<RunModel> {
    const model = await resolveRunModel({ ctx, input, resolver: this.deps.models });
    await this.deps.credits.requireRunCredit({ ctx, input: { model: model.model, billing: runBilling(model) } });
    return model;
  }

  async startTestRun({ ctx, input }: { ctx: Ctx; input: StartTestRunBody & RunOrigin }) {
    const org = requireRole(ctx, 'developer');
    const found =
      input.test_case_public_id !== undefined
        ? await findCaseByPublicId(ctx.db, org.id, input.test_case_public_id)
        : await findCaseById(ctx.db, org.id, input.test_case_id!);
    if (!found) throw notFound('Test case');
    const model = await this.resolveModelForRun({ ctx, input });
    const buildId = await this.checkBuild(ctx, found.effectiveAppId, input.build_id, 'case');
    return withTransaction(ctx, async (tx) => {
      const publicId = newPublicId('run');
      const session = await this.deps.sessions.reserveForRun({
        ctx: tx,
        input: { sessionId: input.session_id, runPublicId: publicId },
      });
      await this.checkPlatform(tx, found.effectiveAppId, session.deviceType);
      const now = tx.clock.now();
      const run = await repo.insertRun(tx.db, {
        publicId,
        organizationId: org.id,
        testCaseId: found.c.id,
        status: 'pending',
        startedAt: now,
        sessionId: session.sessionId,
        mode: input.mode,
        fuzzyMatch: input.fuzzy_match ?? null,
        buildId,
        model: model.model,
        provider: model.provider,
        modelUsed: model.model,
        warnings: model.warnings.length ? model.warnings : null,
        metadata: input.metadata ?? null,
        createdByUserId: actorIdentity(tx).userId,
        createdByApiTokenId: actorIdentity(tx).apiTokenId,
        createdAt: now,
      });
      await this.deps.jobs.send(
        'engine.execute_test_run',
        { runId: run.id },
        { db: tx.db, singletonKey: testRunJobKey(run.publicId) },
      );
      await this.deps.events.runQueued(tx, { run, casePublicId: found.c.publicId, caseName: found.c.name });
      await recordAudit(tx, {
        action: 'test_run.started',
        resourceType: 'test_run',
        resourceId: run.publicId,
        details: {
          test_case_id: found.c.publicId,
          session_id: session.sessionId,
          mode: input.mode,
          model: model.model,
        },
      });
      return {
        run_id: run.id,
        run_public_id: run.publicId,
        status: 'started' as const,
        message: `Run ${run.publicId} of "${found.c.name}" started on session ${session.sessionId}; poll GET /api/v1/tests/runs/${run.publicId} for the result`,
        warnings: model.warnings.length ? model.warnings : null,
      };
    });
  }

  async startSuiteRun({ ctx, input }: { ctx: Ctx; input: StartSuiteRunBody & RunOrigin }) {
    const org = requireRole(ctx, 'viewer');
    const suite =
      input.suite_public_id !== undefined
        ? await findSuiteByPublicId(ctx.db, org.id, input.suite_public_id)
        : await findSuiteById(ctx.db, org.id, input.suite_id!);
    if (!suite) throw notFound('Test suite');
    const model = await this.resolveModelForRun({ ctx, input });
    const buildId = await this.checkBuild(ctx, suite.appId, input.build_id, 'suite');
    return withTransaction(ctx, async (tx) => {
      const publicId = newPublicId('srun');
      const session = await this.deps.sessions.reserveForRun({
        ctx: tx,
        input: { sessionId: input.session_id, runPublicId: publicId },
      });
      await this.checkPlatform(tx, suite.appId, session.deviceType);
      const now = tx.clock.now();
      const suiteRun = await repo.insertSuiteRun(tx.db, {
        publicId,
        organizationId: org.id,
        suiteId: suite.id,
        sessionId: session.sessionId,
        status: 'pending',
        resetStrategy: suite.resetStrategy,
        retries: input.retries ?? suite.retries,
        parallelism: input.parallelism ?? 1,
        shardSessionIds: [session.sessionId],
        startedAt: now,
        mode: input.mode,
        fuzzyMatch: input.fuzzy_match ?? null,
        buildId,
        model: model.model,
        provider: model.provider,
        metadata: input.metadata ?? null,
        // A viewer may run a suite to see where it stands, not set the screens others are judged by.
        writesBaselines: roleAtLeast(org.role, 'developer'),
        createdByUserId: actorIdentity(tx).userId,
        createdByApiTokenId: actorIdentity(tx).apiTokenId,
        createdAt: now,
      });
      await this.deps.jobs.send(
        'engine.execute_suite_run',
        { suiteRunId: suiteRun.id },
        { db: tx.db, singletonKey: suiteRunJobKey(suiteRun.publicId) },
      );
      await this.deps.events.suiteRunQueued(tx, suiteRun, suite.publicId);
      await recordAudit(tx, {
        action: 'suite_run.started',
        resourceType: 'suite_run',
        resourceId: suiteRun.publicId,
        details: { suite_id: suite.publicId, session_id: session.sessionId, mode: input.mode },
      });
      return { suite_run_id: suiteRun.id, suite_run_public_id: suiteRun.publicId, status: 'pending' as const };
    });
  }

  /**
   * Cancels a suite run (numeric id). One that has not started ends `cancelled` at once and frees
   * its session; a running one stops its current case within a second and starts no other. The
   * member who started it or a developer may (403 for another viewer).
   */
  async cancelSuiteRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteRunId: number };
  }): Promise<{ status: 'cancellation_requested' }> {
    const org = requireRole(ctx, 'viewer');
    await withTransaction(ctx, async (tx) => {
      const sr = await repo.lockSuiteRun(tx.db, org.id, input.suiteRunId);
      if (!sr) throw notFound('Suite run');
      requireCreatorOrRole(tx, createdByOf(sr), 'developer', 'the member who started the suite run');
      if (sr.status !== 'pending' && sr.status !== 'running')
        throw badRequest(`The suite run is not active (status ${sr.status})`);
      const now = tx.clock.now();
      await recordAudit(tx, {
        action: 'suite_run.cancel_requested',
        resourceType: 'suite_run',
        resourceId: sr.publicId,
        details: { status: sr.status },
      });
      if (sr.status === 'running') {
        await repo.updateSuiteRun(tx.db, sr.id, { cancelRequestedAt: sr.cancelRequestedAt ?? now });
        tx.afterCommit(() => this.deps.signals.stopRun(sr.publicId, 'cancelled', 'Cancelled'));
        return;
      }
      const ended = await repo.updateSuiteRun(tx.db, sr.id, {
        status: 'cancelled',
        cancelRequestedAt: now,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - sr.startedAt.getTime()),
      });
      const suite = await findSuiteById(tx.db, org.id, sr.suiteId);
      await this.deps.events.suiteRunFinished(tx, ended, suite?.publicId ?? '', { passed: 0, failed: 0 });
      if (sr.sessionId)
        await this.deps.sessions.releaseFromRun({
          ctx: tx,
          input: { sessionId: sr.sessionId, runPublicId: sr.publicId },
        });
    });
    return { status: 'cancellation_requested' };
  }

  /**
   * The build to install before the run, with the spec's rules: 400 when the case or suite has no
   * app, 404 for an unknown build, 403 for a build of another app or organization.
   */
  private async checkBuild(
    ctx: Ctx,
    appId: number | null,
    buildId: number | undefined,
    what: 'case' | 'suite',
  ): Promise<number | null> {
    if (buildId === undefined) return null;
    if (appId === null) throw badRequest(`build_id: the ${what} has no app`);
    return (await this.deps.apps.resolveBuildForInstall({ ctx, input: { buildId, appId } })).build.id;
  }

  /** A case's app runs only on a device of its platform. */
  private async checkPlatform(ctx: Ctx, appId: number | null, deviceType: string): Promise<void> {
    if (appId === null) return;
    const app = await findAppById(ctx.db, requireRole(ctx, 'viewer').id, appId);
    if (app && app.platform !== deviceType)
      throw badRequest(`session_id: the session runs ${deviceType}, the app is for ${app.platform}`);
  }
}
