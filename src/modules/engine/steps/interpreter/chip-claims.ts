import type { Check, Target } from './intent';
import type { CheckResolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { valueList } from './value-lists';

/**
 * "Today: 19:10 and 22:00", "Economy: £59": a chip, segment or tab by its name, then the values it shows. The name is
 * no label with a value beside it but the choice the values are under, so the values must be on the screen (enabled,
 * when said "both bookable"), and the chip itself. Null when the name is not one control reading exactly it, or what
 * follows is not values alone.
 */
export function chipValues(
  index: ScreenIndex,
  label: Target,
  value: string,
  evaluate: (check: Check) => CheckResolution,
): CheckResolution | null {
  const list = valueList(value);
  if (!list) return null;
  const hit = findTarget(index, label, { closeOnly: true });
  if (!hit.found || !['button', 'tab', 'link'].includes(hit.element.node.role)) return null;
  if (normalizeText(hit.element.node.text ?? '') !== normalizeText(label.text)) return null;
  const checks: Check[] = [{ kind: 'visible', target: label, negated: false }];
  for (const text of list.items) {
    checks.push({ kind: 'visible', target: { text }, negated: false });
    if (list.enabled) checks.push({ kind: 'state', target: { text }, state: 'enabled' });
  }
  return evaluate({ kind: 'all', checks });
}
