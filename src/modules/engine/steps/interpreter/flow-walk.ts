import { CHECK_VERB, startsWithVerb } from './lexicon';
import { anyOfKind, consentFirst, formStart, reached, UP_TO } from './flow-form';
import { notSettled, type Resolution } from './resolution';
import { scrollable } from './screen-shape';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isInteractive } from './ui-tree';

/**
 * A whole flow in one phrase, walked screen by screen as a person would: "Book Northern Lights today 17:40,
 * seat A5, 1 adult, No thanks, pay with Visa". The phrase is a list of parts in the order written. On each
 * screen the earliest part still to do that is here is done: a name is the one enabled control so named (or the
 * one whose name holds it as whole words: "17:40" is "17:40 · Screen 1"); a count sets a stepper ("2 adults"),
 * "X on" a switch, `reason "Rash"` a field; a part with a verb ("pay with Visa") is read as a step of its own.
 * When no part is here, the screen is scrolled down a little at a time, then its one Continue, Next or Proceed
 * button leads on. The rest of the phrase is read on the screen that leads to. A flow said with "Book" ends with
 * the booking made: once its parts are done, the one Pay or Confirm button is tapped.
 *
 * Nothing is guessed beyond that: the step passes only when every part was done; a part that names several
 * controls is not chosen among; a screen with neither a part nor one way on stops the walk with what is left.
 * Parts that say to leave something out ("no snacks") are done by doing nothing, unless a control is named just
 * so ("No thanks").
 */

/**
 * How the rest of a walked flow is read on the next screen, with the Continue taps and swipes made since a
 * part was last done.
 */
export const FLOW_REST = /^rest of the (flow|booking)(?: \((?:Continue ×(\d+))?(?:, )?(?:scrolled ×(\d+))?\))?:\s*/i;
const FLOW_VERB = /^(?:book|go through|complete|get through|do)\s+(?![>→])/i;
const FORWARD = /^(?:continue|next|proceed)\b/i;
/** Buttons that complete what a flow books or sends, when a screen has no Continue: "Pay £14.00", "Confirm booking". */
const FINISH = /^(?:pay|book|confirm|place order|submit|check ?out)\b/i;
/** Continue taps in a row with no part done between them, and swipes down one screen looking for a part or a way on. */
const MAX_FORWARD = 5;
const MAX_SCROLLS = 6;
const MAX_PARTS = 16;
/** Words of one part looked through for a control's name. */
const MAX_WORDS = 24;
const COUNT = /^(\d{1,2}|one|two|three|four|five|six)\s+(\p{L}{3,}(?:\s+\p{L}{3,})?)$/iu;
const ENTRY = /^(\p{Ll}[\p{L} ]{0,30}?)\s+["“'‘](.+)["”'’]$/u;
const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const CONNECTORS = new Set([
  'for',
  'at',
  'on',
  'with',
  'in',
  'and',
  'the',
  'a',
  'an',
  'to',
  'of',
  'then',
  'by',
  'from',
]);
/** A part that says to leave something out: done by doing nothing. */
const LEAVE = /^(?:no|without|skip|leave|none)\b/i;

/** The parts of a phrase: commas, semicolons, arrows and "then" divide it; quotes are kept whole. */
export function flowParts(said: string): string[] {
  // "no extras (accept fare rules, Confirm and pay, Pay now)": a list in brackets is parts of the flow too.
  const text = said.replace(/\(([^()"]*,[^()"]*)\)/g, ', $1,');
  const parts: string[] = [];
  let cur = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      cur += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === '“') {
      quote = ch === '“' ? '”' : '"';
      cur += ch;
      continue;
    }
    if (ch === ',' || ch === ';' || ch === '>' || ch === '→') {
      parts.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  parts.push(cur);
  return parts
    .flatMap((p) => p.split(/\s+then\s+/i))
    .map((p) =>
      p
        .trim()
        .replace(/^(?:and|then)\s+/i, '')
        .replace(/\.$/, '')
        .trim(),
    )
    .filter((p) => p !== '' && !CONNECTORS.has(p.toLowerCase()));
}

/** A flow being walked: the parts left, and what was done since a part was last done here. */
interface Flow {
  parts: string[];
  forward: number;
  scrolled: number;
  /** "Book …": the flow ends with the booking made, by the one button that completes it (Pay, Confirm booking). */
  booking: boolean;
}

/** The flow a step says, or null when it is no flow. */
function flowOf(s: string): Flow | null {
  const rest = FLOW_REST.exec(s);
  if (rest)
    return {
      parts: flowParts(s.slice(rest[0].length)),
      forward: Number(rest[2] ?? 0),
      scrolled: Number(rest[3] ?? 0),
      booking: rest[1]!.toLowerCase() === 'booking',
    };
  const verb = FLOW_VERB.exec(s);
  if (!verb) return null;
  return { parts: flowParts(s.slice(verb[0].length)), forward: 0, scrolled: 0, booking: /^book\b/i.test(verb[0]) };
}

/** The names of the enabled controls a step can reach on this screen (not fields: their text is their value). */
function controlNames(index: ScreenIndex): string[] {
  return index.candidates
    .filter((e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.enabled)
    .map((e) => e.node.text?.trim() || index.labels.get(e.node)?.text?.trim() || null)
    .filter((n): n is string => n !== null && !n.includes('"'));
}

type Reach = 'exact' | 'whole' | 'span';

/**
 * The one control a name means here (two of one name are not chosen between): the one so named, else (not `exact`)
 * the one whose name holds it as whole words; a whole part of one word may also start a control's name.
 */
function controlNamed(named: string[], said: string, reach: Reach): string | null {
  const want = normalizeText(said);
  if (want === '' || CONNECTORS.has(want)) return null;
  const exact = named.filter((n) => normalizeText(n) === want);
  if (exact.length > 0 || reach === 'exact') return exact.length === 1 ? exact[0]! : null;
  // "pay": a part of one word is the one control whose name starts with it ("Pay £14.00").
  if (reach === 'whole' && !said.includes(' ')) {
    const leading = named.filter((n) => normalizeText(n).startsWith(`${want} `));
    if (leading.length === 1) return leading[0]!;
  }
  // Held inside a longer name only when the words name something themselves ("A5" in "Seat A5", "17:40" in
  // "17:40 · Screen 1"): "one adult" is never "One adult fewer".
  if (!NAMING.test(said)) return null;
  const holding = named.filter((n) => ` ${normalizeText(n)} `.includes(` ${want} `));
  return holding.length === 1 ? holding[0]! : null;
}

/** A day said in a part: "today", "Tue 28 Apr", "Sat 28", "Friday". */
const DAY =
  /^(?:today|tomorrow|tonight|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*(?:\s+\d{1,2}(?:\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*)?)?)(?=\s|$)/i;

/** Words that name a control on their own inside a longer part: a proper name, a time or code, a day. */
const NAMING = /\p{Lu}|\d|^(?:today|tomorrow|tonight)$/u;

/**
 * Words of a part before a control: none names anything, they name a control here too ("19:10" of "19:10 today"),
 * or they are a code said of what follows "at" or "for" ("C4 at Northern Lights", never "Tom Ellis at 17:40").
 */
const clear = (named: string[], before: string[]) =>
  !before.some((w) => NAMING.test(w)) ||
  (before.length <= 3 && /^(?:at|for)$/i.test(before.at(-1) ?? '') && before.slice(0, -1).every((w) => /\d/.test(w))) ||
  controlNamed(named, leftOf(before), 'span') !== null;

/**
 * The longest run of a part's words (the leftmost of equal length) that names one control here. A run shorter
 * than the part holds a capital, a digit or a day ("today"): "1 adult" is never the "Adult" button.
 */
function spanHere(named: string[], part: string): { name: string; before: string; after: string } | null {
  const words = part.split(/\s+/);
  if (words.length > MAX_WORDS) return null;
  if (LEAVE.test(part)) {
    const name = controlNamed(named, part, 'exact');
    return name ? { name, before: '', after: '' } : null;
  }
  // The day before the time ("19:10 today"): a day chip picks what the times below it are, a time leads on.
  for (let i = 0; i < words.length && words.length > 1; i++) {
    const day = DAY.exec(words.slice(i).join(' '))?.[0];
    if (!day) continue;
    const n = day.split(/\s+/).length;
    const name = clear(named, words.slice(0, i)) ? controlNamed(named, day, 'span') : null;
    if (name) return { name, before: leftOf(words.slice(0, i)), after: leftOf(words.slice(i + n)) };
  }
  for (let len = Math.min(words.length, 8); len >= 1; len--)
    for (let i = 0; i + len <= words.length; i++) {
      const said = words.slice(i, i + len).join(' ');
      if ((len < words.length && !NAMING.test(said)) || !clear(named, words.slice(0, i))) continue;
      const name = controlNamed(named, said, len === words.length ? 'whole' : 'span');
      if (name) return { name, before: leftOf(words.slice(0, i)), after: leftOf(words.slice(i + len)) };
    }
  return null;
}

/** A piece left of a part without the kind word of the control done ("seats" of "seats C4 C5" once "Seat C4" is). */
function withoutKind(piece: string, name: string): string {
  const kinds = new Set(normalizeText(name).split(' '));
  return leftOf(piece.split(/\s+/).filter((w) => !kinds.has(normalizeText(w).replace(/s$/, ''))));
}

/** What is left of a part once a control in it is done, without the small words at its ends ("pay with" → "pay"). */
function leftOf(words: string[]): string {
  let a = 0;
  let b = words.length;
  while (a < b && CONNECTORS.has(words[a]!.toLowerCase())) a++;
  while (b > a && CONNECTORS.has(words[b - 1]!.toLowerCase())) b--;
  return words.slice(a, b).join(' ');
}

/** The rest of a flow to read on the next screen; none when nothing is left to do. */
function restText({ parts, forward, scrolled, booking }: Flow): string | undefined {
  if (parts.length === 0 && !booking) return undefined;
  const made = [forward ? `Continue ×${forward}` : '', scrolled ? `scrolled ×${scrolled}` : ''].filter(Boolean);
  return `rest of the ${booking ? 'booking' : 'flow'}${made.length ? ` (${made.join(', ')})` : ''}: ${parts.join(', ')}`;
}

/** Buttons that make a booking: paying or confirming it. */
const COMPLETE = /^(?:pay|confirm|place order|submit)\b/i;

/** Whether a resolution taps the button that completes a booking ("Pay £14.00", "Confirm booking"). */
const completes = (r: Resolution) =>
  r.settled &&
  r.kind === 'actions' &&
  r.actions.some((a) => a.op === 'input' && a.event.kind === 'tap' && COMPLETE.test(a.selector?.text?.trim() ?? ''));

function withRest(r: Resolution, rest: string | undefined): Resolution {
  if (!rest || !r.settled) return r;
  // After a clause's own rest ("tap X" once X is scrolled to), as a clause of its own: never "tap rest of …".
  return { ...r, then: r.then ? `${r.then}; ${rest}` : rest };
}

/** A part read as a step of its own acts here: it is understood, is no check, and finds what it names. */
const acts = (r: Resolution) =>
  r.settled && r.kind !== 'check' && !(r.kind === 'scroll_until' && (r.notFound || r.checkFailed));

/**
 * A flow said in one phrase, on this screen: the first thing it does here and the rest for the next screen,
 * or why it cannot go on; null when the step is no flow, or when nothing of a flow just begun is here (the
 * step is then read as it was before).
 */
export function flowWalk(
  s: string,
  index: ScreenIndex,
  interpret: (text: string, index: ScreenIndex) => Resolution,
): Resolution | null {
  const begun = FLOW_REST.test(s.trim());
  const flow = flowOf(s.trim());
  if (!flow || (flow.parts.length === 0 && !flow.booking) || flow.parts.length > MAX_PARTS)
    return begun ? null : formStart(s, index, interpret);
  const { parts } = flow;
  const controls = controlNames(index);
  /** The rest once `r` is done here: these parts, the counts started again unless said, the booking made by `r`. */
  const next = (r: Resolution, rest: string[], made: Partial<Flow> = {}) =>
    withRest(
      r,
      restText({ ...flow, parts: rest, forward: 0, scrolled: 0, ...made, booking: flow.booking && !completes(r) }),
    );
  // A flow begins with its first part: a step read on a screen where that is not is not walked from its middle.
  for (let i = 0; i < (begun ? parts.length : 1); i++) {
    const part = parts[i]!;
    const others = parts.filter((_, k) => k !== i);
    // "up to Review booking": the flow stops on that screen, once every other part is done.
    if (UP_TO.test(part)) {
      if (!reached(part, index)) continue;
      const left = others.filter((p) => !LEAVE.test(p));
      if (left.length > 0)
        return notSettled(
          `a whole flow in one phrase: ${part} is reached with ${left.map((p) => `"${p}"`).join(', ')} never found on the way`,
        );
      return { settled: true, kind: 'actions', actions: [], reasoning: `the flow is done: ${part}` };
    }
    // `reason "Low mood"`: a field's label in lower case, then the value to type into it.
    const entry = ENTRY.exec(part);
    if (entry) {
      const r = interpret(`enter "${entry[2]}" in ${entry[1]}`, index);
      if (acts(r)) return next(r, others);
    }
    // `in "person"` where no field is so labelled: the words as a name ("In person").
    const named = entry ? `${entry[1]} ${entry[2]}` : part;
    if (!entry && (startsWithVerb(part) || /["“]/.test(part))) {
      // "verify Total €67.10 before paying": done on the first screen it holds on, never failed on one before.
      const r = interpret(part.replace(/\s+(?:before|first)\b.*$/i, ''), index);
      if (acts(r) || (CHECK_VERB.test(part) && r.settled && r.kind === 'check' && r.passed)) return next(r, others);
      continue;
    }
    // "passenger 2 Sam Morgan": a name into that passenger's fields.
    const owner = /^(\p{Ll}+ \d+)(?:['’]s)?\s+(\p{Lu}[\p{L}'’-]*(?: \p{Lu}[\p{L}'’-]*)+)$/u.exec(part);
    if (owner) {
      const r = interpret(`enter ${owner[2]} for ${owner[1]}`, index);
      if (acts(r)) return next(r, others);
    }
    // "Video on", "leave Video off": the switch set so.
    const state = /^(?:leave\s+)?(.+?)\s+(on|off)$/i.exec(part);
    if (state) {
      const r = interpret(`turn ${state[2]!.toLowerCase()} ${state[1]}`, index);
      if (acts(r)) return next(r, others);
      continue;
    }
    // "2 adults", "one adult": the count of that line set by its stepper.
    const count = COUNT.exec(part);
    if (count) {
      const n = NUMBER_WORDS[count[1]!.toLowerCase()] ?? Number(count[1]);
      const r = interpret(`set ${count[2]!.replace(/s$/i, '')} to ${n}`, index);
      if (acts(r)) return next(r, others);
      // "one seat" on a seat map: the first free seat, the rest of the count (or its ticket line) read next.
      const any = anyOfKind(n, count[2]!, index);
      const tap = any ? interpret(`tap "${any.name}"`, index) : null;
      if (tap && acts(tap))
        return next(tap, [...parts.slice(0, i), ...(any!.left ? [any!.left] : []), ...parts.slice(i + 1)]);
    }
    const span = spanHere(controls, named);
    if (!span) continue;
    // What is left once the name is done, without the kind of thing it was ("flight" of "18:45 flight").
    const left = [span.before, span.after]
      .map((p) => withoutKind(p, span.name))
      .filter((p) => p !== '' && !/^\p{Ll}+$/u.test(p));
    const r = interpret(`tap "${span.name}"`, index);
    if (r.settled && acts(r))
      return next({ ...r, reasoning: `${r.reasoning} (of "${part}")` }, [
        ...parts.slice(0, i),
        ...left,
        ...parts.slice(i + 1),
      ]);
  }
  const needed = parts.filter((p) => !LEAVE.test(p));
  if (needed.length === 0 && !flow.booking)
    return {
      settled: true,
      kind: 'actions',
      actions: [],
      reasoning: parts.length ? `left out: ${parts.map((p) => `"${p}"`).join(', ')}` : 'the flow is done',
    };
  const waysOn = (way: RegExp) => [...new Set(controls.filter((n) => way.test(n)))];
  const forward = waysOn(FORWARD);
  const stuck =
    needed.length > 0
      ? `a whole flow in one phrase: nothing of ${needed.map((p) => `"${p}"`).join(', ')} is on this screen, and no one Continue or Next button leads on; write the rest as steps of their own, or run the case with a model`
      : 'a booking in one phrase: every part is done, but no one Pay, Confirm or Book button completes it here; write the last step as a step of its own, or run the case with a model';
  // No way on in view: the screen is scrolled down a swipe at a time (a part may show further down), a few at most.
  const finish = waysOn(FINISH);
  const completing = needed.length === 0 && forward.length === 0 && finish.length === 1;
  const consent = flow.booking && needed.length === 0 && forward.length === 0 && finish.length === 0;
  const accepted = consent ? consentFirst(index, FINISH, interpret) : null;
  if (accepted) return next(accepted, parts, { forward: flow.forward });
  if (begun && forward.length === 0 && !completing && flow.scrolled < MAX_SCROLLS && scrollable(index)) {
    const r = interpret('scroll down', index);
    if (acts(r)) return next(r, parts, { forward: flow.forward, scrolled: flow.scrolled + 1 });
  }
  // The screen's one way on; with none, once scrolled through, the one button that completes it ("Pay £14.00"), never
  // before a value still to enter (a field's entry, a count, a switch: what a form asks before it is sent).
  const entering = needed.some((p) => ENTRY.test(p) || COUNT.test(p) || /\s(?:on|off)$/i.test(p));
  // A flow that stops "up to" a screen is never paid or confirmed on the way there.
  const stops = needed.some((p) => UP_TO.test(p));
  const way = forward.length > 0 ? forward : entering || stops ? [] : finish;
  if (way.length === 1 && flow.forward < MAX_FORWARD && begun) {
    const r = interpret(`tap "${way[0]}"`, index);
    if (acts(r)) return next(r, parts, { forward: flow.forward + 1 });
  }
  if (!begun) return formStart(s, index, interpret);
  return notSettled(stuck);
}
