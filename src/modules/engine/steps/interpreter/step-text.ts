import type { RoleHint, Target } from './intent';

/**
 * The small vocabulary the grammar shares: quotes, targets with role words, durations,
 * counts and key names.
 */

/** Straight quotes, single spaces, no trailing full stop outside quotes. */
export function cleanStepText(text: string): string {
  // Curly quotes inside straight ones are the text's own ("No results for “noodles”"): kept as written.
  let s = text
    .replace(/"[^"]*"|[\u201c\u201d\u201e]/g, (q) => (q.length > 1 ? q : '"'))
    .replace(/"[^"]*"|[\u2018\u2019]/g, (q) => (q.length > 1 ? q : "'"))
    .replace(/\s+/g, ' ')
    .trim();
  if (/[.!]$/.test(s) && !/["']$/.test(s)) s = s.slice(0, -1).trimEnd();
  return s;
}

/** The text inside one pair of surrounding quotes, or null when `s` is not wholly quoted. */
export function quotedContent(s: string): string | null {
  const m = /^"([^"]*)"$/.exec(s) ?? /^'([^']*)'$/.exec(s);
  return m ? m[1]! : null;
}

/** A value as written: without its surrounding quotes when it has them. */
export function unquote(s: string): string {
  return quotedContent(s.trim()) ?? s.trim();
}

const ROLE_WORDS: Array<[RegExp, RoleHint]> = [
  [/ (?:check ?box(?:es)?)$/i, 'switch'],
  [/ (?:text fields?|input fields?|text box|textbox|fields?|inputs?|text area|textarea)$/i, 'field'],
  // "the message box", "the search bar": a field by what it is for.
  [/(?<=\b(?:search|message|comment|chat|note|query|input|entry)) (?:bar|box|area)$/i, 'field'],
  [/ (?:buttons?|btn)$/i, 'button'],
  [/ (?:switch(?:es)?|toggles?|checkbox(?:es)?|check box)$/i, 'switch'],
  [/ tab$/i, 'tab'],
  [/ link$/i, 'link'],
  [/ (?:list item|item|row|cell|entry)$/i, 'item'],
  [/ (?:app icon|icon)$/i, 'icon'],
  [/ (?:label|text|message)$/i, 'text'],
  [/ (?:alert|dialog|popup|pop-up)$/i, 'alert'],
];

/** Role words that name an element on their own; "Message" or "Item" are more likely texts. */
const BARE_ROLES: Array<[RegExp, RoleHint]> = [
  [/^(?:alert|dialog|popup|pop-up)$/i, 'alert'],
  [/^(?:button)$/i, 'button'],
  [/^(?:text field|input field)$/i, 'field'],
  [/^(?:switch|toggle|checkbox)$/i, 'switch'],
];

function stripArticles(s: string): string {
  let out = s.trim();
  for (;;) {
    const next = out.replace(/^(?:on|the|a|an|at)\s+/i, '');
    if (next === out) return out;
    out = next;
  }
}

/**
 * An element reference as written in a step: `Sign in`, `"Sign in"`, `the Sign in button`,
 * `the "Username" field`. A trailing role word becomes a hint; the literal text is kept in case
 * an element is really called that ("Add item").
 */
export function parseTarget(raw: string): Target | null {
  // Actions reach only the open alert anyway; "in the alert" adds nothing to find.
  // "Pay now in the "Pay €461.60 now?" dialog": the dialog's title says where, not what.
  const s = stripArticles(
    raw
      .replace(/\s+(?:in|on|of) (?:the )?(?:"[^"]+"\s+)?(?:alert|dialog|popup|pop-up)(?:\s+"[^"]+")?$/i, '')
      // "Skip on the onboarding screen": the screen says where, not what.
      .replace(/^(.+?)\s+(?:in|on) the (?:[\w-]+ ){1,3}(?:screen|page)$/i, '$1'),
  );
  if (s === '') return null;
  // "the Submit button at the bottom of the form": where it is says nothing of which it is.
  const placed = s.replace(
    /\s+(?:at|on|in) the (?:very )?(?:top|bottom|end|right|left|upper|lower)(?:[- ](?:right|left|corner|part|side|edge))?(?: (?:corner|part|side|edge))?(?: of (?:the )?(?:screen|page|form|list|dialog|display|view|app))?$/i,
    '',
  );
  if (placed !== s && placed.trim() !== '') return parseTarget(placed);
  const quoted = /^(?:[\w-]+\s+)*?("[^"]+"|'[^']+')((?:\s+[\w-]+)*)$/.exec(s);
  if (quoted) {
    const text = quotedContent(quoted[1]!)!;
    const rest = quoted[2]!.trim();
    const role = rest ? ROLE_WORDS.find(([re]) => re.test(` ${rest}`))?.[1] : undefined;
    return role ? { text, role } : { text };
  }
  if (/["]/.test(s)) return null;
  // "Only A remains (…); B is gone": two claims, never one element's name.
  if (/;\s/.test(s)) return null;
  // "the alert", "the button": any one element of that kind.
  const bare = BARE_ROLES.find(([re]) => re.test(s));
  if (bare) return { text: '', role: bare[1], literal: s };
  for (const [re, role] of ROLE_WORDS) {
    const m = re.exec(s);
    if (m && m.index > 0) {
      const text = stripArticles(s.slice(0, m.index));
      if (text !== '') return { text, role, literal: s };
    }
  }
  return { text: s };
}

const NUMBER_WORDS: Record<string, number> = {
  zero: 0,
  no: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
};

/** A whole number written as digits or as an English word up to twenty. */
export function parseCount(word: string): number | null {
  const w = word.trim().toLowerCase();
  if (/^\d+$/.test(w)) return Number(w);
  return NUMBER_WORDS[w] ?? null;
}

export const COUNT_PATTERN =
  '(\\d+|zero|no|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)';

/** `2 s`, `1.5 seconds`, `500ms`, `a second`, `half a second`, `2 minutes` → milliseconds. */
export function parseDuration(text: string): number | null {
  const s = text.trim().toLowerCase();
  if (/^half (?:a|one) (?:s|sec|second)$/.test(s)) return 500;
  const m =
    /^(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten)\s*(ms|milliseconds?|millis|s|secs?|seconds?|m|mins?|minutes?)$/.exec(
      s,
    );
  if (!m) return null;
  const n = /^\d/.test(m[1]!) ? Number(m[1]) : parseCount(m[1]!)!;
  const unit = m[2]!;
  const factor = unit.startsWith('ms') || unit.startsWith('milli') ? 1 : unit.startsWith('m') ? 60_000 : 1000;
  return Math.round(n * factor);
}

export const DURATION_PATTERN =
  '((?:half (?:a|one)|\\d+(?:\\.\\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten)\\s*(?:ms|milliseconds?|millis|s|secs?|seconds?|m|mins?|minutes?))';

/** Key names are one list shared with the control API, the recorder and the model's tools. */
export { keyCodeFor } from '../../../../worker/key-names';

/** Splits on commas outside straight quotes; null when the quotes do not pair up. */
export function splitOutsideQuotes(s: string): string[] | null {
  const parts: string[] = [];
  let quoted = false;
  let cur = '';
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      parts.push(cur.trim());
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (quoted) return null;
  parts.push(cur.trim());
  return parts;
}

/** A text matched literally inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where a list of names splits: at commas and at "and", except an "and" that goes on with "the", "a" or "an", which is
 * inside a name ("Pip and the Giant Kite", "Beauty and the Beast").
 */
export const LIST_SEPARATOR = /,\s*(?:and\s+)?|\s+and\s+(?!(?:the|a|an)\s)/i;

/**
 * A `String.replace` replacer that replaces a match outside quotes only ('"£100.00 moved from Savings to …" is
 * displayed' is a message's words), with `to` and its `$1`… filled from the match's groups.
 */
export const outsideQuotes =
  (to: string) =>
  (match: string, ...args: unknown[]): string => {
    const at = args.findLast((a) => typeof a === 'number') as number;
    const all = args.findLast((a) => typeof a === 'string') as string;
    if ((all.slice(0, at).match(/"/g)?.length ?? 0) % 2 === 1) return match;
    return to.replace(/\$(\d)/g, (_, n: string) => String(args[Number(n) - 1] ?? ''));
  };
