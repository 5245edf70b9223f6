import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isVisible, visibleRect, type TreeElement } from './ui-tree';

/**
 * Claims that something is absent, said by its kind rather than its words:
 * - "No password error", "No error under Email": no error tied to that field (a text below it, before the next
 *   field, that is marked or worded as an error; an error naming the field anywhere; a dialog naming it);
 * - "No Promo line is added", "No voucher line in the summary": no line of the screen starts with that name
 *   (a field's own label is no line); "No snack lines", lines of a kind, could look like anything: not read;
 * - "No sold-out showings that day": nothing on screen says that state (its words, or an id that does).
 * A line or a state may sit below the fold: while the content reaches the foot of the screen the claim fails
 * with a scroll to the end of the content, where it is read again (`atEnd`). A field the screen lacks leaves
 * the claim not settled.
 */

const SHOWN =
  '(?:\\s+(?:is|are|was|were|gets?|has been|have been))?(?:\\s+(?:shown|displayed|visible|listed|present|added|appears?|there|left|on (?:the )?screen))?';
const NAME = "(\\p{L}[\\p{L}\\p{N}'’]*(?: \\p{L}[\\p{L}\\p{N}'’]*){0,2})";
const FIELD_ERROR = new RegExp(
  `^(?:there is |there's )?no ${NAME} (?:field )?(?:error|validation error)(?: message| text)?${SHOWN}$`,
  'iu',
);
const ERROR_AT = new RegExp(
  `^(?:there is |there's )?no (?:error|validation error)(?: message| text)? (?:on|for|under|below|beside|next to) (?:the )?${NAME}(?: field| input)?${SHOWN}$`,
  'iu',
);
const LINE = new RegExp(
  `^(?:there is |there's )?no ${NAME} (?:line|row|entry)${SHOWN}(?: (?:in|on|under) (?:the )?[\\p{L} ]{1,30})?${SHOWN}$`,
  'iu',
);
/** States an app writes on a thing ("18:00 · Sold out"); a hyphenated one is read as its words too. */
const STATE_WORDS =
  /^(?:sold out|out of stock|unavailable|overdue|cancelled|canceled|expired|failed|declined|rejected|unpaid|unread|fully booked|booked out)$/i;
const STATE = new RegExp(
  `^(?:there (?:is|are) )?no ([\\p{L}]+(?:-[\\p{L}]+)+|[\\p{L}]+(?: [\\p{L}]+){0,2}) (\\p{L}+s)${SHOWN}(?: (?:that day|today|on (?:this|that|the) (?:day|screen|date)|in the list))?${SHOWN}$`,
  'iu',
);

/** "Only Wake up and Weekend coffee remain", "Only Dr Marcus Webb remains (Dermatology · Thu 23 Apr, 14:15)". */
const ROWS_LEFT =
  /^only ([^"()]+?) (?:remains?|is left|are left|stays?|is still (?:listed|there)|are still (?:listed|there))(?: \(([^()"]+)\))?$/iu;

const WITH_ONLY = /^(?:still |now )?"([^"]+)" with only ([^"()]+?)(?:\s+[-–—]\s+\p{Ll}[^"]*)?$/iu;

/** "No results message for "veloc" is shown": a message is there, its words not given. */
const NO_RESULTS =
  /^(?:an? |the )?["“]?no[- ](?:results?|matches)["”]? (?:message|text|notice|banner|state|screen)(?: for ("[^"]+"|“[^”]+”))? (?:is |are )?(?:shown|displayed|visible|present|appears|on screen)$/iu;

/** Words that say which kind of thing, not a name: "No error line" is no line named Error. */
const NOT_A_NAME = /^(?:an?|the|any|other|more|new|extra|such|error|empty|blank|this|that)$/i;

export function kindAbsenceClaim(s: string): Check | null {
  const t = s.trim().replace(/\.$/, '');
  const none = NO_RESULTS.exec(t);
  if (none) return { kind: 'no_results_shown', ...(none[1] ? { query: none[1].slice(1, -1) } : {}) };
  const field = FIELD_ERROR.exec(t) ?? ERROR_AT.exec(t);
  if (field && !NOT_A_NAME.test(field[1]!.split(' ')[0]!))
    return { kind: 'absent', what: 'field_error', name: field[1]!.replace(/ (?:field|input)$/i, '') };
  const line = LINE.exec(t);
  if (line && !NOT_A_NAME.test(line[1]!.split(' ')[0]!)) return { kind: 'absent', what: 'line', name: line[1]! };
  const left = ROWS_LEFT.exec(t);
  if (left) {
    const names = left[1]!.split(/,\s*(?:and\s+)?|\s+and\s+/).map((n) => n.trim());
    if (names.every((n) => /^\p{Lu}/u.test(n) && n.split(' ').length <= 6) && (!left[2] || names.length === 1))
      return { kind: 'rows_left', names, ...(left[2] ? { line: left[2] } : {}) };
  }
  // "Still "1 upcoming" with only Dr Priya Shah - the cancellation stuck": the text, those rows; the remark says why.
  const withOnly = WITH_ONLY.exec(t);
  if (withOnly) {
    const rows = kindAbsenceClaim(`Only ${withOnly[2]} remains`);
    if (rows?.kind === 'rows_left')
      return {
        kind: 'all',
        checks: [{ kind: 'visible', target: { text: withOnly[1]! }, negated: false, exact: true }, rows],
      };
  }
  const state = STATE.exec(t);
  if (state) {
    const words = state[1]!.replace(/-/g, ' ');
    if (STATE_WORDS.test(words)) return { kind: 'absent', what: 'state', name: words };
  }
  return null;
}

type Absent = Extract<Check, { kind: 'absent' }>;
const verdict = (ok: boolean, reasoning: string): CheckResolution => ({
  settled: true,
  kind: 'check',
  passed: ok,
  reasoning,
});

export function checkAbsent(index: ScreenIndex, check: Absent): CheckResolution {
  if (check.what === 'field_error') return checkNoFieldError(index, check.name);
  const { screen } = index.observation;
  // Anything the tree holds counts, on screen or scrolled out of it: absence is never judged on a part of the content.
  const held = index.elements.filter(
    (e) => isVisible(e, screen) || (e.node.bounds.width > 0 && e.node.bounds.height > 0),
  );
  const found =
    check.what === 'line' ? held.find((e) => isLineOf(index, e, check.name)) : held.find((e) => says(e, check.name));
  const what = check.what === 'line' ? `"${check.name}" line` : `text or id saying "${check.name}"`;
  if (found) return verdict(false, `${describeElement(found.node)} is a ${what}`);
  if (!check.atEnd && reachesFoot(index))
    return verdict(
      false,
      `no ${what} is on screen, but the content reaches the foot of the screen: it may be further down`,
    );
  return verdict(true, `no ${what} is on screen${check.atEnd ? ' (the end of the content)' : ''}`);
}

/** A line named so: its text starts with the name's words (a plural "s" aside); a field's label is no line. */
function isLineOf(index: ScreenIndex, e: TreeElement, name: string): boolean {
  if (e.node.role === 'input' || [...index.labels.values()].includes(e.node)) return false;
  const text = normalizeText(e.node.text ?? '');
  const want = normalizeText(name);
  return new RegExp(`^${escapeRe(want)}s?(?: |$)`).test(text);
}

/** Says that state: in its words, or in its id. */
function says(e: TreeElement, words: string): boolean {
  const want = new RegExp(`(?:^| )${escapeRe(normalizeText(words))}(?: |$)`);
  return want.test(normalizeText(e.node.text ?? '')) || want.test(normalizeText(e.node.id ?? ''));
}

const escapeRe = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The content's leaves reach the foot of the screen: more may be below it. */
function reachesFoot(index: ScreenIndex): boolean {
  const leaves = index.elements.filter((e) => e.node.children.length === 0 && e.node.role !== 'application');
  const foot = Math.max(0, ...leaves.map((e) => e.node.bounds.y + e.node.bounds.height));
  return foot >= index.observation.screen.height * 0.85;
}

const ERROR_ID = /error|invalid|validation/i;
const ERROR_WORDS =
  /\b(?:error|incorrect|invalid|wrong|failed|could ?n[o’']t|can[’']t|cannot|not (?:valid|found|recogni[sz]ed|allowed)|try again|required|enter (?:a|an|your)|too (?:short|long)|must|missing)\b/i;

function checkNoFieldError(index: ScreenIndex, name: string): CheckResolution {
  const { screen } = index.observation;
  const found = findTarget(index, { text: name, role: 'field' }, { closeOnly: true, wholeScreen: true });
  if (!found.found) return notSettled(found.reason);
  const field = found.element;
  const rect = visibleRect(field);
  if (!rect) return notSettled(`${describeElement(field.node)} is off screen`);
  // Room below the field for its message, inside the screen.
  if (rect.y + rect.height + 40 > screen.height * 0.95)
    return notSettled(`${describeElement(field.node)} is at the foot of the screen; its message may be below it`);
  const words = normalizeText(name)
    .split(' ')
    .filter((w) => w.length > 2);
  const fieldId = normalizeText(field.node.id ?? '');
  const inputs = index.elements.filter((e) => e.node.role === 'input' && isVisible(e, screen));
  const shown = index.elements.filter(
    (e) => e.node.role !== 'input' && isVisible(e, screen) && (e.node.text ?? '').trim() !== '',
  );
  const marked = (e: TreeElement) => ERROR_ID.test(e.node.id ?? '') || ERROR_WORDS.test(e.node.text ?? '');
  const mentions = (e: TreeElement) => {
    const t = `${normalizeText(e.node.text ?? '')} ${normalizeText(e.node.id ?? '')}`;
    return (
      words.some((w) => new RegExp(`(?:^| )${escapeRe(w)}(?: |$)`).test(t)) ||
      (fieldId !== '' && normalizeText(e.node.id ?? '').startsWith(`${fieldId} `))
    );
  };
  const below = (e: TreeElement): boolean => {
    const r = visibleRect(e);
    if (!r || r.y < rect.y + rect.height / 2) return false;
    const above = inputs
      .map((i) => ({ i, r: visibleRect(i) }))
      .filter((x) => x.r && x.r.y + x.r.height / 2 <= r.y)
      .sort((a, b) => b.r!.y - a.r!.y)[0];
    // Just below this field: the closest field above it, and no label of another field in between.
    return above?.i === field && r.y - (rect.y + rect.height) < 60;
  };
  const error = shown.find((e) => (e.node.role === 'alert' && mentions(e)) || (marked(e) && (below(e) || mentions(e))));
  if (error) return verdict(false, `${describeElement(error.node)} is an error of ${describeElement(field.node)}`);
  return verdict(true, `no error is shown for ${describeElement(field.node)}`);
}

/** Every row of the lists on screen is one named, each named once; the lists end on screen. */
export function checkRowsLeft(index: ScreenIndex, names: string[], line?: string): CheckResolution {
  const { screen } = index.observation;
  const rows = index.elements.filter((e) => e.node.role === 'list_item');
  if (rows.length === 0) return notSettled('no list rows on this screen');
  const last = rows.at(-1)!;
  if (!rows.every((r) => isVisible(r, screen)) || last.node.bounds.y + last.node.bounds.height >= screen.height * 0.85)
    return notSettled(`the list may go on beyond the screen (${rows.length} rows in view)`);
  const have = rows.map((r) => normalizeText(r.node.text ?? '')).sort();
  const want = names.map(normalizeText).sort();
  const listed = rows.map((r) => `"${r.node.text ?? ''}"`).join(', ');
  if (have.length !== want.length || have.some((h, i) => h !== want[i]))
    return verdict(false, `the rows on screen are ${listed}`);
  if (line) {
    const texts: string[] = [];
    const walk = (n: TreeElement['node']): void => {
      texts.push(n.text ?? '');
      for (const c of n.children) walk(c);
    };
    walk(rows[0]!.node);
    const said = normalizeText(texts.join(' '));
    if (!` ${said} `.includes(` ${normalizeText(line)} `))
      return verdict(false, `${describeElement(rows[0]!.node)} does not read "${line}"`);
  }
  return verdict(true, `the rows on screen are ${listed}`);
}

/** A message that nothing was found: "No films match …", "No results", "Nothing found" (or an id saying so). */
const NOTHING_FOUND = /^(?:no\b.*\b(?:match(?:es)?|results?|found)\b|nothing (?:found|matches))/i;

export function checkNoResultsShown(index: ScreenIndex, query?: string): CheckResolution {
  const { screen } = index.observation;
  const shown = index.elements.filter(
    (e) => e.node.role !== 'input' && isVisible(e, screen) && (e.node.text ?? '').trim() !== '',
  );
  const message = shown.find(
    (e) =>
      NOTHING_FOUND.test(normalizeText(e.node.text ?? '')) || /no[-_ ]?results|no[-_ ]?match/i.test(e.node.id ?? ''),
  );
  if (!message) return verdict(false, 'no message on screen says that nothing was found');
  if (query) {
    const q = normalizeText(query);
    const searched = index.elements.some((e) => e.node.role === 'input' && normalizeText(e.node.text ?? '') === q);
    if (!` ${normalizeText(message.node.text ?? '')} `.includes(` ${q} `) && !searched)
      return verdict(false, `${describeElement(message.node)} is on screen, but not for "${query}"`);
  }
  return verdict(true, `${describeElement(message.node)} says nothing was found`);
}
