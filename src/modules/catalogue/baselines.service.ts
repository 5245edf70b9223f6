import { requireRole, withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import type { ObjectStorage } from '../../storage/storage';
import { recordAudit } from '../audit';
import type { BaselineResponse } from './baselines.schemas';
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

export interface BaselineWrite {
  caseId: number;
  stepIndex: number;
  jpeg: Buffer;
  width: number;
  height: number;
  deviceName: string | null;
  sourceRunId: number | null;
}

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
   * For the execution engine: stores the step's JPEG at baselineKey() and upserts its record.
   * The file is written first; a failed insert leaves at worst an orphan file that the next
   * write of the same step replaces.
   */
  async upsertBaseline({ ctx, input }: { ctx: Ctx; input: BaselineWrite }): Promise<repo.BaselineRow> {
    const org = requireRole(ctx, 'viewer');
    return withTransaction(ctx, async (tx) => {
      const c = await lockCase(tx.db, input.caseId);
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
        sizeBytes: input.jpeg.length,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        action: 'test_baseline.updated',
        resourceType: 'test_case',
        resourceId: c.publicId,
        details: { step_index: input.stepIndex },
      });
      return row;
    });
  }
}

/** The storage folders of an organization's baselines, for purging its files. */
export async function baselineStoragePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]> {
  return (await casePublicIdsOfOrg(db, orgId)).map(baselineFolder);
}
