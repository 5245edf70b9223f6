import type { Ctx } from '../../../context';
import type { VisualVerdict } from '../../../db/schema';
import type { ObjectStorage } from '../../../storage/storage';
import { findBaseline } from '../../catalogue';
import type { CaseRow } from '../../catalogue';
import type { DeviceHandle, Screenshot } from '../../sessions';
import type { CaseStep } from '../steps/case-steps';
import { compareScreenshots, resolveStepVisual, statusBarMask, type VisualTiers } from './visual-compare';

export type StepJudgement =
  | { kind: 'skipped' }
  | { kind: 'baseline_missing' }
  | { kind: 'compared'; diffPct: number; verdict: VisualVerdict; diffImage: string; diffBytes: number };

/**
 * Visual regression for one step: the settled screenshot against the case's baseline of that
 * step (scaled to the baseline's size, status bar masked), judged by the tiers. A step without a
 * baseline is `baseline_missing`: its screenshot becomes the baseline only if the run passes.
 */
export class VisualJudge {
  constructor(private readonly deps: { storage: ObjectStorage }) {}

  async judgeStep(input: {
    ctx: Ctx;
    testCase: CaseRow;
    stepIndex: number;
    step: CaseStep;
    screenshot: Screenshot;
    device: DeviceHandle;
    tiers: VisualTiers;
    runPublicId: string;
    /** False for a run that may only compare (one a viewer started): a missing baseline is skipped. */
    writesBaseline: boolean;
  }): Promise<StepJudgement> {
    const visual = resolveStepVisual(input.step.visual, input.tiers);
    if (!visual.compare) return { kind: 'skipped' };
    const baseline = await findBaseline(input.ctx.db, input.testCase.id, input.stepIndex);
    const image = baseline ? await this.deps.storage.getBuffer(baseline.storageKey) : null;
    if (!baseline || !image) return input.writesBaseline ? { kind: 'baseline_missing' } : { kind: 'skipped' };
    const mask = statusBarMask({ width: baseline.width, height: baseline.height }, input.device.category);
    const cmp = await compareScreenshots({
      screenshot: input.screenshot.jpeg,
      baseline: image,
      tiers: visual.tiers,
      masks: mask ? [mask] : [],
    });
    const file = `step_${input.stepIndex}_diff.jpg`;
    await this.deps.storage.put(`runs/${input.runPublicId}/${file}`, cmp.diff_image, { contentType: 'image/jpeg' });
    return {
      kind: 'compared',
      diffBytes: cmp.diff_image.length,
      diffPct: cmp.diff_pct,
      verdict: cmp.verdict,
      diffImage: `/api/v1/tests/runs/${input.runPublicId}/screenshots/${file}`,
    };
  }
}
