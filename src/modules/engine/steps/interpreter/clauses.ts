import { FLOW_REST } from './flow-walk';
import { escapeRegExp } from './step-text';
import { CHECK_VERB, startsWithVerb, stripFillers } from './lexicon';

/**
 * Splits a step into the actions a person would do one after another: "Clear the search box and
 * enter shoes", "Tap Profile, then Settings", "Enter Paris in From, Oslo in To and 14 Aug 2025
 * in Date". A clause without a verb of its own takes the verb of the clause before it.
 */

const TYPING = /^(?:type|enter|input|write|fill(?: in)?|key in|add|put)\b/i;
const SWITCHING = /^(?:(?:turn|switch|toggle|flip) (?:on|off)|enable|disable|tick|untick)\b/i;
const TAPPING = /^(?:tap|click|press|hit|touch|select|choose|pick|open)\b(?: on)?/i;
const INTO = /\s(?:in|into|as|for)\s|=|:/i;

/**
 * Hides quoted text, and the on-screen names that contain a separator ("Yes, cancel", "Confirm and
 * pay"), behind placeholders so that they never split.
 */
function mask(s: string, names: string[]): { masked: string; unmask: (t: string) => string } {
  const hidden: string[] = [];
  const hide = (q: string) => {
    hidden.push(q);
    return `\u0000${hidden.length - 1}\u0000`;
  };
  let masked = s.replace(/"[^"]*"/g, hide);
  // "Open My trips → … → Yes, cancel": a path's last name may hold a comma when one word follows it.
  masked = masked.replace(/(?<=(?:→|->|>|›)\s*)[\p{Lu}][^→,;]{0,20}, [a-z]+$/u, hide);
  const risky = names
    .filter((n) => /,|\sand\s|\sthen\s|;/i.test(n) && n.length <= 60)
    .sort((a, b) => b.length - a.length);
  for (const name of risky) {
    const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu');
    masked = masked.replace(re, hide);
  }
  return { masked, unmask: (t) => t.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!) };
}

/** "Switch Email offers on": the verb before the name, the state after it. */
const SWITCH_WORD = /^(?:switch|turn|toggle|flip)\b/i;
/** "Replace From with Rome, To with Paris", "Change From to Rome, To to Paris". */
const CHANGING = /^(?:replace|overwrite|change|update)\b/i;
/** "Clear Address and Postcode", "Clear Phone, Address and Postcode". */
const CLEARING = /^(?:clear|empty|erase)\b/i;

function verbOf(clause: string): string | null {
  for (const re of [TYPING, SWITCHING, TAPPING, SWITCH_WORD, CHANGING, CLEARING]) {
    const m = re.exec(clause);
    if (m) return m[0];
  }
  return null;
}

/** Whether `piece`, which has no verb, continues the previous clause's action with the same verb. */
function continues(previous: string, piece: string, afterThen: boolean, andSep = false): boolean {
  // "…; note the booking reference": a note to self is no second thing to tap.
  if (/^(?:note|write down|take note|make a note)\b/i.test(piece)) return false;
  // "…; rest of the flow: 20:15 today, seat B3": a walked flow goes on as it was said (flow-walk.ts).
  if (FLOW_REST.test(piece)) return false;
  // "Tap Movie night, then Good night", "Switch on Bedside lamp, then Ceiling light": a bare name takes the verb.
  if (afterThen)
    return (
      verbOf(previous) !== null &&
      (TAPPING.test(previous) ||
        (SWITCHING.test(previous) &&
          /^[\p{Lu}\d][\p{L}\p{N}'’ ·.&-]{0,40}$/u.test(piece) &&
          piece.split(' ').length <= 5 &&
          !/\s(?:on|off)$/i.test(piece)))
    );
  // "Pick the 18:45 flight and the Classic fare": a second object for the same verb.
  if (TAPPING.test(previous) && /^(?:the|its|a)\s/i.test(piece)) return true;
  // "Tap Cancel booking and Yes, cancel": a short capitalised name after "and" is the next thing to tap.
  if (
    /^(?:tap|click|press)\b/i.test(previous) &&
    andSep &&
    /^[\p{Lu}][^,;]{0,30}$/u.test(piece) &&
    piece.split(' ').length <= 3
  )
    return true;
  // "Choose the 18:45 flight, Classic fare": a short name after a tap is the next thing to tap.
  if (
    /^(?:choose|select|pick)\b/i.test(previous) &&
    /^[\p{Lu}\d][^,;]{0,30}$/u.test(piece) &&
    piece.split(' ').length <= 3
  )
    return true;
  if (TYPING.test(previous))
    return (
      (INTO.test(` ${piece} `) && INTO.test(` ${previous} `)) ||
      (/^(?:the )?[a-z][\w-]*(?: [a-z][\w-]*)? \S+$/i.test(piece) && previous.split(' ').length >= 3)
    );
  if (SWITCHING.test(previous)) return true;
  // "Clear Address and Postcode": a short name with no verb is the next field to clear.
  if (
    CLEARING.test(previous) &&
    (andSep || /^\p{Lu}/u.test(piece)) &&
    /^(?:the )?\p{L}[\p{L} -]{0,25}$/u.test(piece) &&
    piece.split(' ').length <= 3
  )
    return true;
  if (/^(?:replace|overwrite)\b/i.test(previous) && /^(?:the )?[^,;]{1,30}?\swith\s\S/i.test(piece)) return true;
  if (/^(?:change|update)\b/i.test(previous) && /^(?:the )?[^,;]{1,30}?\sto\s\S/i.test(piece)) return true;
  // "Switch Email offers on and Biometric sign-in on".
  if (SWITCH_WORD.test(previous) && /\s(?:on|off)$/i.test(previous) && /\s(?:on|off)$/i.test(piece)) return true;
  return false;
}

/**
 * "Enter Sam in Passenger 2 First name and Morgan in Last name": the second field is in the same numbered
 * part as the first, unless it names a part of its own.
 */
function carrySection(previous: string, piece: string): string {
  if (!TYPING.test(previous)) return piece;
  const part = /\s(?:in|into)\s+(?:the\s+)?(\p{L}+ \d+)(?:['’]s)?\s+\p{L}/u.exec(` ${previous}`);
  const into = /^(.+?\s(?:in|into)\s+)(?:the\s+)?(\p{L}.*)$/iu.exec(piece);
  if (!part || !into || /\d|['’]s\s/.test(into[2]!)) return piece;
  return `${into[1]}${part[1]} ${into[2]}`;
}

export interface Clause {
  /** The clause as a step of its own, with the verb it took from the clause before. */
  text: string;
  /** The step from this clause to its end, as written (with the taken verb): read again on the next screen. */
  rest: string;
}

/** The clauses of a step, each a step of its own; a single clause when nothing splits. */
export function splitClauses(text: string, names: string[] = [], coarse = false): Clause[] {
  const { masked, unmask } = mask(text, names);
  // Separators: ";", ", then", "then", ", and", "and", ",". Kept as tokens so that "then" is known.
  // "… but leave the name empty", "… but don't confirm": what is left alone is a clause of its own.
  const tokens = masked.split(
    /(\s*;\s*|,?\s+and then\s+|,\s*then\s+|\s+then\s+|,\s+and\s+|\s+and\s+|,?\s+but\s+(?=(?:leave|keep|don't|do not)\s)|,\s+)/i,
  );
  const starts: Array<{ at: number; verb: string | null }> = [{ at: 0, verb: null }];
  let current = tokens[0]!;
  const clauses: string[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const sep = tokens[i]!;
    const next = tokens[i + 1] ?? '';
    const piece = stripFillers(unmask(next));
    const afterThen = /then/i.test(sep) || /;/.test(sep);
    const prev = stripFillers(unmask(current));
    const afterCheck = CHECK_VERB.test(stripFillers(unmask(clauses.length ? current : tokens[0]!)));
    // "Verify "A" and "B", and write down the booking reference": a note to self is a clause of its own.
    // "…, keep phone, Save": what is left alone is a clause of its own too.
    // "Go Home and back to Account": "back to" a screen's name starts a way of its own.
    // "…, name it Reading": the name given is a clause of its own.
    const note =
      /^(?:note|note down|take note of|make a note of|write down|keep|leave|(?:name|call|title) it)\s/i.test(piece) ||
      /^back to (?:the )?\p{Lu}/u.test(piece);
    if (
      piece !== '' &&
      (note || startsWithVerb(piece, afterCheck) || (afterThen && !continues(prev, piece, afterThen)))
    ) {
      clauses.push(current);
      starts.push({ at: i + 1, verb: null });
      current = next;
    } else if (!coarse && piece !== '' && continues(prev, piece, afterThen, /^\s+and\s+$/i.test(sep))) {
      clauses.push(current);
      tokens[i + 1] = carrySection(prev, next);
      const verb = verbOf(prev)!;
      const own = /^(?:turn|switch|toggle|flip) (?:on|off)$/i.test(verb) ? verb : verb.replace(/ on$/i, '');
      starts.push({ at: i + 1, verb: own });
      current = `${own} ${tokens[i + 1]!.replace(/^(?:the |its |their )?/i, '')}`;
    } else {
      current += sep + next;
    }
  }
  clauses.push(current);
  return clauses
    .map((c, k) => {
      const { at, verb } = starts[k]!;
      const raw = unmask(tokens.slice(at).join('')).replace(verb ? /^(?:its|their)\s+/i : /^$/, '');
      return { text: stripFillers(unmask(c)), rest: stripFillers(verb ? `${verb} ${raw}` : raw) };
    })
    .filter((c) => c.text !== '');
}
