import type { AccessibilitySetting, VisualVerdict } from '../../../db/schema';
import { screenProfile } from '../../../virtual/screen-profile';
import type { UiNode } from '../../../worker/driver';
import type { DeviceHandle, Screenshot } from '../../sessions';
import type { CaseOutcome, StepEntry } from '../execution/case-outcome';
import { contrastFindings, decodeScreenshot } from './a11y-contrast';
import { type AccessibilityFinding, type ScreenUnits, textNodes, treeFindings } from './a11y-rules';

export type { AccessibilityFinding } from './a11y-rules';

/**
 * Device pixels per point (iOS) or dp (Android): the screen's short side over its profile's, so a
 * virtual device at any render scale and a real one of the profile's size read the same.
 */
export function unitsOf(
  device: Pick<DeviceHandle, 'platform' | 'category' | 'deviceName'>,
  screen: { width: number; height: number },
): ScreenUnits {
  const p = screenProfile({ type: device.platform, category: device.category, model: device.deviceName });
  const short = Math.min(screen.width, screen.height);
  return { platform: device.platform, pxPerUnit: short > 0 ? short / Math.min(p.widthPt, p.heightPt) : 1 };
}

/**
 * The findings on one settled screen: the UI tree's rules, and text contrast measured on the
 * screenshot already taken (decoded once, off the event loop).
 */
export async function checkScreen(
  device: Pick<DeviceHandle, 'platform' | 'category' | 'deviceName'>,
  tree: UiNode,
  shot: Screenshot,
): Promise<AccessibilityFinding[]> {
  const units = unitsOf(device, shot.screen);
  const findings = treeFindings(tree, units);
  const texts = textNodes(tree);
  if (texts.length > 0 && shot.screen.width > 0) {
    // A screenshot that cannot be decoded has no pixels to measure: the tree's rules still stand.
    const img = await decodeScreenshot(shot.jpeg).catch(() => null);
    if (img)
      findings.push(
        ...contrastFindings(img, texts, { pxPerUnit: units.pxPerUnit, scale: img.width / shot.screen.width }),
      );
  }
  return findings;
}

/** Checks a step's screen as the suite's setting asks and rolls the result up into the case's status. */
export async function recordStepFindings(
  setting: AccessibilitySetting,
  device: Pick<DeviceHandle, 'platform' | 'category' | 'deviceName'>,
  screen: { tree: UiNode; shot: Screenshot },
  entry: StepEntry,
  outcome: CaseOutcome,
): Promise<void> {
  if (setting === 'off') return;
  const findings = await checkScreen(device, screen.tree, screen.shot);
  entry.accessibility = findings;
  const verdict: VisualVerdict = findings.length === 0 ? 'ok' : setting === 'fail' ? 'fail' : 'warn';
  const order: Record<VisualVerdict, number> = { ok: 0, warn: 1, fail: 2 };
  const cur = outcome.accessibilityStatus;
  if (cur === null || order[verdict] > order[cur]) outcome.accessibilityStatus = verdict;
}

/**
 * With the suite's `accessibility: fail`, a case whose steps had findings fails (when nothing else
 * failed it first), saying which rules on which steps.
 */
export function failOnFindings(outcome: CaseOutcome): void {
  if (outcome.accessibilityStatus !== 'fail' || outcome.status !== 'passed') return;
  const withFindings = outcome.steps.filter((s) => s.accessibility?.length);
  const rules = [...new Set(withFindings.flatMap((s) => s.accessibility!.map((f) => f.rule)))];
  const count = withFindings.reduce((n, s) => n + s.accessibility!.length, 0);
  outcome.status = 'failed';
  outcome.error = `Accessibility check failed: ${count} finding${count === 1 ? '' : 's'} (${rules.join(', ')}) on step${withFindings.length === 1 ? '' : 's'} ${withFindings.map((s) => s.index + 1).join(', ')}; the suite's accessibility setting is "fail"`;
}
