import { sharp } from '../../../lazy-modules';
import { AppError } from '../../../errors';
import type { DeviceCategory } from '../../../worker/driver';

/**
 * Visual regression: a step's settled screenshot against the case's baseline for that step,
 * scaled to the baseline's size with the status bar masked, judged by the suite's warn/fail
 * tiers (docs/design/0017-visual-regression.md).
 */

export type VisualVerdict = 'ok' | 'warn' | 'fail';

/** Percent thresholds; null disables a tier. */
export interface VisualTiers {
  warn_pct: number | null;
  fail_pct: number | null;
}

export const DEFAULT_VISUAL_TIERS: VisualTiers = { warn_pct: 10, fail_pct: 25 };

/** A step's `visual` override, as stored on the case. */
export interface StepVisual {
  mode: 'default' | 'skip' | 'custom';
  warn_pct?: number | null;
  fail_pct?: number | null;
}

/** A region left out of the comparison, in baseline pixels. */
export interface MaskRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface VisualComparison {
  /** Differing pixels in percent of the compared (unmasked) pixels, two decimals. */
  diff_pct: number;
  verdict: VisualVerdict;
  width: number;
  height: number;
  differing_pixels: number;
  compared_pixels: number;
  /** JPEG: differing pixels in red over a dimmed copy of the baseline. */
  diff_image: Buffer;
}

/*
 * pixelmatch's colour threshold (0..1, YIQ distance). Re-encoding a virtual-device frame as JPEG
 * at quality 50, or scaling it from another density, moves glyph edges by up to ~0.2 and flat
 * areas by far less; changed text and layout are well above 0.25.
 */
const COLOR_THRESHOLD = 0.25;
const DIFF_ALPHA = 0.3;

/*
 * Status bar height relative to the screen's short side: the tallest in the fleet is the
 * iPhone's 47 pt on a 393 pt wide screen (Android phones 32 pt, tablets 24–28 pt of 800+ pt).
 */
const STATUS_BAR_RATIO: Record<DeviceCategory, number> = { phone: 47 / 393, tablet: 28 / 800, tv: 0 };

/** The status bar (clock, battery, signal) at the top of a screen of this size; null for a TV. */
export function statusBarMask(
  size: { width: number; height: number },
  category: DeviceCategory = 'phone',
): MaskRegion | null {
  const height = Math.ceil(Math.min(size.width, size.height) * STATUS_BAR_RATIO[category]);
  return height > 0 ? { x: 0, y: 0, width: size.width, height } : null;
}

/** `≥ fail → fail`, `≥ warn → warn`, else ok; a null tier never triggers. */
export function verdictFor(diffPct: number, tiers: VisualTiers): VisualVerdict {
  if (tiers.fail_pct !== null && diffPct >= tiers.fail_pct) return 'fail';
  if (tiers.warn_pct !== null && diffPct >= tiers.warn_pct) return 'warn';
  return 'ok';
}

const SEVERITY: Record<VisualVerdict, number> = { ok: 1, warn: 2, fail: 3 };

/** The most severe verdict: fail > warn > ok > null (null: nothing was compared). */
export function rollUpVisual(verdicts: ReadonlyArray<VisualVerdict | null>): VisualVerdict | null {
  let worst: VisualVerdict | null = null;
  for (const v of verdicts) if (v !== null && (worst === null || SEVERITY[v] > SEVERITY[worst])) worst = v;
  return worst;
}

/**
 * Tiers for one step: the suite's (default), none (skip), or the step's own where it gives
 * them (custom; an omitted tier is the suite's, a null one is disabled).
 */
export function resolveStepVisual(
  step: StepVisual | undefined,
  suite: VisualTiers,
): { compare: false } | { compare: true; tiers: VisualTiers } {
  if (!step || step.mode === 'default') return { compare: true, tiers: suite };
  if (step.mode === 'skip') return { compare: false };
  return {
    compare: true,
    tiers: {
      warn_pct: step.warn_pct === undefined ? suite.warn_pct : step.warn_pct,
      fail_pct: step.fail_pct === undefined ? suite.fail_pct : step.fail_pct,
    },
  };
}

async function rgba(
  image: Buffer,
  what: string,
  size?: { width: number; height: number },
): Promise<{ data: Buffer; width: number; height: number }> {
  try {
    const pipeline = size ? sharp(image).resize(size.width, size.height, { fit: 'fill' }) : sharp(image);
    const { data, info } = await pipeline.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (err) {
    throw new AppError('INTERNAL', `The ${what} is not a readable image`, { cause: (err as Error).message });
  }
}

/** Copies the baseline into the screenshot under the masks; returns how many pixels that covered. */
function applyMasks(baseline: Buffer, shot: Buffer, width: number, height: number, masks: MaskRegion[]): number {
  const covered = new Uint8Array(width * height);
  let count = 0;
  for (const m of masks) {
    const x0 = Math.max(0, Math.floor(m.x));
    const y0 = Math.max(0, Math.floor(m.y));
    const x1 = Math.min(width, Math.ceil(m.x + m.width));
    const y1 = Math.min(height, Math.ceil(m.y + m.height));
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const i = y * width + x;
        if (covered[i]) continue;
        covered[i] = 1;
        count += 1;
        baseline.copy(shot, i * 4, i * 4, i * 4 + 4);
      }
    }
  }
  return count;
}

/**
 * Compares a screenshot with a baseline (JPEG or PNG). Masks default to the status bar of a
 * phone of the baseline's size; pass `[]` to compare everything.
 */
export async function compareScreenshots(input: {
  screenshot: Buffer;
  baseline: Buffer;
  tiers: VisualTiers;
  masks?: MaskRegion[];
}): Promise<VisualComparison> {
  const base = await rgba(input.baseline, 'baseline');
  const { width, height } = base;
  const shot = await rgba(input.screenshot, 'step screenshot', { width, height });
  const defaultMask = statusBarMask({ width, height });
  const masked = applyMasks(base.data, shot.data, width, height, input.masks ?? (defaultMask ? [defaultMask] : []));
  const diff = Buffer.alloc(width * height * 4);
  const { default: pixelmatch } = await import('pixelmatch');
  const differing = pixelmatch(base.data, shot.data, diff, width, height, {
    threshold: COLOR_THRESHOLD,
    alpha: DIFF_ALPHA,
    diffColor: [255, 0, 0],
  });
  const compared = width * height - masked;
  const diffPct = compared > 0 ? Math.round((differing / compared) * 10_000) / 100 : 0;
  const diffImage = await sharp(diff, { raw: { width, height, channels: 4 } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return {
    diff_pct: diffPct,
    verdict: verdictFor(diffPct, input.tiers),
    width,
    height,
    differing_pixels: differing,
    compared_pixels: compared,
    diff_image: diffImage,
  };
}
