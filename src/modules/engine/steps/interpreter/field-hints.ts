import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement } from './ui-tree';

/**
 * A field's hint (its placeholder): "A Search field with the hint "Titles or authors" is shown",
 * "Search field empty with the hint "…"", "the Email field's placeholder is "you@example.com"". The
 * UI tree names a field and its value but not, on most platforms, its hint: the claim passes only when
 * the hint is on screen as a text (an empty field showing it), fails when the screen has no field, and
 * is otherwise not settled.
 */
const FORM =
  /^(?:an? |the )?(?:([\p{L} ]{1,30}?) )?(?:field|box|input|search bar)(?: is)?( empty| blank)?,? (?:with|showing|has|shows) (?:the |a )?(?:hint|placeholder)(?: text)? "([^"]+)"(?: (?:is )?(?:shown|visible|displayed))?$/iu;
const POSSESSIVE =
  /^(?:the )?([\p{L} ]{1,30}?) (?:field|box|input)(?:'s|’s) (?:hint|placeholder)(?: text)? (?:is|reads|says) "([^"]+)"$/iu;

export function fieldHintClaim(s: string): Check | null {
  const t = s.trim().replace(/\.$/, '');
  const m = FORM.exec(t);
  if (m) return { kind: 'field_hint', field: m[1]?.trim() || null, hint: m[3]!, empty: Boolean(m[2]) };
  const p = POSSESSIVE.exec(t);
  return p ? { kind: 'field_hint', field: p[1]!.trim(), hint: p[2]!, empty: false } : null;
}

export function checkFieldHint(
  index: ScreenIndex,
  field: string | null,
  hint: string,
  empty: boolean,
): CheckResolution {
  const inputs = index.elements.filter((e) => e.node.role === 'input');
  if (inputs.length === 0) return { settled: true, kind: 'check', passed: false, reasoning: 'no field on this screen' };
  const want = normalizeText(hint);
  const shown = index.elements.find((e) => normalizeText(e.node.text ?? '') === want);
  if (shown && (!empty || shown.node.role === 'input' || inputs.some((i) => (i.node.text ?? '') === '')))
    return { settled: true, kind: 'check', passed: true, reasoning: `${describeElement(shown.node)} shows the hint` };
  if (empty && inputs.every((i) => (i.node.text ?? '') !== ''))
    return { settled: true, kind: 'check', passed: false, reasoning: 'no field on this screen is empty' };
  const which = field ? `the ${field} field's` : "a field's";
  return notSettled(
    `the UI tree does not carry ${which} hint (placeholder), so "${hint}" cannot be read here; check it on a screenshot`,
  );
}
