import { selectorFor } from '../selectors';
import type { Target } from './intent';
import type { Resolution } from './resolution';
import { valueBeside } from './evaluate-forms';
import type { ScreenIndex } from './target-finder';
import { humanizeId, normalizeText } from './text-match';
import { describeElement, isInteractive, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * Fields named the way people name them when no label reads so: "the search field", "the Find
 * tasks box", the one field on screen ("Enter passport"), and a value chosen from a list of
 * choices ("Change the priority to Medium": the row's button opens the choices). Each finds
 * exactly one element or nothing; nothing is guessed among several.
 */

const SEARCH_WORDS = /^(?:search|find|query|filter|search bar|search box|search field|searchbox)$/;
const SEARCHY = /\b(?:search|find|query|filter|lookup|look up)\b/;

const fieldsOf = (index: ScreenIndex): TreeElement[] =>
  index.candidates.filter((e) => e.node.role === 'input' && e.node.enabled);

/** Whether a target names the screen's search field generically ("the search field", "Search"). */
export function namesSearchField(target: Target): boolean {
  return [target.text, ...(target.anyOf ?? [])].some((n) => SEARCH_WORDS.test(normalizeText(n)));
}

/** The screen's one search field: an input whose id, text or label speaks of searching. */
export function searchField(index: ScreenIndex): TreeElement | null {
  const searchy = fieldsOf(index).filter((e) =>
    [e.node.id && humanizeId(e.node.id), e.node.text, index.labels.get(e.node)?.text].some(
      (v) => v && SEARCHY.test(normalizeText(v)),
    ),
  );
  return searchy.length === 1 ? searchy[0]! : null;
}

/** "Type DENTIST in the Find tasks box": the name without its "box" / "field" word, as a field. */
export function withoutBoxWord(target: Target): Target | null {
  const m = /^(.+?)\s+(?:box|field|bar)$/i.exec(target.text.trim());
  return m ? { text: m[1]!, role: 'field' } : null;
}

/** "Enter passport" with no field focused: the one text field on screen, or null when there are none or several. */
export function onlyField(index: ScreenIndex): TreeElement | null {
  const shown = fieldsOf(index).filter((e) => isVisible(e, index.observation.screen));
  return shown.length === 1 ? shown[0]! : null;
}

const OPENERS = new Set(['button', 'link', 'list_item']);
const words = (s: string) => normalizeText(s).split(' ').filter(Boolean);

/**
 * "Change the priority to Medium", "Set due date to Tomorrow": the label names a row that shows a value
 * and a control that opens its choices (the row itself, or a button right after it whose name holds the
 * label's words, "Change priority"). The control is tapped; then the choice, on the screen it opens;
 * then the row must show the new value. Null when the label names no such row.
 */
export function pickerChoice(index: ScreenIndex, target: Target, value: string): Resolution | null {
  const want = normalizeText(target.text);
  if (want === '' || /"/.test(value) || /"/.test(target.text) || value.trim() === '') return null;
  const labels = index.candidates.filter(
    (e) => e.node.role === 'text' && e.node.text && normalizeText(e.node.text) === want,
  );
  if (labels.length !== 1) return null;
  const label = labels[0]!;
  const at = index.elements.indexOf(label);
  const own = (() => {
    for (let p = label.parent; p; p = p.parent) if (OPENERS.has(p.node.role)) return p;
    return null;
  })();
  const need = words(target.text);
  const near = index.elements
    .slice(at + 1, at + 5)
    .filter(
      (e) =>
        OPENERS.has(e.node.role) &&
        index.candidates.includes(e) &&
        need.every((w) => words(e.node.text ?? '').includes(w)),
    );
  const opener = own ?? (near.length === 1 ? near[0]! : null);
  if (!opener || !isInteractive(opener.node)) return null;
  const shown = valueBeside(index, label);
  const name = label.node.text!.trim();
  if (shown && normalizeText(shown.node.text ?? '') === normalizeText(value))
    return {
      settled: true,
      kind: 'actions',
      actions: [],
      reasoning: `${describeElement(label.node)} already shows "${shown.node.text}"`,
    };
  const label$ = describeElement(opener.node);
  const point = touchPoint(opener);
  if (!point || !isVisible(opener, index.observation.screen)) {
    const text = opener.node.text?.trim();
    const b = opener.node.bounds;
    const direction = b.y + b.height / 2 > index.observation.screen.height / 2 ? 'down' : 'up';
    return text
      ? { settled: false, reason: `${label$} is off screen; scroll to it first`, reveal: { text, direction } }
      : { settled: false, reason: `${label$} is off screen; scroll to it first` };
  }
  if (!opener.node.enabled) return { settled: false, reason: `${label$} is disabled` };
  return {
    settled: true,
    kind: 'actions',
    actions: [
      { op: 'input', event: { kind: 'tap', ...point }, selector: selectorFor(opener.node, index.observation.tree) },
    ],
    reasoning: `"${name}" is chosen from a list: tap ${label$} to open its choices`,
    then: `tap "${value.trim()}"; verify "${name}": "${value.trim()}"`,
  };
}
