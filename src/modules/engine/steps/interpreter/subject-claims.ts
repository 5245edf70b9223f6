import type { Check } from './intent';
import { COUNT_PATTERN, parseCount } from './step-text';
import { normalizeText } from './text-match';

type Read = (part: string) => Check | null;

/**
 * Claims whose subject names a place or a part of the screen that is no text on it: "Summary shows "Voucher
 * REEL5" −£5.00" (a part of the screen showing), "Home greeting: "Good evening, Sammy"" (the screen's title
 * and a part of it), "Checkout says "Deliver to Work"" (a screen by its title). What is said of it is read
 * part by part (split at commas and "and" outside quotes): a quoted text shown, a label and its value, a
 * quoted label and its value, a row's name. A part word alone is read on the screen showing; a name is the
 * screen's title, judged only while that screen shows (`seen_on`, marked `earlier`: a run may judge it on the
 * last screen of that title it showed). A subject the screen shows as a text of its own (a label, a row, a
 * button) is left to the other forms, as is a part that reads as nothing listed here.
 */

/** Words that name a part of a screen, not a thing on it. */
const PART = /^(?:summary|order summary|status|greeting|header|banner|totals|breakdown|price breakdown)$/i;

/** A last word that names a thing on a screen, read by the other forms ("Booking details", "Error message"). */
const THING =
  /(?:^|\s)(?:details|dialog|pop-?up|alert|message|error|note|notice|hint|warning|text|line|subtitle|caption|section|list|results?|area|card|block|box|panel|bar|field|button|link|tab|row|switch|toggle|counter|badge|label|title|heading|chip|option|value|count|total|it|this|that|they|there)$/i;

const FORM =
  /^(?:the\s+)?(\p{L}[\p{L}\p{N}'’ -]{0,40}?)(?:(:)\s+|\s+(?:(?:now|still|again|also)\s+)?(?:shows?|says?|reads?|displays?)\s+)(?!that\b)(.+)$/iu;

/** The kinds of check a part of what is said may read as. */
const PART_KINDS = new Set<Check['kind']>(['visible', 'value', 'quoted_label', 'row_line', 'text', 'list_rows']);

/** Splits at commas and "and" outside straight quotes; null when the quotes do not pair up. */
function parts(s: string): string[] | null {
  const out: string[] = [];
  let quoted = false;
  let cur = '';
  const words = s.split(/(\s+)/);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const before = quoted;
    for (const ch of w) if (ch === '"') quoted = !quoted;
    if (!before && /^and$/i.test(w)) {
      out.push(cur);
      cur = '';
      continue;
    }
    if (!quoted && w.endsWith(',') && !/\d,$/.test(w)) {
      out.push(cur + w.slice(0, -1));
      cur = '';
      continue;
    }
    cur += w;
  }
  if (quoted) return null;
  out.push(cur);
  return out.map((p) => p.trim().replace(/^(?:the|a|an)\s+/i, '')).filter((p) => p !== '');
}

/** One part of what is said: a check it reads as, or null. */
function readPart(part: string, read: Read): Check | null {
  const quoted = /^"([^"]+)"$/.exec(part);
  if (quoted) return { kind: 'visible', target: { text: quoted[1]! }, negated: false };
  // '"Voucher REEL5" −£5.00': a quoted label and the value beside it.
  // A bracket after the quote is a remark or a second line ("(plugs are not counted)"), never the label's value.
  const labelled = /^"([^"]+)"\s+([^"\s(][^"]*)$/.exec(part);
  if (labelled) return { kind: 'quoted_label', label: labelled[1]!, value: labelled[2]!.trim(), quoted: true };
  // "all four restaurants": the one list on screen holds exactly that many rows.
  const counted = new RegExp(`^(?:all |all the |the )${COUNT_PATTERN} ([a-z]+s)$`, 'i').exec(part);
  const count = counted ? parseCount(counted[1]!) : null;
  if (count !== null) return { kind: 'list_rows', count };
  const c = read(part);
  if (!c) return null;
  // A part in lower case is only a label with its value ("subtotal £15.50").
  if (!/^(?:"|\p{Lu})/u.test(part)) return c.kind === 'value' ? c : null;
  if (c.kind === 'visible' && c.negated) return null;
  if (c.kind === 'all') return c.checks.every((x) => PART_KINDS.has(x.kind)) ? c : null;
  return PART_KINDS.has(c.kind) ? c : null;
}

export function subjectClaim(s: string, names: string[], read: Read, other: () => Check | null): Check | null {
  const m = FORM.exec(s.trim().replace(/\.$/, ''));
  if (!m) return null;
  const subject = m[1]!.trim();
  const colon = m[2] === ':';
  const said = parts(m[3]!);
  if (!said || said.length === 0 || said.length > 8) return null;
  const shown = new Set(names.map(normalizeText));
  const checks: Check[] = [];
  for (const p of said) {
    const c = readPart(p, read);
    if (!c) return null;
    checks.push(c);
  }
  const claim: Check = checks.length === 1 ? checks[0]! : { kind: 'all', checks };
  // A part of the screen showing: "Summary shows …".
  if (PART.test(subject)) return shown.has(normalizeText(subject)) || colon ? null : claim;
  // A screen by its title, with a part of it: "Home greeting: …", "Basket summary shows …".
  const titled = /^(\p{Lu}[\p{L}\p{N}'’ -]*?)\s+(\p{L}+(?: \p{L}+)?)$/u.exec(subject);
  if (!titled || !PART.test(titled[2]!) || titled[1]!.split(/\s+/).length > 4) return null;
  // A subject the screen shows as a text of its own is a label: the other forms read it.
  if (shown.has(normalizeText(subject)) || shown.has(normalizeText(titled[2]!))) return null;
  // Said of another screen, or of a row so named ("Printer status reads …"): the claim's other reading.
  const otherwise = other();
  return { kind: 'seen_on', screen: titled[1]!, check: claim, ...(otherwise ? { otherwise } : {}) };
}

/** "Checkout says …": a capitalised name, one to four words, before the verb of what it shows. */
const TITLED =
  /^(?:[Tt]he\s+)?(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}'’-]+){0,3}?)(?:\s+(?:screen|page))?\s+(?:(?:now|still|again|also)\s+)?(?:shows?|says?|reads?|displays?|lists?)\s+\S/u;

/**
 * The name a claim is said of when it may be a screen's title ("Checkout says "Deliver to Work""): a run whose
 * steps went past that screen judges the claim on the last screen so titled, when the one they end on neither
 * is it nor shows the name. Null for a claim that starts otherwise.
 */
export function titledSubject(text: string): string | null {
  const m = TITLED.exec(text.trim());
  if (!m || /\b(?:should|must|not|does|do|will|can|is|are)\b/i.test(m[1]!)) return null;
  // "Details show …", "Booking details show …": a details screen, named by its kind.
  if (THING.test(m[1]!) && !/(?:^|\s)details$/i.test(m[1]!)) return null;
  return m[1]!;
}

/** "Home is shown again with "Restaurants near you" and all four restaurants": that screen, and each part on it. */
export function screenShownWith(s: string, read: Read): Check | null {
  const m =
    /^(?:[Tt]he\s+)?(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}'’-]+){0,3}?)(?:\s+(?:screen|page))?\s+is\s+(?:shown|displayed|open|back)(?:\s+again)?\s+with\s+(.+)$/u.exec(
      s.trim().replace(/\.$/, ''),
    );
  if (!m || THING.test(m[1]!)) return null;
  const said = parts(m[2]!);
  if (!said || said.length === 0 || said.length > 8) return null;
  const checks: Check[] = [];
  for (const p of said) {
    const c = readPart(p, read);
    if (!c) return null;
    checks.push(c);
  }
  return { kind: 'seen_on', screen: m[1]!, check: checks.length === 1 ? checks[0]! : { kind: 'all', checks } };
}
