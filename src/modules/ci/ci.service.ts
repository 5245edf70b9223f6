import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { newPublicId } from '../../db/public-id';
import type { CiActor, ciRuns } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import { valueDeeperThan } from '../../json-depth';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit';
import { listSuites, normaliseTags, parseTagFilter } from '../catalogue';
import type { ExecutionService, RunsService } from '../engine';
import type { RealtimeHub } from '../realtime';
import type { CiOrchestrator } from './ci-orchestrator';
import { isTerminal } from './ci-outcome';
import { targetLabel, type CiPresenter } from './ci-presenter';
import type { CiPlan, CiTarget, CiTargets } from './ci-targets';
import * as repo from './ci.repository';
import type {
  CiRunOptions,
  CiSuiteOptions,
  CiRunPayload,
  CiSuite,
  ListCiSuitesQuery,
  MultiSuiteRun,
  RunSuiteBody,
  RunSuitesBody,
  RunTestBody,
} from './ci.schemas';

/** Metadata travels in every event of the run: keep it small and shallow. */
const MAX_METADATA_BYTES = 16 * 1024;
const MAX_METADATA_DEPTH = 8;

export interface CiServiceDeps {
  jobs: JobQueue;
  targets: CiTargets;
  presenter: CiPresenter;
  orchestrator: CiOrchestrator;
  execution: ExecutionService;
  runs: RunsService;
  realtime: RealtimeHub;
}

function actorOf(ctx: Ctx): CiActor {
  if (ctx.actor.kind === 'user' || ctx.actor.kind === 'api_token') return ctx.actor;
  throw new AppError('FORBIDDEN', 'CI runs are started by members and API tokens');
}

/** The metadata a CI run carries into its events: 400 past 8 levels of nesting or 16 KB of JSON. */
function checkMetadata(input: CiRunOptions): void {
  if (input.metadata === undefined) return;
  // Depth first, without recursion: JSON.stringify of a deep value would throw a RangeError.
  if (valueDeeperThan(input.metadata, MAX_METADATA_DEPTH))
    throw badRequest(`metadata: nested deeper than ${MAX_METADATA_DEPTH} levels`);
  if (Buffer.byteLength(JSON.stringify(input.metadata)) > MAX_METADATA_BYTES)
    throw badRequest('metadata: at most 16 KB of JSON');
}

/**
 * CI (spec: CI; Multi-suite run): start a suite or a case headlessly — a device is allocated, a
 * session created, the build installed, the run executed and the session ended with `ci_cleanup`
 * by the orchestration — poll it, and run every suite matching tags one after another.
 */
export class CiService {
  constructor(private readonly deps: CiServiceDeps) {}

  async runSuite({ ctx, input }: { ctx: Ctx; input: RunSuiteBody }) {
    const org = requireRole(ctx, 'developer');
    checkMetadata(input);
    const model = await this.deps.execution.resolveModelForRun({ ctx, input });
    const target = await this.deps.targets.suite(ctx, org.id, input.suite_id);
    return this.start(ctx, target, await this.deps.targets.plans(ctx, target, input), input, model);
  }

  async runTest({ ctx, input }: { ctx: Ctx; input: RunTestBody }) {
    const org = requireRole(ctx, 'developer');
    checkMetadata(input);
    const model = await this.deps.execution.resolveModelForRun({ ctx, input });
    const target = await this.deps.targets.testCase(ctx, org.id, input.test_id);
    return this.start(ctx, target, [await this.deps.targets.plan(ctx, target, input)], input, model);
  }

  private async start(
    ctx: Ctx,
    target: CiTarget,
    plans: CiPlan[],
    input: CiRunOptions & CiSuiteOptions,
    model: { model: string; provider: string },
  ) {
    return withTransaction(ctx, async (tx) => {
      const row = await this.insertRun(tx, target, plans, input, model, {
        position: 0,
        waiting: false,
        multiSuiteRunId: null,
      });
      await this.deps.jobs.send('ci.execute_run', { ciRunId: row!.id }, { db: tx.db });
      await recordAudit(tx, {
        action: 'ci_run.created',
        resourceType: 'ci_run',
        resourceId: row!.publicId,
        details: { type: target.type, target: target.publicId, commit_sha: input.commit_sha ?? null },
      });
      return { run_id: row!.publicId, status: 'pending' as const, status_url: `/api/v1/ci/runs/${row!.publicId}` };
    });
  }

  /**
   * The CI run of a target; with a device matrix (`devices`) it groups one child CI run per
   * target, which its orchestration starts side by side (the children post no commit status).
   */
  private async insertRun(
    tx: Ctx,
    target: CiTarget,
    plans: CiPlan[],
    input: CiRunOptions & CiSuiteOptions,
    model: { model: string; provider: string },
    place: { position: number; waiting: boolean; multiSuiteRunId: number | null },
  ): Promise<repo.CiRunRow> {
    const [row] = await repo.insertCiRuns(tx.db, [this.values(tx, target, plans[0]!, input, model, place)]);
    if (!input.devices) return row!;
    const matrix = input.devices.map((d) => ({
      device_type: d.device_type,
      category: d.category ?? null,
      model: d.model ?? null,
      os_version: d.os_version ?? null,
    }));
    await repo.insertCiRuns(
      tx.db,
      plans.map((p, i) => ({
        // Each waits until the matrix starts it (so no orphan sweep starts it before its turn).
        ...this.values(tx, target, p, input, model, { position: i, waiting: true, multiSuiteRunId: null }),
        commitSha: null,
        matrixParentId: row!.id,
        matrixIndex: i,
      })),
    );
    return repo.updateCiRun(tx.db, row!.id, { matrix });
  }

  private values(
    ctx: Ctx,
    target: CiTarget,
    plan: CiPlan,
    input: CiRunOptions & CiSuiteOptions,
    model: { model: string; provider: string },
    place: { position: number; waiting: boolean; multiSuiteRunId: number | null },
  ): typeof ciRuns.$inferInsert {
    const now = ctx.clock.now();
    return {
      publicId: newPublicId('ci'),
      organizationId: requireRole(ctx, 'developer').id,
      type: target.type,
      targetId: target.id,
      targetPublicId: target.publicId,
      targetName: target.name,
      suiteId: target.suiteId,
      multiSuiteRunId: place.multiSuiteRunId,
      position: place.position,
      phase: place.waiting ? 'waiting_turn' : 'allocating',
      commitSha: input.commit_sha ?? null,
      metadata: input.metadata ?? null,
      mode: input.mode,
      model: model.model,
      provider: model.provider,
      deviceType: plan.deviceType,
      deviceCategory: plan.deviceCategory,
      pinnedDeviceId: plan.pinnedDeviceId,
      deviceModel: plan.deviceModel,
      osVersion: plan.osVersion,
      buildId: plan.buildId,
      retries: input.retries ?? null,
      parallelism: input.parallelism ?? 1,
      actor: actorOf(ctx),
      createdByUserId: actorIdentity(ctx).userId,
      progress: [
        { at: apiTime(now), message: place.waiting ? 'Accepted; waits for the suites before it' : 'Accepted' },
      ],
      createdAt: now,
    };
  }

  /** The poll payload: live progress while running, results once terminal, the queue position while queued. */
  async getRun({ ctx, input }: { ctx: Ctx; input: { runId: string } }): Promise<CiRunPayload> {
    const org = requireRole(ctx, 'developer');
    const row = await repo.findCiRun(ctx.db, org.id, input.runId);
    if (!row) throw notFound('CI run');
    return this.deps.presenter.payload(ctx, row);
  }

  /** A suite CI run as one HTML report: its suite run, or a section per device matrix target. */
  async report({ ctx, input }: { ctx: Ctx; input: { runId: string } }): Promise<string> {
    const org = requireRole(ctx, 'developer');
    const row = await repo.findCiRun(ctx.db, org.id, input.runId);
    if (!row) throw notFound('CI run');
    if (row.type !== 'suite_run') throw badRequest('A report is made of a suite run; this CI run runs one case');
    const parts = row.matrix ? await repo.listMatrixChildren(ctx.db, [row.id]) : [row];
    return this.deps.runs.suiteRunsReport({
      ctx,
      input: {
        title: `${row.targetName} · ${row.publicId}`,
        status: row.status,
        runs: parts.flatMap((p) =>
          p.suiteRunId === null ? [] : [{ suiteRunId: p.suiteRunId, target: row.matrix ? targetLabel(p) : null }],
        ),
      },
    });
  }

  async listSuites({ ctx, input }: { ctx: Ctx; input: ListCiSuitesQuery }): Promise<CiSuite[]> {
    const org = requireRole(ctx, 'developer');
    const rows = await listSuites(ctx.db, org.id, { tags: parseTagFilter(input.tags), match: input.match });
    return rows.map((r) => ({
      id: r.suite.publicId,
      name: r.suite.name,
      platform: r.suite.platform,
      case_count: r.caseCount,
      description: r.suite.description,
      tags: r.tags,
    }));
  }

  /**
   * Runs every suite with cases that matches the tags, one after another, each as a CI run with
   * its own session and suite run. Every suite is checked up front: none starts unless all can.
   */
  async runSuites({ ctx, input }: { ctx: Ctx; input: RunSuitesBody }) {
    const org = requireRole(ctx, 'developer');
    const tags = normaliseTags(input.tags).map((t) => t.name);
    checkMetadata(input);
    const model = await this.deps.execution.resolveModelForRun({ ctx, input });
    if (input.devices) await this.deps.targets.checkFleet(ctx, input.devices);
    const matched = (await listSuites(ctx.db, org.id, { tags, match: input.match }))
      .filter((r) => r.caseCount > 0)
      .reverse();
    if (matched.length === 0)
      throw new AppError(
        'NOT_FOUND',
        `No suite with test cases matches the tags (${input.match} of ${tags.join(', ')})`,
      );
    const targets = await Promise.all(matched.map((r) => this.deps.targets.ofSuite(ctx, org.id, r.suite, r.caseCount)));
    const problems: Array<{ id: string; reason: string }> = [];
    for (const t of targets) {
      const reason = await this.deps.targets.problemWith(ctx, t, input);
      if (reason) problems.push({ id: t.publicId, reason });
    }
    if (problems.length > 0) {
      const detail = `${problems.length} of ${targets.length} matched suites cannot run as asked: ${problems.map((p) => `${p.id} (${p.reason})`).join('; ')}`;
      throw new AppError('BAD_REQUEST', detail, { suite_ids: problems.map((p) => p.id) });
    }
    const plans = await Promise.all(targets.map((t) => this.deps.targets.plans(ctx, t, input)));
    return withTransaction(ctx, async (tx) => {
      const multi = await repo.insertMultiSuiteRun(tx.db, {
        publicId: newPublicId('msr'),
        organizationId: org.id,
        tags,
        match: input.match,
        commitSha: input.commit_sha ?? null,
        metadata: input.metadata ?? null,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: tx.clock.now(),
      });
      // With parallelism the suites run side by side (each starts now); otherwise one after another.
      const sideBySide = (input.parallelism ?? 1) > 1;
      const rows: repo.CiRunRow[] = [];
      for (const [i, t] of targets.entries())
        rows.push(
          await this.insertRun(tx, t, plans[i]!, input, model, {
            position: i,
            waiting: i > 0 && !sideBySide,
            multiSuiteRunId: multi.id,
          }),
        );
      for (const r of sideBySide ? rows : rows.slice(0, 1))
        await this.deps.jobs.send('ci.execute_run', { ciRunId: r.id }, { db: tx.db });
      await recordAudit(tx, {
        action: 'multi_suite_run.created',
        resourceType: 'multi_suite_run',
        resourceId: multi.publicId,
        details: { tags, match: input.match, suites: targets.map((t) => t.publicId) },
      });
      return {
        aggregate_id: multi.publicId,
        matched_suite_ids: targets.map((t) => t.publicId),
        status_url: `/api/v1/ci/multi-suite-runs/${multi.publicId}`,
      };
    });
  }

  async getMultiSuiteRun({ ctx, input }: { ctx: Ctx; input: { id: string } }): Promise<MultiSuiteRun> {
    const org = requireRole(ctx, 'developer');
    const m = await repo.findMultiSuiteRun(ctx.db, org.id, input.id);
    if (!m) throw notFound('Multi-suite run');
    return this.deps.presenter.multi(ctx, m);
  }

  /**
   * Cancels a CI run (additive). One that has no session yet ends at once; one waiting for its
   * device or booting ends when its executor hears of it; a running one cancels its engine run,
   * and ends (session cleaned up) when that stops. Terminal runs: 400.
   */
  async cancelRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: string };
  }): Promise<{ status: 'cancellation_requested' }> {
    const org = requireRole(ctx, 'developer');
    await withTransaction(ctx, async (tx) => {
      const row = await repo.findCiRun(tx.db, org.id, input.runId, { forUpdate: true });
      if (!row) throw notFound('CI run');
      if (isTerminal(row.status)) throw badRequest(`The CI run is not active (status ${row.status})`);
      await recordAudit(tx, {
        action: 'ci_run.cancel_requested',
        resourceType: 'ci_run',
        resourceId: row.publicId,
        details: { phase: row.phase },
      });
      await this.cancelRow(tx, row);
    });
    return { status: 'cancellation_requested' };
  }

  /** Cancels one CI run inside `tx`; a device matrix cancels each of its targets' runs. */
  private async cancelRow(tx: Ctx, row: repo.CiRunRow): Promise<void> {
    if (row.matrix) {
      await repo.updateCiRun(tx.db, row.id, { cancelRequestedAt: row.cancelRequestedAt ?? tx.clock.now() });
      for (const child of await repo.listMatrixChildren(tx.db, [row.id]))
        if (!isTerminal(child.status))
          await this.cancelRow(tx, (await repo.findCiRunById(tx.db, child.id, { forUpdate: true }))!);
      // Not started (its turn had not come): nothing will end it but this.
      if (!row.startedAt) await this.deps.orchestrator.endRun(tx, row.id, { status: 'cancelled', error: 'Cancelled' });
      return;
    }
    if (!row.sessionId) return this.deps.orchestrator.endRun(tx, row.id, { status: 'cancelled', error: 'Cancelled' });
    await repo.updateCiRun(tx.db, row.id, { cancelRequestedAt: row.cancelRequestedAt ?? tx.clock.now() });
    if (row.suiteRunId !== null)
      await this.deps.execution
        .cancelSuiteRun({ ctx: tx, input: { suiteRunId: row.suiteRunId } })
        .catch(ignoreFinished);
    else if (row.engineRunPublicId)
      await this.deps.runs.cancelRun({ ctx: tx, input: { runId: row.engineRunPublicId } }).catch(ignoreFinished);
    tx.afterCommit(() =>
      this.deps.realtime.publishToOrganization(row.organizationId, {
        type: 'ci_run.updated',
        run_id: row.publicId,
        status: row.status,
        phase: row.phase,
      }),
    );
  }
}

/** An engine run that ended meanwhile needs no cancel: its end is what the CI run waits for. */
function ignoreFinished(err: unknown): void {
  if (!(err instanceof AppError && err.code === 'BAD_REQUEST')) throw err;
}
