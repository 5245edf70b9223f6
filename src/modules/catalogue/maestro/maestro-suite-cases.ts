import type { Ctx } from '../../../context';
import { newPublicId } from '../../../db/public-id';
import type { Platform } from '../../../db/schema';
import type { ObjectStorage } from '../../../storage/storage';
import { deleteBaselineFilesAfterCommit } from '../baselines.service';
import * as casesRepo from '../cases.repository';
import { describeCommand, type MaestroFlow } from './flow-model';
import type { ImportedFlow } from './flow-folder';

/** What a (re-)import did to the suite's Maestro cases. */
export interface MaestroCaseChanges {
  added: number;
  updated: number;
  removed: number;
}

function caseValues(f: ImportedFlow, platform: Platform | null) {
  return {
    name: f.name.slice(0, 200),
    steps: (f.files[f.file]!.flow as MaestroFlow).commands.map(describeCommand),
    sourcePlatform: platform,
    isReusable: f.reusable,
    maestroFlow: { file: f.file, files: f.files },
  };
}

/**
 * Writes the imported flows as the suite's Maestro cases, inside the caller's transaction. A case
 * is the flow at its path: a flow already in the suite (same file path) is updated in place, so
 * its public id, runs, baselines and quarantine stay; new flows are added; Maestro cases whose file
 * is no longer in the upload are deleted (with their runs and baselines). Cases that are not
 * Maestro flows are left as they are.
 */
export async function writeMaestroCases(
  tx: Ctx,
  deps: { storage: ObjectStorage },
  suite: { id: number; organizationId: number },
  flows: ImportedFlow[],
  opts: { platform: Platform | null; createdByUserId: number | null },
): Promise<MaestroCaseChanges> {
  const now = tx.clock.now();
  const existing = new Map(
    (await casesRepo.listSuiteCases(tx.db, suite.id))
      .filter(({ c }) => c.maestroFlow)
      .map(({ c }) => [c.maestroFlow!.file, c] as const),
  );
  const fresh = [];
  let updated = 0;
  for (const f of flows) {
    const old = existing.get(f.file);
    if (old) {
      existing.delete(f.file);
      await casesRepo.updateCase(tx.db, old.id, { ...caseValues(f, opts.platform), updatedAt: now });
      updated++;
    } else {
      fresh.push({
        ...caseValues(f, opts.platform),
        publicId: newPublicId('tc'),
        organizationId: suite.organizationId,
        suiteId: suite.id,
        mode: 'recorded' as const,
        assertions: [],
        createdByUserId: opts.createdByUserId,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  await casesRepo.insertCases(tx.db, fresh);
  const gone = [...existing.values()];
  if (gone.length) {
    await casesRepo.removeFromSubFlows(
      tx.db,
      suite.organizationId,
      gone.map((c) => c.id),
    );
    for (const c of gone) await casesRepo.deleteCase(tx.db, c.id);
    deleteBaselineFilesAfterCommit(
      tx,
      deps.storage,
      gone.map((c) => c.publicId),
    );
  }
  return { added: fresh.length, updated, removed: gone.length };
}
