import type { Ctx } from '../../../context';
import type { VisualVerdict } from '../../../db/schema';
import type { ObjectStorage } from '../../../storage/storage';
import { findBaseline } from '../../catalogue';
import type { BaselinesService, CaseRow } from '../../catalogue';
import type { DeviceHandle, Screenshot } from '../../sessions';
import type { CaseStep } from '../steps/case-steps';
import { compareScreenshots, resolveStepVisual, statusBarMask, type VisualTiers } from './visual-compare';

export type StepJudgement =
  | { kind: 'skipped' }
  | { kind: 'baseline_written' }
  | { kind: 'compared'; diffPct: number; verdict: VisualVerdict; diffImage: string; diffBytes: number };

/**
 * Visual regression for one step: the settled screenshot against the case's baseline of that
 * step (scaled to the baseline's size, status bar masked), judged by the tiers; the first run of a
 * step writes its baseline.
 */
export class VisualJudge {
  constructor(private readonly deps: { storage: ObjectStorage; baselines: BaselinesService }) {}

  async judgeStep(input: {
    ctx: Ctx;
    testCase: CaseRow;
    stepIndex: number;
    step: CaseStep;
    screenshot: Screenshot;
    device: DeviceHandle;
    tiers: VisualTiers;
    runId: number;
    runPublicId: string;
    /** False for a run that may only compare (one a viewer started): a missing baseline is skipped. */
    writesBaseline: boolean;
  }): Promise<StepJudgement> {
    const visual = resolveStepVisual(input.step.visual, input.tiers);
    if (!visual.compare) return { kind: 'skipped' };
    const baseline = await findBaseline(input.ctx.db, input.testCase.id, input.stepIndex);
    const image = baseline ? await this.deps.storage.getBuffer(baseline.storageKey) : null;
    if (!baseline || !image) {
      if (!input.writesBaseline) return { kind: 'skipped' };
      const { width, height } = input.screenshot.screen;
      await this.deps.baselines.upsertBaseline({
        ctx: input.ctx,
        input: {
          caseId: input.testCase.id,
          stepIndex: input.stepIndex,
          jpeg: input.screenshot.jpeg,
          width,
          height,
          deviceName: input.device.deviceName,
          sourceRunId: input.runId,
        },
      });
      return { kind: 'baseline_written' };
    }
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
