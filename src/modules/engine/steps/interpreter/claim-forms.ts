import { RUNS_ON } from './lexicon';
import type { Check } from './intent';
import { parseTarget, unquote, LIST_SEPARATOR } from './step-text';
import { PERSON, placeFirstCheck, rowPlaceCheck, rowPlaceLineCheck, rowWithLineCheck } from './row-claims';

/**
 * Checks in QA shorthand, said of one thing on the screen: a row's place or second line (read by
 * `row-claims.ts`), which screen the user is on ("We're back on Tasks", "Still on Settings"), what a named screen shows without quotes
 * ("Task screen shows Renew passport"), texts that a described thing says after a colon, and lists
 * of options or rows in order led by their plural noun ("Options A, B and C are listed").
 */

const Q = '"([^"]+)"';

const WHO = "(?:we're|we are|i'm|i am|you're|you are|the user is|user is)";

/**
 * "We're back on Tasks", "Still on Settings", "We're on Work again", "We are still on the New task
 * form", "Screen is still Edit task": the screen showing, by its title (or its heading, read by the check).
 */
export function onScreenCheck(s: string): Check | null {
  const m =
    new RegExp(
      `^(?:${WHO} (?:(?:still|back|now|again) )?(?:on|in|at)|(?:(?:still|back|now|again) )?on) (?:the )?("[^"]+"|[^"]+?)(?: (?:screen|page|form))?(?: again| still| now)?$`,
      'i',
    ).exec(s) ??
    /^(?:the )?(?:current )?(?:screen|page|form) is (?:still |now |again )?(?:the )?("[^"]+"|[^"]+?)(?: (?:screen|page|form))?$/i.exec(
      s,
    );
  if (!m) return null;
  // A bare "on X" is said with a subject or "still / back / again": "on Settings" alone is no claim.
  const said = new RegExp(
    `^(?:${WHO}|still|back|now|again|(?:the )?(?:current )?(?:screen|page|form) is)\\b`,
    'i',
  ).test(s);
  const name = unquote(m[1]!);
  if (!said || name === '' || /\b(?:list|screen|page|top|bottom|left|right|the|a|an|it|this)$/i.test(name)) return null;
  if (/^(?:a|an|the|this|that|my|previous|next|same|other|first|last)\b/i.test(name)) return null;
  if (!m[1]!.startsWith('"') && RUNS_ON.test(name)) return null;
  // "Still on Profile as Sam Rivera": the screen, and the person it is signed in as shown on it.
  const as = m[1]!.startsWith('"') ? null : /^(.+?) as (\p{Lu}[\p{L}'-]*(?: \p{Lu}[\p{L}'-]*){0,3})$/u.exec(name);
  if (as)
    return {
      kind: 'all',
      checks: [
        { kind: 'screen', name: as[1]!, negated: false },
        { kind: 'visible', target: { text: as[2]! }, negated: false },
      ],
    };
  return { kind: 'screen', name, negated: false };
}

/**
 * A named screen and what it shows without quotes: "Task screen shows Renew passport", "Profile screen
 * shows sam@x.test", "The Tasks screen opens showing "10 tasks left"", "Title on the Task screen is X".
 */
export function screenShowsCheck(s: string): Check | null {
  const opens = new RegExp(
    `^(?:the )?([^"]+?) (?:screen|page) (?:opens|appears|is shown|is displayed|is open) (?:showing|with) ${Q}$`,
    'i',
  ).exec(s);
  // A screen's name: not an article, nor a clause of its own ("The dialog closes and the Profile screen …").
  const article = (name: string) =>
    /^(?:the|a|an|this|that|current|whole|same|next|previous)$/i.test(name.trim()) ||
    /\b(?:and|or|is|are|then|closes|opens)\b/i.test(name) ||
    name.trim().split(/\s+/).length > 5;
  // "Payments screen with "Saved payees" is shown": the quoted text is on that screen.
  const withText = new RegExp(
    `^(?:the )?([^"]+?) (?:screen|page) (?:with|showing) ${Q} (?:is (?:shown|displayed|open|visible)|appears|opens)$`,
    'i',
  ).exec(s);
  const found = opens ?? withText;
  if (found && !article(found[1]!))
    return {
      kind: 'all',
      checks: [
        { kind: 'screen', name: found[1]!, negated: false },
        { kind: 'visible', target: { text: found[2]! }, negated: false },
      ],
    };
  // "The Review booking screen is still shown with Total €67.40": that screen, and a label with its value.
  const withValue =
    /^(?:the )?([^"]+?) (?:screen|page) (?:is shown|is displayed|is open|opens|appears) with ([^"]+)$/i.exec(s);
  if (withValue && !article(withValue[1]!) && /\d/.test(withValue[2]!) && withValue[2]!.split(' ').length <= 6)
    return {
      kind: 'all',
      checks: [
        { kind: 'screen', name: withValue[1]!, negated: false },
        { kind: 'phrase', text: withValue[2]!.trim() },
      ],
    };
  const titled =
    /^(?:the )?(?:title|heading) (?:on|of) (?:the )?([^"]+?) (?:screen|page) (?:is|reads|says|shows) (.+)$/i.exec(s);
  if (titled && !article(titled[1]!))
    return {
      kind: 'all',
      checks: [
        { kind: 'screen', name: titled[1]!, negated: false },
        { kind: 'title', value: unquote(titled[2]!) },
      ],
    };
  const shows = /^(?:the )?([^"]+?) (?:screen|page) (?:shows|displays|lists|has) ([^"]+)$/i.exec(s);
  if (!shows || article(shows[1]!)) return null;
  const what = shows[2]!.trim();
  if (/^(?:the |an? )?(?:text|message|title|heading|list|error)$/i.test(what) || what.split(' ').length > 8)
    return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'screen', name: shows[1]!, negated: false },
      { kind: 'phrase', text: what },
    ],
  };
}

/** "The help text reads: No task matches "Zebra". Try another word.", "The dialog should say: "X" will go.". */
export function colonSaysCheck(s: string): Check | null {
  const m =
    /^(?:the )?([\p{L} ]{2,30}?) (?:(?:should|must|will|is to) )?(?:says?|reads?|shows?|is|be|displays?):\s+(.+)$/iu.exec(
      s,
    );
  if (!m) return null;
  const text = m[2]!.trim();
  // The text as a whole: one quoted value alone is the quoted forms' to read.
  if (/^"[^"]*"$/.test(text) || text.split(/\s+/).length < 2) return null;
  const subject = m[1]!.trim();
  return { kind: 'shows', subject, values: [text.replace(/^"([^"]*)"$/, '$1')] };
}

const GENERIC_PLURALS =
  /^(?:options|choices|items|entries|rows|results|values|tabs|buttons|links|fields|switches|toggles|labels|texts|columns|cards|tiles|sections|headings|categories|filters|chips|answers|settings|segments)$/i;

/**
 * "Options Today, Tomorrow and No due date are listed": the plural noun before the list is what they
 * are, not a word of the first one ("Segments Upcoming and Past": the verb may be left out). "Tasks listed in order:
 * A, B, C", "The form shows A, B and C".
 */
export function pluralListCheck(s: string): Check | null {
  const order =
    /^(?:the )?([a-z]+s)(?: are)? (?:listed|shown|displayed|sorted) in (?:this |that |the following )?order:?\s+(.+)$/i.exec(
      s,
    );
  if (order) {
    const values = split(order[2]!);
    return values.length >= 2 ? { kind: 'order', values } : null;
  }
  const listed =
    /^(?:the )?([a-z]+) (?!are\b|is\b)([^"]+?)( (?:(?:are|is) (?:all )?(?:listed|shown|displayed|visible|there|available|offered)|appear|show up))?$/i.exec(
      s,
    );
  // "Slots 19:00, 19:30 and 20:00 appear": any plural noun before values that each hold a number, said to show
  // ("Savings account shows £1,500.00" is no list).
  const numbered = (l: RegExpExecArray) =>
    l[3] !== undefined && /^[a-z]{3,}s$/i.test(l[1]!) && split(l[2]!).every((v) => /\d/.test(v));
  if (listed && (GENERIC_PLURALS.test(listed[1]!) || numbered(listed))) {
    const values = split(listed[2]!);
    if (values.length >= 2)
      return { kind: 'all', checks: values.map((v) => ({ kind: 'visible', target: { text: v }, negated: false })) };
  }
  const form =
    /^(?:the )?(form|screen|page|dialog|section|list|card|summary) (?:shows|lists|displays|has) ([^"]+)$/i.exec(s);
  if (form) {
    const values = split(form[2]!);
    if (values.length >= 2 && values.every((v) => v.split(' ').length <= 5))
      return { kind: 'all', checks: values.map((v) => ({ kind: 'visible', target: { text: v }, negated: false })) };
  }
  return null;
}

function split(list: string): string[] {
  const quoted = list.match(/"[^"]+"/g);
  const parts = quoted && quoted.length >= 2 ? quoted : list.split(/,?\s+and\s+|,(?!\d{3}\b)\s*|,?\s+then\s+/i);
  return parts.map((v) => unquote(v.trim())).filter(Boolean);
}

/**
 * Absence in shorthand: "No "Changes saved" message", "No "1 result" or Buy milk and eggs is shown",
 * "X is gone from the list".
 */
export function absentCheck(s: string): Check | null {
  const noQuoted = new RegExp(
    `^no ${Q}(?: (?:message|text|notice|banner|toast|error|label|title))?(?: (?:is |appears|shows)?(?:shown|displayed|visible)?)?$`,
    'i',
  ).exec(s);
  if (noQuoted) return { kind: 'visible', target: { text: noQuoted[1]! }, negated: true };
  const either = /^no (.+?) or (.+?) (?:is|are) (?:shown|displayed|visible|listed)$/i.exec(s);
  if (either) {
    const targets = [either[1]!, either[2]!].map((t) => parseTarget(t.replace(/^(?:no|any) /i, '')));
    if (targets.every(Boolean))
      return { kind: 'all', checks: targets.map((target) => ({ kind: 'visible', target: target!, negated: true })) };
  }
  const gone =
    /^(?:the )?(.+?) (?:is|are) (?:gone|removed|deleted|missing) from (?:the )?(?:list|results|screen|page|view)$/i.exec(
      s,
    ) ?? /^(?:the )?(.+?) (?:is|are) (?:no longer |not )(?:in|on) (?:the )?(?:list|results|screen|page)$/i.exec(s);
  if (gone) {
    const target = parseTarget(gone[1]!);
    return target ? { kind: 'visible', target, negated: true } : null;
  }
  // "X remains in the list", "X is still listed under Upcoming trips": present, under that heading when one is named.
  const kept =
    /^(?:the )?([^"]+?|"[^"]+") (?:is (?:listed|shown)|remains|stays|is still) (?:in|under) (?:the )?("[^"]+"|[^"]+?)(?: section)?$/i.exec(
      s,
    );
  // "Only X remains under H" says the rows there are exactly those (`onlyRowsCheck`).
  if (kept && !/^only\b/i.test(kept[1]!) && !/^(?:list|results|search results)$/i.test(kept[2]!)) {
    const target = parseTarget(kept[1]!);
    const within = unquote(kept[2]!).replace(/ list$/i, '');
    if (target && !target.within && /^\p{Lu}/u.test(within))
      return { kind: 'visible', target: { ...target, within }, negated: false };
  }
  const among =
    /^(?:the )?(.+?) (?:is|are|remains|stays|is still) (?:listed |shown )?(?:in|among) (?:the )?(?:results|search results|list)$/i.exec(
      s,
    );
  // A row of the list: the same words in a search field or a notice are not a result.
  if (among) {
    const target = parseTarget(among[1]!);
    return target && !target.role ? { kind: 'visible', target: { ...target, role: 'item' }, negated: false } : null;
  }
  return null;
}

/** "The Tickwise title is shown", "the Acme logo is visible": the name itself is on screen. */
export function namedTitleCheck(s: string): Check | null {
  const m =
    /^(?:the )?([^"]+?) (?:title|heading|logo|name|wordmark|app name) (?:is|are) (?:shown|visible|displayed|present)$/i.exec(
      s,
    );
  if (!m || /^(?:screen|page|app|the|a|an|this|its|user|account|product|item|task|file)$/i.test(m[1]!.trim()))
    return null;
  return { kind: 'visible', target: { text: m[1]!.trim() }, negated: false };
}

/**
 * "A dialog says the list is full": a dialog is open and one of the screen's texts holds those words in
 * that order (leading articles and possessives set aside: "Your list is full" says it).
 */
export function dialogSaysCheck(s: string): Check | null {
  const m =
    /^(?:an? |the )?(?:dialog|alert|popup|pop-up|prompt|confirmation)(?: box)? (?:says|tells (?:me|you|the user|us)|explains|reads|states)(?: that)? ([^"]+)$/i.exec(
      s,
    );
  if (!m) return null;
  const words = m[1]!.trim().replace(/^(?:(?:the|a|an|your|my|our|their|its|this)\s+)+/i, '');
  if (words.split(/\s+/).length < 2) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'dialog', open: true },
      { kind: 'screen_text', value: words },
    ],
  };
}

/** Every shorthand claim form, in order: the first that reads the sentence decides. */
export function claimCheck(s: string): Check | null {
  return (
    dialogSaysCheck(s) ??
    absentCheck(s) ??
    rowPlaceLineCheck(s) ??
    rowPlaceCheck(s) ??
    placeFirstCheck(s) ??
    rowWithLineCheck(s) ??
    screenShowsCheck(s) ??
    onScreenCheck(s) ??
    pluralListCheck(s) ??
    namedTitleCheck(s)
  );
}

/**
 * Shorthand rewritten before a check is read: "Notifications still on" → "Notifications is on",
 * ""10 tasks left" still" → ""10 tasks left"", ""3 open tasks" shown" → ""3 open tasks" is shown",
 * "Sign out button visible" → "Sign out button is visible", "Notes contain "…"" → "Notes contains "…"".
 */
export function plainClaims(s: string): string {
  return (
    s
      .replace(/\s+(?:anymore|any more|any longer)$/i, '')
      .replace(
        /^([^"]+?|"[^"]+") (?:still|now|again) (on|off|enabled|disabled|empty|[\d.,]+)$/i,
        (all, a: string, b: string) => (/\b(?:is|are|was|were|be|not|isn't|aren't)\b/i.test(a) ? all : `${a} is ${b}`),
      )
      .replace(/^("[^"]+")(?: is| are)? (?:still|again|too|as well|as before)$/i, '$1')
      .replace(/^("[^"]+"|[^"]+?) (shown|visible|displayed|listed)$/i, (all, a: string, b: string) =>
        /\b(?:is|are|was|were|be|not|isn't|aren't)\b/i.test(a) ? all : `${a} is ${b}`,
      )
      .replace(/^([^"]+?) (contain|include|show|read|say|display) (?=")/i, '$1 $2s ')
      // "Video note "We will send a link." shown": words that say what the text is, the text, then "shown".
      .replace(/^([^"]*"[^"]+") (shown|visible|displayed)$/i, (all, a: string, b: string) =>
        /\b(?:is|are|was|were|be|not|no|isn't|aren't)\b/i.test(a.replace(/"[^"]*"/g, '')) ? all : `${a} is ${b}`,
      )
  );
}

const NOT_A_VALUE =
  /^(?:not|no|never|a|an|the|on|off|in|at|under|below|above|still|now|empty|blank|shown|visible|displayed|hidden|gone|listed|present|available|enabled|disabled|checked|unchecked|selected|opened|closed|there|missing)\b/i;

/**
 * "Due is Sat 16 Aug", "Status is Open": a label and its value without quotes. Read last, after every
 * other form: the label must be on the screen, and the value beside it read just so.
 */
export function labelIsValue(s: string): Check | null {
  const m = /^(?:the )?([^"]{1,40}?) (?:is|equals|reads|says|shows) ([^"]{1,60})$/i.exec(s);
  if (!m) return null;
  // "… is €97.40 before paying": the value now; "after paying", "when …" speak of another moment.
  const [label, value] = [m[1]!.trim(), m[2]!.trim().replace(/\s+before \w+ing(?: \w+)?$/i, '')];
  if (/\b(?:after|when|while|until|unless|if|once)\b/i.test(value)) return null;
  // A value as the screen writes it: capitalised, a number or an address ("Open", "Sat 16 Aug", "9"); a
  // lower-case word is a predicate ("is accepted", "is running", "is demo" said of a field's content).
  if (!/^(?:\p{Lu}|\p{N}|\p{Sc}|[+@#])/u.test(value) && !/[@\d]/.test(value)) return null;
  if (PERSON.test(label)) return null;
  if (label.split(' ').length > 4 || value.split(' ').length > 8 || NOT_A_VALUE.test(value)) return null;
  if (/\b(?:is|are|was|were|it|this|that|there|they|screen|page|app|dialog|list)$/i.test(label)) return null;
  if (/\b(?:is|are|was|were)\b/i.test(value)) return null;
  const target = parseTarget(label);
  return target && target.text !== '' ? { kind: 'value', label: target, value } : null;
}

/**
 * "Due Fri 22 Aug", "Due date Today, Priority High, Project Work": names and values without a verb,
 * as an assertion says them. Each part is split where the screen shows a label (see claim-checks).
 */
export function phraseList(s: string): Check | null {
  if (/"/.test(s)) return null;
  const parts = s
    .split(/,\s*(?:and\s+)?|;\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const verb =
    /\b(?:is|are|was|were|be|been|has|have|had|do|does|did|not|no|should|must|will|can|shows?|reads?|says?|appears?|tap|click|enter|type|open|go|see)\b/i;
  // Each name and value at most six words; "Date 6 Mar 2025 and Status Completed" is two of them.
  const long = (p: string) => p.split(/\s+and\s+/i).some((q) => q.split(' ').length > 6);
  if (parts.length === 0 || parts.some((p) => verb.test(p) || p.split(' ').length < 2 || long(p))) return null;
  const checks: Check[] = parts.map((text) => ({ kind: 'phrase', text }));
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/**
 * "Verify amount €64.40 and Category Shopping": after a verb that only checks (`step`), several names, each
 * with a value as the screen writes it (a number or a capital after the name). "the app feels fast" is no such list.
 */
export function namesAndValues(step: string, s: string): Check | null {
  if (!/^(?:verify|validate|assert|expect|(?:check|confirm|ensure|make sure) that)\s/i.test(step)) return null;
  const parts = s.split(LIST_SEPARATOR);
  const valued = (p: string) =>
    !/^(?:the|a|an|this|that|my|your|its|it|everything|all)\b/i.test(p) && /^\S+\s.*(?:\p{Lu}|\p{N})/u.test(p);
  return parts.length >= 2 && parts.every(valued) ? phraseList(s) : null;
}

/**
 * "Card is frozen" as an assertion: a short statement the screen may show as one text. Read as those words
 * on screen; when no text reads so, the check is not settled (the state may show in another way).
 */
export function statementShown(s: string): Check | null {
  const m = /^(?:the |your |my )?(\p{Lu}[\p{L}-]*(?: [\p{L}-]+){0,2}) (?:is|are) ([a-z]+)$/u.exec(s.trim());
  if (!m || PERSON.test(m[1]!) || NOT_A_VALUE.test(m[2]!)) return null;
  return { kind: 'phrase', text: s.trim().replace(/^(?:the|your|my) /i, '') };
}
