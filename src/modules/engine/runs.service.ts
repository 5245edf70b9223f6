import { actorIdentity, requireCreatorOrRole, requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { newPublicId } from '../../db/public-id';
import type { TestRunStatus } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { recordAudit } from '../audit';
import { emitEvent } from '../events';
import { findCaseByPublicId, findSuiteById, type BaselineImage, type BaselinesService } from '../catalogue';
import { loadSharp } from '../../lazy-modules';
import type { ObjectStorage } from '../../storage/storage';
import type { SessionsService } from '../sessions';
import type { RunSignals } from './execution/run-signals';
import { shardsOf } from './results/suite-shards-view';
import * as repo from './runs.repository';
import type { RunResponse, SuiteRunResponse, UpdateRunQuery } from './runs.schemas';
import { htmlReport, type SuiteRunsReportInput } from './results/suite-report-data';

const ACTIVE_RUN_STATUSES: TestRunStatus[] = ['pending', 'running'];

/** A run the engine executes (it has a mode); a record-only run has none. */
const isExecuted = (run: repo.RunRow) => run.mode !== null;

export const executedRunDetail = (runPublicId: string) =>
  `${runPublicId} is executed by the engine; its outcome is set when it finishes`;

/** Who started a run or suite run, for the creator-or-role rules. */
export const createdByOf = (r: { createdByUserId: number | null; createdByApiTokenId: number | null }) => ({
  userId: r.createdByUserId,
  apiTokenId: r.createdByApiTokenId,
});
const TERMINAL_RUN_STATUSES: TestRunStatus[] = ['passed', 'failed', 'error'];

export function renderRun(run: repo.RunRow, casePublicId: string): RunResponse {
  return {
    id: run.id,
    public_id: run.publicId,
    test_case_id: run.testCaseId,
    test_case_public_id: casePublicId,
    suite_run_id: run.suiteRunId,
    status: run.status,
    started_at: apiTime(run.startedAt),
    finished_at: apiTimeOrNull(run.finishedAt),
    result: run.result ?? null,
    reasoning_log: run.reasoningLog ?? null,
    error_message: run.errorMessage,
    duration_ms: run.durationMs,
    model_used: run.modelUsed,
    tokens_used: run.tokensUsed,
    cost_micro: run.costMicro,
    cancel_requested_at: apiTimeOrNull(run.cancelRequestedAt),
  };
}

/** The life of test runs and suite runs: recorded, reported, cancelled, read. */
export class RunsService {
  constructor(
    private readonly deps: {
      signals: RunSignals;
      sessions: SessionsService;
      storage: ObjectStorage;
      /** Where the console is: the report links each run's page there. */
      appUrl: string;
      baselines: BaselinesService;
    },
  ) {}

  /** Records a pending run; nothing is executed (the execution engine picks runs up elsewhere). */
  async createRun({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const found = await findCaseByPublicId(tx.db, org.id, input.caseId);
      if (!found) throw notFound('Test case');
      const now = tx.clock.now();
      const run = await repo.insertRun(tx.db, {
        publicId: newPublicId('run'),
        organizationId: org.id,
        testCaseId: found.c.id,
        status: 'pending',
        startedAt: now,
        createdByUserId: actorIdentity(tx).userId,
        createdByApiTokenId: actorIdentity(tx).apiTokenId,
        createdAt: now,
      });
      await recordAudit(tx, {
        action: 'test_run.created',
        resourceType: 'test_run',
        resourceId: run.publicId,
        details: { test_case_id: found.c.publicId },
      });
      return renderRun(run, found.c.publicId);
    });
  }

  async getRun({ ctx, input }: { ctx: Ctx; input: { runId: string } }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    const row = await repo.findRunByPublicId(ctx.db, org.id, input.runId);
    if (!row) throw notFound('Test run');
    return renderRun(row.run, row.casePublicId);
  }

  /** The case's runs, most recent first. */
  async listCaseRuns({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<RunResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const found = await findCaseByPublicId(ctx.db, org.id, input.caseId);
    if (!found) throw notFound('Test case');
    return (await repo.listCaseRuns(ctx.db, found.c.id)).map((r) => renderRun(r, found.c.publicId));
  }

  /**
   * Sets the status of a record-only run (POST /tests/cases/{id}/run; any role, as the spec says);
   * a terminal status stamps finished_at once. result_json must be JSON. A run the engine executes
   * (started by /ai/test/run, /ai/suite/run or CI) is 409: only the engine ends it, so that no
   * caller can turn a failing run, its CI run or its commit status green.
   */
  async updateRun({ ctx, input }: { ctx: Ctx; input: { runId: string; query: UpdateRunQuery } }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    const { query } = input;
    let result: unknown;
    if (query.result_json !== undefined) {
      try {
        result = JSON.parse(query.result_json);
      } catch {
        throw new AppError('BAD_REQUEST', 'result_json: must be valid JSON');
      }
    }
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findRunByPublicId(tx.db, org.id, input.runId, { forUpdate: true });
      if (!found) throw notFound('Test run');
      if (isExecuted(found.run)) throw conflict(executedRunDetail(found.run.publicId));
      const now = tx.clock.now();
      const terminal = TERMINAL_RUN_STATUSES.includes(query.status);
      const run = await repo.updateRun(tx.db, found.run.id, {
        status: query.status,
        ...(result !== undefined ? { result } : {}),
        ...(query.error_message !== undefined ? { errorMessage: query.error_message } : {}),
        ...(query.duration_ms !== undefined ? { durationMs: query.duration_ms } : {}),
        finishedAt: terminal ? (found.run.finishedAt ?? now) : null,
      });
      await recordAudit(tx, {
        action: 'test_run.updated',
        resourceType: 'test_run',
        resourceId: run.publicId,
        details: { from: found.run.status, to: query.status },
      });
      return renderRun(run, found.casePublicId);
    });
  }

  /**
   * A pending run nobody picked up ends at once as error "Cancelled"; a running run gets
   * cancel_requested_at, which the engine honours between steps. Inactive runs: 400. A run the
   * engine executes is cancelled by the member who started it or a developer (403 for another
   * viewer); a record-only run by anyone, as PATCH may end it.
   */
  async cancelRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: string };
  }): Promise<{ status: 'cancellation_requested' }> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findRunByPublicId(tx.db, org.id, input.runId, { forUpdate: true });
      if (!found) throw notFound('Test run');
      const run = found.run;
      if (isExecuted(run)) requireCreatorOrRole(tx, createdByOf(run), 'developer', 'the member who started the run');
      if (!ACTIVE_RUN_STATUSES.includes(run.status))
        throw new AppError('BAD_REQUEST', `Test run is not active (status ${run.status})`);
      const now = tx.clock.now();
      if (run.status === 'running' && isExecuted(run)) {
        // An executing run: its executor stops within a second, wherever it runs, and ends it
        // as error "Cancelled".
        await repo.updateRun(tx.db, run.id, { cancelRequestedAt: run.cancelRequestedAt ?? now });
        tx.afterCommit(() => this.deps.signals.stopRun(run.publicId, 'cancelled', 'Cancelled'));
      } else {
        // Not started yet, or only recorded by its client (PATCH): it ends here (DECISIONS: error "Cancelled").
        await repo.updateRun(tx.db, run.id, {
          status: 'error',
          errorMessage: 'Cancelled',
          cancelRequestedAt: run.cancelRequestedAt ?? now,
          finishedAt: now,
          durationMs: Math.max(0, now.getTime() - run.startedAt.getTime()),
        });
        if (isExecuted(run)) {
          await emitEvent(tx, {
            type: 'run.cancelled',
            data: {
              kind: 'test_run',
              run_id: run.id,
              run_public_id: run.publicId,
              test_case_id: found.casePublicId,
              status: 'error',
              error_message: 'Cancelled',
            },
            metadata: run.metadata ?? null,
          });
        }
        if (run.sessionId)
          await this.deps.sessions.releaseFromRun({
            ctx: tx,
            input: { sessionId: run.sessionId, runPublicId: run.publicId },
          });
      }
      await recordAudit(tx, {
        action: 'test_run.cancel_requested',
        resourceType: 'test_run',
        resourceId: run.publicId,
        details: { status: run.status },
      });
      return { status: 'cancellation_requested' as const };
    });
  }

  /** A step screenshot of one of the organization's runs; null when the run has no such file. */
  /**
   * Makes the run's screenshots of the given steps (all steps with a screenshot when none are
   * given) the case's baselines, replacing what was there (developer). Any finished run may be
   * approved: a passed one, or a failed one whose new screen is the intended one.
   */
  async approveBaselines({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { runId: string; stepIndexes?: number[] };
  }): Promise<{ step_indexes: number[] }> {
    const org = requireRole(ctx, 'developer');
    const found = await repo.findRunByPublicId(ctx.db, org.id, input.runId);
    if (!found) throw notFound('Test run');
    const { run } = found;
    if (!TERMINAL_RUN_STATUSES.includes(run.status))
      throw new AppError(
        'BAD_REQUEST',
        `${run.publicId} is ${run.status}; approve its screenshots once it has finished`,
      );
    const steps = ((run.result as { steps?: Array<{ index: number; screenshot: string | null }> } | null)?.steps ??
      []) as Array<{ index: number; screenshot: string | null }>;
    const shots = new Map(steps.filter((s) => s.screenshot).map((s) => [s.index, s.screenshot!]));
    const wanted = input.stepIndexes ? [...new Set(input.stepIndexes)].sort((a, b) => a - b) : [...shots.keys()];
    const missing = wanted.filter((i) => !shots.has(i));
    if (missing.length)
      throw new AppError(
        'BAD_REQUEST',
        `step_indexes: ${run.publicId} has no screenshot of step ${missing.join(', ')} (steps with one: ${[...shots.keys()].join(', ') || 'none'})`,
      );
    if (!wanted.length) throw new AppError('BAD_REQUEST', `${run.publicId} has no step screenshots to approve`);
    const deviceName = run.sessionId
      ? await this.deps.sessions
          .loadSession({ ctx, input: { sessionId: run.sessionId } })
          .then((s) => s.deviceName)
          .catch(() => null)
      : null;
    const images: BaselineImage[] = [];
    for (const index of wanted) {
      const file = shots.get(index)!.split('/').pop()!;
      const jpeg = await this.deps.storage.getBuffer(`runs/${run.publicId}/${file}`);
      if (!jpeg)
        throw new AppError('BAD_REQUEST', `The screenshot of step ${index} of ${run.publicId} is no longer stored`);
      const meta = await loadSharp()(jpeg).metadata();
      images.push({ stepIndex: index, jpeg, width: meta.width ?? 0, height: meta.height ?? 0, deviceName });
    }
    const written = await this.deps.baselines.writeBaselines({
      ctx,
      input: { caseId: run.testCaseId, sourceRun: { id: run.id, publicId: run.publicId }, source: 'approved', images },
    });
    return { step_indexes: written };
  }

  async getRunScreenshot({ ctx, input }: { ctx: Ctx; input: { runId: string; file: string } }): Promise<Buffer | null> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findRunByPublicId(ctx.db, org.id, input.runId);
    if (!found) throw notFound('Test run');
    return this.deps.storage.getBuffer(`runs/${found.run.publicId}/${input.file}`);
  }

  async getSuiteRun({ ctx, input }: { ctx: Ctx; input: { suiteRunId: string } }): Promise<SuiteRunResponse> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findSuiteRunByPublicId(ctx.db, org.id, input.suiteRunId);
    if (!found) throw notFound('Suite run');
    const sr = found.sr;
    const runs = await repo.listSuiteRunTestRuns(ctx.db, sr.id);
    const all = await repo.listSuiteRunAttempts(ctx.db, [sr.id]);
    const attempts = repo.attemptsByCase(all);
    return {
      id: sr.id,
      public_id: sr.publicId,
      suite_id: sr.suiteId,
      suite_public_id: found.suitePublicId,
      session_id: sr.sessionId,
      status: sr.status,
      reset_strategy: sr.resetStrategy,
      started_at: apiTime(sr.startedAt),
      finished_at: apiTimeOrNull(sr.finishedAt),
      duration_ms: sr.durationMs,
      error_message: sr.errorMessage,
      cancel_requested_at: apiTimeOrNull(sr.cancelRequestedAt),
      test_runs: runs.map(({ run, casePublicId }) => ({
        id: run.id,
        public_id: run.publicId,
        test_case_id: run.testCaseId,
        test_case_public_id: casePublicId,
        status: run.status,
        duration_ms: run.durationMs,
        error_message: run.errorMessage,
        flaky: run.flaky,
        quarantined: run.quarantined,
        attempts: attempts.get(`${sr.id}:${run.testCaseId}`) ?? [],
        shard: run.shard,
        device_id: run.deviceId,
        device_name: run.deviceName,
      })),
      retries: sr.retries,
      parallelism: sr.parallelism,
      shards: await shardsOf(ctx, this.deps.sessions, sr, all),
    };
  }

  /** The suite run as one self-contained HTML file (any member): summary, shards, every case with its steps. */
  async suiteRunReport({ ctx, input }: { ctx: Ctx; input: { suiteRunId: string } }): Promise<string> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findSuiteRunByPublicId(ctx.db, org.id, input.suiteRunId);
    if (!found) throw notFound('Suite run');
    const suite = await findSuiteById(ctx.db, org.id, found.sr.suiteId);
    const title = `${suite?.name ?? found.suitePublicId} · ${found.sr.publicId}`;
    return htmlReport(ctx, this.deps, org.id, {
      title,
      status: found.sr.status,
      runs: [{ suiteRunId: found.sr.id, target: null }],
    });
  }

  /** Several suite runs (a device matrix's targets, by internal id) as one HTML report. */
  async suiteRunsReport({ ctx, input }: { ctx: Ctx; input: SuiteRunsReportInput }): Promise<string> {
    return htmlReport(ctx, this.deps, requireRole(ctx, 'viewer').id, input);
  }

  /** For the execution engine: a suite run in pending status with the suite's reset strategy. */
  async createSuiteRun({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: number; sessionId: string | null };
  }): Promise<repo.SuiteRunRow> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const suite = await findSuiteById(tx.db, org.id, input.suiteId);
      if (!suite) throw notFound('Test suite');
      const now = tx.clock.now();
      const sr = await repo.insertSuiteRun(tx.db, {
        publicId: newPublicId('srun'),
        organizationId: org.id,
        suiteId: suite.id,
        sessionId: input.sessionId,
        status: 'pending',
        resetStrategy: suite.resetStrategy,
        retries: suite.retries,
        startedAt: now,
        createdAt: now,
      });
      await recordAudit(tx, {
        action: 'suite_run.created',
        resourceType: 'suite_run',
        resourceId: sr.publicId,
        details: { suite_id: suite.publicId },
      });
      return sr;
    });
  }
}

/** The storage folders of an organization's runs (screenshots and diffs), for purging its files. */
export async function runStoragePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await repo.runPublicIdsOfOrg(db, orgId)).map((id) => `runs/${id}`);
}
