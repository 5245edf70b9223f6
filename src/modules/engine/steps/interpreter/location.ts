import { checkScreen } from './evaluate-forms';
import type { Intent } from './intent';
import type { Resolution } from './resolution';
import { screenTitle } from './screen-title';
import { unquote } from './step-text';
import { startsWithVerb } from './lexicon';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { placeWithValue } from './place-value';
import { isInteractive } from './ui-tree';
import { scrollToPlace, tapPlace } from './tab-places';

/**
 * "On the Passcode screen, enter 2468 and tap Unlock": where the step happens, said before what
 * to do. The place is read as a precondition: on that screen the rest of the step is read as
 * usual; on another screen the step fails there, so a step never acts on the wrong screen. "From
 * the Accounts tab, open Savings" and "On the Profile tab, …" go to that tab first when the screen
 * offers it.
 */
export interface Location {
  /** The screen's name as written, without "screen" / "page" / "tab". */
  name: string;
  /** A tab ("on the Profile tab") or a place to start from ("from the Home screen"): reached by its tab. */
  reachable: boolean;
  /** The step after the place. */
  rest: string;
  /**
   * Said without "screen" ("From Home, tap …", "Settings: turn on X"): the name may be a part of this screen as
   * well, so a heading or text of that name here lets the rest be read.
   */
  loose?: boolean;
  /** Said as a tab ("Orders tab, tap Past", "Search tab: type Bowl"): the tab-bar item of that name. */
  tab?: boolean;
  /** "On the details screen", "On the appointment details page": a screen opened to show one thing. */
  details?: boolean;
}

const LOCATION =
  /^(?:(?:while|when|once|whilst)\s+)?(on|in|at|from|within)\s+(?:the\s+)?("[^"]+"|[^",;]+?)\s+(screen|page|tab|view)\s*,?\s+(.+)$/i;
/** Places described rather than named ("on the next screen"): only where the step happens, nothing to check. */
const DESCRIBED =
  /^(?:next|following|new|resulting|same|current|this|that|previous|opened|open|last|final|main|first|second|third|\d+(?:st|nd|rd|th))$/i;
/** What cannot be a screen's name: a field, a list or a dialog ("In the Email field, enter …" is read elsewhere). */
const NOT_A_SCREEN =
  /\b(?:field|box|input|dialog|alert|popup|pop-up|list|section|form|row|menu|sheet|dropdown|drop-down|picker|options|results|bar|area|panel|card|banner|toolbar|keyboard|header|footer|modal|prompt)$/i;

/** Verbs a step's rest starts with after a place said without "screen". */
const VERBS =
  'tap|click|press|open|select|choose|pick|go|navigate|enter|type|fill|turn|switch|toggle|enable|disable|scroll|swipe|verify|check|clear|set';
const ACTION_START = new RegExp(`^(?:${VERBS})\\b`, 'i');
/** "From Home, tap X", "On Home tap X": the place ends where the verb starts. */
const LOOSE_PLACE = new RegExp(
  `^(?:from|on|in|at)\\s+(?:the\\s+)?("[^"]+"|[^,":]+?)\\s*,?\\s+(?=(?:${VERBS})\\b)(.+)$`,
  'i',
);
/** "Step 3: tap Save", "Note: …", "At the bottom tap Save": labels of the step, or a part of the screen, never a place. */
const NOT_A_PLACE =
  /^(?:step|note|then|and|precondition|action|expected|result|test|case|scenario|given|when|top|bottom|end|start|left|right|middle|centre|center|same|meantime|meanwhile|case)\b|\d/i;

/** "Household members, type …": the place before a comma, a name that does not start with a verb or a filler. */
function commaPlace(s: string): RegExpExecArray | null {
  const m = /^(\p{Lu}[^,":;()]*?)\s*,\s+(.+)$/u.exec(s);
  if (!m || startsWithVerb(m[1]!) || ACTION_START.test(m[1]!) || NOT_A_COMMA_PLACE.test(m[1]!)) return null;
  // "Orders > Past, tap X": a path to follow, not the name of the screen the step happens on.
  if (/\s(?:>|→|->|›)\s/.test(m[1]!)) return null;
  return m;
}

/**
 * Words that open a sentence before a comma without naming a place ("Otherwise, tap Save"), and verbs a button's
 * name starts with ("Edit details, clear Nickname" taps a button, then goes on: no place).
 */
const NOT_A_COMMA_PLACE =
  /^(?:back|otherwise|now|meanwhile|afterwards|later|here|there|again|once|if|when|after|before|instead|also|optionally|still|yes|no|ok|okay|finally|next|first|second|third|lastly|last|so|alternatively|edit|delete|create|update|rename|share|invite|view|show|run|book|buy|order|pay|call|reply|start|stop|play|pause|mute|apply|reset|undo|redo|copy|move|sort|filter|refresh|reload|upload|download|archive|mark|rate|follow|join|skip|retry|try|use|make|get|give|find|new|add|remove|save)\b/i;

/** "From Home, tap X", "On Home tap X", "Settings: turn on Y": a place said without "screen", before a verb. */
function looseLocation(s: string): Location | null {
  const m =
    LOOSE_PLACE.exec(s) ??
    /^("[^"]+"|[\p{Lu}][^,":]*?)\s*:\s+(.+)$/u.exec(s) ??
    // "Settings, tap Away mode": a name that is no action of its own, a comma, then the action.
    commaPlace(s) ??
    /^(?:the\s+)?(\p{Lu}[^,":]*?\s+tab)\s*,\s*(?:then\s+)?(.+)$/u.exec(s);
  if (!m) return null;
  // "Orders tab, tap Past": the tab's name, read as a tab.
  const tab = /\s+tab$/i.test(m[1]!.trim());
  // "Open the Settings tab, tap X" is an action on the tab, read elsewhere.
  // "Search tab, type wrap": one capitalised word before "tab" names the tab, though it is also a verb.
  const oneName = /^\p{Lu}\p{L}*\s+tab$/u.test(m[1]!.trim());
  if (tab && !oneName && (ACTION_START.test(m[1]!) || startsWithVerb(m[1]!) || /\s(?:the|a|an|my|to)\s/i.test(m[1]!)))
    return null;
  const name = unquote(m[1]!.trim().replace(/\s+tab$/i, ''));
  const rest = m[2]!.trim();
  if (!ACTION_START.test(rest) || name.split(/\s+/).length > 3 || NOT_A_SCREEN.test(name) || NOT_A_PLACE.test(name))
    return null;
  return { name, reachable: true, rest, loose: true, ...(tab ? { tab } : {}) };
}

/**
 * "Turn off Sounds in Settings", "Switch units to °F in Settings": the place said last, read as "Settings: turn off
 * Sounds", for a step read against a screen that the grammar could not read as written. Only a capitalised name of
 * one to three words, never a field's ("Type hello in Search" types into the field), a part of a screen ("in the
 * list", "in the dialog") or a row's ("… in the Scenes row").
 */
export function trailingPlace(s: string): Location | null {
  const m =
    /^(\S+\s+\S.*?)\s+in\s+(?:the\s+)?(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}?[\p{L}'’-]+){0,2}?)(?:\s+(?:tab|screen|page))?$/u.exec(
      s.trim(),
    );
  if (!m || !ACTION_START.test(m[1]!) || /^(?:type|enter|fill|input|write)\b/i.test(m[1]!)) return null;
  // "Turn on Dark mode", "Tap on Sign in", "Log in": the word is the verb's, not a place's. Only "in" says a place
  // ("Tap + on Oat Milk Latte" is a line's button, "… on Orders" a screen the step is not on).
  if (/^\S+$/.test(m[1]!.trim()) || /\b(?:sign|log|check|opt|zoom|plug|turn|tap|click|press|switch)$/i.test(m[1]!))
    return null;
  if (NOT_A_SCREEN.test(m[2]!) || NOT_A_PLACE.test(m[2]!) || /"/.test(m[1]!)) return null;
  return looseLocation(`${m[2]!}: ${m[1]!}`);
}

/** The place a step starts with, or null when it names none (or names something other than a screen). */
export function location(s: string): Location | null {
  const m = LOCATION.exec(s);
  // "On Home tap View details": "view" there starts a button's name, not the place's kind.
  if (!m || new RegExp(`\\s(?:${VERBS})\\b`, 'i').test(m[2]!)) return placeWithValue(s) ?? looseLocation(s);
  const name = unquote(m[2]!.trim());
  const rest = m[4]!.trim();
  if (name === '' || name.split(/\s+/).length > 4 || NOT_A_SCREEN.test(name)) return null;
  // "On the Home screen, the greeting reads Hi" is a check of that screen; "On the Home screen and …" is not a place.
  if (/^(?:and|or|but)\b/i.test(rest)) return null;
  const described = name.replace(/^(?:very|same)\s+/i, '');
  return {
    ...(/^(?:[\p{L} ]+ )?details?$/iu.test(described) ? { details: true } : {}),
    name: DESCRIBED.test(described) ? '' : name,
    reachable: /^(?:tab)$/i.test(m[3]!) || /^from$/i.test(m[1]!),
    rest,
    ...(/^tab$/i.test(m[3]!) ? { tab: true } : {}),
  };
}

/** The intents of a located step without a screen: the screen is checked, then the rest is done. */
export function locatedIntents(place: Location, rest: Intent): Intent {
  if (place.name === '') return rest;
  const check: Intent = { kind: 'check', check: { kind: 'screen', name: place.name, negated: false } };
  return { kind: 'sequence', steps: [check, ...(rest.kind === 'sequence' ? rest.steps : [rest])] };
}

/** Whether the screen's title holds every word of the name ("Passcode" on "Enter passcode"). */
function titleHolds(index: ScreenIndex, name: string): boolean {
  const title = screenTitle(index);
  if (!title) return false;
  const words = new Set(normalizeText(title).split(' '));
  const wanted = normalizeText(name).split(' ').filter(Boolean);
  return wanted.length > 0 && wanted.every((w) => words.has(w));
}

/**
 * Reads a located step on the screen: the rest when the screen is the one named, a tap on the tab of
 * that name first when it is reachable, else the failed check of the screen.
 */
export function resolveLocated(
  place: Location,
  index: ScreenIndex,
  readRest: (rest: string, index: ScreenIndex) => Resolution,
  step?: string,
): Resolution {
  if (place.name === '') return readRest(place.rest, index);
  const here = checkScreen(index, place.name, false);
  if ((here.settled && here.passed) || titleHolds(index, place.name) || detailsHere(index, place))
    return readRest(place.rest, index);
  if (place.reachable) {
    const target = { text: place.name, ...(place.tab ? { role: 'tab' as const } : {}) };
    const tab = findTarget(index, target, { preferInteractive: true, closeOnly: true });
    if (tab.found && isInteractive(tab.element.node) && tab.element.node.enabled) {
      const go = place.tab
        ? tapPlace(index, tab.element)
        : readRest(`tap ${JSON.stringify(tab.element.node.text ?? place.name)}`, index);
      if (go.settled && go.kind === 'actions') return { ...go, then: place.rest };
    }
    // The tab bar scrolled away below the content: scroll to the tab, then read the step again.
    const scroll = step && !tab.found && !tab.ambiguous ? scrollToPlace(index, target, step) : null;
    if (scroll) return scroll;
  }
  // "Settings: turn on Reminders" where Settings heads a part of this screen.
  if (place.loose && findTarget(index, { text: place.name }, { closeOnly: true }).found)
    return readRest(place.rest, index);
  const why = here.settled ? here.reasoning : here.reason;
  return {
    settled: true,
    kind: 'check',
    passed: false,
    reasoning: `the step happens on the ${place.name} screen, but ${why}`,
  };
}

/**
 * "On the details screen" (or "the appointment details screen") on a screen titled "Appointment": a screen opened to
 * show one thing (a Back control, no field to fill in), whose title holds the words said before "details".
 */
function detailsHere(index: ScreenIndex, place: Location): boolean {
  if (!place.details) return false;
  const back = findTarget(index, { text: 'Back' }, { preferInteractive: true, closeOnly: true });
  if (!back.found || !isInteractive(back.element.node)) return false;
  if (index.candidates.some((e) => e.node.role === 'input' && e.node.enabled)) return false;
  const before = place.name.replace(/\s*details?$/i, '').trim();
  return before === '' || titleHolds(index, before);
}
