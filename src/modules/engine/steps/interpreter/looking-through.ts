import { evaluateCheck } from './evaluate-check';
import { signOf } from './row-stepper';
import { startsWithVerb } from './lexicon';
import { resolveAction } from './resolve-action';
import { notSettled, type Resolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isInteractive, type TreeElement } from './ui-tree';

/**
 * Steps that look through, or repeat over, several things on the screen:
 * - "Tap Search, My tickets, Account and Films in turn": each name tapped, one after another;
 * - "Check Today, then Sat 28, then Sun 29": sibling buttons named in a row, each opened (tapped) to look at;
 * - "Go through the day chips", "look at all three days", "check each day": each day button tapped in turn
 *   (a number said must be the number of day buttons);
 * - "Open Velocity Run and look at all three days", "Open Account and look at Settings": the open, then the look;
 * - "Open Kitchen, check it, go back": the look at what was just opened claims nothing and is dropped;
 * - "look at Settings": a heading or text of that very name must be on screen (a check, scrolled to when away);
 * - "Check the error": an error must be on screen;
 * - "Untap A8": a selected element tapped to free it (one not selected fails);
 * - "Tap E2 as the seventh": the tap, the count said only as a remark.
 * Each names what it acts on; a name not found is never passed over.
 */

type Read = (text: string, index: ScreenIndex) => Resolution;

const withThen = (r: Resolution, then: string | undefined): Resolution => {
  if (!then || !r.settled) return r;
  return { ...r, then: r.then ? `${r.then}, then ${then}` : then };
};

const quoted = (name: string) => (name.includes('"') ? name : `"${name}"`);

/** Taps on each name in turn: the first here, the rest read on the screens that follow. */
function tapEach(names: string[], index: ScreenIndex, read: Read): Resolution {
  const [first, ...rest] = names.map((n) => `tap ${quoted(n)}`);
  return withThen(read(first!, index), rest.length ? rest.join('; ') : undefined);
}

const NAME_LIST = /,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+|\s+and\s+/i;

/** "Tap Search, My tickets, Account and Films in turn". */
function inTurn(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m =
    /^(?:tap|open|select|visit|press|click)\s+(?:on\s+)?(.+?),?\s+(?:in turn|each in turn|one after another|one after the other|one by one)$/i.exec(
      s,
    );
  if (!m) return null;
  const names = m[1]!.split(NAME_LIST).map((n) => n.trim());
  if (names.length < 2 || names.some((n) => n === '' || n.split(/\s+/).length > 5)) return null;
  return tapEach(names, index, read);
}

const DAY =
  /^(?:today|tomorrow|tonight|yesterday|(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|sday|urday|rsday)?\.?(?:\s+\d{1,2}(?:\s+\p{L}{3,9})?)?|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)\p{L}*)$/iu;

const isButton = (e: TreeElement) =>
  isInteractive(e.node) && e.node.enabled && ['button', 'tab', 'link'].includes(e.node.role) && !!e.node.text?.trim();

/** The buttons here that share one parent with the most of their kind: a row of chips. */
function chipRow(index: ScreenIndex, fits: (e: TreeElement) => boolean): TreeElement[] {
  const groups = new Map<TreeElement | null, TreeElement[]>();
  for (const e of index.elements)
    if (isButton(e) && fits(e)) groups.set(e.parent, [...(groups.get(e.parent) ?? []), e]);
  const sorted = [...groups.values()].sort((a, b) => b.length - a.length);
  // Two rows as long as each other: which one is meant is a guess.
  if (sorted.length > 1 && sorted[0]!.length === sorted[1]!.length) return [];
  return sorted[0] ?? [];
}

const NUMBER: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

const TOUR =
  /^(?:go through|look (?:at|through|over)|check|view|see|review|tap through|open|try|browse)\s+(?:each of\s+|all of\s+|every one of\s+)?(the\s+|each\s+|every\s+|all(?: the)?\s+)?(?:(\d|two|three|four|five|six|seven)\s+)?(days?|dates?)(?:\s+(chips?|tabs?|buttons?|options?))?$/i;

/** "Go through the day chips", "look at all three days", "check each day": each day button in turn. */
function dayTour(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m = TOUR.exec(s);
  if (!m) return null;
  const [, det, count, noun, kind] = m;
  const many = /^(?:each|every|all)/i.test(det ?? '') || /s$/i.test(kind ?? noun!) || count !== undefined;
  if (!many) return null;
  const days = chipRow(index, (e) => DAY.test(e.node.text!.trim()));
  if (days.length < 2) return notSettled(`no row of day buttons on this screen to go through (${days.length} found)`);
  const want = count ? (NUMBER[count.toLowerCase()] ?? Number(count)) : null;
  if (want !== null && want !== days.length)
    return notSettled(`"${s}" says ${want} days, but the screen shows ${days.length} day buttons`);
  return tapEach(
    days.map((e) => e.node.text!.trim()),
    index,
    read,
  );
}

/** "Check Today, then Sat 28, then Sun 29": two or more names in order, each a button of one row here. */
function checkEach(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m = /^(?:check|look at|view|try)\s+(.+)$/i.exec(s);
  // "then" says the names are opened in order; "Check Save and Cancel" may only claim they show.
  if (!m || /"/.test(m[1]!) || !/\bthen\s/i.test(m[1]!)) return null;
  const names = m[1]!.split(NAME_LIST).map((n) => n.trim());
  if (names.length < 2 || names.some((n) => n === '' || n.split(/\s+/).length > 4)) return null;
  const buttons = index.elements.filter(isButton);
  const hits = names.map((n) => buttons.filter((e) => normalizeText(e.node.text!) === normalizeText(n)));
  if (hits.some((h) => h.length !== 1)) return null;
  const parent = hits[0]![0]!.parent;
  if (!hits.every((h) => h[0]!.parent === parent)) return null;
  return tapEach(names, index, read);
}

/** "Open Velocity Run and look at all three days", "Open Account and look at Settings": the open first. */
function openThenLook(s: string): { first: string; then: string } | null {
  const m =
    /^((?:open|tap|go to|select)\s+.+?)(?:,\s*|\s+)(?:and\s+)?(?:then\s+)?((?:look at|look through|go through|check|review)\s+(?:each|every|all|the)\b.+|look at\s+\p{Lu}[\p{L}\p{N} ]{0,30})$/iu.exec(
      s,
    );
  if (!m || /[,;]/.test(m[1]!)) return null;
  const tail = m[2]!;
  if (!TOUR.test(tail) && !/^look at\s+\p{Lu}/u.test(tail)) return null;
  return { first: m[1]!, then: tail };
}

/** "look at Settings": a heading or text of that very name here (not a button to open). */
function lookAtName(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m = /^look at\s+(?:the\s+)?(\p{Lu}[\p{L}\p{N} ]{0,30}?)(?:\s+(?:section|heading|part))?$/u.exec(s);
  if (!m) return null;
  const name = m[1]!;
  const same = index.elements.filter((e) => e.node.text && normalizeText(e.node.text) === normalizeText(name));
  if (same.length === 0 || same.some((e) => isInteractive(e.node))) return null;
  return read(`verify ${quoted(name)} is shown`, index);
}

/** "Open Kitchen, check it, go back": the look at what was just opened is dropped. */
function lookAtIt(s: string): string | null {
  const m =
    /^((?:open|go to|tap|view|select)\s+[^,;]+?),\s+(?:check|look at|review|inspect|view) (?:it|that|this|them)(?:(,\s*|\s+(?:and|then)\s+)(.+))?$/i.exec(
      s,
    );
  if (!m) return null;
  return m[3] ? `${m[1]}, then ${m[3]}` : m[1]!;
}

/**
 * "Check the error, then clear the password", "Check the error is showing": an error must show. What follows is a
 * clause of its own only after a comma, "and" or "then" ("Check the error message appears" is one claim).
 */
function checkError(s: string, index: ScreenIndex): Resolution | null {
  const m =
    /^(?:check|look at|read|see|note)\s+(?:(?:that\s+)?(?:the|an)\s+)?(?:error|error message|validation error)(?:\s+(?:is\s+(?:showing|shown|displayed|visible|on screen)|shows(?: up)?|appears))?(?:(?:,\s*|\s+and\s+|\s+then\s+)(?:and\s+)?(?:then\s+)?(.+))?$/i.exec(
      s,
    );
  if (!m) return null;
  return withThen(evaluateCheck({ kind: 'error_shown' }, index), m[1]);
}

const SELECTED = /\b(?:selected|chosen|checked|ticked)\b|[✓✔]/i;

/** "Untap A8", "Deselect A8, then tap B1": a selected element tapped again; one not selected fails. */
function untap(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m =
    /^(?:untap|unselect|un-select|deselect|de-select)\s+(?:the\s+)?(.+?)(?:,?\s+(?:and\s+)?then\s+(.+)|,\s+(.+))?$/i.exec(
      s,
    );
  if (!m) return null;
  const hit = findTarget(index, { text: m[1]! }, { preferInteractive: true, wholeScreen: true });
  if (!hit.found) return null;
  const node = hit.element.node;
  if (node.checked !== true && !SELECTED.test(node.text ?? ''))
    return { settled: true, kind: 'check', passed: false, reasoning: `${describeElement(node)} is not selected` };
  return withThen(read(`tap ${quoted(node.text ?? m[1]!)}`, index), m[2] ?? m[3]);
}

const ORDINAL_WORD =
  /\s+as\s+(?:the|my|a|our)\s+(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|next|\d+(?:st|nd|rd|th))(?:\s+(?:one|seat|item|choice|pick|selection))?$/i;

/** "Tap E2 as the seventh": the count is a remark on the tap. */
function asTheNth(s: string): string | null {
  if (!/^(?:tap|select|choose|pick)\s/i.test(s) || !ORDINAL_WORD.test(s)) return null;
  return s.replace(ORDINAL_WORD, '');
}

/** "Clear the field, type WRAP": the one text field on the screen. */
function theField(s: string, index: ScreenIndex): Resolution | null {
  const m =
    /^(clear|empty|erase)\s+(?:(it)(?:\s+again)?|(?:the\s+)?(?:text\s+)?(?:field|box|input|text field))(?:,?\s+(?:and\s+)?(?:then\s+)?(.+))?$/i.exec(
      s,
    );
  if (!m) return null;
  const inputs = index.candidates.filter((e) => e.node.role === 'input');
  if (inputs.length !== 1 && m[2]) return null;
  if (inputs.length !== 1) return notSettled(`"the field" names no one field here (${inputs.length} text fields)`);
  const node = inputs[0]!.node;
  const name = node.id ?? index.labels.get(node)?.text?.trim();
  if (!name) return null;
  return withThen(resolveAction({ kind: 'clear', target: { text: name, role: 'field' } }, index), m[3]);
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "Tap the 4th star": the nth of a row of buttons named with that word ("1 star" … "5 stars"). */
function nthButton(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m =
    /^(?:tap|select|choose|pick|press|give)\s+(?:on\s+)?(?:the\s+)?(?:(\d{1,2})(?:st|nd|rd|th)|(\p{L}+))\s+(\p{Ll}+)(?:,?\s+(?:and\s+)?(?:then\s+)?(.+))?$/iu.exec(
      s,
    );
  if (!m) return null;
  const n = m[1] ? Number(m[1]) : ORDINALS.indexOf((m[2] ?? '').toLowerCase()) + 1;
  if (n < 1) return null;
  const noun = m[3]!.toLowerCase().replace(/s$/, '');
  const holds = (e: TreeElement) =>
    normalizeText(e.node.text ?? '')
      .split(' ')
      .some((w) => w === noun || w === `${noun}s`);
  // A screen with a list: the ordinal is its rows' ("the third task", "the second order"), whatever their words.
  if (index.candidates.some((e) => e.node.role === 'list_item')) return null;
  const row = chipRow(index, holds);
  if (row.length < 2) return null;
  if (n > row.length) return notSettled(`there are ${row.length} ${noun} buttons here; there is no ${n}th`);
  const then = m[4] && !startsWithVerb(m[4]) ? `tap ${m[4]}` : m[4];
  return withThen(read(`tap ${quoted(row[n - 1]!.node.text!.trim())}`, index), then);
}

const EMPTIED =
  /^(?:tap|press|hit)\s+(?:the\s+)?(?:−|-|–|minus)(?:\s+button)?\s+on\s+(both|all(?: the)?|each|every)\s+(?:lines?|rows?|items?)\s+until\s+(?:(?:the\s+)?(?:basket|cart|bag|order|list) is empty|(?:they are|all are|all of them are) (?:gone|removed)|none is left)(?: \((\d+) taps? done\))?$/iu;

/**
 * "Tap − on both lines until the basket is empty": the first line's − tapped, again and again (each read on the
 * screen the tap left), until no − is left. "both" must find two lines; a − that is disabled stops the step.
 */
function emptyLines(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const m = EMPTIED.exec(s);
  if (!m) return null;
  const done = m[2] ? Number(m[2]) : 0;
  const downs = index.allCandidates.filter((e) => signOf(e) === 'down');
  if (downs.length === 0)
    return done > 0
      ? { settled: true, kind: 'actions', actions: [], reasoning: `no line is left after ${done} tap(s) on −` }
      : notSettled('no line with a − button on this screen');
  if (done === 0 && /^both$/i.test(m[1]!) && downs.length !== 2)
    return notSettled(`"both lines" but the screen shows ${downs.length} lines with a − button`);
  const next = downs[0]!;
  if (!next.node.enabled) return notSettled(`${describeElement(next.node)} is disabled: the lines cannot be emptied`);
  const name = next.node.id ?? next.node.text ?? '';
  if (name.trim() === '' || name.includes('"')) return null;
  return withThen(read(`tap "${name}"`, index), `tap − on every line until none is left (${done + 1} taps done)`);
}

export function lookingThrough(s: string, index: ScreenIndex, read: Read): Resolution | null {
  const dropped = lookAtIt(s) ?? asTheNth(s);
  if (dropped) return read(dropped, index);
  const opened = openThenLook(s);
  if (opened) return withThen(read(opened.first, index), opened.then);
  return (
    inTurn(s, index, read) ??
    dayTour(s, index, read) ??
    checkError(s, index) ??
    untap(s, index, read) ??
    emptyLines(s, index, read) ??
    theField(s, index) ??
    nthButton(s, index, read) ??
    lookAtName(s, index, read) ??
    checkEach(s, index, read)
  );
}
