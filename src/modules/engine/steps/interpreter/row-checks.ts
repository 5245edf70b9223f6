import type { Check } from './intent';
import { ORDINAL_PATTERN, ordinalOf } from './lexicon';
import { notSettled, type CheckResolution } from './resolution';
import { scrolledDown } from './screen-shape';
import { rowsUnderHeading, type ScreenIndex } from './target-finder';
import { parseCount, LIST_SEPARATOR } from './step-text';
import { normalizeText } from './text-match';
import { describeElement } from './ui-tree';

/**
 * "The first row is "18:45 → 21:00 · from €49"", "the second flight is …": the text of a row of the
 * list by its place. Read only on a list scrolled to its top, where the first row on screen is the
 * first row of the list.
 */

export function nthRowCheck(s: string): Check | null {
  const m = new RegExp(
    `^(?:that )?(?:the )?${ORDINAL_PATTERN} (?:row|item|entry|result|flight|trip|product|card|option|record|listing|order|contact|line|booking|search)(?: in the list| on the list)? (?:is|reads|shows|says) (.+)$`,
    'i',
  ).exec(s);
  // "The cheapest row "11:00 → 17:40" is on top"
  const top =
    /^(?:the )?(?:[a-z]+ )?(?:row|flight|item|result|entry|trip) "([^"]+)" is (?:on top|at the top|first|listed first)$/i.exec(
      s,
    );
  if (top) return { kind: 'nth_row', ordinal: 1, value: top[1]! };
  if (!m) return null;
  const ordinal = ordinalOf(m[1]!);
  const value = m[2]!.trim().replace(/^"(.*)"$/, '$1');
  if (ordinal === null || ordinal < 1 || value === '') return null;
  return { kind: 'nth_row', ordinal, value };
}

/** "Only London → Edinburgh remains under Upcoming trips", "only "A" and "B" are left in Favourites". */
export function onlyRowsCheck(s: string): Check | null {
  const m =
    /^only (.+?) (?:remains?|is left|are left|is listed|are listed|is shown|are shown|stays?) (?:under|in) (?:the )?(.+?)(?: section| list)?$/i.exec(
      s,
    );
  if (!m) return null;
  const values = m[1]!
    .split(LIST_SEPARATOR)
    .map((v) => v.trim().replace(/^"(.*)"$/, '$1'))
    .filter((v) => v !== '');
  return values.length > 0 ? { kind: 'only_rows', within: m[2]!.replace(/^"(.*)"$/, '$1'), values } : null;
}

/** "Two upcoming trips: London → Edinburgh and London → Paris": the rows under that heading are those, in any order. */
export function countedRowsCheck(s: string): Check | null {
  const m = /^(\d+|one|two|three|four|five|six|seven|eight|nine|ten) ([\p{L} ]{3,40}?):\s+([^"]+)$/iu.exec(s);
  if (!m) return null;
  const values = m[3]!
    .split(LIST_SEPARATOR)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (parseCount(m[1]!.toLowerCase()) !== values.length) return null;
  return { kind: 'only_rows', within: m[2]!, values, anyOrder: true };
}

export function checkOnlyRows(index: ScreenIndex, within: string, values: string[], anyOrder = false): CheckResolution {
  const rows = rowsUnderHeading(index, within);
  if (!rows) return notSettled(`no heading "${within}" on this screen`);
  const texts = rows.map((r) => r.node.text ?? '');
  const have = texts.map(normalizeText);
  const want = values.map(normalizeText);
  if (anyOrder) {
    have.sort();
    want.sort();
  }
  const ok = have.length === want.length && want.every((v, i) => have[i] === v);
  return {
    settled: true,
    kind: 'check',
    passed: ok,
    reasoning: `under "${within}": ${texts.length ? texts.map((t) => `"${t}"`).join(', ') : 'no rows'}`,
  };
}

export function checkNthRow(index: ScreenIndex, ordinal: number, value: string): CheckResolution {
  if (scrolledDown(index)) return notSettled('the list is scrolled; its first rows are not on screen to count from');
  const rows = index.allCandidates.filter((e) => e.node.role === 'list_item' && e.node.text);
  const row = rows[ordinal - 1];
  if (!row) return notSettled(`the screen shows ${rows.length} row(s); there is no row ${ordinal}`);
  const ok = normalizeText(row.node.text!) === normalizeText(value);
  return { settled: true, kind: 'check', passed: ok, reasoning: `row ${ordinal} is ${describeElement(row.node)}` };
}
