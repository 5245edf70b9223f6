import type { Check } from './intent';
import { ORDINAL_PATTERN, ordinalOf } from './lexicon';
import { unquote } from './step-text';

/**
 * A row of the list in QA shorthand: its place ("Call the dentist is the first task", "X is the last
 * task in Today with "…"", "X is listed first", "X comes before Y") and its second line ("Buy milk
 * with "Today · Errands"", "the row for X says "…"", "X shows "…" with no priority").
 */

const Q = '"([^"]+)"';

/** Who a sentence is about when it is a statement of what happened, not of what a label reads. */
export const PERSON = /^(?:i|we|you|it|they|he|she|(?:a |the )?user|(?:the )?app(?:lication)?|(?:the )?system)\b/i;

/** "in the list", "in the results": the list on screen, not a heading. */
const THE_LIST = /^(?:the )?(?:list|results?|search results|screen|page|view)$/i;

/** A place a row is said to be in: none for the list itself, else the heading or view named. */
function place(raw: string | undefined): string | undefined {
  const p = raw?.trim().replace(/^"(.*)"$/, '$1');
  return p && !THE_LIST.test(p) ? p.replace(/^the /i, '').replace(/ (?:list|view|section|tab)$/i, '') : undefined;
}

/**
 * "X is the first task (in the list)", "X is first in the list", "X is now the first completed task",
 * "X is the third task in Today", "X is the last task with "…"", "X is the first task in Coming up,
 * above Y", "Plan the team lunch is the last task and shows "…"".
 */
export function rowPlaceCheck(s: string): Check | null {
  const m = new RegExp(
    `^(?:the )?("[^"]+"|[^"]+?) is (?:now |still |again )?(?:(?:the )?${ORDINAL_PATTERN}((?: [a-z][a-z']*){0,3}?)|at the (top|bottom))(?: (?:in|of|on|under) (?:the )?("[^"]+"|[^",]+?))?(?: again)?(?:,? (above|below) (.+?))?(?:,? (?:and )?(?:with|shows|showing|reads) ${Q})?$`,
    'i',
  ).exec(s);
  if (!m) return listedAt(s);
  const text = unquote(m[1]!);
  const ordinal = ordinalOf(m[2] ?? m[4]!);
  // "X is the first to arrive", "X is the top priority": what follows the ordinal is a noun of the list.
  const noun = (m[3] ?? '').trim();
  if (ordinal === null || text === '' || /\b(?:is|are)\b/i.test(text)) return null;
  if (/^(?:to|priority|time|step|place|thing|choice|one to)\b/i.test(noun)) return null;
  const within = place(m[5]);
  const checks: Check[] = [{ kind: 'row_at', text, ordinal, ...(within ? { within } : {}) }];
  if (m[6] && m[7]) {
    const other = unquote(m[7]);
    checks.push({ kind: 'order', values: m[6].toLowerCase() === 'above' ? [text, other] : [other, text] });
  }
  if (m[8]) checks.push({ kind: 'row_line', row: { text }, values: [m[8]], match: 'equals' });
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/** "X is listed first", "X appears last in Upcoming", "X comes before Y", "X is listed below Y". */
function listedAt(s: string): Check | null {
  const first = new RegExp(
    `^(?:the )?("[^"]+"|[^"]+?) (?:is listed|is shown|appears|comes|shows up|is) (?:${ORDINAL_PATTERN}|at the (top|bottom)|on (top))(?: (?:in|of|on|under) (?:the )?("[^"]+"|[^",]+?))?$`,
    'i',
  ).exec(s);
  if (first) {
    const ordinal = ordinalOf(first[2] ?? first[3] ?? first[4]!);
    const within = place(first[5]);
    return ordinal === null
      ? null
      : { kind: 'row_at', text: unquote(first[1]!), ordinal, ...(within ? { within } : {}) };
  }
  const rel =
    /^(?:the )?("[^"]+"|[^"]+?) (?:is (?:listed |shown )?|appears |comes )(above|before|below|after) ("[^"]+"|[^"]+)$/i.exec(
      s,
    );
  if (!rel || /\b(?:is|are)\b/i.test(rel[1]!)) return null;
  const [a, b] = [unquote(rel[1]!), unquote(rel[3]!)];
  if (/^(?:the )?(?:list|screen|page|fold|form|keyboard|header|title|button|field)$/i.test(b)) return null;
  return { kind: 'order', values: /above|before/i.test(rel[2]!) ? [a, b] : [b, a] };
}

/** Nouns the place-first form leaves to `nthRowCheck`, and words after an ordinal that name no row. */
const NTH_ROW_NOUNS =
  /^(?:row|item|entry|result|flight|trip|product|card|option|record|listing|order|contact|line|booking|search)$/i;
const NOT_ROWS =
  /^(?:name|names|page|step|steps|time|letter|digit|character|word|screen|tab|button|field|line|priority|place|day|date|thing|one|paragraph|sentence|image|picture|column)$/i;

/** "The first task is Call the dentist", "the last result in Upcoming is X": the row at that place. */
export function placeFirstCheck(s: string): Check | null {
  const m = new RegExp(
    `^(?:the )?${ORDINAL_PATTERN} ([a-z]+)(?: (?:in|under|on) (?:the )?("[^"]+"|[^"]+?))? (?:is|reads|shows|says) ("[^"]+"|[^"]+)$`,
    'i',
  ).exec(s);
  if (!m) return null;
  const ordinal = ordinalOf(m[1]!);
  const noun = m[2]!.replace(/s$/i, '');
  if (ordinal === null || NOT_ROWS.test(noun) || NOT_ROWS.test(m[2]!)) return null;
  if (ordinal >= 1 && !m[3] && NTH_ROW_NOUNS.test(noun)) return null;
  const text = unquote(m[4]!);
  if (/\b(?:is|are|not|no)\b/i.test(text) || /^(?:a|an|the|empty|shown|visible|selected|highlighted)\b/i.test(text))
    return null;
  const within = place(m[3]);
  return { kind: 'row_at', text, ordinal, ...(within ? { within } : {}) };
}

/**
 * A row by its title and its second line: "Buy milk and eggs with "Today · Errands · Low priority"",
 * "X is in the list with "…"", "the row for X says "…"", "X shows "Today · Home" with no priority".
 */
export function rowWithLineCheck(s: string): Check | null {
  const forRow = new RegExp(
    `^(?:the )?(?:row|entry|item|line) (?:for|of) (.+?) (?:says|shows|reads|is|displays) ${Q}$`,
    'i',
  ).exec(s);
  if (forRow) return { kind: 'row_line', row: { text: unquote(forRow[1]!) }, values: [forRow[2]!], match: 'equals' };
  const withLine = new RegExp(
    `^(?:the )?([^"]+?) (?:(?:is|are) (?:still |now )?(?:listed |shown )?(?:in the list |in the results )?)?with ${Q}$`,
    'i',
  ).exec(s);
  const subject = withLine?.[1]?.trim() ?? '';
  if (
    withLine &&
    !CONTAINER.test(subject) &&
    !VERB_LAST.test(subject) &&
    !PERSON.test(subject) &&
    // A row's title as the screen writes it: "conduct a card payment with "EC-Karte"" is something to do.
    /^(?:\p{Lu}|\p{N}|")/u.test(subject) &&
    !/\b(?:is|are|was|were)\b/i.test(subject)
  )
    return { kind: 'row_line', row: { text: withLine[1]!.trim() }, values: [withLine[2]!], match: 'equals' };
  // "Current account with £1,842.50 is listed": the row of that title, the amount on its second line.
  const amount =
    /^(?:the )?([^"\d]+?) with ([+\-−–]?\p{Sc}\s?\d[\d,.]*) (?:is |are )?(?:listed|shown|displayed)$/u.exec(s);
  if (amount && !CONTAINER.test(amount[1]!) && !PERSON.test(amount[1]!) && /^\p{Lu}/u.test(amount[1]!))
    return { kind: 'row_line', row: { text: amount[1]!.trim() }, values: [amount[2]!], match: 'contains' };
  // "Water the plants shows "Today · Home" with no priority": that line, and no word of what it says is absent.
  const without = new RegExp(
    `^(?:the )?([^"]+?) (?:shows|reads|says) ${Q},? (?:with no|without(?: a| any)?) ([\\p{L} ]{2,30})$`,
    'iu',
  ).exec(s);
  if (without)
    return {
      kind: 'row_line',
      row: { text: without[1]!.trim() },
      values: [without[2]!],
      match: 'equals',
      absent: [without[3]!.trim()],
    };
  return null;
}

/** Subjects that are a place or a kind of element, never a row's title. */
const CONTAINER =
  /(?:^(?:a|an|the|it|this|that|one)|\b(?:row|item|screen|page|dialog|popup|alert|form|section|list|message|field|button|switch|tab|banner|card))$/i;

/** "The date line starts with …", "the form is filled with …": a verb before "with" is no row's title. */
const VERB_LAST =
  /\b(?:starts|begins|ends|opens|loads|comes|goes|filled|prefilled|replaced|updated|shown|displayed|listed|marked|tagged|labelled|labeled|along|together|one|line|text|screen|dialog)$/i;

/**
 * A row by its place, its title and its second line: "First transaction is Interest "1 Mar · Interest ·
 * +£14.62"", "The second payee Jo Park "40-12-76"" (the line as written), "The first transaction is dated
 * Today (and shows −£30.00)", "First order is Desk lamp dated 3 May with €40.00" (each part whole words of
 * the line). The title, when given, must be that row's; the line is read on the row at that place.
 */
/** "the first account row": a row's noun may say it is a row. */
const ROW_WORD = '(?: row| item| entry)?';

export function rowPlaceLineCheck(s: string): Check | null {
  const quoted = new RegExp(
    `^(?:the )?${ORDINAL_PATTERN} ([a-z]+)${ROW_WORD} (?:is )?("[^"]+"|[^"]+?)(?:,? with)? ${Q}$`,
    'i',
  ).exec(s);
  const dated = new RegExp(
    `^(?:the )?${ORDINAL_PATTERN} ([a-z]+)${ROW_WORD} (?:is )?(?:("[^"]+"|[^"]+?) )?dated ([^"]+?)(?:,? (?:and shows|and reads|with|and) ([^"]+))?$`,
    'i',
  ).exec(s);
  // "Third transaction is Interest with +£12.90", "Third order is Desk lamp €38.00": the amount on its second line.
  const amount = new RegExp(
    `^(?:the )?${ORDINAL_PATTERN} ([a-z]+)${ROW_WORD} (?:is )?("[^"]+"|[^"\\d]+?)(?:,? (?:with|showing|shows) | )([+\\-−–]?\\p{Sc}?\\s?\\d[^"]*)$`,
    'iu',
  ).exec(s);
  // A bare number after a title may be the title's own ("Order 1042"): a line is an amount or several words.
  const lineLike = amount && (/^[+\-−–]?\p{Sc}/u.test(amount[4]!) || /\s/.test(amount[4]!.trim()));
  const m = quoted ?? dated ?? (lineLike ? amount : null);
  if (!m) return null;
  const ordinal = ordinalOf(m[1]!);
  if (ordinal === null || ordinal < 1 || NOT_ROWS.test(m[2]!.replace(/s$/i, ''))) return null;
  const title = m[3] ? unquote(m[3]) : '';
  if (/\b(?:is|are|not|no|dated)\b/i.test(title)) return null;
  const line: Check = quoted
    ? { kind: 'row_line', row: { ordinal }, values: [m[4]!], match: 'equals' }
    : !dated
      ? { kind: 'row_line', row: { ordinal }, values: [m[4]!.trim()], match: 'contains' }
      : {
          kind: 'row_line',
          row: { ordinal },
          values: [m[4]!, ...(m[5] ? [m[5]] : [])].map((v) => v.trim()),
          match: 'contains',
        };
  // "dated" takes a date as the screen writes it: capitalised ("Today") or with a number ("1 Mar").
  if (dated && !quoted && !/^(?:\p{Lu}|\p{N})/u.test(m[4]!.trim())) return null;
  return title ? { kind: 'all', checks: [{ kind: 'row_at', text: title, ordinal }, line] } : line;
}
