import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newPublicId } from '../../db/public-id';
import { DEFAULT_VISUAL_FAIL_PCT, DEFAULT_VISUAL_WARN_PCT, type Platform, type SourcePlatform, type TestRunStatus } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { recordAudit } from '../audit/audit.recorder';
import { deriveRecordingFields, normaliseTags, validateCaseContent } from './recording';
import { parseSuiteYaml, renderSuiteYaml, slugify } from './suite-yaml';
import * as repo from './tests.repository';
import type {
  BaselineResponse,
  CaseResponse,
  CreateStandaloneCaseBody,
  CreateSuiteBody,
  CreateSuiteCaseBody,
  ListSuitesQuery,
  RunResponse,
  SuiteResponse,
  SuiteRunResponse,
  UpdateCaseBody,
  UpdateRunQuery,
  UpdateSuiteBody,
} from './tests.schemas';

/** Storage key of a baseline JPEG: `baselines/<case public id>/step_<index>.jpg`. */
export const baselineKey = (casePublicId: string, stepIndex: number) => `baselines/${casePublicId}/step_${stepIndex}.jpg`;
const ACTIVE_RUN_STATUSES: TestRunStatus[] = ['pending', 'running'];
const TERMINAL_RUN_STATUSES: TestRunStatus[] = ['passed', 'failed', 'error'];

export interface TestsServiceDeps {
  storage: ObjectStorage;
}

export function renderSuite(row: repo.SuiteListRow): SuiteResponse {
  const s = row.suite;
  return {
    id: s.id,
    public_id: s.publicId,
    name: s.name,
    // The spec types description as a string: a suite without one has the empty string.
    description: s.description ?? '',
    app_id: s.appId,
    app_public_id: row.appPublicId,
    app_name: row.appName,
    platform: s.platform,
    case_count: row.caseCount,
    reset_strategy: s.resetStrategy,
    context: s.context,
    variables: s.variables,
    last_run_status: row.lastRunStatus,
    last_run_at: apiTimeOrNull(row.lastRunAt),
    created_at: apiTime(s.createdAt),
    updated_at: apiTime(s.updatedAt),
    tags: row.tags,
    visual_regression_warn_pct: s.visualWarnPct,
    visual_regression_fail_pct: s.visualFailPct,
  };
}

function renderCase(row: repo.CaseListRow, subFlowPublicIds: Map<number, string>): CaseResponse {
  const c = row.c;
  return {
    id: c.id,
    public_id: c.publicId,
    suite_id: c.suiteId,
    suite_public_id: row.suitePublicId,
    app_id: row.effectiveAppId,
    app_public_id: row.appPublicId,
    name: c.name,
    mode: c.mode,
    steps: c.steps,
    assertions: c.assertions,
    ...deriveRecordingFields(c.steps, c.sourceRecording ?? null),
    source_recording: c.sourceRecording ?? null,
    source_device_width: c.sourceDeviceWidth,
    source_device_height: c.sourceDeviceHeight,
    source_platform: c.sourcePlatform,
    context: c.context,
    fuzzy_match: c.fuzzyMatch,
    is_reusable: c.isReusable,
    sub_flow_ids: c.subFlowIds.map((id) => subFlowPublicIds.get(id)).filter((x): x is string => x !== undefined),
    created_at: apiTime(c.createdAt),
    updated_at: apiTime(c.updatedAt),
    ...(row.recentRunStatuses ? { recent_run_statuses: row.recentRunStatuses } : {}),
  };
}

/** Renders cases with one extra query for all their sub-flow public ids. */
export async function renderCases(db: DbOrTx, rows: repo.CaseListRow[]): Promise<CaseResponse[]> {
  const ids = [...new Set(rows.flatMap((r) => r.c.subFlowIds))];
  const map = await repo.publicIdsOf(db, ids);
  return rows.map((r) => renderCase(r, map));
}

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

function checkThresholds(warn: number | null, fail: number | null): void {
  if (warn !== null && fail !== null && warn >= fail) {
    throw new AppError('BAD_REQUEST', `visual_regression_warn_pct: must be below visual_regression_fail_pct (${warn} >= ${fail})`);
  }
}

export class TestsService {
  constructor(private readonly deps: TestsServiceDeps) {}

  // ---------------- suites ----------------

  async listSuites({ ctx, input }: { ctx: Ctx; input: ListSuitesQuery }): Promise<SuiteResponse[]> {
    const org = requireRole(ctx, 'viewer');
    let appId: number | undefined;
    if (input.app_id) {
      const app = await repo.findAppByPublicId(ctx.db, org.id, input.app_id);
      if (!app) return [];
      appId = app.id;
    }
    const rawTags = (input.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    const tags = normaliseTags(rawTags).map((t) => t.name);
    const rows = await repo.listSuites(ctx.db, org.id, { appId, tags, match: input.match });
    return rows.map(renderSuite);
  }

  private async suiteResponse(db: DbOrTx, orgId: number, suiteId: number): Promise<SuiteResponse> {
    const [row] = await repo.listSuites(db, orgId, { suiteId });
    if (!row) throw notFound('Test suite');
    return renderSuite(row);
  }

  /** Tags are normalised (lower-cased key, first-seen casing kept) and created on first use. */
  async createSuite({ ctx, input }: { ctx: Ctx; input: CreateSuiteBody }): Promise<SuiteResponse> {
    const org = requireRole(ctx, 'developer');
    const tags = normaliseTags(input.tags ?? []);
    return withTransaction(ctx, async (tx) => {
      const app = await this.resolveSuiteApp(tx.db, org.id, input);
      if (app && input.platform && input.platform !== app.platform) {
        throw new AppError('BAD_REQUEST', `platform: '${input.platform}' does not match the app's platform '${app.platform}'`);
      }
      const now = tx.clock.now();
      const suite = await repo.insertSuite(tx.db, {
        publicId: newPublicId('ste'),
        organizationId: org.id,
        appId: app?.id ?? null,
        name: input.name,
        description: input.description ?? null,
        platform: (input.platform ?? app?.platform ?? null) as Platform | null,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      const createdTags = await repo.replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await recordAudit(tx, {
        action: 'test_suite.created',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { name: suite.name, app_id: suite.appId, tags: tags.map((t) => t.name), created_tags: createdTags },
      });
      return this.suiteResponse(tx.db, org.id, suite.id);
    });
  }

  private async resolveSuiteApp(db: DbOrTx, orgId: number, input: { app_public_id?: string | null; app_id?: number | null }) {
    if (input.app_public_id) {
      const app = await repo.findAppByPublicId(db, orgId, input.app_public_id);
      if (!app) throw notFound('App');
      return app;
    }
    if (input.app_id != null) {
      const app = await repo.findAppById(db, orgId, input.app_id);
      if (!app) throw notFound('App');
      return app;
    }
    return null;
  }

  async getSuite({ ctx, suiteId }: { ctx: Ctx; suiteId: string }): Promise<SuiteResponse & { cases: CaseResponse[] }> {
    const org = requireRole(ctx, 'viewer');
    const suite = await repo.findSuiteByPublicId(ctx.db, org.id, suiteId);
    if (!suite) throw notFound('Test suite');
    const [head, cases] = await Promise.all([this.suiteResponse(ctx.db, org.id, suite.id), repo.listSuiteCases(ctx.db, suite.id)]);
    return { ...head, cases: await renderCases(ctx.db, cases) };
  }

  /** Thresholds: null disables a tier; when both are set after the change, warn must be below fail. */
  async updateSuite({ ctx, suiteId, input }: { ctx: Ctx; suiteId: string; input: UpdateSuiteBody }): Promise<SuiteResponse> {
    const org = requireRole(ctx, 'developer');
    const tags = input.tags === undefined ? undefined : normaliseTags(input.tags);
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, suiteId, { forUpdate: true });
      if (!suite) throw notFound('Test suite');
      const warn = input.visual_regression_warn_pct !== undefined ? input.visual_regression_warn_pct : suite.visualWarnPct;
      const fail = input.visual_regression_fail_pct !== undefined ? input.visual_regression_fail_pct : suite.visualFailPct;
      checkThresholds(warn, fail);
      const now = tx.clock.now();
      await repo.updateSuite(tx.db, suite.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.reset_strategy !== undefined ? { resetStrategy: input.reset_strategy } : {}),
        ...(input.context !== undefined ? { context: input.context } : {}),
        ...(input.variables !== undefined ? { variables: input.variables } : {}),
        visualWarnPct: warn,
        visualFailPct: fail,
        updatedAt: now,
      });
      let createdTags: string[] = [];
      if (tags) createdTags = await repo.replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await recordAudit(tx, {
        action: 'test_suite.updated',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { fields: Object.keys(input), ...(tags ? { tags: tags.map((t) => t.name), created_tags: createdTags } : {}) },
      });
      return this.suiteResponse(tx.db, org.id, suite.id);
    });
  }

  /** Deletes the suite, its cases, runs and baseline records; baseline files go after commit. */
  async deleteSuite({ ctx, suiteId }: { ctx: Ctx; suiteId: string }): Promise<{ status: string }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, suiteId, { forUpdate: true });
      if (!suite) throw notFound('Test suite');
      const cases = await repo.casePublicIdsOfSuite(tx.db, suite.id);
      await repo.removeFromSubFlows(tx.db, org.id, cases.map((c) => c.id));
      await repo.deleteSuite(tx.db, suite.id);
      await recordAudit(tx, { action: 'test_suite.deleted', resourceType: 'test_suite', resourceId: suite.publicId, details: { name: suite.name, case_count: cases.length } });
      tx.afterCommit(async () => {
        for (const c of cases) await this.deps.storage.deletePrefix(`baselines/${c.publicId}`);
      });
      return { status: 'deleted' };
    });
  }

  async listTags({ ctx }: { ctx: Ctx }) {
    const org = requireRole(ctx, 'viewer');
    return repo.listTags(ctx.db, org.id);
  }

  // ---------------- cases ----------------

  private async caseResponse(db: DbOrTx, orgId: number, publicId: string): Promise<CaseResponse> {
    const row = await repo.findCaseByPublicId(db, orgId, publicId);
    if (!row) throw notFound('Test case');
    const [out] = await renderCases(db, [row]);
    return out!;
  }

  async createSuiteCase({ ctx, suiteId, input }: { ctx: Ctx; suiteId: string; input: CreateSuiteCaseBody }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    const content = validateCaseContent({ steps: input.steps, assertions: input.assertions, sourceRecording: input.source_recording });
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, suiteId);
      if (!suite) throw notFound('Test suite');
      const now = tx.clock.now();
      const row = await repo.insertCase(tx.db, {
        publicId: newPublicId('tc'),
        organizationId: org.id,
        suiteId: suite.id,
        name: input.name,
        mode: input.mode,
        steps: content.steps,
        assertions: content.assertions,
        context: input.context ?? null,
        sourceRecording: content.sourceRecording,
        sourceDeviceWidth: input.source_device_width ?? null,
        sourceDeviceHeight: input.source_device_height ?? null,
        sourcePlatform: suite.platform,
        fuzzyMatch: input.fuzzy_match,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.updateSuite(tx.db, suite.id, { updatedAt: now });
      await recordAudit(tx, { action: 'test_case.created', resourceType: 'test_case', resourceId: row.publicId, details: { name: row.name, suite_id: suite.publicId } });
      return this.caseResponse(tx.db, org.id, row.publicId);
    });
  }

  /** A standalone case whose name already exists for the same app is updated in place. */
  async createStandaloneCase({ ctx, input }: { ctx: Ctx; input: CreateStandaloneCaseBody }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    const content = validateCaseContent({ steps: input.steps, assertions: input.assertions, sourceRecording: input.source_recording });
    const attempt = () =>
      withTransaction(ctx, async (tx) => {
        const app = await repo.findAppByPublicId(tx.db, org.id, input.app_id);
        if (!app) throw notFound('App');
        const now = tx.clock.now();
        const values = {
          mode: input.mode,
          steps: content.steps,
          assertions: content.assertions,
          context: input.context ?? null,
          sourceRecording: content.sourceRecording,
          sourceDeviceWidth: input.source_device_width ?? null,
          sourceDeviceHeight: input.source_device_height ?? null,
          sourcePlatform: (input.source_platform ?? app.platform) as SourcePlatform,
          fuzzyMatch: input.fuzzy_match,
          updatedAt: now,
        };
        const existing = await repo.findStandaloneCaseByName(tx.db, org.id, app.id, input.name);
        if (existing) {
          await repo.updateCase(tx.db, existing.id, values);
          await recordAudit(tx, { action: 'test_case.updated', resourceType: 'test_case', resourceId: existing.publicId, details: { name: existing.name, upsert: true } });
          return this.caseResponse(tx.db, org.id, existing.publicId);
        }
        const row = await repo.insertCase(tx.db, {
          ...values,
          publicId: newPublicId('tc'),
          organizationId: org.id,
          appId: app.id,
          name: input.name,
          createdByUserId: actorIdentity(tx).userId,
          createdAt: now,
        });
        await recordAudit(tx, { action: 'test_case.created', resourceType: 'test_case', resourceId: row.publicId, details: { name: row.name, app_id: app.publicId } });
        return this.caseResponse(tx.db, org.id, row.publicId);
      });
    try {
      return await attempt();
    } catch (err) {
      // Two concurrent creates of the same name: the loser retries and updates the winner's row.
      if (isUniqueViolation(err) && !ctx.inTransaction) return attempt();
      throw err;
    }
  }

  async getCase({ ctx, caseId }: { ctx: Ctx; caseId: string }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'viewer');
    return this.caseResponse(ctx.db, org.id, caseId);
  }

  async listStandaloneCases({ ctx, reusable }: { ctx: Ctx; reusable: boolean | undefined }): Promise<CaseResponse[]> {
    const org = requireRole(ctx, 'viewer');
    return renderCases(ctx.db, await repo.listStandaloneCases(ctx.db, org.id, reusable));
  }

  /**
   * PATCH rules: app_id only on standalone cases; is_reusable true only without a parent suite;
   * sub_flow_ids name reusable cases of the same org and app, keep their order and form no cycle.
   */
  async updateCase({ ctx, caseId, input }: { ctx: Ctx; caseId: string; input: UpdateCaseBody }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findCaseByPublicId(tx.db, org.id, caseId);
      if (!found) throw notFound('Test case');
      const c = (await repo.lockCase(tx.db, found.c.id))!;
      if (input.app_id !== undefined && c.suiteId !== null) throw new AppError('BAD_REQUEST', 'app_id: can only be set on a standalone case; this case belongs to a suite');
      if (input.is_reusable === true && c.suiteId !== null) throw new AppError('BAD_REQUEST', 'is_reusable: only a case without a parent suite can be reusable');
      let appId = found.effectiveAppId;
      let appIdChange: number | undefined;
      if (input.app_id !== undefined) {
        const app = await repo.findAppByPublicId(tx.db, org.id, input.app_id);
        if (!app) throw notFound('App');
        appId = app.id;
        appIdChange = app.id;
      }
      if (input.is_reusable === false && c.isReusable) {
        const users = await repo.casesUsingAsSubFlow(tx.db, org.id, c.id);
        if (users.length > 0) throw new AppError('BAD_REQUEST', `is_reusable: the case is a sub-flow of ${users.join(', ')}; remove it there first`);
      }
      const needContent = input.steps !== undefined || input.assertions !== undefined || input.source_recording !== undefined;
      const content = needContent
        ? validateCaseContent({
            steps: input.steps ?? c.steps,
            assertions: input.assertions ?? c.assertions,
            sourceRecording: input.source_recording !== undefined ? input.source_recording : c.sourceRecording,
          })
        : undefined;
      let subFlowIds: number[] | undefined;
      if (input.sub_flow_ids !== undefined) subFlowIds = await this.resolveSubFlows(tx.db, org.id, c.id, appId, input.sub_flow_ids);
      else if (appIdChange !== undefined && c.subFlowIds.length > 0) {
        const current = await repo.publicIdsOf(tx.db, c.subFlowIds);
        await this.resolveSubFlows(tx.db, org.id, c.id, appId, c.subFlowIds.map((id) => current.get(id)!).filter(Boolean));
      }
      const now = tx.clock.now();
      try {
        await repo.updateCase(tx.db, c.id, {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.mode !== undefined ? { mode: input.mode } : {}),
          ...(content ? { steps: content.steps, assertions: content.assertions, sourceRecording: content.sourceRecording } : {}),
          ...(input.context !== undefined ? { context: input.context } : {}),
          ...(appIdChange !== undefined ? { appId: appIdChange } : {}),
          ...(subFlowIds !== undefined ? { subFlowIds } : {}),
          ...(input.source_device_width !== undefined ? { sourceDeviceWidth: input.source_device_width } : {}),
          ...(input.source_device_height !== undefined ? { sourceDeviceHeight: input.source_device_height } : {}),
          ...(input.fuzzy_match !== undefined ? { fuzzyMatch: input.fuzzy_match } : {}),
          ...(input.is_reusable !== undefined ? { isReusable: input.is_reusable } : {}),
          updatedAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'A standalone case with this name already exists for the app');
        throw err;
      }
      await recordAudit(tx, { action: 'test_case.updated', resourceType: 'test_case', resourceId: c.publicId, details: { fields: Object.keys(input) } });
      return this.caseResponse(tx.db, org.id, c.publicId);
    });
  }

  private async resolveSubFlows(db: DbOrTx, orgId: number, selfId: number, appId: number | null, publicIds: string[]): Promise<number[]> {
    const found = await repo.findCasesByPublicIds(db, orgId, [...new Set(publicIds)]);
    const byPublic = new Map(found.map((f) => [f.publicId, f]));
    const ids = publicIds.map((pid, i) => {
      const sub = byPublic.get(pid);
      if (!sub) throw new AppError('NOT_FOUND', `sub_flow_ids[${i}]: test case ${pid} not found`);
      if (sub.id === selfId) throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: a case cannot be its own sub-flow`);
      if (!sub.isReusable) throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: test case ${pid} is not reusable`);
      if (sub.effectiveAppId !== appId) throw new AppError('BAD_REQUEST', `sub_flow_ids[${i}]: test case ${pid} belongs to a different app`);
      return sub.id;
    });
    // Cycle: the case would reach itself through the sub-flows of its sub-flows.
    const graph = await repo.subFlowGraph(db, orgId);
    graph.set(selfId, ids);
    const seen = new Set<number>();
    const stack = [...ids];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (id === selfId) throw new AppError('BAD_REQUEST', 'sub_flow_ids: this would create a cycle of sub-flows');
      if (seen.has(id)) continue;
      seen.add(id);
      stack.push(...(graph.get(id) ?? []));
    }
    return ids;
  }

  async deleteCase({ ctx, caseId }: { ctx: Ctx; caseId: string }): Promise<{ status: string }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findCaseByPublicId(tx.db, org.id, caseId);
      if (!found) throw notFound('Test case');
      await repo.lockCase(tx.db, found.c.id);
      await repo.removeFromSubFlows(tx.db, org.id, [found.c.id]);
      await repo.deleteCase(tx.db, found.c.id);
      await recordAudit(tx, { action: 'test_case.deleted', resourceType: 'test_case', resourceId: found.c.publicId, details: { name: found.c.name, suite_id: found.suitePublicId } });
      tx.afterCommit(() => this.deps.storage.deletePrefix(`baselines/${found.c.publicId}`));
      return { status: 'deleted' };
    });
  }

  /** Copies the case (content only: no runs, no baselines) into another suite of the org. */
  async copyCase({ ctx, suiteId, caseId, targetSuiteId }: { ctx: Ctx; suiteId: string; caseId: string; targetSuiteId: string }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, suiteId);
      if (!suite) throw notFound('Test suite');
      const found = await repo.findCaseByPublicId(tx.db, org.id, caseId);
      if (!found || found.c.suiteId !== suite.id) throw notFound('Test case');
      const target = await repo.findSuiteByPublicId(tx.db, org.id, targetSuiteId);
      if (!target) throw new AppError('NOT_FOUND', 'target_suite_id: test suite not found');
      const src = found.c;
      const now = tx.clock.now();
      const row = await repo.insertCase(tx.db, {
        publicId: newPublicId('tc'),
        organizationId: org.id,
        suiteId: target.id,
        name: src.name,
        mode: src.mode,
        steps: src.steps,
        assertions: src.assertions,
        context: src.context,
        sourceRecording: src.sourceRecording,
        sourceDeviceWidth: src.sourceDeviceWidth,
        sourceDeviceHeight: src.sourceDeviceHeight,
        sourcePlatform: src.sourcePlatform,
        fuzzyMatch: src.fuzzyMatch,
        subFlowIds: src.subFlowIds,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.updateSuite(tx.db, target.id, { updatedAt: now });
      await recordAudit(tx, {
        action: 'test_case.copied',
        resourceType: 'test_case',
        resourceId: row.publicId,
        details: { source_case_id: src.publicId, source_suite_id: suite.publicId, target_suite_id: target.publicId },
      });
      return this.caseResponse(tx.db, org.id, row.publicId);
    });
  }

  // ---------------- runs ----------------

  /** Records a pending run; nothing is executed (the execution engine picks runs up elsewhere). */
  async createRun({ ctx, caseId }: { ctx: Ctx; caseId: string }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findCaseByPublicId(tx.db, org.id, caseId);
      if (!found) throw notFound('Test case');
      const now = tx.clock.now();
      const run = await repo.insertRun(tx.db, {
        publicId: newPublicId('run'),
        organizationId: org.id,
        testCaseId: found.c.id,
        status: 'pending',
        startedAt: now,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
      });
      await recordAudit(tx, { action: 'test_run.created', resourceType: 'test_run', resourceId: run.publicId, details: { test_case_id: found.c.publicId } });
      return renderRun(run, found.c.publicId);
    });
  }

  async getRun({ ctx, runId }: { ctx: Ctx; runId: string }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    const row = await repo.findRunByPublicId(ctx.db, org.id, runId);
    if (!row) throw notFound('Test run');
    return renderRun(row.run, row.casePublicId);
  }

  async listCaseRuns({ ctx, caseId }: { ctx: Ctx; caseId: string }): Promise<RunResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findCaseByPublicId(ctx.db, org.id, caseId);
    if (!found) throw notFound('Test case');
    return (await repo.listCaseRuns(ctx.db, found.c.id)).map((r) => renderRun(r, found.c.publicId));
  }

  /** Sets the status; a terminal status stamps finished_at once. result_json must be JSON. */
  async updateRun({ ctx, runId, input }: { ctx: Ctx; runId: string; input: UpdateRunQuery }): Promise<RunResponse> {
    const org = requireRole(ctx, 'viewer');
    let result: unknown;
    if (input.result_json !== undefined) {
      try {
        result = JSON.parse(input.result_json);
      } catch {
        throw new AppError('BAD_REQUEST', 'result_json: must be valid JSON');
      }
    }
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findRunByPublicId(tx.db, org.id, runId, { forUpdate: true });
      if (!found) throw notFound('Test run');
      const now = tx.clock.now();
      const terminal = TERMINAL_RUN_STATUSES.includes(input.status);
      const run = await repo.updateRun(tx.db, found.run.id, {
        status: input.status,
        ...(result !== undefined ? { result } : {}),
        ...(input.error_message !== undefined ? { errorMessage: input.error_message } : {}),
        ...(input.duration_ms !== undefined ? { durationMs: input.duration_ms } : {}),
        finishedAt: terminal ? (found.run.finishedAt ?? now) : null,
      });
      await recordAudit(tx, {
        action: 'test_run.updated',
        resourceType: 'test_run',
        resourceId: run.publicId,
        details: { from: found.run.status, to: input.status },
      });
      return renderRun(run, found.casePublicId);
    });
  }

  /**
   * A pending run nobody picked up ends at once as error "Cancelled"; a running run gets
   * cancel_requested_at, which the engine honours between steps. Inactive runs: 400.
   */
  async cancelRun({ ctx, runId }: { ctx: Ctx; runId: string }): Promise<{ status: 'cancellation_requested' }> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findRunByPublicId(tx.db, org.id, runId, { forUpdate: true });
      if (!found) throw notFound('Test run');
      const run = found.run;
      if (!ACTIVE_RUN_STATUSES.includes(run.status)) throw new AppError('BAD_REQUEST', `Test run is not active (status ${run.status})`);
      const now = tx.clock.now();
      // Runs are recorded and reported by their client (PATCH); nothing in the service executes
      // them, so a cancelled run ends here, running or not (DECISIONS: error "Cancelled").
      // cancel_requested_at stays on the row for an executor that has a step in flight.
      await repo.updateRun(tx.db, run.id, {
        status: 'error',
        errorMessage: 'Cancelled',
        cancelRequestedAt: run.cancelRequestedAt ?? now,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - run.startedAt.getTime()),
      });
      await recordAudit(tx, { action: 'test_run.cancel_requested', resourceType: 'test_run', resourceId: run.publicId, details: { status: run.status } });
      return { status: 'cancellation_requested' as const };
    });
  }

  async getSuiteRun({ ctx, suiteRunId }: { ctx: Ctx; suiteRunId: string }): Promise<SuiteRunResponse> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findSuiteRunByPublicId(ctx.db, org.id, suiteRunId);
    if (!found) throw notFound('Suite run');
    const sr = found.sr;
    const runs = await repo.listSuiteRunTestRuns(ctx.db, sr.id);
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
      })),
    };
  }

  // ---------------- YAML ----------------

  /** The suite as YAML (DECISIONS.md "YAML suite format") and a file name from its slug. */
  async exportSuiteYaml({ ctx, suiteId }: { ctx: Ctx; suiteId: string }): Promise<{ fileName: string; body: string }> {
    const org = requireRole(ctx, 'viewer');
    const suite = await repo.findSuiteByPublicId(ctx.db, org.id, suiteId);
    if (!suite) throw notFound('Test suite');
    const [[row], cases] = await Promise.all([repo.listSuites(ctx.db, org.id, { suiteId: suite.id }), repo.listSuiteCases(ctx.db, suite.id)]);
    const body = renderSuiteYaml({
      name: suite.name,
      description: suite.description,
      appId: row?.appPackageName ?? null,
      platform: suite.platform,
      resetStrategy: suite.resetStrategy,
      context: suite.context,
      variables: suite.variables,
      tags: (row?.tags ?? []).map((t) => t.display_name),
      visualWarnPct: suite.visualWarnPct,
      visualFailPct: suite.visualFailPct,
      cases: cases.map(({ c }) => ({
        name: c.name,
        mode: c.mode,
        steps: c.steps,
        assertions: c.assertions,
        context: c.context,
        fuzzyMatch: c.fuzzyMatch,
        sourceRecording: c.sourceRecording ?? null,
        sourceDeviceWidth: c.sourceDeviceWidth,
        sourceDeviceHeight: c.sourceDeviceHeight,
      })),
    });
    return { fileName: `${slugify(suite.name)}.yaml`, body };
  }

  /**
   * Creates a new suite from YAML. The app: the `app_id` query (public id) when given, else the
   * org's app whose package name is the document's `appId` (preferring the document's platform);
   * no such app leaves the suite unlinked.
   */
  async importSuiteYaml({ ctx, appPublicId, text }: { ctx: Ctx; appPublicId?: string; text: string }): Promise<{ public_id: string; name: string; case_count: number }> {
    const org = requireRole(ctx, 'developer');
    const doc = parseSuiteYaml(text);
    const tags = normaliseTags(doc.tags);
    return withTransaction(ctx, async (tx) => {
      let app: repo.AppRow | null = null;
      if (appPublicId) {
        app = (await repo.findAppByPublicId(tx.db, org.id, appPublicId)) ?? null;
        if (!app) throw notFound('App');
      } else if (doc.appId) {
        const candidates = await repo.findAppsByPackage(tx.db, org.id, doc.appId);
        app = candidates.find((a) => a.platform === doc.platform) ?? candidates[0] ?? null;
      }
      if (app && doc.platform && app.platform !== doc.platform) {
        throw new AppError('BAD_REQUEST', `platform: '${doc.platform}' does not match the app's platform '${app.platform}'`);
      }
      const now = tx.clock.now();
      const platform = (doc.platform ?? app?.platform ?? null) as Platform | null;
      const suite = await repo.insertSuite(tx.db, {
        publicId: newPublicId('ste'),
        organizationId: org.id,
        appId: app?.id ?? null,
        name: doc.name,
        description: doc.description,
        platform,
        resetStrategy: doc.resetStrategy,
        context: doc.context,
        variables: doc.variables,
        visualWarnPct: doc.visualWarnPct,
        visualFailPct: doc.visualFailPct,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await repo.replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await repo.insertCases(
        tx.db,
        doc.cases.map((c) => ({
          publicId: newPublicId('tc'),
          organizationId: org.id,
          suiteId: suite.id,
          name: c.name,
          mode: c.mode,
          steps: c.steps,
          assertions: c.assertions,
          context: c.context,
          sourceRecording: c.sourceRecording,
          sourceDeviceWidth: c.sourceDeviceWidth,
          sourceDeviceHeight: c.sourceDeviceHeight,
          sourcePlatform: platform,
          fuzzyMatch: c.fuzzyMatch,
          createdByUserId: actorIdentity(tx).userId,
          createdAt: now,
          updatedAt: now,
        })),
      );
      await recordAudit(tx, {
        action: 'test_suite.imported',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { name: suite.name, case_count: doc.cases.length, app_id: app?.publicId ?? null },
      });
      return { public_id: suite.publicId, name: suite.name, case_count: doc.cases.length };
    });
  }

  // ---------------- baselines ----------------

  async listBaselines({ ctx, caseId }: { ctx: Ctx; caseId: string }): Promise<BaselineResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findCaseByPublicId(ctx.db, org.id, caseId);
    if (!found) throw notFound('Test case');
    const rows = await repo.listBaselines(ctx.db, found.c.id);
    return rows.map(({ b, sourceRunPublicId }) => ({
      step_index: b.stepIndex,
      width: b.width,
      height: b.height,
      device_name: b.deviceName,
      source_run_id: sourceRunPublicId,
      image_url: `/api/v1/tests/cases/${found.c.publicId}/baselines/step_${b.stepIndex}.jpg`,
      created_at: apiTime(b.createdAt),
      updated_at: apiTime(b.updatedAt),
    }));
  }

  async getBaselineImage({ ctx, caseId, stepIndex }: { ctx: Ctx; caseId: string; stepIndex: number }): Promise<Buffer> {
    const org = requireRole(ctx, 'viewer');
    const found = await repo.findCaseByPublicId(ctx.db, org.id, caseId);
    if (!found) throw notFound('Test case');
    const row = await repo.findBaseline(ctx.db, found.c.id, stepIndex);
    if (!row) throw notFound('Baseline');
    const bytes = await this.deps.storage.getBuffer(row.storageKey);
    if (!bytes) throw notFound('Baseline image');
    return bytes;
  }

  /**
   * For the execution engine: stores the step's JPEG at baselineKey() and upserts its record.
   * The file is written first; a failed insert leaves at worst an orphan file that the next
   * write of the same step replaces.
   */
  async upsertBaseline(
    ctx: Ctx,
    input: { caseId: number; stepIndex: number; jpeg: Buffer; width: number; height: number; deviceName: string | null; sourceRunId: number | null },
  ): Promise<repo.BaselineRow> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const c = await repo.lockCase(tx.db, input.caseId);
      if (!c || c.organizationId !== org.id) throw notFound('Test case');
      const key = baselineKey(c.publicId, input.stepIndex);
      await this.deps.storage.put(key, input.jpeg, { contentType: 'image/jpeg' });
      const now = tx.clock.now();
      const row = await repo.upsertBaselineRow(tx.db, {
        organizationId: org.id,
        testCaseId: c.id,
        stepIndex: input.stepIndex,
        width: input.width,
        height: input.height,
        deviceName: input.deviceName,
        sourceRunId: input.sourceRunId,
        storageKey: key,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, { action: 'test_baseline.updated', resourceType: 'test_case', resourceId: c.publicId, details: { step_index: input.stepIndex } });
      return row;
    });
  }

  /** For the execution engine: a suite run in pending status with the suite's reset strategy. */
  async createSuiteRun(ctx: Ctx, input: { suiteId: number; sessionId: string | null }): Promise<repo.SuiteRunRow> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const [row] = await repo.listSuites(tx.db, org.id, { suiteId: input.suiteId });
      if (!row) throw notFound('Test suite');
      const now = tx.clock.now();
      const sr = await repo.insertSuiteRun(tx.db, {
        publicId: newPublicId('srun'),
        organizationId: org.id,
        suiteId: row.suite.id,
        sessionId: input.sessionId,
        status: 'pending',
        resetStrategy: row.suite.resetStrategy,
        startedAt: now,
        createdAt: now,
      });
      await recordAudit(tx, { action: 'suite_run.created', resourceType: 'suite_run', resourceId: sr.publicId, details: { suite_id: row.suite.publicId } });
      return sr;
    });
  }
}

export { DEFAULT_VISUAL_FAIL_PCT, DEFAULT_VISUAL_WARN_PCT };
