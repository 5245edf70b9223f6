import type { Resolution } from './resolution';
import { screenTitle } from './screen-title';
import { findTarget, type ScreenIndex } from './target-finder';
import { parseTarget } from './step-text';
import { describeElement } from './ui-tree';

/**
 * "Tap B1 (should be refused)", "Try to select Premium, which should be rejected": the element is touched (even when
 * disabled, the attempt is the step), then the refusal is judged on the screen that follows: the same screen, and the
 * element reads exactly as before (its name, and its state when it is a switch). A tap the app took (the element now
 * "B1, selected", a switch flipped, another screen) fails the step. An element not found here leaves the step to the
 * other forms (one below the fold is scrolled to first).
 */

const REFUSED =
  /^(?:try (?:to )?|attempt (?:to )?)?(?:tap|click|select|choose|pick|press|touch)(?:\s+on)?\s+(.+?)\s*(?:\(\s*(?:it\s+|this\s+)?(?:should|must|will|is to) be (?:refused|rejected|blocked|ignored|denied|disallowed|prevented|not allowed)\s*\)|,?\s+(?:which|it|this) (?:should|must|will) be (?:refused|rejected|blocked|ignored|denied|disallowed|prevented|not allowed))$/i;
const JUDGE = /^verify the tap on "([^"]+)" was refused on "([^"]*)"(?: \(it was (on|off)\))?$/;

/** The step's tap and the refusal read after it; the judgement of that refusal; or null when the step is neither. */
export function refusedTap(
  s: string,
  index: ScreenIndex,
  interpret: (text: string, index: ScreenIndex) => Resolution,
): Resolution | null {
  const judge = JUDGE.exec(s);
  if (judge) return judged(index, judge[1]!, judge[2]!, judge[3]);
  const m = REFUSED.exec(s);
  if (!m) return null;
  const target = parseTarget(m[1]!);
  const hit = target ? findTarget(index, target, { preferInteractive: true }) : null;
  if (!hit?.found || !hit.element.node.text?.trim()) {
    // Below the fold: scrolled to, then the step read again there.
    const r = interpret(`tap ${m[1]}`, index);
    return r.settled && r.kind === 'scroll_until' ? { ...r, then: s } : null;
  }
  const node = hit.element.node;
  const state = node.checked === undefined ? '' : ` (it was ${node.checked ? 'on' : 'off'})`;
  const then = `verify the tap on ${JSON.stringify(node.text!.trim())} was refused on ${JSON.stringify(screenTitle(index) ?? '')}${state}`;
  const r = interpret(`try to tap ${JSON.stringify(node.text!.trim())}`, index);
  if (!r.settled) return r;
  return { ...r, then: r.then ? `${r.then}, then ${then}` : then };
}

function judged(index: ScreenIndex, name: string, title: string, state: string | undefined): Resolution {
  const fail = (why: string): Resolution => ({ settled: true, kind: 'check', passed: false, reasoning: why });
  const now = screenTitle(index) ?? '';
  if (now !== title) return fail(`the tap on "${name}" was taken: the screen is "${now}", not "${title}"`);
  const same = index.allCandidates.filter((e) => e.node.text?.trim() === name);
  if (same.length === 0) return fail(`the tap on "${name}" was taken: no element reads "${name}" any more`);
  const held = state === undefined ? same : same.filter((e) => e.node.checked === (state === 'on'));
  if (held.length === 0) return fail(`the tap on "${name}" was taken: ${describeElement(same[0]!.node)} changed state`);
  return {
    settled: true,
    kind: 'check',
    passed: true,
    reasoning: `the tap on "${name}" was refused: ${describeElement(held[0]!.node)} reads as before on "${title}"`,
  };
}
