import type { Check } from './intent';
import { notSettled, passed, type CheckResolution } from './resolution';
import { splitOutsideQuotes, unquote } from './step-text';
import type { ScreenIndex } from './target-finder';
import { lineParts, normalizeText } from './text-match';

/**
 * What a titled part of a screen shows, said of its title: "Next appointment is now Dr Marcus Webb,
 * Dermatology", "Next appointment now shows Dr Marcus Webb on Thu 23 Apr at 14:15", "Order summary:
 * 2 items, "£15.50"". The title is a plain text on screen of two words or more; the texts under it (up to
 * the next control) must hold each value said, a value being one of those texts or several joined by a
 * small word ("Dr Marcus Webb on Thu 23 Apr at 14:15" is "Dr Marcus Webb" and "Thu 23 Apr at 14:15").
 *
 * Read only when the title is a name on this screen; a value that is not under the title fails the
 * claim, unless it shows further down the screen (past a control, where the part may go on): then the
 * claim is not judged.
 */

const FORMS = [
  /^(?:the )?(.{3,40}?) (?:is|are)(?: now| still)? (?!(?:not|no|empty|shown|visible|displayed|gone|hidden)\b)(.+)$/i,
  /^(?:the )?(.{3,40}?)(?: now| still)? (?:shows?|reads?|says?|lists?|displays?)(?: now| still)? (.+)$/i,
  /^(?:the )?(.{3,40}?): (.+)$/i,
];

/** Small words that join two texts in one value: "Dr Webb on Thu 23 Apr", "09:30 at Northgate". */
const JOINERS = new Set(['on', 'at', 'with', 'and', 'in', 'for', 'from']);

type UnderHeading = Extract<Check, { kind: 'under_heading' }>;

const words = (s: string) => normalizeText(s).split(' ').filter(Boolean);

export function headingSectionClaim(s: string, names: readonly string[]): UnderHeading | null {
  for (const form of FORMS) {
    const m = form.exec(s.trim());
    if (!m) continue;
    const heading = m[1]!.trim();
    if (words(heading).length < 2 || !names.some((n) => normalizeText(n) === normalizeText(heading))) continue;
    const values = (splitOutsideQuotes(m[2]!) ?? [m[2]!])
      .map((v) => unquote(v.replace(/^and\s+/i, '').trim()))
      .filter((v) => v !== '');
    if (values.length === 0) continue;
    return { kind: 'under_heading', heading, values, ...(/"/.test(m[2]!) ? { quoted: true } : {}) };
  }
  return null;
}

/** Whether a value is one text of `texts`, or several joined by small words. */
function covers(value: string[], texts: string[][]): boolean {
  if (value.length === 0) return true;
  return texts.some((t) => {
    if (t.length === 0 || t.length > value.length || !t.every((w, i) => value[i] === w)) return false;
    const rest = value.slice(t.length);
    if (rest.length === 0) return true;
    return JOINERS.has(rest[0]!) && covers(rest.slice(1), texts);
  });
}

/**
 * The claim under its title; when it does not pass there, the claim's other reading (`otherwise`: the one
 * it had before this form) has the last word when it settles, so the form only ever adds a passing reading.
 */
export function checkUnderHeading(
  index: ScreenIndex,
  check: UnderHeading,
  evaluate: (c: Check) => CheckResolution,
): CheckResolution {
  const own = underHeading(index, check.heading, check.values, check.quoted === true);
  if ((own.settled && own.passed) || !check.otherwise) return own;
  const other = evaluate(check.otherwise);
  return other.settled || !own.settled ? other : own;
}

function underHeading(index: ScreenIndex, heading: string, values: string[], quoted: boolean): CheckResolution {
  const want = normalizeText(heading);
  const at = index.elements.filter((e) => e.node.role === 'text' && normalizeText(e.node.text ?? '') === want);
  if (at.length === 0) {
    // A quoted text is a row's whole line, which the other reading judges.
    const row = quoted ? null : rowLineParts(index, want);
    if (row) {
      // "Sakura Sushi is closed" of the row "Sakura Sushi · Sushi · ★ 4.6 · Closed · opens 17:00": one of its parts.
      const texts = row.map(words);
      const why = `the row "${heading}" reads ${row.map((t) => `"${t}"`).join(', ')}`;
      if (values.every((v) => covers(words(v), texts))) return passed(true, why);
      // A state a row does not say ("open") may be one it has without saying it: not judged.
      return notSettled(`${why}; it does not say ${values.map((v) => `"${v}"`).join(', ')}`);
    }
  }
  if (at.length !== 1) return notSettled(`no one text "${heading}" on this screen to read the part under`);
  const start = index.elements.indexOf(at[0]!);
  const under: string[] = [];
  let end = index.elements.length;
  for (let i = start + 1; i < index.elements.length; i++) {
    const node = index.elements[i]!.node;
    if (!node.text?.trim()) continue;
    if (node.role !== 'text') {
      end = i;
      break;
    }
    under.push(node.text.trim());
  }
  if (under.length === 0) return notSettled(`no texts under "${heading}" on this screen`);
  // "… is at Carewell Northgate" of "In person · Carewell Northgate": a part of a text said without quotes.
  const texts = (quoted ? under : [...under, ...under.flatMap(lineParts)]).map(words);
  const why = `under "${heading}": ${under.map((t) => `"${t}"`).join(', ')}`;
  const missing = values.filter((v) => !covers(words(v), texts));
  if (missing.length === 0) return passed(true, why);
  const further = index.elements.slice(end).some((e) => {
    const t = words(e.node.text ?? '');
    return missing.some((v) => {
      const w = words(v);
      return t.length > 0 && w.join(' ').includes(t.join(' '));
    });
  });
  if (further) return notSettled(`${why}; "${missing[0]}" shows further down, past a control`);
  return passed(false, `${why}; none reads "${missing[0]}"`);
}

/** The parts of the one list row so named: the texts inside it, each split at " · ". Null when no one row is. */
function rowLineParts(index: ScreenIndex, want: string): string[] | null {
  const rows = index.elements.filter((e) => e.node.role === 'list_item' && normalizeText(e.node.text ?? '') === want);
  if (rows.length !== 1) return null;
  const parts: string[] = [];
  const walk = (n: (typeof rows)[number]['node']): void => {
    for (const c of n.children) {
      if (c.text?.trim()) parts.push(...lineParts(c.text));
      walk(c);
    }
  };
  walk(rows[0]!.node);
  return parts.length > 0 ? parts : null;
}
