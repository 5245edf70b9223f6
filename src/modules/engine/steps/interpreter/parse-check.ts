import type { Check, CountNoun, ElementState } from './intent';
import {
  dialogCheck,
  emptyFieldCheck,
  joinedChecks,
  orderCheck,
  quotedCheck,
  screenCheck,
  seenAsCheck,
  showsCheck,
  startsWithCheck,
  valueCheck,
  withoutCheck,
} from './check-forms';
import { bareQuoted, bareValue, elementText, listCheck, parenQuoted, spellOutLists } from './check-lists';
import { switchGroupCheck } from './switch-groups';
import { maskedCheck, signedInCheck } from './session-checks';
import { countedRowsCheck, nthRowCheck, onlyRowsCheck } from './row-checks';
import { rowLineCheck } from './row-lines';
import { sectionCheck } from './section-checks';
import { COUNT_PATTERN, parseCount, parseTarget, unquote } from './step-text';
import { wholeClaim } from './whole-claims';
import { noDialogCheck, noneCheck } from './absence-claims';
import { kindAbsenceClaim } from './kind-absence';
import { labelMeasure, noteClaim } from './measure-claims';
import { claimCheck, labelIsValue, onScreenCheck, plainClaims } from './claim-forms';
import { dialogButtonsCheck } from './dialog-buttons';
import { tabBarCheck } from './tab-bar-checks';
import { bareValues } from './list-claims';
import { endValues } from './end-values';
import { underFieldCheck } from './field-messages';
import { offeredOptionsCheck } from './offered-options';
import {
  evidenceCheck,
  namedMessageCheck,
  neitherNorCheck,
  opensOnCheck,
  screenShowsText,
  tapOpensNoDialog,
} from './negated-checks';

/**
 * Checks: "X is visible", "X is not visible", "X shows V", "X contains V", "X is enabled /
 * disabled / on / off", "the screen title is V", "N items are shown", in indicative, modal
 * ("should be", "must be") and "expect X to be" forms.
 */

const MODAL_REWRITES: Array<[RegExp, string]> = [
  [/\b(?:should not|shouldn't|must not|mustn't|does not|doesn't) (?:be|get)\b|\bto not be\b|\bnot to be\b/gi, 'is not'],
  [/\b(?:should|must|will) (?:be|get)\b|\bto be\b/gi, 'is'],
  [/\b(?:should|must|will) (still|now|also|again) (?:be|get)\b/gi, 'is $1'],
  [/\b(?:should not|shouldn't|must not|to not|not to) (appear|show up|exist)\b/gi, 'does not $1'],
  [/\b(?:should|must|will|to) (show|display|contain|include|read|say|equal|have|appear|exist|disappear)\b/gi, '$1s'],
  [/\b(?:should|must|will) (open|close|load)\b/gi, '$1s'],
  [/\b(show|display|contain|include|read|say|equal|appear|exist|disappear)ss\b/gi, '$1s'],
  [/\bhaves\b/gi, 'has'],
];

/** Rewrites modal forms to the indicative outside quoted values: "X should be visible" → "X is visible". */
function indicative(s: string): string {
  return s
    .split(/("[^"]*")/)
    .map((part, i) => (i % 2 === 1 ? part : MODAL_REWRITES.reduce((acc, [re, to]) => acc.replace(re, to), part)))
    .join('');
}

const NOUNS: Array<[RegExp, CountNoun]> = [
  [/^(?:list )?(?:items?|rows?|entries|entry|results?|cells?)$/i, 'item'],
  [/^buttons?$/i, 'button'],
  [/^(?:fields?|inputs?|text fields?)$/i, 'field'],
  [/^(?:switch(?:es)?|toggles?|checkbox(?:es)?)$/i, 'switch'],
];

const SHOWN = '(?:shown|visible|displayed|listed|present|on (?:the )?screen|in the list)';
const VISIBLE =
  '(?:visible|displayed|shown|showing|present|on (?:the )?screen|there|on display|listed|in the list|available|offered)';

/** Numbers a count "I see N things" starts with: not "a", "an" or "no" ("I see a dialog" names one thing). */
const SEEN_COUNT =
  '(\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty)';

function countCheck(s: string): Check | null {
  // "The list is empty", "the results list should be empty": no rows.
  if (/^(?:the )?(?:[a-z]+ )?(?:list|results)(?: list)? (?:is|are) empty$/i.test(s))
    return { kind: 'count', count: 0, noun: 'item', comparison: 'exactly' };
  // "I can see two lap records on the screen", "I should see 3 rows": a count said as what one sees.
  const seen = new RegExp(
    `^(?:i |we |the user |user )?(?:can |should |must |will )?see (exactly |at least |at most |only )?${SEEN_COUNT} ([a-z][a-z ]*?)(?: (?:on|in) (?:the )?(?:screen|page|list))?$`,
    'i',
  ).exec(s);
  if (seen) {
    const words = seen[3]!.trim().split(' ');
    const last = words.at(-1)!;
    const noun = NOUNS.find(([n]) => n.test(seen[3]!) || n.test(last))?.[1] ?? 'item';
    const count = parseCount(seen[2]!);
    const q = (seen[1] ?? '').trim().toLowerCase();
    if (count === null || words.length > 3) return null;
    return {
      kind: 'count',
      count,
      noun,
      comparison: q === 'at least' ? 'at_least' : q === 'at most' ? 'at_most' : 'exactly',
      said: `${seen[2]} ${seen[3]}`,
    };
  }
  const patterns = [
    new RegExp(
      `^(?:there (?:is|are) )?(exactly |at least |at most |only )?${COUNT_PATTERN} ([a-z ]+?) (?:is|are) ${SHOWN}$`,
      'i',
    ),
    new RegExp(`^there (?:is|are) (exactly |at least |at most |only )?${COUNT_PATTERN} ([a-z ]+?)(?: ${SHOWN})?$`, 'i'),
    new RegExp(
      `^(?:the )?(?:[\\w ]+? (?:screen|page) |results? )?list(?:s)? (?:shows |has |contains |displays )?(exactly |at least |at most |only )?${COUNT_PATTERN} ([a-z ]+?)$`,
      'i',
    ),
  ];
  for (const re of patterns) {
    const m = re.exec(s);
    if (!m) continue;
    const noun = NOUNS.find(([n]) => n.test(m[3]!))?.[1] ?? (/^[a-z]+s?$/i.test(m[3]!) ? 'item' : undefined);
    const count = parseCount(m[2]!);
    if (!noun || count === null) break;
    const q = (m[1] ?? '').trim().toLowerCase();
    return {
      kind: 'count',
      count,
      noun,
      comparison: q === 'at least' ? 'at_least' : q === 'at most' ? 'at_most' : 'exactly',
      ...(/\blist(?:s|ed)?\b/i.test(s) ? { listed: true as const } : {}),
    };
  }
  // "There are 10 tasks left": no count of rows, but the words the screen says it in.
  const there = /^there (?:is|are) (\d+ [^"]+)$/i.exec(s);
  return there ? { kind: 'phrase', text: there[1]! } : null;
}

function titleCheck(s: string): Check | null {
  // "Title is empty": a field called Title, not the screen's title.
  if (/\b(?:is|are) (?:empty|blank)$/i.test(s)) return null;
  const patterns = [
    /^(?:the )?(?:current )?(?:screen |page |navigation |nav bar |navigation bar )?title (?:is|reads|shows|says|equals|is equal to) (.+)$/i,
    // "The title of the page is "Checkout"".
    /^(?:the )?title of (?:the |this )?(?:screen|page) (?:is|reads|shows|says|equals|is equal to) (.+)$/i,
    // "The header should say Settings", "the toolbar title reads "Orders"": the bar at the top of the screen.
    /^(?:the )?(?:screen |page )?(?:header|toolbar|app bar|action bar|nav bar|navigation bar|top bar)(?: title| text)? (?:is (?=")|reads|shows|says|displays|equals|is equal to) (.+)$/i,
    // "I should see a navigation bar titled "Search"".
    /^(?:i |we )?(?:can |should )?see (?:a |the )?(?:navigation bar|nav bar|toolbar|app bar|header|screen|page) (?:titled|called|named) (.+)$/i,
    /^(?:the )?(?:current )?(?:screen|page) is (?:titled|called|named) (.+)$/i,
    /^(?:i am|i'm|we are|we're|the user is|user is|you are|you're) (?:now )?on (?:the )?(.+?) (?:screen|page)$/i,
    /^(?:the )?(.+?) (?:screen|page) (?:is (?:shown|visible|displayed|open|opened|showing)|appears|opens)$/i,
  ];
  for (const re of patterns) {
    const m = re.exec(s);
    if (m) return { kind: 'title', value: unquote(m[1]!) };
  }
  return null;
}

function textCheck(s: string): Check | null {
  const screen = /^(?:the )?(?:screen|page) (?:shows|displays|contains|includes|has) (?:the )?(?:text )?(.+)$/i.exec(s);
  if (screen) return { kind: 'screen_text', value: unquote(screen[1]!) };
  const forms: Array<[RegExp, 'equals' | 'contains', 'target-first' | 'value-last']> = [
    [/^(?:the )?(?:text|value) of (.+?) (?:is|equals|reads) (.+)$/i, 'equals', 'target-first'],
    [/^(.+?)(?:'s)? (?:text|value) (?:is|equals|reads) (.+)$/i, 'equals', 'target-first'],
    [
      /^(.+?) (?:shows|displays|reads|says|equals|is equal to|has (?:the )?(?:text|value)) (.+)$/i,
      'equals',
      'target-first',
    ],
    [/^(.+?) (?:contains|includes|has text containing) (.+)$/i, 'contains', 'target-first'],
  ];
  const empty = /^(.+?) (?:is|are) empty$/i.exec(s);
  if (empty) {
    const target = parseTarget(empty[1]!);
    return target ? { kind: 'text', target, value: '', match: 'equals' } : null;
  }
  for (const [re, match] of forms) {
    const m = re.exec(s);
    if (!m) continue;
    // "Should NOT show "X"", "It never says "Y"": a negation or a modal, not an element's name.
    if (/\b(?:not|never|no|should|must)$/i.test(m[1]!.trim())) return null;
    // "The Flights screen shows "3 flights found"": a screen and a text, read by the quoted-text forms.
    if (/\b(?:screen|page|dialog|popup|list|section)$/i.test(m[1]!.trim())) return null;
    const target = parseTarget(m[1]!);
    if (!target) return null;
    // "The email field displays an error "Invalid email"": the message is shown (beside the field, or in it).
    const said = /^(?:an? |the )?(?:error|warning|hint|validation|helper)(?: message| text)?:? "([^"]+)"$/i.exec(
      m[2]!.trim(),
    );
    if (said) return { kind: 'visible', target: { text: said[1]! }, negated: false };
    return { kind: 'text', target, value: unquote(m[2]!), match, ...(/"/.test(m[2]!) ? { quoted: true } : {}) };
  }
  return null;
}

function visibilityCheck(s: string): Check | null {
  // "London → Barcelona is no longer in Upcoming trips": absent from the part under that heading.
  const gone =
    /^(.+?) (?:is|are) (?:no longer|not) (?:listed |shown )?(?:in|under) (?:the )?(.+?)(?: section| list)?$/i.exec(s);
  if (gone && !/"/.test(gone[2]!) && !/^(?:list|screen|page|results|app|view)$/i.test(gone[2]!)) {
    const target = parseTarget(gone[1]!);
    // The heading must be there: absence under a heading the screen does not show says nothing.
    if (target && !target.within)
      return {
        kind: 'all',
        checks: [
          { kind: 'visible', target: { text: gone[2]! }, negated: false },
          { kind: 'visible', target: { ...target, within: gone[2]! }, negated: true },
        ],
      };
  }
  const negative = [
    /^(?:i |we |the user )?(?:do not|don't|cannot|can't|can not|should not|shouldn't|must not) see (.+)$/i,
    new RegExp(`^(.+?) (?:is|are) not ${VISIBLE}$`, 'i'),
    new RegExp(`^(.+?) (?:isn't|aren't) ${VISIBLE}$`, 'i'),
    /^(.+?) (?:is|are) (?:hidden|gone|absent|invisible|no longer (?:visible|shown|displayed|listed|in the list))$/i,
    /^(.+?) (?:does not|doesn't|do not|don't) (?:appear|exist|show up|show)$/i,
    /^(.+?) (?:disappears|disappeared|vanishes|vanished|has disappeared|is dismissed)(?: entirely| completely| altogether)?$/i,
  ];
  const positive = [
    /^(?:i |we |the user )?(?:should |can |must |will )?see (.+)$/i,
    new RegExp(`^(.+?) (?:is|are) ${VISIBLE}$`, 'i'),
    /^(.+?) (?:appears|exists|shows up|is displayed|has appeared)$/i,
  ];
  for (const re of negative) {
    const m = re.exec(s);
    if (m) {
      const target = parseTarget(m[1]!);
      return target ? { kind: 'visible', target, negated: true } : null;
    }
  }
  // "Pay rent appears in the list", "… shows up in the task list": shown (a capitalised list is a heading's).
  const listed =
    /^(.+?) (?:appears?|shows? up|exists?) (?:in|on) (?:the |a )?(?:(\S+) )?(?:list|results|screen)$/i.exec(s);
  const listedTarget =
    listed && !/^\p{Lu}/u.test(listed[2] ?? '') && !/^no\s/i.test(listed[1]!) ? parseTarget(listed[1]!) : null;
  if (listedTarget) return { kind: 'visible', target: listedTarget, negated: false };
  for (const re of positive) {
    const m = re.exec(s);
    if (m) {
      // "No "Check your inbox" dialog appears": nothing of that name.
      const none = /^no\s+(.+)$/i.exec(m[1]!);
      const target = parseTarget(none ? none[1]! : m[1]!);
      if (none) return target ? { kind: 'visible', target, negated: true } : null;
      return target ? { kind: 'visible', target, negated: false } : null;
    }
  }
  return null;
}

const STATES: Record<string, ElementState> = {
  enabled: 'enabled',
  active: 'enabled',
  clickable: 'enabled',
  tappable: 'enabled',
  disabled: 'disabled',
  inactive: 'disabled',
  'greyed out': 'disabled',
  'grayed out': 'disabled',
  on: 'on',
  checked: 'on',
  selected: 'on',
  ticked: 'on',
  'switched on': 'on',
  'turned on': 'on',
  'toggled on': 'on',
  off: 'off',
  unchecked: 'off',
  unselected: 'off',
  unticked: 'off',
  'switched off': 'off',
  'turned off': 'off',
  'toggled off': 'off',
};
const OPPOSITE: Record<ElementState, ElementState> = { enabled: 'disabled', disabled: 'enabled', on: 'off', off: 'on' };

function stateCheck(s: string): Check | null {
  // "The "Dark mode" switch is on or asks to confirm": on, or a dialog opened to confirm turning it on.
  const asked = /^(.+?) (?:is|are) (on|off) or asks to confirm(?: it)?$/i.exec(s);
  if (asked) {
    const target = parseTarget(asked[1]!);
    return target ? { kind: 'state', target, state: asked[2]!.toLowerCase() as ElementState, asked: true } : null;
  }
  const m = new RegExp(`^(.+?) (?:is|are) (not )?(${Object.keys(STATES).join('|')})$`, 'i').exec(s);
  if (!m) return null;
  const target = parseTarget(m[1]!);
  if (!target) return null;
  const state = STATES[m[3]!.toLowerCase()]!;
  return { kind: 'state', target, state: m[2] ? OPPOSITE[state] : state };
}

function single(s: string): Check | null {
  return (
    noDialogCheck(s) ??
    kindAbsenceClaim(s) ??
    tabBarCheck(s) ??
    evidenceCheck(s) ??
    namedMessageCheck(s) ??
    tapOpensNoDialog(s) ??
    signedInCheck(s) ??
    onlyRowsCheck(s) ??
    countedRowsCheck(s) ??
    maskedCheck(s) ??
    withoutCheck(s) ??
    elementText(s) ??
    nthRowCheck(s) ??
    sectionCheck(s) ??
    emptyFieldCheck(s) ??
    countCheck(s) ??
    dialogCheck(s) ??
    startsWithCheck(s) ??
    screenCheck(s) ??
    titleCheck(s) ??
    orderCheck(s) ??
    seenAsCheck(s) ??
    noneCheck(s) ??
    (/"[^"]*".*"[^"]*"/.test(s) ? quotedCheck(s, parseCheck) : null) ??
    visibilityCheck(s) ??
    stateCheck(s) ??
    (/[:=]/.test(s.replace(/"[^"]*"/g, '')) ? valueCheck(s) : null) ??
    listCheck(s) ??
    textCheck(s) ??
    valueCheck(s) ??
    quotedCheck(s, parseCheck) ??
    bareQuoted(s) ??
    bareValue(s) ??
    labelMeasure(s) ??
    parenQuoted(s) ??
    labelIsValue(s)
  );
}

/** A check in any of its phrasings, or null when the text is not one. */
export function parseCheck(text: string): Check | null {
  const whole = wholeClaim(text, parseCheck);
  if (whole) return whole;
  const s = endValues(spellOutLists(plainClaims(indicative(text))))
    // "I expect to see "Welcome"", "I should be able to see X".
    .replace(/^(?:(?:i|we|the user|user) )?(?:expect to|(?:be|is|am|are) able to|want to|to|do|does) see /i, 'see ')
    .replace(/^(?:under|in|on) [^:"]+:\s*/i, '')
    // "I should see "Paper Moons" in the results": the results are the list on screen, no element of that name.
    .replace(/(?<=\S)(?<!\b(?:is|are))\s+(?:in|among) (?:the )?(?:search )?results(?: list)?$/i, '')
    .replace(/\b(?:is|are) (?:still|now|also|again) /gi, (m) => `${m.split(' ')[0]} `)
    // "The total now shows $5", "The list still is empty"; "now" before is/are stays: "Pay now is visible" names a button.
    .replace(/\s(?:now|still|again|also)\s(?=(?:contains|shows|reads|says|lists|displays)\b)/gi, ' ')
    .replace(/\s(?:still|again|also)\s(?=(?:is|are)\b)/gi, ' ')
    // "Reorder still there": said without "is".
    .replace(/^([^"]+?|"[^"]+")(?<!\b(?:is|are|not))\s+(?:still|also)\s+there$/i, '$1 is there')
    .replace(/\b(stays?|remains?) (on|off|enabled|disabled|empty)\b/gi, 'is $2')
    // "The Sign in button becomes enabled", "the user stays logged in": the state it ends in.
    .replace(
      /\b(?:becomes|became|turns|gets|stays|remains) (enabled|disabled|checked|unchecked|selected|(?:signed|logged) (?:in|out))\b/gi,
      'is $1',
    )
    .replace(/\b(?:correctly|properly|successfully) (?=displayed|shown|loaded|opened)/gi, '')
    .replace(/\b(?:screen|page) (?:stays?|remains?) (?:open|displayed|shown)$/i, 'screen is shown')
    .replace(/\b(?:cannot|can't|can not) be (?:switched|turned|toggled) (?:on|off)\b/gi, 'is disabled');
  return (
    neitherNorCheck(s) ??
    noteClaim(s, parseCheck) ??
    screenShowsText(s) ??
    dialogButtonsCheck(s) ??
    underFieldCheck(s) ??
    offeredOptionsCheck(s) ??
    opensOnCheck(s) ??
    rowLineCheck(s) ??
    switchGroupCheck(s) ??
    orderCheck(s) ??
    showsCheck(s) ??
    amountsShown(s) ??
    claimCheck(s) ??
    // "Still on Reschedule; nothing moved (…)": a part may say which screen is showing.
    joinedChecks(s, (part) => single(part) ?? onScreenCheck(part)) ??
    single(s) ??
    bareValues(s) ??
    // ""Enter your name" shown, still on Edit details": parts that each read as a check in any form.
    (/[,;]\s/.test(s) ? joinedChecks(s, parseCheck) : null)
  );
}

/**
 * "Review booking shows Extras (none) €0.00 and Total €67.40": a place (a screen by its title, a part of it)
 * and the amounts beside their labels on it.
 */
function amountsShown(s: string): Check | null {
  const m = /^(?:the )?([^"]+?) (?:shows|displays|lists|has) ([^"]+)$/i.exec(s);
  if (!m || !/\p{Sc}\s?\d|\d\s?\p{Sc}/u.test(m[2]!)) return null;
  const amounts = joinedChecks(m[2]!, single) ?? single(m[2]!);
  const each = amounts?.kind === 'all' ? amounts.checks : amounts ? [amounts] : [];
  if (each.length < 2 || !each.every((c) => c.kind === 'value')) return null;
  return { kind: 'all', checks: [{ kind: 'shows', subject: m[1]!, values: [] }, ...each] };
}
