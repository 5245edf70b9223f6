import type { Check } from './intent';
import { startsWithVerb } from './lexicon';

/**
 * "Details: Doctor Kim Lee, Branch Central, Date Mon 20 Apr", "Loan: Borrowed by Jo Park, Renewals left 3",
 * "Summary shows Branch Central and Type Home delivery", "Profile says "Changes saved" and Address 3 Mill Street,
 * York": a leading word that says where, or in what state, the rest is seen; the rest is checked on the screen
 * showing, part by part. Each part is a quoted text (shown), words naming a thing and its value (read where the
 * screen shows that label), "X ON" / "X OFF" (a switch's state) or "only X" (the one row of the list).
 */

type Read = (s: string) => Check | null;

const CONTEXT =
  /^(\p{Lu}[\p{L}-]*(?: (?!(?:still|now|again|also)\b)[\p{L}-]+){0,2})(?::|(?: still| now| again| also)? (?:shows?|says?|lists?|has|have|reads?)) (.+)$/u;

/** Words that make a part a statement or a step rather than a name and its value. */
const STATEMENT =
  /\b(?:is|are|was|were|be|been|has|have|had|do|does|did|not|no|should|must|will|can|shows?|reads?|says?|appears?|tap|click|enter|type|open|go|see)\b/i;

/** The parts: split at commas and "and", a piece that is one word or starts lower-case kept with the one before. */
function parts(rest: string): string[] | null {
  const hidden: string[] = [];
  const masked = rest.replace(/"[^"]*"|\([^)]*\)/g, (q) => {
    hidden.push(q);
    return `\u0000${hidden.length - 1}\u0000`;
  });
  const unmask = (t: string) => t.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!);
  const out: string[] = [];
  for (const [i, raw] of masked.split(/,\s+|\s+and\s+(?!(?:the|a|an)\s)/i).entries()) {
    const piece = unmask(raw).trim();
    if (piece === '') return null;
    const joined = i > 0 && !/^"/.test(piece) && (!/\s/.test(piece) || /^\p{Ll}/u.test(piece));
    if (joined && out.length > 0 && !/^"/.test(out.at(-1)!) && /^\p{Lu}/u.test(piece))
      out[out.length - 1] = `${out.at(-1)!}, ${piece}`;
    else out.push(piece);
  }
  return out;
}

function part(p: string, read: Read, loose: boolean): Check | null {
  const quoted = /^"([^"]+)"$/.exec(p);
  if (quoted) return { kind: 'visible', target: { text: quoted[1]! }, negated: false };
  // "Reminders ON ("A reminder the day before.")": the switch's state, and the texts in brackets shown.
  const state = /^(\p{Lu}[^"()]*?) (ON|OFF|on|off)(?: \(((?:"[^"]+"(?:,\s*|\s+and\s+)?)+)\))?$/u.exec(p);
  // "Dark mode is on" is a statement, read by the check forms.
  if (state && !/\s(?:is|are|stays?|remains?)$/i.test(state[1]!)) {
    const checks: Check[] = [
      { kind: 'state', target: { text: state[1]! }, state: state[2]!.toLowerCase() === 'on' ? 'on' : 'off' },
    ];
    for (const q of (state[3] ?? '').matchAll(/"([^"]+)"/g))
      checks.push({ kind: 'visible', target: { text: q[1]! }, negated: false });
    return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
  }
  const only = /^only (\p{Lu}[^"()]*)$/u.exec(p);
  if (only)
    return {
      kind: 'all',
      checks: [
        { kind: 'list_rows', count: 1 },
        { kind: 'visible', target: { text: only[1]!, role: 'item' }, negated: false },
      ],
    };
  const verb = startsWithVerb(p);
  if (/["()]/.test(p) || STATEMENT.test(verb ? p.replace(/^\S+/, '') : p)) return read(p);
  // "Type Video": a label that is also a verb names a thing and its value when it reads as nothing else.
  if (verb) {
    const c = read(p);
    if (c) return c;
  }
  const words = p.split(/\s+/);
  // "09:30", "Video", "07700 900418": a text as the screen writes it (a number, or a capitalised word), shown whole.
  if (loose && words.length <= 10 && /^(?:\p{Lu}|\p{N})/u.test(p)) return { kind: 'phrase', text: p };
  if (words.length < 2 || words.length > 10 || !/^\p{Lu}/u.test(p)) return null;
  return { kind: 'phrase', text: p };
}

/** The rest of a claim after a word of context, each part checked; null unless every part reads. */
export function contextClaim(s: string, read: Read): Check | null {
  const m = CONTEXT.exec(s);
  // "Under Notifications: …" names a part of the screen, read by the check forms that know it.
  if (
    !m ||
    startsWithVerb(m[1]!) ||
    /^(?:the|a|an|it|this|that|under|in|on|at|from|inside|within|below|above)\b/i.test(m[1]!)
  )
    return null;
  // "The Orders screen shows …" is read by the forms of what a screen shows.
  if (/\s(?:screen|page|dialog|popup|section|list)$/i.test(m[1]!)) return null;
  // "Review shows Total €9.00 and Tax €1.00": a screen and its amounts, read by the amount forms.
  const said = !s.startsWith(`${m[1]!}:`);
  if (said && /\p{Sc}\s?\d|\d\s?\p{Sc}/u.test(m[2]!)) return null;
  const list = parts(m[2]!);
  // One part after a colon is a label and its value ("Total: €97.40"), read by the value forms.
  if (!list || list.length < 2) return null;
  // A bare number or word counts as a text shown when the place is said with a verb or another part names a thing
  // ("Booking: Kim Lee, 09:30, Video"); "Card number: 12:34, 56" is a value typed, not a claim.
  const loose = said || list.some((p) => /^\p{Lu}/u.test(p) && /\s/.test(p) && !/[:"]/.test(p));
  const checks = list.map((p) => part(p, read, loose));
  if (!checks.every((c): c is Check => c !== null)) return null;
  // "Profile says …": the place said must be there (the screen by its title, a dialog, or a thing of that name).
  return { kind: 'all', checks: said ? [{ kind: 'shows', subject: m[1]!, values: [] }, ...checks] : checks };
}
