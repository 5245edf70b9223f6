import { findTarget, type ScreenIndex } from './target-finder';
import { screenTitle } from './screen-title';
import { unquote } from './step-text';
import { humanizeId, normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

const wordsOf = (s: string) => normalizeText(s).split(' ').filter(Boolean);

/** The field the label names: found by its name, else the one input whose id holds every word of it ("scene-name"). */
function fieldNamed(index: ScreenIndex, label: string): TreeElement | null {
  const hit = findTarget(index, { text: label, role: 'field' }, { roles: ['input'] });
  if (hit.found) return hit.element.node.role === 'input' ? hit.element : null;
  if (hit.ambiguous) return null;
  const want = wordsOf(label);
  const byId = index.candidates.filter((e) => {
    if (e.node.role !== 'input' || !e.node.id) return false;
    const have = wordsOf(humanizeId(e.node.id));
    return want.every((w) => have.includes(w));
  });
  return byId.length === 1 ? byId[0]! : null;
}

/**
 * "Name: Dinner time" as a step, on a form whose Name field is empty: the value to fill in, as a QA engineer lists a
 * form's entries. Only for an empty text field named so; a field that holds text, or a label that is no field,
 * leaves the step to be read as before (a check of what it shows).
 */
export function colonFill(s: string, index: ScreenIndex): string | null {
  const m = /^(?:the )?(\p{Lu}[\p{L}\d' -]{0,30}?)\s*:\s+(\S.*)$/u.exec(s.trim());
  if (!m || /[:;]/.test(m[2]!) || /,\s|\s(?:then|and)\s/i.test(m[2]!)) return null;
  const field = fieldNamed(index, m[1]!.trim());
  if (!field || (field.node.text ?? '') !== '' || !field.node.enabled) return null;
  const value = unquote(m[2]!);
  if (value === '') return null;
  return field.node.id ? `type "${value}" into #${field.node.id}` : `type "${value}" into the "${m[1]!.trim()}" field`;
}

/**
 * "Add schedule: name Early start, 06:30, save" where Add schedule is one enabled button here and no text on screen
 * reads so (a label's "Total: €9.00" stays a check): the button first, then what follows the colon, read on the
 * screen it opens. Null otherwise.
 */
export function buttonColon(s: string, index: ScreenIndex): { first: string; then: string } | null {
  const m = /^(\p{Lu}[\p{L}\d' -]{0,30}?)\s*:\s+(\S.*)$/u.exec(s.trim());
  if (!m) return null;
  const want = normalizeText(m[1]!);
  // "Settings: turn on Reminders" on Settings: the place is where the step already is.
  if (normalizeText(screenTitle(index) ?? '') === want) return null;
  const named = index.candidates.filter((e) => normalizeText(e.node.text ?? '') === want);
  const button = named.filter((e) => ['button', 'list_item', 'link'].includes(e.node.role));
  if (button.length !== 1 || named.length !== 1 || !button[0]!.node.enabled) return null;
  return { first: `tap "${button[0]!.node.text!.trim()}"`, then: m[2]! };
}
