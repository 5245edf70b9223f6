import type { Check, ListedRow } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import { screenTitle } from './evaluate-forms';
import { rowsUnderHeading, type ScreenIndex } from './target-finder';
import { secondLine } from './row-lines';
import { normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * Several rows listed in one claim, each by its title and its second line:
 * - "Fiction: Dune "£9.00 · Herbert", Emma "£7.50 · Austen"": the rows under that heading, each line as quoted;
 * - "Cards lists Visa (Expires 08/27), Cash (Pay on pickup)": the rows of that place, each line holding
 *   the parts in brackets ("Kim Lee (★ 4.5 · …)": what follows "…" is left unread);
 * - "Branches lists Central with "1 Main St" and North with "9 Hill Rd"";
 * - "Rows in order: Dune (Fiction · Mon 3 Feb), Emma (Classics · Sun 2 Feb)": the rows one after another in
 *   that order (the same title may come twice); "two loans: A (…) and B (…)": that many rows, these ones.
 * Every row is read from the screen; a row missing, or a line that differs, fails the claim.
 */

const WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8 };
const numberWord = (w: string): number | null => WORDS[w.toLowerCase()] ?? null;

const TITLE = /^\p{Lu}[^"()]*$/u;

/** Pieces split on commas and "and" outside brackets and quotes. */
function pieces(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    if (!quoted && depth === 0) {
      const rest = s.slice(i);
      const sep = /^(?:,\s+(?:and\s+)?|\s+and\s+)/.exec(rest);
      if (sep) {
        out.push(cur.trim());
        cur = '';
        i += sep[0].length - 1;
        continue;
      }
    }
    cur += ch;
  }
  out.push(cur.trim());
  return out.filter((p) => p !== '' && !/^(?:…|\.\.\.|etc\.?)$/.test(p));
}

/** "Dune "£9.00 · Herbert"", "Dune with "…"", "Dune (Fiction · Mon 3 Feb, 10:00)". */
function listedRow(p: string): ListedRow | null {
  const quoted = /^(.+?)(?: with)? "([^"]+)"$/.exec(p);
  const bracketed = /^(.+?) \(([^()"]+)\)$/.exec(p);
  const m = quoted ?? bracketed;
  if (!m || !TITLE.test(m[1]!.trim()) || m[1]!.trim().split(/\s+/).length > 6) return null;
  if (quoted && !/…|\.\.\./.test(m[2]!)) return { title: m[1]!.trim(), line: [m[2]!], match: 'equals' };
  // "★ 4.5 · …": only the parts written out are read.
  const line = m[2]!
    .split(/,\s*|\s+·\s+/)
    .map((v) => v.trim())
    .filter((v) => v !== '' && !/^(?:…|\.\.\.)$/.test(v) && !/…|\.\.\./.test(v));
  return line.length > 0 ? { title: m[1]!.trim(), line, match: 'contains' } : null;
}

function rowsOf(s: string): ListedRow[] | null {
  const ps = pieces(s);
  if (ps.length === 0) return null;
  const rows = ps.map(listedRow);
  return rows.every((r): r is ListedRow => r !== null) ? rows : null;
}

export function rowListCheck(s: string, read: (part: string) => Check | null): Check | null {
  const text = s.trim().replace(/\.$/, '');
  // "Heading Fiction; two loans: A (…) and B (…)": a claim of its own before the rows.
  const before = /^([^;"]+);\s+(.+)$/.exec(text);
  if (before) {
    const rest = rowListCheck(before[2]!, read);
    const heading = /^(?:the )?heading (?:is |reads )?"?([^"]+?)"?$/i.exec(before[1]!.trim());
    const first: Check | null = !rest ? null : heading ? { kind: 'heading', value: heading[1]! } : read(before[1]!);
    return rest && first ? { kind: 'all', checks: [first, rest] } : null;
  }
  // "Rows in order: A (…), B (…)", "In this order: …".
  const ordered =
    /^(?:(?:the )?(?:rows|items|results|entries) (?:are )?in (?:this )?order|in (?:this )?order):\s*(.+)$/i.exec(text);
  if (ordered) {
    const rows = rowsOf(ordered[1]!);
    return rows && rows.length > 1 ? { kind: 'listed_rows', rows, ordered: true } : null;
  }
  // "two doctors: A (…) and B (…)": that many rows, these ones.
  const counted = /^(\d+|[a-z]+) [a-z]+s: (.+)$/i.exec(text);
  const count = counted ? (/^\d+$/.test(counted[1]!) ? Number(counted[1]) : numberWord(counted[1]!)) : null;
  if (counted && count !== null && count > 1) {
    const rows = rowsOf(counted[2]!);
    if (!rows || rows.length !== count) return null;
    return {
      kind: 'all',
      checks: [
        { kind: 'list_rows', count },
        { kind: 'listed_rows', rows, ordered: false },
      ],
    };
  }
  // "Fiction: A "…", B "…"" and "Cards lists A (…), B (…)".
  const placed =
    /^(\p{Lu}[\p{L}' &-]{0,30}?): (.+)$/u.exec(text) ??
    /^(?:the )?(\p{Lu}[\p{L}' &-]{0,30}?) (?:lists|shows|has|offers|contains) (.+)$/u.exec(text);
  if (!placed || placed[1]!.split(/\s+/).length > 4) return null;
  const rows = rowsOf(placed[2]!);
  // One row alone under a colon reads as a value beside a label; two at least make a list.
  if (!rows || rows.length < 2) return null;
  return { kind: 'listed_rows', rows, ordered: false, within: placed[1]! };
}

function fits(el: TreeElement, want: ListedRow): boolean {
  if (normalizeText(el.node.text ?? '') !== normalizeText(want.title)) return false;
  const line = secondLine(el);
  if (line === null) return false;
  const have = normalizeText(line);
  return want.match === 'equals'
    ? have === normalizeText(want.line[0]!) && line.trim() === want.line[0]!.trim()
    : want.line.every((v) => ` ${have} `.includes(` ${normalizeText(v)} `));
}

/** The rows of a place (a heading's rows, or the screen's when the place is its title), checked one by one. */
export function checkListedRows(
  index: ScreenIndex,
  rows: ListedRow[],
  ordered: boolean,
  within?: string,
): CheckResolution {
  let scope: TreeElement[] | null = null;
  if (within) {
    scope = rowsUnderHeading(index, within);
    const title = screenTitle(index);
    if (!scope && title && normalizeText(title) === normalizeText(within)) scope = null;
    else if (!scope) return notSettled(`no heading "${within}" on this screen to list the rows under`);
  }
  const all = (scope ?? index.allCandidates).filter((e) => e.node.role === 'list_item' && e.node.text);
  const fail = (why: string): CheckResolution => ({ settled: true, kind: 'check', passed: false, reasoning: why });
  const describe = (r: ListedRow) => `"${r.title}" (${r.line.join(' · ')})`;
  if (ordered) {
    // One after another: the first row anywhere, each next one right below the one before.
    const starts = all.map((_, i) => i).filter((i) => fits(all[i]!, rows[0]!));
    if (starts.length === 0) return fail(`no row reads ${describe(rows[0]!)}`);
    for (const at of starts)
      if (rows.every((r, k) => all[at + k] !== undefined && fits(all[at + k]!, r)))
        return {
          settled: true,
          kind: 'check',
          passed: true,
          reasoning: `${rows.length} rows read as listed, in order`,
        };
    return fail(`the rows do not read ${rows.map(describe).join(', ')} one after another`);
  }
  const used = new Set<TreeElement>();
  for (const r of rows) {
    const hit = all.find((e) => !used.has(e) && fits(e, r));
    if (!hit) {
      const named = all.find((e) => normalizeText(e.node.text ?? '') === normalizeText(r.title));
      const where = within ? ` under "${within}"` : '';
      return fail(
        named
          ? `row "${r.title}"${where}'s second line reads "${secondLine(named) ?? ''}"`
          : `no row "${r.title}"${where}`,
      );
    }
    used.add(hit);
  }
  return { settled: true, kind: 'check', passed: true, reasoning: `${rows.length} rows read as listed` };
}
