import type { Check, Target } from './intent';
import { MAX_SWIPES, scrollPlanTo, swipeArea, swipeFor, type ScrollUntilPlan } from './plans';
import { evaluateCheck } from './evaluate-check';
import { namedElements, valueBeside } from './evaluate-forms';
import { findTarget, type ScreenIndex } from './target-finder';
import { isVisible } from './ui-tree';
import { screenTitle } from './screen-title';
import { normalizeText } from './text-match';
import { scrollable, scrolledDown } from './screen-shape';

export { scrollable, scrolledDown };

/**
 * A check that failed because what it reads may be scrolled away: the first text it wants on
 * screen that is not, to be scrolled to (down, then back up, at most) before the check is read
 * again. Nothing for checks that something is absent: absence is judged on the screen as it is.
 */

/** What to scroll on to: the end of the content, not a text. */
const TO_END: Target = { text: '' };

function wanted(check: Check, index: ScreenIndex): Target | null {
  const missing = (t: Target): Target | null => {
    const hit = findTarget(index, t, { wholeScreen: true, closeOnly: true });
    return hit.found && isVisible(hit.element, index.observation.screen) ? null : t;
  };
  switch (check.kind) {
    case 'visible':
      return check.negated ? null : missing(check.target);
    case 'text': {
      // "Home shows "View basket · 1 item"" on Home: what the screen is said to show, further down.
      const title = screenTitle(index);
      if (check.value !== '' && title && normalizeText(title) === normalizeText(check.target.text))
        return missing({ text: check.value });
      return missing(check.target);
    }
    case 'state':
      return missing(check.target);
    case 'value': {
      // "Tickets total £12.50" with the label at the bottom edge and its value below the fold: on to the end.
      const shown = namedElements(index, check.label).filter((e) => isVisible(e, index.observation.screen));
      if (shown.length > 0 && shown.every((e) => valueBeside(index, e) === null)) return TO_END;
      return missing(check.label);
    }
    case 'order':
      return check.values.map((v) => missing({ text: v })).find((t) => t !== null) ?? null;
    case 'quoted_label':
      // `Summary shows "Voucher REEL5" −£5.00` with the line below the fold: on to its label.
      return missing({ text: check.label });
    case 'shows':
      return check.values.map((v) => missing({ text: v })).find((t) => t !== null) ?? null;
    case 'all':
      for (const c of check.checks) {
        const r = evaluateCheck(c, index);
        if (r.settled && r.passed) continue;
        return wanted(c, index);
      }
      return null;
    default:
      return null;
  }
}

/** The plan that may make a failed check true, or null when scrolling cannot help. */
export function revealFor(check: Check, index: ScreenIndex): ScrollUntilPlan | null {
  if (index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0)) return null;
  if (!scrollable(index)) return null;
  const target = wanted(check, index);
  if (target === TO_END && !scrolledDown(index))
    return {
      kind: 'scroll_until',
      direction: 'down',
      target,
      swipe: swipeFor('down', swipeArea(index, null)),
      maxSwipes: MAX_SWIPES,
      toEnd: true,
    };
  return target && target.text.trim() !== '' ? scrollPlanTo(index, target) : null;
}

/**
 * "Blocks "Passenger 1", "Passenger 2", "Passenger 3" and "Passenger 4" are displayed" down a long form:
 * the parts of a check that something is present which are on this screen are seen; what is left to
 * find after scrolling is the rest. Only presence is ticked off this way: a part that says something is
 * absent, or reads a value, is read again on every screen.
 */
export function stillToSee(check: Check, index: ScreenIndex): Check {
  if (check.kind !== 'all') return check;
  const left = check.checks.filter((c) => {
    if (c.kind !== 'visible' || c.negated) return true;
    const r = evaluateCheck(c, index);
    return !(r.settled && r.passed);
  });
  if (left.length === 0 || left.length === check.checks.length) return check;
  return left.length === 1 ? left[0]! : { kind: 'all', checks: left };
}
