import type { Resolution } from './resolution';
import { screenTitle } from './screen-title';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';

/**
 * A flow said in one phrase that starts on a search form: "Book London → Paris, 14 Aug 2025, 1 passenger, 18:45
 * flight, Light fare", "Reach Review booking for London → Paris, 14 Aug 2025, …", "Go through a booking for …, up
 * to Review booking". Its leading values (a route, a date, counts) are the form's, read as the search the
 * interpreter already knows ("Search London → Paris, 14 Aug 2025, 1 passenger": the form's fields in order, its
 * counters, its search button); the parts after them are walked on from the results. "Up to X" (or "Reach X")
 * says where the flow stops: on the screen titled X, with nothing paid or confirmed there.
 */

/** "London → Paris" (an arrow written "->" or, once read as a path, ">"). */
const ROUTE = /^\p{Lu}[\p{L}.'’ -]{0,30}?\s*(?:→|->|>)\s*\p{Lu}[\p{L}.'’ -]{0,30}$/u;
const DATE =
  /^(?:\d{1,2}\s+\p{L}{3,9}(?:\s+\d{4})?|\p{L}{3,9}\s+\d{1,2}(?:,?\s+\d{4})?|\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{2,4})$/u;
const COUNT = /^(?:\d{1,2}|one|two|three|four|five|six)\s+\p{L}{3,}$/iu;

/** "up to Review booking", "until the Review booking screen": where a flow stops. */
export const UP_TO = /^(?:up to|until|as far as|stop(?:ping)? (?:at|on))\s+(?:the\s+)?(.+?)(?:\s+(?:screen|page))?$/i;

/** The flow's body once its opening words are read, where it stops, and whether it ends with the booking made. */
function opening(s: string): { body: string; upTo: string | null; booking: boolean } | null {
  const reach =
    /^(?:[Rr]each|[Gg]et to)\s+(?:the\s+)?(\p{Lu}[\p{L} ]{1,30}?)(?:\s+(?:screen|page))?\s*(?::|\s+for|\s+with)\s+(.+)$/u.exec(
      s,
    );
  if (reach) return { body: reach[2]!, upTo: reach[1]!, booking: false };
  // Case-sensitive: a place's name starts with a capital ("up to Review booking:").
  const m =
    /^([Bb]ook|[Gg]o through|[Gg]et through|[Cc]omplete|[Ff]inish)\s+(?:(?:a|the|one)\s+(?:booking|trip|flight|order|shipment|purchase)\s*)?(?:up to\s+(?:the\s+)?(\p{Lu}[\p{L} ]{1,30}?)(?:\s+(?:screen|page))?\s*(?::|\s+for\b))?\s*(?::\s*|for\s+)?(.+)$/u.exec(
      s,
    );
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  return { body: m[3]!, upTo: m[2] ?? null, booking: !m[2] && ['book', 'complete', 'finish'].includes(verb) };
}

/**
 * On a screen where the flow's first part is no control: its leading form values searched for here, and the rest of
 * the flow for the screen that leads to; null when the flow does not start with such values or the search does
 * not act here.
 */
export function formStart(
  s: string,
  index: ScreenIndex,
  interpret: (text: string, index: ScreenIndex) => Resolution,
): Resolution | null {
  const open = opening(s.trim());
  if (!open) return null;
  const segments = open.body
    .replace(/\(([^()]*,[^()]*)\)/g, ', $1,')
    .split(/\s*[,;]\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  let lead = 0;
  while (lead < segments.length && [ROUTE, DATE, COUNT].some((re) => re.test(segments[lead]!))) lead++;
  if (lead === 0 || !ROUTE.test(segments[0]!)) return null;
  const values = segments.slice(0, lead).map((v) => v.replace(/\s*(?:->|>)\s*/, ' → '));
  const r = interpret(`Search ${values.join(', ')}`, index);
  if (!r.settled || r.kind !== 'actions' || r.then) return null;
  const rest = segments.slice(lead);
  if (open.upTo) rest.push(`up to ${open.upTo}`);
  if (rest.length === 0) return r;
  return { ...r, then: `rest of the ${open.booking ? 'booking' : 'flow'}: ${rest.join(', ')}` };
}

/** Whether the screen is the one an "up to" part names. */
export function reached(part: string, index: ScreenIndex): boolean {
  const m = UP_TO.exec(part);
  const title = screenTitle(index);
  return m !== null && title !== null && normalizeText(title) === normalizeText(m[1]!);
}

/** A switch that says the user accepts terms: "I accept the fare rules", "I agree to the terms". */
const CONSENT = /^(?:i\s+)?(?:accept|agree|consent|have read|confirm (?:that )?i)\b/i;

/**
 * A booking whose parts are all done, on a screen whose one button that completes it is disabled: when one
 * switch here accepts terms and is off, a person turns it on first ("I accept the fare rules"); null otherwise.
 */
export function consentFirst(
  index: ScreenIndex,
  finish: RegExp,
  interpret: (text: string, index: ScreenIndex) => Resolution,
): Resolution | null {
  const blocked = index.candidates.filter(
    (e) => e.node.role === 'button' && !e.node.enabled && finish.test(e.node.text?.trim() ?? ''),
  );
  const consent = index.candidates.filter(
    (e) =>
      e.node.role === 'toggle' && e.node.enabled && e.node.checked !== true && CONSENT.test(e.node.text?.trim() ?? ''),
  );
  if (blocked.length !== 1 || consent.length !== 1) return null;
  const r = interpret(`turn on "${consent[0]!.node.text!.trim()}"`, index);
  return r.settled && r.kind !== 'check' ? r : null;
}

const TAKEN = /\b(?:taken|selected|chosen|unavailable|sold out|booked|reserved)\b|[✓✔]/i;

/**
 * "one seat", "2 seats", "one adult seat" in a flow, on a screen of buttons each named for that kind of thing ("Seat
 * A3", "Seat A4", …): the first free one in reading order (enabled, not marked taken or chosen), since the flow names
 * none. Returns the button's name and what is left of the part ("1 seat" of "2 seats"; "one adult" of "one adult
 * seat", for the ticket line further on), or null when fewer free ones than asked are here.
 */
export function anyOfKind(
  count: number,
  words: string,
  index: ScreenIndex,
): { name: string; left: string | null } | null {
  const split = words.trim().split(/\s+/);
  const kind = split.at(-1)!.replace(/s$/i, '').toLowerCase();
  if (kind.length < 3 || count < 1) return null;
  const free = index.candidates.filter((e) => {
    const text = (e.node.text ?? '').trim();
    return (
      e.node.role === 'button' &&
      e.node.enabled &&
      e.node.checked !== true &&
      text.toLowerCase().startsWith(`${kind} `) &&
      !TAKEN.test(text)
    );
  });
  if (free.length < count) return null;
  const rest = count > 1 ? `${count - 1} ${kind}s` : null;
  const owner = split.length > 1 ? `${count === 1 ? 'one' : count} ${split.slice(0, -1).join(' ')}` : null;
  return { name: free[0]!.node.text!.trim(), left: [rest, owner].filter(Boolean).join(', ') || null };
}
