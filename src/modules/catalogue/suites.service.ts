import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { newPublicId } from '../../db/public-id';
import type { Platform } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { findAppById, findAppByPublicId } from '../apps';
import { recordAudit } from '../audit';
import { deleteBaselineFilesAfterCommit } from './baselines.service';
import * as casesRepo from './cases.repository';
import { renderCases } from './cases.service';
import type {
  SuiteResponse,
  CreateSuiteBody,
  ListSuitesQuery,
  SuiteWithCasesResponse,
  TagResponse,
  UpdateSuiteBody,
} from './suites.schemas';
import * as repo from './suites.repository';
import { normaliseTags, parseTagFilter } from './tags';
import * as tagsRepo from './tags.repository';

export interface SuitesServiceDeps {
  storage: ObjectStorage;
}

function renderSuite(row: repo.SuiteListRow): SuiteResponse {
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
    retries: s.retries,
    record_video: s.recordVideo,
    accessibility: s.accessibility,
  };
}

async function suiteResponse(db: DbOrTx, orgId: number, suiteId: number): Promise<SuiteResponse> {
  const [row] = await repo.listSuites(db, orgId, { suiteId });
  if (!row) throw notFound('Test suite');
  return renderSuite(row);
}

/** The app a new suite links: by public id (preferred) or legacy numeric id; another org's app is 404. */
async function resolveSuiteApp(
  db: DbOrTx,
  orgId: number,
  input: { app_public_id?: string | null; app_id?: number | null },
) {
  if (input.app_public_id) {
    const app = await findAppByPublicId(db, orgId, input.app_public_id);
    if (!app) throw notFound('App');
    return app;
  }
  if (input.app_id != null) {
    const app = await findAppById(db, orgId, input.app_id);
    if (!app) throw notFound('App');
    return app;
  }
  return null;
}

function checkThresholds(warn: number | null, fail: number | null): void {
  if (warn !== null && fail !== null && warn >= fail) {
    throw new AppError(
      'BAD_REQUEST',
      `visual_regression_warn_pct: must be below visual_regression_fail_pct (${warn} >= ${fail})`,
    );
  }
}

export class SuitesService {
  constructor(private readonly deps: SuitesServiceDeps) {}

  async listSuites({ ctx, input }: { ctx: Ctx; input: ListSuitesQuery }): Promise<SuiteResponse[]> {
    const org = requireRole(ctx, 'viewer');
    let appId: number | undefined;
    if (input.app_id) {
      const app = await findAppByPublicId(ctx.db, org.id, input.app_id);
      if (!app) return [];
      appId = app.id;
    }
    // Rows come in the response's shape (the serializer writes the declared fields only).
    return repo.listSuiteItems(ctx.db, org.id, { appId, tags: parseTagFilter(input.tags), match: input.match });
  }

  /** Tags are normalised (lower-cased key, first-seen casing kept) and created on first use. */
  async createSuite({ ctx, input }: { ctx: Ctx; input: CreateSuiteBody }): Promise<SuiteResponse> {
    const org = requireRole(ctx, 'developer');
    const tags = normaliseTags(input.tags ?? []);
    return withTransaction(ctx, async (tx) => {
      const app = await resolveSuiteApp(tx.db, org.id, input);
      if (app && input.platform && input.platform !== app.platform) {
        throw new AppError(
          'BAD_REQUEST',
          `platform: '${input.platform}' does not match the app's platform '${app.platform}'`,
        );
      }
      const now = tx.clock.now();
      const suite = await repo.insertSuite(tx.db, {
        publicId: newPublicId('ste'),
        organizationId: org.id,
        appId: app?.id ?? null,
        name: input.name,
        description: input.description ?? null,
        platform: (input.platform ?? app?.platform ?? null) as Platform | null,
        ...(input.accessibility ? { accessibility: input.accessibility } : {}),
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      const createdTags = await tagsRepo.replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await recordAudit(tx, {
        action: 'test_suite.created',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { name: suite.name, app_id: suite.appId, tags: tags.map((t) => t.name), created_tags: createdTags },
      });
      return suiteResponse(tx.db, org.id, suite.id);
    });
  }

  async getSuite({ ctx, input }: { ctx: Ctx; input: { suiteId: string } }): Promise<SuiteWithCasesResponse> {
    const org = requireRole(ctx, 'viewer');
    const suite = await repo.findSuiteByPublicId(ctx.db, org.id, input.suiteId);
    if (!suite) throw notFound('Test suite');
    const [head, cases] = await Promise.all([
      suiteResponse(ctx.db, org.id, suite.id),
      casesRepo.listSuiteCases(ctx.db, suite.id),
    ]);
    return { ...head, cases: await renderCases(ctx.db, cases) };
  }

  /** Thresholds: null disables a tier; when both are set after the change, warn must be below fail. */
  async updateSuite({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: string; body: UpdateSuiteBody };
  }): Promise<SuiteResponse> {
    const org = requireRole(ctx, 'developer');
    const { body } = input;
    const tags = body.tags === undefined ? undefined : normaliseTags(body.tags);
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, input.suiteId, { forUpdate: true });
      if (!suite) throw notFound('Test suite');
      const warn =
        body.visual_regression_warn_pct !== undefined ? body.visual_regression_warn_pct : suite.visualWarnPct;
      const fail =
        body.visual_regression_fail_pct !== undefined ? body.visual_regression_fail_pct : suite.visualFailPct;
      checkThresholds(warn, fail);
      const now = tx.clock.now();
      await repo.updateSuite(tx.db, suite.id, {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.reset_strategy !== undefined ? { resetStrategy: body.reset_strategy } : {}),
        ...(body.retries !== undefined ? { retries: body.retries } : {}),
        ...(body.record_video !== undefined ? { recordVideo: body.record_video } : {}),
        ...(body.accessibility !== undefined ? { accessibility: body.accessibility } : {}),
        ...(body.context !== undefined ? { context: body.context } : {}),
        ...(body.variables !== undefined ? { variables: body.variables } : {}),
        visualWarnPct: warn,
        visualFailPct: fail,
        updatedAt: now,
      });
      let createdTags: string[] = [];
      if (tags) createdTags = await tagsRepo.replaceSuiteTags(tx.db, org.id, suite.id, tags, now);
      await recordAudit(tx, {
        action: 'test_suite.updated',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: {
          fields: Object.keys(body),
          ...(tags ? { tags: tags.map((t) => t.name), created_tags: createdTags } : {}),
        },
      });
      return suiteResponse(tx.db, org.id, suite.id);
    });
  }

  /** Deletes the suite, its cases, runs and baseline records; baseline files go after commit. */
  async deleteSuite({ ctx, input }: { ctx: Ctx; input: { suiteId: string } }): Promise<{ status: string }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const suite = await repo.findSuiteByPublicId(tx.db, org.id, input.suiteId, { forUpdate: true });
      if (!suite) throw notFound('Test suite');
      const cases = await casesRepo.casePublicIdsOfSuite(tx.db, suite.id);
      await casesRepo.removeFromSubFlows(
        tx.db,
        org.id,
        cases.map((c) => c.id),
      );
      await repo.deleteSuite(tx.db, suite.id);
      await recordAudit(tx, {
        action: 'test_suite.deleted',
        resourceType: 'test_suite',
        resourceId: suite.publicId,
        details: { name: suite.name, case_count: cases.length },
      });
      deleteBaselineFilesAfterCommit(
        tx,
        this.deps.storage,
        cases.map((c) => c.publicId),
      );
      return { status: 'deleted' };
    });
  }

  async listTags({ ctx }: { ctx: Ctx }): Promise<TagResponse[]> {
    const org = requireRole(ctx, 'viewer');
    return tagsRepo.listTags(ctx.db, org.id);
  }
}
