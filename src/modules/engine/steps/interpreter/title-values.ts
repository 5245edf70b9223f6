import type { Check, Target } from './intent';
import type { CheckResolution } from './resolution';
import { screenTitle } from './screen-title';
import { splitOutsideQuotes } from './step-text';
import { matchAll, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * "Ticket: The Quiet Harbour, Confirmed, reference RH-48213" on a screen titled Ticket: a name before a colon
 * that is only the screen's title (its navigation bar, no label of the screen) names the screen, not a label
 * with a value; what follows is what that screen shows, each part a claim of its own (a text, a label and its
 * value), all to hold. A label so named on the screen keeps the label-and-value reading; on a screen with
 * another title this reading does not apply.
 */
export function titledValues(
  index: ScreenIndex,
  label: Target,
  value: string,
  evaluate: (check: Check) => CheckResolution,
): CheckResolution | null {
  const title = screenTitle(index);
  if (label.role || label.within || !title || normalizeText(title) !== normalizeText(label.text)) return null;
  const named = matchAll(index, { text: label.text }, { closeOnly: true, wholeScreen: true })?.matches ?? [];
  if (named.some((e) => e.node.role !== 'navigation_bar' && e.node.role !== 'screen')) return null;
  const parts = splitOutsideQuotes(value)?.map((p) => p.replace(/^and\s+/i, '').replace(/^"([^"]+)"$/, '$1'));
  if (!parts || parts.some((p) => p === '')) return null;
  return evaluate({ kind: 'all', checks: parts.map((text) => ({ kind: 'phrase', text })) });
}
