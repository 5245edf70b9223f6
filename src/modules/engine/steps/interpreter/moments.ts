import { tapMoment } from './tap-moments';
import { escapeRegExp } from './step-text';

/**
 * Claims that say at which moment of the case they hold: "After Apple Pay: "Paying with Apple Pay"",
 * "Before saving the screen shows …", "After the second try Home opens", "First tap: both errors are
 * shown", "Before: Refills left 3", "Total £16.93 before the tip". A run keeps the screen every step
 * left, so such a claim is judged on the screen of its moment, found by the case's own steps: the
 * step the lead-in names (its words, a button's name, a sign, a verb's "-ing" form) or counts.
 *
 * A moment is a place on the case's timeline: `at` is the screen before step `at` (0-based), that is
 * the one step `at - 1` left; `steps.length` is the screen the steps end on. A lead-in that names no
 * step, or an ordinal past the steps that match, is unresolved: the claim is refused, never judged on
 * another screen.
 */

export interface Moment {
  at: number;
  /** The claim without its lead-in. */
  claim: string;
  /** The lead-in as written ("after Apple Pay"), for the verdict's reasoning. */
  said: string;
  /**
   * For a claim said of a place a step went to ("Profile shows …"), that place: when the steps end on it
   * too, the claim is of the screen they end on.
   */
  place?: string;
}

export type MomentReading = { moment: Moment } | { unresolved: string } | null;

const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  one: 1,
  second: 2,
  '2nd': 2,
  two: 2,
  third: 3,
  '3rd': 3,
  three: 3,
  fourth: 4,
  '4th': 4,
  four: 4,
  fifth: 5,
  '5th': 5,
  five: 5,
  last: -1,
};

/** Nouns an ordinal lead-in without "after" counts as moments ("First tap: …"); others are rows ("First payee is …"). */
const ACTION_NOUNS =
  /^(?:tap|press|click|attempt|try|tries|time|go|change|booking|pick|choice|selection|save|submission|search|edit|visit|round)s?$/i;

/** Nouns that count a repeated action without naming it: the step the case repeats. */
const REPEAT_NOUNS = /^(?:attempt|try|tries|time|go|round|submission)s?$/i;

/** Gerunds that only say a control was used: "after tapping Work" is "after Work". */
const USE_VERBS = /^(?:tapping|pressing|clicking|choosing|selecting|picking|hitting|using|opening)\s+/i;

/** Anchors that name no step of their own: "after the tap" could be any tap. */
const GENERIC = /^(?:taps?|press(?:es)?|clicks?|tapping|pressing|clicking|that|this|it|then|step|action|change)$/i;

/** Words a lead-in does not end on: "after saving the screen shows …" is "after saving". */
const DANGLING = /^(?:the|a|an|we|i|it|you|they|its|both|all|every|each|no|only)$/i;

const PARTICLES = new Set(['in', 'out', 'up', 'off', 'on', 'down', 'back', 'again', 'over']);

const STOP = new Set(
  'the a an and then to with of on at for from in by as it its is are be tap press click open enter type check go'.split(
    ' ',
  ),
);

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}@.'+−-]+/gu) ?? [];

/** Signs and arrows written one way: "-" and "–" are "−"; "->" is an arrow, not a minus. */
const signs = (s: string) => s.replace(/->/g, '→').replace(/(^|\s)[-–](?=\s|$)/g, '$1−');

/** Whether a step names the anchor: its words in order, as whole words (case kept when the anchor has capitals). */
function names(step: string, anchor: string): boolean {
  const a = signs(anchor).trim();
  if (!a) return false;
  const flags = /\p{Lu}/u.test(a) ? 'u' : 'iu';
  const body = a.split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${body}(?![\\p{L}\\p{N}])`, flags).test(signs(step));
}

/** "saving" → "sav(e)", "cancelling" → "cancel", "tapping" → "tap", "confirming" → "confirm". */
function gerundStem(word: string): RegExp | null {
  const m = /^(\p{L}{2,}?)(\p{L})\2?ing$/iu.exec(word);
  if (!m) return null;
  const stem = m[1]! + m[2]!;
  return new RegExp(`(?<!\\p{L})${escapeRegExp(stem)}(?:e|es|s|ed|ing|\\p{L}{0,2})?(?!\\p{L})`, 'iu');
}

/** The steps an anchor names: a name, a sign, or a verb in "-ing" with its particles ("signing back in"). */
function anchorSteps(anchor: string, steps: readonly string[]): number[] {
  let a = anchor
    .trim()
    .replace(/^(?:(?:the|a|i|we|you)\s+)/i, '')
    .replace(USE_VERBS, '')
    .replace(/^(?:the)\s+/i, '')
    .replace(/\s+(?:taps?|presses|press|button|step|option|chip|tab|is tapped|is pressed|again)$/i, '')
    .trim();
  if (!a || a.length > 60 || GENERIC.test(a)) return [];
  const all = steps.map((_, i) => i);
  // "going back", "coming back": a step that goes back.
  if (/^(?:going|coming|navigating|heading|getting) back$/i.test(a))
    return all.filter((i) => /\bback\b/i.test(steps[i]!));
  const [first, ...rest] = a.split(/\s+/);
  const stem = /ing$/i.test(first!) && /^\p{Ll}/u.test(first!) ? gerundStem(first!) : null;
  if (stem) {
    const particles = rest.filter((w) => PARTICLES.has(w.toLowerCase()) && !/^(?:back|again)$/i.test(w));
    if (rest.some((w) => !PARTICLES.has(w.toLowerCase()))) {
      // "unpicking Wed": the verb and what it acts on.
      a = rest.filter((w) => !PARTICLES.has(w.toLowerCase())).join(' ');
      return all.filter((i) => stem.test(steps[i]!) && names(steps[i]!, a));
    }
    const tail = particles.map(escapeRegExp).join('\\s+(?:\\p{L}+\\s+)?');
    const verb = new RegExp(`${stem.source}${tail ? `\\s+(?:back\\s+|again\\s+)?${tail}` : ''}(?!\\p{L})`, 'iu');
    return all.filter((i) => verb.test(steps[i]!));
  }
  return all.filter((i) => names(steps[i]!, a));
}

/**
 * Whether the step ends with what the anchor names: nothing after its last mention but how it is done
 * ("Tap + four times", "Tap the £2 tip"), no further clause ("Tap Drama, then tap All").
 */
function endsStep(step: string, anchor: string): boolean {
  const a = anchor.replace(USE_VERBS, '').replace(/^(?:the)\s+/i, '');
  const key = a.split(/\s+/).find((w) => !/ing$/i.test(w) && !PARTICLES.has(w.toLowerCase())) ?? a.split(/\s+/)[0]!;
  const stem = /ing$/i.test(key) ? key.replace(/(\p{L})\1?ing$/iu, '$1').replace(/ing$/i, '') : key;
  const text = signs(step);
  const at = text.toLowerCase().lastIndexOf(signs(stem).toLowerCase());
  if (at < 0) return true;
  const after = text.slice(at + stem.length);
  return !/(?:[,;]|\bthen\b|\band\s+(?:then\s+)?(?:tap|press|click|open|go|select|pick|choose|enter|type|turn|switch|scroll|swipe|confirm|save|check)\b)/i.test(
    after,
  );
}

/** The steps a repeated action runs in: those holding the two-word phrase most steps share ("sign in"). */
function repeatedSteps(steps: readonly string[]): number[] {
  const seen = new Map<string, Set<number>>();
  steps.forEach((s, i) => {
    const w = words(s).filter((x) => !/[@\d]/.test(x));
    for (let j = 0; j + 1 < w.length; j++) {
      if (STOP.has(w[j]!)) continue;
      const key = `${w[j]} ${w[j + 1]}`;
      if (!seen.has(key)) seen.set(key, new Set());
      seen.get(key)!.add(i);
    }
  });
  let best: number[] = [];
  for (const set of seen.values()) if (set.size > best.length) best = [...set];
  return best.length >= 2 ? best : [];
}

/** The step an ordinal counts among the steps a noun names ("the second try", "two bookings"). */
function countedStep(ordinal: number, noun: string, steps: readonly string[]): number | null {
  const singular = noun.replace(/(?:ies)$/i, 'y').replace(/(?<!s)s$/i, '');
  let found = REPEAT_NOUNS.test(noun) ? repeatedSteps(steps) : [];
  if (found.length === 0) {
    const stem = singular.replace(/(?:ing|e)$/i, '');
    if (stem.length < 3) return null;
    const re = new RegExp(`(?<!\\p{L})${escapeRegExp(stem)}\\p{L}{0,4}(?!\\p{L})`, 'iu');
    found = steps.map((_, i) => i).filter((i) => re.test(steps[i]!));
  }
  if (ordinal === -1) return found.at(-1) ?? null;
  return found[ordinal - 1] ?? null;
}

/** The first place a claim's lead-in could end: a colon or comma outside quotes. */
function leadSplit(s: string): [string, string] | null {
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === ':' || ch === ',') && !/\d/.test(s[i + 1] ?? '')) {
      const claim = s.slice(i + 1).trim();
      return claim ? [s.slice(0, i).trim(), claim] : null;
    }
  }
  return null;
}

/**
 * A place on a case's timeline: the text a step (or, within a step, what was left of it: "tap All" of
 * "Tap Drama, then tap All") was read as there, on the screen the run kept of that place.
 */
export interface TimelinePoint {
  step: number;
  text: string;
}

const found = (at: number, claim: string, said: string): MomentReading => ({ moment: { at, claim, said } });

const unresolved = (said: string): MomentReading => ({
  unresolved: `the claim speaks of a moment ("${said}") that no step of the case names; write the step it follows as a step and the claim after it`,
});

/** The first point of each step, in order: the whole step's text. */
function stepStarts(points: readonly TimelinePoint[]): number[] {
  return points.flatMap((p, i) => (i === 0 || points[i - 1]!.step !== p.step ? [i] : []));
}

/** The point after the last of step `step`'s: the next step's first, or the end. */
function afterStep(points: readonly TimelinePoint[], step: number): number {
  const next = points.findIndex((p) => p.step > step);
  return next < 0 ? points.length : next;
}

/**
 * The point a named anchor was acted on at, from `from` on: the first whose text names it while what
 * is left of its step after it does not. "after" is the point that follows it (the screen its action
 * left), "before" the point itself. A mention that is not the end of its step's text, with no later
 * point of that step, is inside a step no screen was kept of: -1.
 */
function actedOn(
  when: 'after' | 'before',
  anchor: string,
  points: readonly TimelinePoint[],
  from: number,
): number | null {
  const texts = points.map((p) => p.text);
  const hits = new Set(anchorSteps(anchor, texts));
  for (let i = Math.max(0, from); i < points.length; i++) {
    if (!hits.has(i)) continue;
    const sameStep = i + 1 < points.length && points[i + 1]!.step === points[i]!.step;
    if (sameStep && hits.has(i + 1)) continue;
    if (when === 'before') return i;
    if (!sameStep && !endsStep(points[i]!.text, anchor)) return -1;
    return i + 1;
  }
  return null;
}

/** An anchored lead-in ("after X", "before X") read against the timeline from point `from` on. */
function anchored(
  when: 'after' | 'before',
  rest: string,
  points: readonly TimelinePoint[],
  from: number,
): MomentReading {
  // "After two taps it reads 100%", "After the + taps: …": taps of a step that taps a control several times.
  const taps = when === 'after' ? tapMoment(rest, points, from) : null;
  if (taps) return found(taps.at, taps.claim, taps.said);
  // "After the second try Home opens", "After two bookings: …": an ordinal counts the steps.
  const counted = /^(?:the\s+)?(\S+)\s+(\p{L}+)\b\s*[:,]?\s*(.+)$/u.exec(rest);
  if (counted && ORDINALS[counted[1]!.toLowerCase()] !== undefined) {
    const said = `${when} the ${counted[1]} ${counted[2]}`;
    const at = countedMoment(when, ORDINALS[counted[1]!.toLowerCase()]!, counted[2]!, points);
    return at === null ? unresolved(said) : found(at, counted[3]!, said);
  }
  // "After Apple Pay: …", "Before saving, …": the lead-in ends at a colon or comma.
  const split = leadSplit(rest);
  if (split && split[0].split(/\s+/).length <= 6) {
    const at = actedOn(when, split[0], points, from);
    if (at !== null) return at < 0 ? unresolved(`${when} ${split[0]}`) : found(at, split[1], `${when} ${split[0]}`);
  }
  // "After Not now the Face ID switch is off again": the longest lead that names a step.
  const w = rest.split(/\s+/);
  for (let k = Math.min(6, w.length - 1); k >= 1; k--) {
    const lead = w.slice(0, k).join(' ');
    if (lead.includes('"') || DANGLING.test(w[k - 1]!)) continue;
    const at = actedOn(when, lead, points, from);
    if (at !== null) return at < 0 ? unresolved(`${when} ${lead}`) : found(at, w.slice(k).join(' '), `${when} ${lead}`);
  }
  return unresolved(`${when} ${split ? split[0] : w.slice(0, 3).join(' ')}`);
}

/** The moment an ordinal counts among the steps ("after the second try": where that step left the screen). */
function countedMoment(
  when: 'after' | 'before',
  ordinal: number,
  noun: string,
  points: readonly TimelinePoint[],
): number | null {
  const starts = stepStarts(points);
  const step = countedStep(
    ordinal,
    noun,
    starts.map((i) => points[i]!.text),
  );
  if (step === null) return null;
  return when === 'after' ? afterStep(points, points[starts[step]!]!.step) : starts[step]!;
}

/** A case's steps as a timeline of one point each: what a reading without a run has. */
export const stepPoints = (steps: readonly string[]): TimelinePoint[] => steps.map((text, step) => ({ step, text }));

/**
 * The moment a claim's lead-in (or its closing "before …") names, on the timeline of a case's steps
 * (`at` is a point of `points`; `points.length` the screen the steps end on); `from` is the point the
 * claim before it was anchored to (claims about moments follow the steps' order). Null when the claim
 * names no moment: it holds on the screen the steps end on.
 */
export function momentOnTimeline(text: string, points: readonly TimelinePoint[], from = 0): MomentReading {
  const s = text.trim();
  if (points.length === 0) return null;
  // "Before: Refills left 3", "Earlier: …": the screen the last step was read on.
  const bare = /^(?:before|beforehand|earlier|previously)\s*[:,]\s*(.+)$/i.exec(s);
  if (bare) return found(stepStarts(points).at(-1)!, bare[1]!, 'before the last step');
  // "First tap: …", "Second try, …": an ordinal and a noun of an action.
  const ordinal = /^(?:on |at )?(?:the )?(\S+)\s+(\p{L}+)\s*[:,]\s*(.+)$/u.exec(s);
  if (ordinal && ORDINALS[ordinal[1]!.toLowerCase()] !== undefined && ACTION_NOUNS.test(ordinal[2]!)) {
    const said = `the ${ordinal[1]!.toLowerCase()} ${ordinal[2]}`;
    const at = countedMoment('after', ORDINALS[ordinal[1]!.toLowerCase()]!, ordinal[2]!, points);
    return at === null ? unresolved(said) : found(at, ordinal[3]!, said);
  }
  const lead = /^(after|before)\s+(?![:,])(.+)$/i.exec(s);
  if (lead) {
    const reading = anchored(lead[1]!.toLowerCase() as 'after' | 'before', lead[2]!, points, from);
    // "After 20:00 the list …", "Before 9 Jul": a time of day or a date no step names is part of the claim.
    if (reading && 'unresolved' in reading && /^\d/.test(lead[2]!)) return null;
    return reading;
  }
  // "Checkout shows Total £16.93 before the tip": a closing "before X" that names a step.
  const closing = /^(.+?\S)\s+(before|after)\s+((?:the\s+)?[^"]{1,40})$/i.exec(s);
  if (closing) {
    // "It reads 16°C after 5 taps": the taps of a step that taps a control several times.
    const taps = /^after$/i.test(closing[2]!) ? tapMoment(`${closing[3]}: ${closing[1]}`, points, from) : null;
    if (taps) return found(taps.at, taps.claim, taps.said);
    const at = actedOn(closing[2]!.toLowerCase() as 'after' | 'before', closing[3]!, points, from);
    if (at !== null && at >= 0) return found(at, closing[1]!, `${closing[2]} ${closing[3]}`);
  }
  return null;
}
