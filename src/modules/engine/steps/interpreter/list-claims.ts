import type { Check } from './intent';
import { ordinalOf } from './lexicon';

/**
 * Rows and values as QA writers list them, without a verb:
 * - "Kim Lee - "Fiction · 3 loans"", "Dune - Due Fri 4 Jul · 1 renewal left": a row's title, a dash, its second line;
 * - "Kim Lee (Tue 14 Apr, 09:30) is still first": the row at that place, its second line holding the parts in brackets;
 * - "First item: Dune "Due Fri 4 Jul"": the row at that place, its title, and its second line when quoted;
 * - ""1 result" Dune", ""2 results": Dune then Emma "Due today"": the count as shown, the rows in that order,
 *   each quoted line under the row before it;
 * - "Jo Park, jo@shop.test, 07700 900123": a bare list of values (a name, an email, a phone), each shown.
 */

const DASH = /^(\p{Lu}[^"()]*?) [-–—] (?:"([^"]+)"|([^"]+))$/u;

/** "Kim Lee - "Fiction · 3 loans"": the row of that title, its second line as written. */
export function dashedRowLine(s: string): Check | null {
  const m = DASH.exec(s);
  if (!m || m[1]!.split(/\s+/).length > 6) return null;
  const line = (m[2] ?? m[3]!).trim();
  // An unquoted line reads like a row's second line: a separator in it, or a number.
  if (!m[2] && !/[·|•]|\d/.test(line)) return null;
  return { kind: 'row_line', row: { text: m[1]!.trim() }, values: [line], match: 'equals' };
}

const PLACE =
  /^(.+?) \(([^()"]+)\) is (?:still |now |listed )?(first|second|third|fourth|fifth|last)(?: in the list| on the list)?$/i;

/** "Kim Lee (Tue 14 Apr, 09:30) is still first": the row at that place, its second line holding each part. */
export function placedRowWithLine(s: string): Check | null {
  const m = PLACE.exec(s);
  if (!m) return null;
  const ordinal = ordinalOf(m[3]!);
  const values = m[2]!
    .split(/,\s*/)
    .map((v) => v.trim())
    .filter(Boolean);
  if (ordinal === null || values.length === 0) return null;
  const text = m[1]!.trim();
  return {
    kind: 'all',
    checks: [
      { kind: 'row_at', text, ordinal },
      { kind: 'row_line', row: { text }, values, match: 'contains' },
    ],
  };
}

/** "First item: Dune "Due Fri 4 Jul"", "First result: Dune": the row by its place, its title and second line. */
export function placeColonRow(s: string): Check | null {
  const m =
    /^(?:the )?(first|second|third|fourth|fifth)(?: (?:item|row|result|entry|order|card)s?)?: (\p{Lu}[^"]*?)(?: "([^"]+)")?$/iu.exec(
      s,
    );
  if (!m) return quotedColonRow(s);
  const ordinal = ordinalOf(m[1]!);
  if (ordinal === null) return null;
  const title: Check = { kind: 'nth_row', ordinal, value: m[2]!.trim() };
  if (!m[3]) return title;
  return {
    kind: 'all',
    checks: [title, { kind: 'row_line', row: { ordinal }, values: [m[3]], match: 'equals' }],
  };
}

/** "First entry: "Movie night ran" · Just now": the title quoted, then after a separator its second line as written. */
function quotedColonRow(s: string): Check | null {
  const m =
    /^(?:the )?(first|second|third|fourth|fifth|last)(?: (?:item|row|result|entry|event|order|card)s?)?: "([^"]+)"(?:\s*(?:·|—|–|,)\s*([^"]+?))?$/iu.exec(
      s,
    );
  const ordinal = m ? ordinalOf(m[1]!) : null;
  if (!m || ordinal === null) return null;
  const title: Check = { kind: 'nth_row', ordinal, value: m[2]! };
  if (!m[3]) return title;
  return {
    kind: 'all',
    checks: [title, { kind: 'row_line', row: { ordinal }, values: [m[3].trim()], match: 'equals' }],
  };
}

/** ""2 results": Dune then Emma "Due today"": the count as shown, the rows in order, a quoted line under a row. */
export function countedRows(s: string): Check | null {
  const m = /^"(\d+ [\p{L} ]+)":? (.+)$/u.exec(s);
  if (!m) return null;
  const checks: Check[] = [{ kind: 'visible', target: { text: m[1]! }, negated: false }];
  const titles: string[] = [];
  for (const piece of m[2]!.split(/\s+then\s+|,\s+/i)) {
    const row = /^(\p{Lu}[^"]*?)(?: "([^"]+)")?$/u.exec(piece.trim());
    if (!row || row[1]!.split(/\s+/).length > 6) return null;
    const text = row[1]!.trim();
    titles.push(text);
    checks.push({ kind: 'visible', target: { text, role: 'item' }, negated: false });
    if (row[2]) checks.push({ kind: 'row_line', row: { text }, values: [row[2]], match: 'equals' });
  }
  if (titles.length > 1) checks.push({ kind: 'order', values: titles });
  return { kind: 'all', checks };
}

const EMAIL = /^[^\s@",]+@[^\s@",]+\.[a-z]{2,}$/i;
const PHONE = /^\+?\d[\d ]{5,18}\d$/;
const NAME = /^\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,2}$/u;

/** "Jo Park, jo@shop.test, 07700 900123": names, emails and phone numbers, each shown; one at least not a name. */
export function bareValues(s: string): Check | null {
  // "Sam Rivera, sam@x.test, "Maple Street · Owner"": a quoted piece keeps its commas and is shown as written.
  const hidden: string[] = [];
  const masked = s.replace(/"[^"]+"/g, (q) => `\u0000${hidden.push(q) - 1}\u0000`);
  const pieces = masked
    .split(/,\s+|\s+and\s+/)
    .map((p) => p.trim().replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!));
  const quoted = (p: string) => /^"[^"]+"$/.test(p);
  if (pieces.length < 2 || !pieces.every((p) => EMAIL.test(p) || PHONE.test(p) || NAME.test(p) || quoted(p)))
    return null;
  if (!pieces.some((p) => EMAIL.test(p) || PHONE.test(p))) return null;
  return {
    kind: 'all',
    checks: pieces.map((p): Check => ({ kind: 'visible', target: { text: p.replace(/^"|"$/g, '') }, negated: false })),
  };
}

const LIST_SHOWN =
  /^(?:(?:the|a|an) )?(list of [a-z]+(?: [a-z]+)?|[a-z]+(?: [a-z]+)? list)(?: (?:is|are))? (?:displayed|shown|visible|present|loaded|appears|shows up)$/i;

/**
 * "The task list is displayed", "A list of tasks is shown": a list said by the kind of thing in it, read as one
 * row at least on screen. A heading or label that reads those words ("Task list") is left to the other forms.
 */
export function listShownClaim(s: string, names: readonly string[]): Check | null {
  const m = LIST_SHOWN.exec(s.trim());
  if (!m || names.some((n) => n.trim().toLowerCase() === m[1]!.toLowerCase())) return null;
  return { kind: 'count', count: 1, comparison: 'at_least', noun: 'item' };
}
