import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import { screenTitle } from './evaluate-forms';
import { editDistance, maxEditsFor, normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * "X shows "A" and "B"": X is a screen (by its title), a dialog, a part of the screen, or an
 * element. The screen or dialog must be the one showing and every text on it; an element with
 * one text reads it as its value.
 */
/** A Back control in the top bar: the screen was opened from another. */
function wayBack(index: Parameters<typeof screenTitle>[0]): boolean {
  const inBar = (e: TreeElement): boolean =>
    e.parent !== null && (e.parent.node.role === 'navigation_bar' || inBar(e.parent));
  return index.elements.some(
    (e) => e.node.role === 'button' && inBar(e) && /\bback\b/i.test(`${e.node.text ?? ''} ${e.node.id ?? ''}`),
  );
}

export function checkShows(
  index: Parameters<typeof screenTitle>[0],
  subject: string,
  values: string[],
  evaluate: (c: Check) => CheckResolution,
): CheckResolution {
  const visible = values.map((v): Check => ({ kind: 'visible', target: { text: v }, negated: false }));
  const all = (checks: Check[]) => evaluate({ kind: 'all', checks });
  const bare = subject.replace(/^(?:the|this)\s+/i, '');
  const screen = /^(.+?)\s+(?:screen|page)$/i.exec(bare);
  if (screen) return all([{ kind: 'screen', name: screen[1]!, negated: false }, ...visible]);
  const title = screenTitle(index);
  // The place named is the screen showing, a letter or two apart at most: what is checked are the texts on it.
  const want = normalizeText(bare);
  if (title && editDistance(normalizeText(title), want, 2) <= Math.min(2, maxEditsFor(want.length)))
    return all(visible);
  // "The trip shows …" on Trip details: the thing the screen is about, named by a word of its title.
  if (title && /^\p{L}{3,}$/u.test(want) && normalizeText(title).split(' ').includes(want)) {
    const named = index.allCandidates.some(
      (e) => e.node.role !== 'navigation_bar' && normalizeText(e.node.text ?? '') === want,
    );
    if (!named) return all(visible);
  }
  // "Appointment details show …", "Details show …": the details screen showing, named by its title or opened
  // from another (a way back in its top bar); said of any other screen, the claim is not this screen's to judge.
  const details = /^(?:(.+?)\s+)?details$/i.exec(bare);
  if (details && title) {
    const named = details[1] ? normalizeText(title).split(' ').includes(normalizeText(details[1])) : wayBack(index);
    if (named) return all(visible);
    return notSettled(`the claim is said of the ${bare} and the screen showing is "${title}"`);
  }
  const dialog =
    /^(?:dialog|popup|pop-up|alert|prompt|confirmation)(?:\s+"([^"]+)")?$/i.exec(bare) ??
    /^"([^"]+)"\s+(?:dialog|popup|pop-up|alert|prompt)$/i.exec(bare);
  const open = index.elements.some((e) => e.node.role === 'alert' && e.node.children.length > 0);
  // "The confirmation shows …" without a dialog open: the confirmation is the screen showing.
  if (dialog && !open && /^confirmation$/i.test(bare)) return all(visible);
  if (dialog) {
    if (!open) return { settled: true, kind: 'check', passed: false, reasoning: 'no dialog is open' };
    const titled: Check[] = dialog[1] ? [{ kind: 'visible', target: { text: dialog[1] }, negated: false }] : [];
    return all([...titled, ...visible]);
  }
  if (
    /\s(?:section|list|results|area|card|block|banner|box|panel|header|top bar)$/i.test(bare) ||
    /^(?:section|list|header|top bar|it|this|(?:error )?message|error|note|notice|hint|warning|text|(?:search )?results?)$/i.test(
      bare,
    ) ||
    /^[\w ]{1,30}? (?:line|subtitle|caption)$/i.test(bare)
  )
    return all(visible);
  if (values.length === 1)
    return evaluate({ kind: 'text', target: { text: bare }, value: values[0]!, match: 'equals' });
  if (bare === '') return notSettled('nothing named shows the texts');
  return all([{ kind: 'visible', target: { text: bare }, negated: false }, ...visible]);
}
