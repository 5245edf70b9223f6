import type { Check } from './intent';
import { ORDINAL_PATTERN, ordinalOf } from './lexicon';
import { notSettled, type CheckResolution } from './resolution';
import { scrolledDown } from './screen-shape';
import { rowsUnderHeading, type ScreenIndex } from './target-finder';
import { amountSigns as signs, normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * A list row's second line (its subtitle: a second text view on Android, a static text in an iOS
 * cell, a text node inside the row in the UI tree): "The first row's second line reads "…"", "the
 * 17:30 row's subtitle shows A with B and C", "London → Edinburgh (12 Sep 2025 · NW 62) is listed".
 */
export type RowRef = { ordinal: number } | { text: string };

const ROW_NOUN = '(?:row|item|entry|result|flight|trip|product|card|option|record|listing|order|contact|booking)';
const LINE = "(?:'s|’s) (?:second line|subtitle|detail line|line under (?:it|the title)|sub-?line)";
const VERB = '(?:is|reads|shows|says|displays|contains)';

function ref(word: string): RowRef | null {
  const ordinal = ordinalOf(word);
  if (ordinal !== null) return ordinal >= 1 ? { ordinal } : null;
  const text = word.trim().replace(/^"(.*)"$/, '$1');
  return text === '' ? null : { text };
}

function lineCheck(row: RowRef, rest: string): Check | null {
  if (/^"[^"]+"$/.test(rest)) return { kind: 'row_line', row, values: [rest.slice(1, -1)], match: 'equals' };
  if (/"/.test(rest)) return null;
  // "Northwind NW 217 with 1 stop (Paris) and 4h 25m": each named part is on the line.
  const values = rest
    .split(/\s+with\s+|\s+and\s+|,\s*/i)
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return values.length > 0 ? { kind: 'row_line', row, values, match: 'contains' } : null;
}

export function rowLineCheck(s: string): Check | null {
  const m = new RegExp(
    `^(?:that )?(?:the )?(?:${ORDINAL_PATTERN}|(.{1,40}?)) ${ROW_NOUN}${LINE} ${VERB} (.+?)((?:,?\\s+(?:and\\s+)?(?:the )?${ORDINAL_PATTERN}(?: (?:one|row))?(?:'s)?\\s+"[^"]+")*)$`,
    'i',
  ).exec(s.trim());
  if (m) {
    const row = ref(m[1] ?? m[2]!);
    const first = row ? lineCheck(row, m[3]!.trim()) : null;
    if (!first || !m[4]) return first;
    // "… and the third "Aurora Air AU 316 · Direct · 1h 15m"": the same line of further rows.
    const more = [...m[4].matchAll(new RegExp(`${ORDINAL_PATTERN}[^"]*"([^"]+)"`, 'gi'))].map((x) => ({
      ordinal: ordinalOf(x[1]!),
      value: x[2]!,
    }));
    if (more.some((x) => x.ordinal === null || x.ordinal < 1)) return null;
    const checks: Check[] = [
      first,
      ...more.map(
        (x): Check => ({ kind: 'row_line', row: { ordinal: x.ordinal! }, values: [x.value], match: 'equals' }),
      ),
    ];
    return { kind: 'all', checks };
  }
  // "London → Edinburgh (12 Sep 2025 · NW 62 · WF2T6H) is listed under Upcoming trips": a row by its title and line.
  const listed =
    /^(?:the )?(?:row |trip |flight |item )?"?([^"()]+?)"? \(([^()"]+)\) (?:is|are) (?:listed|(?:listed|shown|displayed|visible) (?:under|in) (?:the )?(.+?)(?: section| list)?)$/i.exec(
      s.trim(),
    );
  if (!listed) return null;
  return {
    kind: 'row_line',
    row: { text: listed[1]!.trim() },
    values: [listed[2]!.trim()],
    match: 'equals',
    ...(listed[3] ? { within: listed[3].replace(/^"(.*)"$/, '$1') } : {}),
  };
}

/** A row's second line: the first text inside it (its own text is the title). */
export function secondLine(row: TreeElement): string | null {
  const texts: string[] = [];
  const walk = (n: TreeElement['node']): void => {
    for (const c of n.children) {
      if (c.role === 'text' && c.text) texts.push(c.text);
      walk(c);
    }
  };
  walk(row.node);
  return texts[0] ?? null;
}

/** A value written with a sign or a currency: "−£300.00" is not "+£300.00", though their words are the same. */
const SIGNED = /[+\-−–]\s?\p{Sc}?\s?\d|\p{Sc}/u;
const plain = (t: string) => t.replace(/\s+/g, ' ').replace(/[-–]/g, '−').trim().toLowerCase();

export function checkRowLine(
  index: ScreenIndex,
  row: RowRef,
  values: string[],
  match: 'equals' | 'contains',
  within?: string,
  absent: string[] = [],
): CheckResolution {
  const scope = within ? rowsUnderHeading(index, within) : null;
  if (within && !scope) return notSettled(`no heading "${within}" on this screen`);
  const rows = (scope ?? index.allCandidates).filter((e) => e.node.role === 'list_item' && e.node.text);
  let found: TreeElement | undefined;
  if ('ordinal' in row) {
    if (scrolledDown(index)) return notSettled('the list is scrolled; its first rows are not on screen to count from');
    found = rows[row.ordinal - 1];
    if (!found) return notSettled(`the screen shows ${rows.length} row(s); there is no row ${row.ordinal}`);
  } else {
    const want = normalizeText(row.text);
    const exact = rows.filter((r) => normalizeText(r.node.text!) === want);
    const starting = rows.filter((r) => normalizeText(r.node.text!).startsWith(`${want} `));
    const named = exact.length > 0 ? exact : starting;
    if (named.length === 0) {
      const where = within ? ` under "${within}"` : '';
      return { settled: true, kind: 'check', passed: false, reasoning: `no row "${row.text}"${where}` };
    }
    if (named.length > 1) return notSettled(`${named.length} rows are "${row.text}"; which one is meant is not known`);
    found = named[0]!;
  }
  const line = secondLine(found);
  const title = `row "${found.node.text}"`;
  if (line === null) return { settled: true, kind: 'check', passed: false, reasoning: `${title} has no second line` };
  const have = normalizeText(line);
  const ok =
    values.every((v) =>
      match === 'equals'
        ? have === normalizeText(v) && signs(line) === signs(v)
        : ` ${have} `.includes(` ${normalizeText(v)} `) && (!SIGNED.test(v) || plain(line).includes(plain(v))),
    ) && !absent.some((w) => ` ${have} `.includes(` ${normalizeText(w)} `));
  return { settled: true, kind: 'check', passed: ok, reasoning: `${title}'s second line reads "${line}"` };
}
