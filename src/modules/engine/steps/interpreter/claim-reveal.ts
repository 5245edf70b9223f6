import type { Check } from './intent';
import { MAX_SWIPES, swipeArea, swipeFor, type ScrollUntilPlan } from './plans';
import { scrollable } from './screen-shape';
import type { ScreenIndex } from './target-finder';

/**
 * "X is the last task": the last row on screen is the list's only at the end of the content. For an
 * assertion that failed, a scroll down until the content stops moving, and the check to read again
 * there (with the end reached). Only assertions use it: a step's scroll counts as the step's outcome.
 */

const openLast = (c: Check): boolean =>
  c.kind === 'row_at'
    ? c.ordinal === -1 && !c.atEnd
    : c.kind === 'absent'
      ? c.what !== 'field_error' && !c.atEnd
      : c.kind === 'all' && c.checks.some(openLast);

const atEnd = (c: Check): Check =>
  (c.kind === 'row_at' && c.ordinal === -1) || (c.kind === 'absent' && c.what !== 'field_error')
    ? { ...c, atEnd: true }
    : c.kind === 'all'
      ? { ...c, checks: c.checks.map(atEnd) }
      : c;

export function listEndReveal(check: Check, index: ScreenIndex): { rest: Check; plan: ScrollUntilPlan } | null {
  if (!openLast(check) || !scrollable(index)) return null;
  if (index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0)) return null;
  return {
    rest: atEnd(check),
    plan: {
      kind: 'scroll_until',
      direction: 'down',
      target: { text: '' },
      swipe: swipeFor('down', swipeArea(index, null)),
      maxSwipes: MAX_SWIPES,
      toEnd: true,
    },
  };
}
