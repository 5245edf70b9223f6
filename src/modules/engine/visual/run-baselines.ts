import type { Ctx } from '../../../context';
import type { ObjectStorage } from '../../../storage/storage';
import type { BaselineImage, BaselinesService } from '../../catalogue';
import { stepScreenshotKey, type CaseOutcome } from '../execution/case-outcome';

/**
 * At the end of a run, in the transaction that ends it: a passed run's screenshots of the steps
 * that had no baseline become their baselines (recorded in `baselinesWritten`). A run that did
 * not pass writes none — its screen may be the wrong one (an app left signed in, a failed step) —
 * and its steps that had nothing to compare with report no visual verdict.
 */
export async function settleRunBaselines(
  deps: { storage: ObjectStorage; baselines: BaselinesService },
  tx: Ctx,
  run: { id: number; publicId: string; testCaseId: number; writesBaselines: boolean },
  status: 'passed' | 'failed' | 'error',
  outcome: CaseOutcome,
): Promise<void> {
  const candidates = outcome.baselineCandidates;
  if (!candidates.length) return;
  if (status !== 'passed' || !run.writesBaselines) {
    const pending = new Set(candidates.map((c) => c.index));
    for (const step of outcome.steps) if (pending.has(step.index)) step.visual = null;
    return;
  }
  const images: BaselineImage[] = [];
  for (const c of candidates) {
    const jpeg = await deps.storage.getBuffer(stepScreenshotKey(run.publicId, c.file));
    if (jpeg) images.push({ stepIndex: c.index, jpeg, width: c.width, height: c.height, deviceName: c.deviceName });
  }
  outcome.baselinesWritten = await deps.baselines.writeBaselines({
    ctx: tx,
    input: { caseId: run.testCaseId, sourceRun: { id: run.id, publicId: run.publicId }, source: 'passed_run', images },
  });
}
