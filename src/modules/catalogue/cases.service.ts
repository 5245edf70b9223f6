import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { newPublicId } from '../../db/public-id';
import type { SourcePlatform } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { findAppByPublicId } from '../apps';
import { recordAudit } from '../audit';
import { deleteBaselineFilesAfterCommit } from './baselines.service';
import type { CaseResponse, CreateStandaloneCaseBody, CreateSuiteCaseBody, UpdateCaseBody } from './cases.schemas';
import * as repo from './cases.repository';
import { flakinessOf, FLAKINESS_WINDOW } from './case-flakiness';
import { recentCaseOutcomes } from './case-health.repository';
import { deriveRecordingFields, validateCaseContent } from './recording';
import { resolveSubFlows } from './sub-flows';
import { findSuiteByPublicId, updateSuite } from './suites.repository';

export interface CasesServiceDeps {
  storage: ObjectStorage;
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
    quarantine: c.quarantinedAt
      ? {
          reason: c.quarantineReason ?? '',
          quarantined_at: apiTime(c.quarantinedAt),
          quarantined_by_user_id: c.quarantinedByUserId,
        }
      : null,
  };
}

/** Renders cases with one extra query for all their sub-flow public ids. */
export async function renderCases(db: DbOrTx, rows: repo.CaseListRow[]): Promise<CaseResponse[]> {
  const ids = [...new Set(rows.flatMap((r) => r.c.subFlowIds))];
  const map = await repo.publicIdsOf(db, ids);
  return rows.map((r) => renderCase(r, map));
}

/** One case as the API shows it (404 when the organization has no such case). */
export async function getCaseResponse(db: DbOrTx, orgId: number, publicId: string): Promise<CaseResponse> {
  const row = await repo.findCaseByPublicId(db, orgId, publicId);
  if (!row) throw notFound('Test case');
  const [out] = await renderCases(db, [row]);
  return out!;
}

export class CasesService {
  constructor(private readonly deps: CasesServiceDeps) {}

  /** Adds a case to a suite; the case takes the suite's platform as its source platform. */
  async createCase({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: string; body: CreateSuiteCaseBody };
  }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    const { body } = input;
    const content = validateCaseContent({
      steps: body.steps,
      assertions: body.assertions,
      sourceRecording: body.source_recording,
    });
    return withTransaction(ctx, async (tx) => {
      const suite = await findSuiteByPublicId(tx.db, org.id, input.suiteId);
      if (!suite) throw notFound('Test suite');
      const now = tx.clock.now();
      const row = await repo.insertCase(tx.db, {
        publicId: newPublicId('tc'),
        organizationId: org.id,
        suiteId: suite.id,
        name: body.name,
        mode: body.mode,
        steps: content.steps,
        assertions: content.assertions,
        context: body.context ?? null,
        sourceRecording: content.sourceRecording,
        sourceDeviceWidth: body.source_device_width ?? null,
        sourceDeviceHeight: body.source_device_height ?? null,
        sourcePlatform: suite.platform,
        fuzzyMatch: body.fuzzy_match,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await updateSuite(tx.db, suite.id, { updatedAt: now });
      await recordAudit(tx, {
        action: 'test_case.created',
        resourceType: 'test_case',
        resourceId: row.publicId,
        details: { name: row.name, suite_id: suite.publicId },
      });
      return getCaseResponse(tx.db, org.id, row.publicId);
    });
  }

  /** A standalone case whose name already exists for the same app is updated in place. */
  async upsertStandaloneCase({ ctx, input }: { ctx: Ctx; input: CreateStandaloneCaseBody }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    const content = validateCaseContent({
      steps: input.steps,
      assertions: input.assertions,
      sourceRecording: input.source_recording,
    });
    const attempt = () =>
      withTransaction(ctx, async (tx) => {
        const app = await findAppByPublicId(tx.db, org.id, input.app_id);
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
          await recordAudit(tx, {
            action: 'test_case.updated',
            resourceType: 'test_case',
            resourceId: existing.publicId,
            details: { name: existing.name, upsert: true },
          });
          return getCaseResponse(tx.db, org.id, existing.publicId);
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
        await recordAudit(tx, {
          action: 'test_case.created',
          resourceType: 'test_case',
          resourceId: row.publicId,
          details: { name: row.name, app_id: app.publicId },
        });
        return getCaseResponse(tx.db, org.id, row.publicId);
      });
    try {
      return await attempt();
    } catch (err) {
      // Two concurrent creates of the same name: the loser retries and updates the winner's row.
      if (isUniqueViolation(err) && !ctx.inTransaction) return attempt();
      throw err;
    }
  }

  /** The case with its flakiness over its last runs (each run's last attempt). */
  async getCase({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'viewer');
    const out = await getCaseResponse(ctx.db, org.id, input.caseId);
    return { ...out, flakiness: flakinessOf(await recentCaseOutcomes(ctx.db, out.id, FLAKINESS_WINDOW)) };
  }

  async listStandaloneCases({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { reusable: boolean | undefined };
  }): Promise<CaseResponse[]> {
    const org = requireRole(ctx, 'viewer');
    return renderCases(ctx.db, await repo.listStandaloneCases(ctx.db, org.id, input.reusable));
  }

  /**
   * PATCH rules: app_id only on standalone cases; is_reusable true only without a parent suite;
   * sub_flow_ids name reusable cases of the same org and app, keep their order and form no cycle.
   */
  async updateCase({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { caseId: string; body: UpdateCaseBody };
  }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    const { body } = input;
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findCaseByPublicId(tx.db, org.id, input.caseId);
      if (!found) throw notFound('Test case');
      const c = (await repo.lockCase(tx.db, found.c.id))!;
      if (body.app_id !== undefined && c.suiteId !== null)
        throw new AppError('BAD_REQUEST', 'app_id: can only be set on a standalone case; this case belongs to a suite');
      if (body.is_reusable === true && c.suiteId !== null)
        throw new AppError('BAD_REQUEST', 'is_reusable: only a case without a parent suite can be reusable');
      let appId = found.effectiveAppId;
      let appIdChange: number | undefined;
      if (body.app_id !== undefined) {
        const app = await findAppByPublicId(tx.db, org.id, body.app_id);
        if (!app) throw notFound('App');
        appId = app.id;
        appIdChange = app.id;
      }
      if (body.is_reusable === false && c.isReusable) {
        const users = await repo.casesUsingAsSubFlow(tx.db, org.id, c.id);
        if (users.length > 0)
          throw new AppError(
            'BAD_REQUEST',
            `is_reusable: the case is a sub-flow of ${users.join(', ')}; remove it there first`,
          );
      }
      const needContent =
        body.steps !== undefined || body.assertions !== undefined || body.source_recording !== undefined;
      const content = needContent
        ? validateCaseContent({
            steps: body.steps ?? c.steps,
            assertions: body.assertions ?? c.assertions,
            sourceRecording: body.source_recording !== undefined ? body.source_recording : c.sourceRecording,
          })
        : undefined;
      let subFlowIds: number[] | undefined;
      if (body.sub_flow_ids !== undefined)
        subFlowIds = await resolveSubFlows(tx.db, { orgId: org.id, selfId: c.id, appId, publicIds: body.sub_flow_ids });
      else if (appIdChange !== undefined && c.subFlowIds.length > 0) {
        // Moving the case to another app: its current sub-flows must belong to that app too.
        const current = await repo.publicIdsOf(tx.db, c.subFlowIds);
        await resolveSubFlows(tx.db, {
          orgId: org.id,
          selfId: c.id,
          appId,
          publicIds: c.subFlowIds.map((id) => current.get(id)!).filter(Boolean),
        });
      }
      const now = tx.clock.now();
      try {
        await repo.updateCase(tx.db, c.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.mode !== undefined ? { mode: body.mode } : {}),
          ...(content
            ? { steps: content.steps, assertions: content.assertions, sourceRecording: content.sourceRecording }
            : {}),
          ...(body.context !== undefined ? { context: body.context } : {}),
          ...(appIdChange !== undefined ? { appId: appIdChange } : {}),
          ...(subFlowIds !== undefined ? { subFlowIds } : {}),
          ...(body.source_device_width !== undefined ? { sourceDeviceWidth: body.source_device_width } : {}),
          ...(body.source_device_height !== undefined ? { sourceDeviceHeight: body.source_device_height } : {}),
          ...(body.fuzzy_match !== undefined ? { fuzzyMatch: body.fuzzy_match } : {}),
          ...(body.is_reusable !== undefined ? { isReusable: body.is_reusable } : {}),
          updatedAt: now,
        });
      } catch (err) {
        if (isUniqueViolation(err))
          throw new AppError('CONFLICT', 'A standalone case with this name already exists for the app');
        throw err;
      }
      await recordAudit(tx, {
        action: 'test_case.updated',
        resourceType: 'test_case',
        resourceId: c.publicId,
        details: { fields: Object.keys(body) },
      });
      return getCaseResponse(tx.db, org.id, c.publicId);
    });
  }

  /** Deletes the case, its runs and baseline records and drops it from every sub-flow list; files go after commit. */
  async deleteCase({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<{ status: string }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const found = await repo.findCaseByPublicId(tx.db, org.id, input.caseId);
      if (!found) throw notFound('Test case');
      await repo.lockCase(tx.db, found.c.id);
      await repo.removeFromSubFlows(tx.db, org.id, [found.c.id]);
      await repo.deleteCase(tx.db, found.c.id);
      await recordAudit(tx, {
        action: 'test_case.deleted',
        resourceType: 'test_case',
        resourceId: found.c.publicId,
        details: { name: found.c.name, suite_id: found.suitePublicId },
      });
      deleteBaselineFilesAfterCommit(tx, this.deps.storage, [found.c.publicId]);
      return { status: 'deleted' };
    });
  }

  /** Copies the case (content only: no runs, no baselines) into another suite of the org. */
  async copyCase({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { suiteId: string; caseId: string; targetSuiteId: string };
  }): Promise<CaseResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const suite = await findSuiteByPublicId(tx.db, org.id, input.suiteId);
      if (!suite) throw notFound('Test suite');
      const found = await repo.findCaseByPublicId(tx.db, org.id, input.caseId);
      if (!found || found.c.suiteId !== suite.id) throw notFound('Test case');
      const target = await findSuiteByPublicId(tx.db, org.id, input.targetSuiteId);
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
      await updateSuite(tx.db, target.id, { updatedAt: now });
      await recordAudit(tx, {
        action: 'test_case.copied',
        resourceType: 'test_case',
        resourceId: row.publicId,
        details: { source_case_id: src.publicId, source_suite_id: suite.publicId, target_suite_id: target.publicId },
      });
      return getCaseResponse(tx.db, org.id, row.publicId);
    });
  }
}
