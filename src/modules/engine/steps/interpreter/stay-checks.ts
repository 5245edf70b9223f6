import { RUNS_ON } from './lexicon';
import type { Check } from './intent';
import { unquote } from './step-text';

/**
 * Which screen is showing, said the way testers write it after an attempt that should change nothing:
 * "Home did not open", "should stay on Sign in", "The app opens on the Sign in screen, not Home",
 * "No order confirmation screen" (the screen showing is not one of that name).
 */

/** A screen's name as written: quoted, or starting with a capital ("Sign in", "the Sign in screen"). */
const NAME = `(?:the )?("[^"]+"|\\p{Lu}[^,;:"()]*?)(?: (?:screen|page|form))?`;

const SUBJECT = `(?:(?:i|we|the user|user|you|it|the app|app) )?`;

const NOT_OPENED = new RegExp(
  `^${NAME} (?:did not|didn't|does not|doesn't|has not|hasn't|was not|wasn't|never) (?:open|opened|load|loaded)$`,
  'iu',
);

const STAYS = new RegExp(
  `^${SUBJECT}(?:should |must |will |do |does )?(?:still )?(?:stays?|remains?|is still|are still|am still|'re still|'m still) on ${NAME}$`,
  'iu',
);

/** "No booking confirmation screen", "There is no order summary page", "No checkout screen appears". */
const NO_SCREEN =
  /^(?:there is |there's )?no ([\p{L}][\p{L} -]{1,40}?) (?:screen|page)(?: (?:is )?(?:shown|displayed|opened|opens|appears|open))?$/iu;

/** A name a step cannot mean as a screen: a pronoun, a place said vaguely. */
const VAGUE = /^(?:this|that|it|the same|same|here|there|a|an|the)$/i;

function screenName(raw: string): string | null {
  // A capital or a quote: with the case set aside, a regular expression's \p{Lu} would take any letter.
  if (!/^(?:"|\p{Lu}|\d)/u.test(raw.trim())) return null;
  const name = unquote(raw.trim());
  if (name === '' || VAGUE.test(name) || name.split(/\s+/).length > 6) return null;
  if (!raw.trim().startsWith('"') && RUNS_ON.test(name)) return null;
  return name;
}

/** "Home did not open", "Verify the Orders screen didn't load": that screen is not the one showing. */
export function notOpenedCheck(s: string): Check | null {
  const m = NOT_OPENED.exec(s);
  const name = m ? screenName(m[1]!) : null;
  return name ? { kind: 'screen', name, negated: true } : null;
}

/** "should stay on Sign in", "We remain on the Checkout page": that screen is still the one showing. */
export function staysOnCheck(s: string): Check | null {
  const m = STAYS.exec(s);
  const name = m ? screenName(m[1]!) : null;
  return name ? { kind: 'screen', name, negated: false } : null;
}

/**
 * "No booking confirmation screen": the screen showing is not of that kind. A title that shares a word with
 * the name ("Booking confirmed") may be that screen named loosely, so `loose` leaves such a title not settled.
 */
export function noScreenCheck(s: string): Check | null {
  const m = NO_SCREEN.exec(s);
  if (!m || /^(?:such|other|more|new|next|previous|different)\b/i.test(m[1]!)) return null;
  return { kind: 'screen', name: m[1]!.trim(), negated: true, loose: true };
}

/**
 * "The app opens on the Sign in screen, not Home", "We are on Search, not on Sign in": a check of which screen
 * shows, then a screen that must not be the one.
 */
export function butNotScreen(s: string, read: (part: string) => Check | null): Check | null {
  const m = new RegExp(`^(.+?)(?:,| but) not (?:on |in )?${NAME}$`, 'iu').exec(s);
  if (!m) return null;
  const name = screenName(m[2]!);
  const first = read(m[1]!);
  if (!name || !first || !namesScreen(first)) return null;
  return { kind: 'all', checks: [first, { kind: 'screen', name, negated: true }] };
}

function namesScreen(c: Check): boolean {
  if (c.kind === 'screen' || c.kind === 'title') return !('negated' in c && c.negated);
  return c.kind === 'all' && c.checks[0] !== undefined && namesScreen(c.checks[0]);
}

/** Words of a name that say what it is about: at least four letters, compared by their first five. */
function stems(s: string): string[] {
  return s
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= 4)
    .map((w) => w.slice(0, 5));
}

/** Whether a title is the named screen named loosely: every word's stem in it ('all'), some ('some'), none ('no'). */
export function mayBeNamed(title: string, name: string): 'all' | 'some' | 'no' {
  const words = stems(title);
  const named = stems(name);
  const shared = named.filter((w) => words.includes(w)).length;
  return shared === 0 ? 'no' : shared === named.length ? 'all' : 'some';
}

/** ""Enter a title" shown, still on New list": a claim, then the screen that is still (or again) showing. */
export function thenStillOn(s: string, read: (part: string) => Check | null): Check | null {
  const m = new RegExp(`^(.+?)[,;] (?:and )?(?:we(?:'re| are) )?(?:still|back|again) on ${NAME}$`, 'iu').exec(s);
  if (!m) return null;
  const name = screenName(m[2]!);
  const first = name ? read(m[1]!) : null;
  return first && name ? { kind: 'all', checks: [first, { kind: 'screen', name, negated: false }] } : null;
}
