import { startsWithVerb } from './lexicon';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * "days Mon, Wed, Fri, scene Good night" on a form whose day chips are buttons named Mon, Wed and Fri: a word
 * that names nothing here, then names that are each exactly one enabled button here. The word says what the
 * names are, the names (written as names: not in lower case) say what to tap: each is tapped in turn, and what follows them is read as the next part.
 * A name that is no such button ends the list; none at all, and the step is left to the other readers.
 */

const LEAD = /^(\p{L}[\p{Ll}]+(?: \p{Ll}+)?)\s+(\S.*)$/u;

/** Words that say a name is not to be tapped, or that are no label at all: "except Mon" never taps Mon. */
export const NOT_A_LABEL =
  /^(?:and|then|also|now|the|a|an|with|without|no|not|never|except|but|only|all|any|skip|leave|keep|untick|unselect|deselect|unless|don't|do not|nor|or|other|others|same)\b/i;

/** The one enabled button named exactly `name`, any case; null for none or several. */
export function onlyButton(index: ScreenIndex, name: string): string | null {
  const want = normalizeText(name);
  if (want === '') return null;
  const hits = index.candidates.filter(
    (e) => ['button', 'toggle', 'tab'].includes(e.node.role) && normalizeText(e.node.text ?? '') === want,
  );
  return hits.length === 1 && hits[0]!.node.enabled ? hits[0]!.node.text! : null;
}

export function labelChips(s: string, index: ScreenIndex): { first: string; then: string } | null {
  const m = LEAD.exec(s.trim());
  // "Bedtime (22:30, Mon)": a value with its entries in brackets, no word before names.
  if (!m || startsWithVerb(m[1]!) || NOT_A_LABEL.test(m[1]!) || /^[([]/.test(m[2]!)) return null;
  // A word that names something here is read by the readers of labels and headings.
  if (findTarget(index, { text: m[1]! }, { wholeScreen: true, closeOnly: true }).found) return null;
  const names: string[] = [];
  let rest = m[2]!;
  for (
    let part = /^(.+?)(?:\s*[,;]\s*|\s+and\s+|$)/.exec(rest);
    part;
    part = /^(.+?)(?:\s*[,;]\s*|\s+and\s+|$)/.exec(rest)
  ) {
    // A name is written as one: "Edit details" is a verb and its object, never the Details tab.
    const said = part[1]!.replace(/^["“]|["”]$/g, '');
    const name = /^\p{Ll}/u.test(said) ? null : onlyButton(index, said);
    if (!name) break;
    names.push(name);
    rest = rest.slice(part[0].length);
  }
  if (names.length === 0) return null;
  const taps = names.map((n) => `tap "${n}"`);
  return { first: taps[0]!, then: [...taps.slice(1), ...(rest ? [rest] : [])].join('; ') };
}
