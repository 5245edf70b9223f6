import { requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { listResourceAudit, recordAudit } from '../audit';
import type { BaselineHistoryEntry, BaselineResponse } from './baselines.schemas';
import * as repo from './baselines.repository';
import { casePublicIdsOfOrg, findCaseByPublicId, lockCase } from './cases.repository';

/** Storage folder of a case's baseline JPEGs. */
const baselineFolder = (casePublicId: string) => `baselines/${casePublicId}`;

/** Storage key of a baseline JPEG: `baselines/<case public id>/step_<index>.jpg`. */
export const baselineKey = (casePublicId: string, stepIndex: number) =>
  `${baselineFolder(casePublicId)}/step_${stepIndex}.jpg`;

/** Removes the baseline JPEGs of deleted cases once the deleting transaction has committed. */
export function deleteBaselineFilesAfterCommit(tx: Ctx, storage: ObjectStorage, casePublicIds: string[]): void {
  tx.afterCommit(async () => {
    for (const id of casePublicIds) await storage.deletePrefix(baselineFolder(id));
  });
}

/** One step's new baseline: the JPEG (a run's screenshot of it) and what it was taken on. */
export interface BaselineImage {
  stepIndex: number;
  jpeg: Buffer;
  width: number;
  height: number;
  deviceName: string | null;
}

/**
 * How a baseline came to be: a passed run wrote a missing one, or a developer approved a run's
 * screenshot (replacing what was there). Each is an audit row of the case; with deletions they
 * are the case's baseline history.
 */
export type BaselineSource = 'passed_run' | 'approved';

const HISTORY_ACTIONS: Record<string, BaselineHistoryEntry['change']> = {
  'test_baseline.updated': 'written_by_passed_run',
  'test_baseline.approved': 'approved',
  'test_baseline.deleted': 'deleted',
};

export class BaselinesService {
  constructor(private readonly deps: { storage: ObjectStorage }) {}

  async listBaselines({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<BaselineResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const found = await findCaseByPublicId(ctx.db, org.id, input.caseId);
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

  async getBaselineImage({ ctx, input }: { ctx: Ctx; input: { caseId: string; stepIndex: number } }): Promise<Buffer> {
    const org = requireRole(ctx, 'viewer');
    const found = await findCaseByPublicId(ctx.db, org.id, input.caseId);
    if (!found) throw notFound('Test case');
    const row = await repo.findBaseline(ctx.db, found.c.id, input.stepIndex);
    if (!row) throw notFound('Baseline');
    const bytes = await this.deps.storage.getBuffer(row.storageKey);
    if (!bytes) throw notFound('Baseline image');
    return bytes;
  }

  /**
   * Stores each image at baselineKey() and upserts its record, with an audit row per step, in
   * the caller's transaction (the engine's, ending a passed run; the approval's). A file is
   * written before its row; a rolled-back change leaves at worst a file the next write replaces.
   */
  async writeBaselines({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: {
      caseId: number;
      sourceRun: { id: number; publicId: string };
      source: BaselineSource;
      images: BaselineImage[];
    };
  }): Promise<number[]> {
    const org = requireRole(ctx, input.source === 'approved' ? 'developer' : 'viewer');
    return withTransaction(ctx, async (tx) => {
      const c = await lockCase(tx.db, input.caseId);
      if (!c || c.organizationId !== org.id) throw notFound('Test case');
      const now = tx.clock.now();
      for (const image of input.images) {
        const key = baselineKey(c.publicId, image.stepIndex);
        await this.deps.storage.put(key, image.jpeg, { contentType: 'image/jpeg' });
        await repo.upsertBaselineRow(tx.db, {
          organizationId: org.id,
          testCaseId: c.id,
          stepIndex: image.stepIndex,
          width: image.width,
          height: image.height,
          deviceName: image.deviceName,
          sourceRunId: input.sourceRun.id,
          storageKey: key,
          sizeBytes: image.jpeg.length,
          createdAt: now,
          updatedAt: now,
        });
        await recordAudit(tx, {
          action: input.source === 'approved' ? 'test_baseline.approved' : 'test_baseline.updated',
          resourceType: 'test_case',
          resourceId: c.publicId,
          details: { step_index: image.stepIndex, source_run_id: input.sourceRun.publicId },
        });
      }
      return input.images.map((i) => i.stepIndex);
    });
  }

  /** Removes one step's baseline (developer): the next passed run of the case writes a new one. */
  async deleteBaseline({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { caseId: string; stepIndex: number };
  }): Promise<{ status: string }> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const found = await findCaseByPublicId(tx.db, org.id, input.caseId);
      if (!found) throw notFound('Test case');
      await lockCase(tx.db, found.c.id);
      const row = await repo.deleteBaselineRow(tx.db, found.c.id, input.stepIndex);
      if (!row) throw notFound('Baseline');
      await recordAudit(tx, {
        action: 'test_baseline.deleted',
        resourceType: 'test_case',
        resourceId: found.c.publicId,
        details: { step_index: input.stepIndex },
      });
      tx.afterCommit(() => this.deps.storage.delete(row.storageKey));
      return { status: 'deleted' };
    });
  }

  /** Every change of the case's baselines, newest first (at most 500): who, when, which step, from which run. */
  async baselineHistory({ ctx, input }: { ctx: Ctx; input: { caseId: string } }): Promise<BaselineHistoryEntry[]> {
    const org = requireRole(ctx, 'viewer');
    const found = await findCaseByPublicId(ctx.db, org.id, input.caseId);
    if (!found) throw notFound('Test case');
    const rows = await listResourceAudit(ctx.db, {
      organizationId: org.id,
      resourceType: 'test_case',
      resourceId: found.c.publicId,
      actionPrefix: 'test_baseline.',
      limit: 500,
    });
    return rows.flatMap((r) => {
      const change = HISTORY_ACTIONS[r.action];
      const details = (r.details ?? {}) as { step_index?: number; source_run_id?: string };
      if (!change || typeof details.step_index !== 'number') return [];
      return [
        {
          step_index: details.step_index,
          change,
          source_run_id: details.source_run_id ?? null,
          by: r.userEmail,
          at: apiTime(r.createdAt),
        },
      ];
    });
  }
}

/** The storage folders of an organization's baselines, for purging its files. */
export async function baselineStoragePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await casePublicIdsOfOrg(db, orgId)).map(baselineFolder);
}
