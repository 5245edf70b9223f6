import { RUNS_ON } from './lexicon';
import type { Check } from './intent';
import { quotedTail } from './quoted-tails';
import { bareState } from './check-lists';
import { listedBesideQuotes } from './listed-values';
import { parseTarget, unquote } from './step-text';

/**
 * Checks as QA engineers write them beyond the template forms: which screen is showing, several
 * quoted texts at once, a label's value ("Total: €97.40", "Extras total shows €12.00"), rows in
 * an order, and checks joined with "and".
 */

const SHOWN =
  '(?:is|are) (?:still |now |also |again )?(?:shown|displayed|visible|listed|present|offered|available|opened|open|in the list)|(?:appears?|opens|shows up|show up|remains?|stays?)';
const QUOTED = /"([^"]+)"/g;

function quotedIn(s: string): string[] {
  return [...s.matchAll(QUOTED)].map((m) => m[1]!);
}

/** "Settings page": a screen named without a verb. */
const NAME_ALONE = /^(?:the )?((?:(?!\b(?:is|are|on|in|at|of)\b)[^"])+?) (?:screen|page)$/i;

/** "The Search screen is displayed", "I am on the Sign in screen", "the user stays on the Sign in screen". */
export function screenCheck(s: string): Check | null {
  const positive = [
    new RegExp(
      `^(?:the )?(.+?) (?:screen|page)(?: is)?(?: (?:still|now|again))? (?:${SHOWN}|is (?:still )?(?:shown|displayed))(?: again)?$`,
      'i',
    ),
    /^(?:i|we|the user|user|you|it) (?:am|is|are|stays?|remains?|lands?|land|should land|get|gets) (?:still |now |back )?(?:on|at|in) (?:the )?(.+?) (?:screen|page)(?: again)?$/i,
    /^(?:i am|i'm|we are|the user is|user is) (?:still |now |back )?on (?:the )?(.+?)$/i,
    /^(?:the )?(.+?) (?:screen|page) (?:opens|is opened|is open)$/i,
    // "I should be on the Home Page" (the subject and modal are read away), "I am looking at the Volume page"
    /^(?:be|being) (?:on|at|in) (?:the )?(.+?) (?:screen|page)$/i,
    /^(?:i am|i'm|we are) looking at (?:the )?(.+?) (?:screen|page)$/i,
    // "I verify "Calculator" as current screen", "I should see the login page", "Validate settings page"
    /^"?([^"]+?)"? as (?:the )?current (?:screen|page|activity)(?: name| title)?$/i,
    /^(?:i |we )?(?:should |can )?see (?:the )?"?([^"]+?)"? (?:screen|page)(?: on (?:the )?screen)?$/i,
    NAME_ALONE,
    /^(?:the )?(?:app|application) opens (?:straight |directly )?on (?:the )?(.+?) (?:screen|page)$/i,
  ];
  const negative = [
    /^(?:the )?(.+?) (?:screen|page) (?:is not|isn't|was never|is never) (?:shown|displayed|opened|open|visible)$/i,
    /^(?:the )?(.+?) (?:screen|page) (?:does not|doesn't) (?:open|appear)$/i,
    /^(?:the )?(.+?) (?:is not|isn't) (?:opened|open)$/i,
  ];
  const arrived = arrivalCheck(s);
  if (arrived !== undefined) return arrived;
  const butNot =
    /^(?:the )?(.+?) (?:screen|page) is (?:shown|displayed|open),? not (?:the )?(.+?)(?: (?:screen|page))?$/i.exec(s);
  if (butNot)
    return {
      kind: 'all',
      checks: [
        { kind: 'screen', name: unquote(butNot[1]!), negated: false },
        { kind: 'screen', name: unquote(butNot[2]!), negated: true },
      ],
    };
  for (const re of negative) {
    const m = re.exec(s);
    if (m) return { kind: 'screen', name: unquote(m[1]!), negated: true };
  }
  for (const re of positive) {
    const m = re.exec(s);
    // "Swipe to the next page": an action that ends with a place is no screen's name.
    if (
      m &&
      re === NAME_ALONE &&
      /^(?:swipe|scroll|drag|go|navigate|move|tap|click|press|switch|return|head|close|open|dismiss|skip|leave|exit|visit|load|reload|refresh|complete|finish|start|create|delete|edit|select|choose|pick|enter|type|fill|wait)\b|\sto\s/i.test(
        m[1]!,
      )
    )
      continue;
    // "on the Sign in screen and the tab bar is not shown": a name that runs on into another claim is none.
    if (m && RUNS_ON.test(m[1]!.replace(/"[^"]*"/g, ''))) continue;
    if (m && !/"/.test(m[1]!.replace(/^"[^"]*"$/, ''))) return { kind: 'screen', name: unquote(m[1]!), negated: false };
  }
  return null;
}

const PLACE = '(?:screen|page|view|activity|tab)';
const WHO = '(?:i|we|the user|user|you|it|he|she|they)';

/**
 * Being brought to a screen: "I should land on the Home screen", "I am redirected to the login page",
 * "The user is taken to the Dashboard", "The app navigates to the Orders screen", "Help page is loaded".
 * A verb of being moved names a screen even without the word "screen"; "I go to X" (an action) is not one.
 */
function arrivalCheck(s: string): Check | null | undefined {
  const moved = '(?:taken|redirected|navigated|brought|sent|returned|directed|forwarded|routed|moved|switched|dropped)';
  const forms = [
    new RegExp(
      `^(?:${WHO} )?(?:(?:am|is|are|gets?|got|was|were|be|being|has been|have been) )?${moved} (?:back )?(?:to|on|onto|into) (?:the )?(.+?)(?: ${PLACE})?$`,
      'i',
    ),
    new RegExp(
      `^(?:${WHO} )?(?:lands?|landed|ends? up|arrives?|arrived|is landed) (?:back )?(?:on|at|in|onto) (?:the )?(.+?)(?: ${PLACE})?$`,
      'i',
    ),
    new RegExp(
      `^(?:the )?(?:app|application|it) (?:navigates|goes|switches|returns|moves|redirects|takes (?:me|the user|us|you)|brings (?:me|the user|us|you)|redirects (?:me|the user|us|you)|sends (?:me|the user|us|you)) (?:back )?(?:to|on) (?:the )?(.+?)(?: ${PLACE})?$`,
      'i',
    ),
    new RegExp(`^(?:the )?(?:app|application|it) (?:opens|shows|displays|loads) (?:the )?(.+?) ${PLACE}$`, 'i'),
    new RegExp(
      `^(?:the )?(.+?) ${PLACE} (?:is |has )?(?:loaded|presented|reached|been loaded|loads|has loaded|comes up)$`,
      'i',
    ),
  ];
  for (const [i, re] of forms.entries()) {
    const m = re.exec(s);
    if (!m) continue;
    const name = unquote(m[1]!.trim());
    // "redirected to the Home screen of the app", "taken to a new page": a name, not a description.
    if (
      name === '' ||
      /"/.test(name) ||
      /\b(?:of|with|where|which|that|a|an|the|on|in|at|straight|directly|previous|next|same|new|another|some|any|my|his|her|their)\b/i.test(
        name,
      ) ||
      name.split(/\s+/).length > 5
    )
      // Being moved to a place described, not named, is no screen check; what the app does is read further on.
      return i < 2 ? null : undefined;
    return { kind: 'screen', name, negated: false };
  }
  return undefined;
}

const DOING =
  /^(?:create|add|make|delete|remove|edit|update|rename|send|post|upload|book|buy|order|save|submit|register|write|compose|invite|share|publish|schedule|set up|start|begin|complete|finish|play|record|call|pay|download|install|log ?in|sign ?in|sign ?up|login|conduct|perform|try|attempt|change|move|copy|import|export|print|scan|apply|join|leave|follow|like|rate|review)\b/i;

/** Texts in quotes that the check says are shown (all of them) or not shown (one). */
/** A subject said to be shown, then the quoted texts with it: "Paper Moons is shown with the caption "…"". */
const SUBJECT_SHOWN =
  /^(?:the )?([^"]+?) (?:is|are) (?:still |now |also )?(?:shown|displayed|visible|listed|present) (?:with|under|near|beside|above|below|next to)\b[^"]*"/i;

export function quotedCheck(s: string, parse: (part: string) => Check | null = () => null): Check | null {
  const quoted = quotedIn(s);
  if (quoted.length === 0) return null;
  // "Create a new note titled "Groceries"", "I login as a cashier "Ann"": something to do, not something to see.
  if (DOING.test(s)) return null;
  const negated =
    /^(?:no|there is no|there are no)\b|\b(?:is not|are not|isn't|aren't|not shown|no longer|never|is gone|disappears?|does not|doesn't|without)\b/i.test(
      s,
    );
  // "Neither "A" nor the banner …" is read whole by its own form, or not at all.
  if (/\b(?:neither|nor)\b/i.test(s.replace(QUOTED, ''))) return null;
  if (negated) {
    if (quoted.length !== 1 || !/\b(?:shown|displayed|visible|listed|appears?|present|gone|disappears?)\b/i.test(s))
      return null;
    return { kind: 'visible', target: { text: quoted[0]! }, negated: true };
  }
  // 'Wi-Fi is on and no "Saved" message shows': a "no" further on says something is absent; never read as shown.
  if (/\b(?:no|not|never|none|nothing|without)\b/i.test(s.replace(QUOTED, '""'))) return null;
  const says =
    /\b(?:is|are) (?:still |now |also )?(?:shown|displayed|visible|listed|present|offered|available|in the list)\b|\b(?:appears?|shows|show|displays|reads|says|lists|contains|has|with|includes|is titled|titled)\b/i.test(
      s,
    );
  if (!says) return null;
  const checks: Check[] = quoted.map((q) => ({ kind: 'visible', target: { text: q }, negated: false }));
  const tail = quotedTail(s, quoted, parse);
  if (tail === null) return null;
  if (tail) checks.push(...tail);
  // "should show Oak Books, Wed 28 Oct, "2 × Atlas" and €26.98": the names beside the quotes are claimed too.
  const beside = listedBesideQuotes(s);
  if (beside === null) return null;
  if (beside) checks.push(...beside);
  const screen = /^(?:the )?(.+?) (?:screen|page) (?:is (?:shown|displayed)|opens|shows|displays)/i.exec(s);
  if (screen && !/"/.test(screen[1]!)) checks.unshift({ kind: 'screen', name: screen[1]!, negated: false });
  // "Paper Moons is shown with the caption "…"": the name said to be shown is claimed too, never dropped.
  // A subject in lower case says what kind of thing holds them ("The banner is shown with "…"").
  const shown = SUBJECT_SHOWN.exec(s);
  if (shown && !screen && /^\p{Lu}/u.test(shown[1]!)) {
    const target = shown[1]!.split(/\s+/).length <= 6 ? parseTarget(shown[1]!) : null;
    if (!target) return null;
    checks.unshift({ kind: 'visible', target, negated: false });
  }
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/** "Total: €97.40", "Base fare (1 × €49.00) = €49.00", "Extras total is €0.00", "From is "London"". */
export function valueCheck(s: string): Check | null {
  const m =
    // "Time is 16:40": a colon between digits is a time's, not a label's.
    /^(?:the )?(.+?)\s*(?:(?<!\d):(?!\d)|=)\s*(.+)$/.exec(s) ??
    /^(?:the )?(.+?) (?:is|shows|reads|says|equals|displays|has the value|contains) (?:still |now |back to |again )?("[^"]*"|[€$£¥]\s?[\d.,]+|[\d.,]+\s?[€$£¥%]?|\+?[\d ]{6,})$/i.exec(
      s,
    );
  if (!m) return null;
  const label = parseTarget(m[1]!.replace(/^(?:the )?(?:value of|text of)\s+/i, ''));
  const value = unquote(m[2]!.trim());
  if (!label || label.text === '' || value === '' || /"/.test(label.text)) return null;
  // "Should NOT show "X"", "It never says "Y"": a negation or a modal, not a label.
  if (/\b(?:not|never|no|should|must)$/i.test(label.text)) return null;
  return { kind: 'value', label, value };
}

/**
 * A label's value said as what one sees: "I should see result as "30.48"", "I should see "14" at "age"",
 * "The balance is shown as "£12.00"": the value beside that label (never the label itself).
 */
export function seenAsCheck(s: string): Check | null {
  const m =
    /^(?:i |we |the user |user )?(?:should |can |must |will )?see (?:the )?([^"]+?|"[^"]+") as ("[^"]+"|[€$£¥]\s?[\d.,]+|[\d.,]+\s?[€$£¥%]?)$/i.exec(
      s,
    ) ??
    /^(?:the )?([^"]+?|"[^"]+") (?:is|are) (?:shown|displayed|listed|set|presented) as ("[^"]+"|[€$£¥]\s?[\d.,]+|[\d.,]+\s?[€$£¥%]?)$/i.exec(
      s,
    );
  const at = m
    ? null
    : /^(?:i |we |the user |user )?(?:should |can |must |will )?see ("[^"]+") (?:at|in|for|under|next to|beside) (?:the )?("[^"]+"|[^"]+?)(?: field| label| row)?$/i.exec(
        s,
      );
  const [rawLabel, rawValue] = m ? [m[1]!, m[2]!] : at ? [at[2]!, at[1]!] : [null, null];
  if (!rawLabel || !rawValue) return null;
  const label = parseTarget(rawLabel);
  const value = unquote(rawValue.trim());
  // "the password as dots", "the screen as …": a description, not a label.
  if (!label || label.text === '' || value === '' || /^(?:screen|page|text|message|list)$/i.test(label.text))
    return null;
  // "I should see "Fling" at the bottom of the display": a place on the screen, not a label.
  if (
    /\b(?:top|bottom|middle|cent(?:er|re)|end|start|screen|display|page|list|header|footer|dialog|popup)\b/i.test(
      label.text,
    )
  )
    return null;
  return { kind: 'value', label, value };
}

/** "Rows in order: A, B, C", "The order is A, then B, then C", "The rows are "A", "B" and "C", in that order". */
export function orderCheck(said: string): Check | null {
  // "Films in order: A, B, C", "Classes are listed in this order: …": any plural noun, read as the rows.
  const s = said.replace(/^(?:the )?\p{L}{3,}s (?:are (?:listed |shown )?)?(in (?:this |that )?order:\s)/iu, 'Rows $1');
  const m =
    /^(?:the )?(?:list order|sort order|rows?|list|order|results?|flights?|items?)(?: by [a-z ]+?| \([^)]*\))?(?: are| is)?(?: now| back to| still)?(?:,? in (?:that |this )?order)?(?: is)?(?: back to| now)?\s*:?\s+(.+?)(?:,? in (?:that|this) order)?$/i.exec(
      s,
    );
  if (!m || !/order|rows|:/i.test(s)) return null;
  const quoted = quotedIn(m[1]!);
  const values =
    quoted.length >= 2
      ? quoted
      : m[1]!
          .split(/,?\s+then\s+|,\s+|\s+and\s+(?!(?:the|a|an)\s)/i)
          .map((v) => unquote(v.trim()))
          .filter(Boolean);
  // "Order 1042 is the first order, above Order 1043": a sentence about one row, not a list of them.
  if (values.some((v) => /\s(?:is|are)\s/i.test(v))) return null;
  if (values.length < 2) return null;
  // "Rows: Household members, Profile (Sam Rivera), Schedules": a row's detail in brackets is its second line.
  const detail = (v: string) => /^([^"()]+?) \(([^"()]+)\)$/.exec(v);
  if (quoted.length >= 2 || !values.some((v) => detail(v))) return { kind: 'order', values };
  const titles = values.map((v) => detail(v)?.[1] ?? v);
  const lines = values.flatMap((v): Check[] => {
    const d = detail(v);
    return d ? [{ kind: 'row_line', row: { text: d[1]! }, values: [d[2]!], match: 'contains' }] : [];
  });
  return { kind: 'all', checks: [{ kind: 'order', values: titles }, ...lines] };
}

/** Splits "A and B" / "A, B" into checks when every part is one; a shared plural verb is given to each. */
export function joinedChecks(s: string, parse: (part: string) => Check | null): Check | null {
  // "Only A and B are listed", "Only A shown, caption "…"": "only" is said of the whole, never part of a first name.
  if (/^only\s/i.test(s.trim())) return null;
  const hidden: string[] = [];
  const masked = s.replace(/"[^"]*"|\([^)]*\)/g, (q) => {
    hidden.push(q);
    return `\u0000${hidden.length - 1}\u0000`;
  });
  const unmask = (t: string) => t.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => hidden[Number(i)]!);
  // "Base fare €304.00, Taxes and fees €36.80": commas alone first, so that a name with "and" stays whole.
  // "The quantity is 3, and the button says …": the "and" after a comma joins the claims, it is no one's name.
  const byComma = masked.split(/,\s+(?:and\s+)?|;\s+(?:and\s+)?/).map((p) => unmask(p).trim());
  if (byComma.length >= 2) {
    // Stops at the first part that is no check: a long list costs one part's reading, not every part's.
    const checks: Check[] = [];
    for (const p of byComma) {
      const c = joinedChecks(p, parse) ?? parse(p);
      if (!c) break;
      checks.push(c);
    }
    if (checks.length === byComma.length) return { kind: 'all', checks };
  }
  const parts = masked.split(/,?\s+and\s+|,\s+|;\s+/i).map((p) => unmask(p).trim());
  if (parts.length < 2) return null;
  // "Both Travel insurance and Extra checked bag are off": "both" belongs to the list, not to its first name.
  parts[0] = parts[0]!.replace(/^(?:both|all of)\s+/i, '');
  const checks: Check[] = [];
  let subject: string | null = null;
  let verb: string | null = null;
  // "Email offers and Biometric sign-in are off": the first plural predicate is said of each part before it
  // without one. Only a list joined with "and": "Welcome, demo is visible" stays one name.
  const plural = /\sand\s/i.test(masked) ? parts.find((p) => / are (?!not\b)/i.test(p)) : undefined;
  const shared = plural ? /^.+? are (.+)$/i.exec(plural) : null;
  for (const part of parts) {
    // "Travel insurance ("€12.00 per passenger") …": a quoted description beside a name is set aside.
    const bare = part.replace(/\s*\("[^)]*\)/g, '');
    // ""18:15" and "21:00" are enabled": a bare name before the plural predicate takes it, though it reads alone.
    const before = shared && parts.indexOf(part) < parts.indexOf(plural!) && /^"[^"]+"$/.test(bare);
    let c = (before ? parse(`${bare} is ${shared[1]}`) : null) ?? parse(part) ?? (bare !== part ? parse(bare) : null);
    // "Price alerts is off and is disabled": the second part takes the first one's subject.
    if (!c && subject && /^(?:is|are|shows|reads|lists|cannot|can't|stays)\b/i.test(part))
      c = parse(`${subject} ${part}`);
    // "Price alerts is off and disabled".
    if (!c && subject && bareState(part)) c = parse(`${subject} is ${part}`);
    if (!c && shared && !/\s(?:is|are|shows|reads)\s/i.test(part)) c = parse(`${bare} is ${shared[1]}`);
    // "Trip details shows "London → Rome" and 18 Nov 2024": what follows is shown too.
    if (!c && subject && verb && /^(?:shows|reads|lists)$/i.test(verb) && !/\s(?:is|are)\s/i.test(part))
      c = parse(`${subject} ${verb} ${part}`);
    // "The Category is Transport and the amount −£23.80": a name and an amount without a verb of its own.
    const named = /^(?:the |its )?(\p{L}[\p{L} ]{0,30}? [+\-−–]?\p{Sc}\s?\d[\d,.]*)$/u.exec(part);
    if (!c && subject && named) c = { kind: 'phrase', text: named[1]! };
    if (!c) return null;
    const subj = /^(.+?) (is|are|shows|reads|lists|stays)\b/i.exec(part);
    if (subj) [subject, verb] = [subj[1]!, subj[2]!];
    checks.push(c);
  }
  return { kind: 'all', checks };
}

/** "without the Sign in screen", "without the message "…"": what must not be showing. */
export function withoutCheck(s: string): Check | null {
  const screen = /^without (?:the )?(.+?) (?:screen|page)$/i.exec(s);
  if (screen) return { kind: 'screen', name: unquote(screen[1]!), negated: true };
  const text = /^(?:and )?without (?:the |a |any )?(?:message |text |note |error )?"([^"]+)"$/i.exec(s);
  return text ? { kind: 'visible', target: { text: text[1]! }, negated: true } : null;
}

/** "An empty Email field is displayed": the field is there and holds nothing. */
export function emptyFieldCheck(s: string): Check | null {
  // "An empty state message "No notes yet" is shown" names a message, not an empty field.
  const m = /"/.test(s) ? null : /^(?:an? |the )?empty (.+?) (?:is|are) (?:displayed|shown|visible|present)$/i.exec(s);
  const target = m ? parseTarget(m[1]!) : null;
  return target ? { kind: 'text', target, value: '', match: 'equals' } : null;
}

/** "The Flights screen shows "3 flights found"", "Verify the dialog "Delete?" says "…"", "Profile shows "A" and "B"". */
export function showsCheck(s: string): Check | null {
  // "Verify the message "Booking … will be cancelled."": the message, said without a verb, shows that text.
  const bare = /^(?:the )?((?:error )?message|note|notice|warning|text)\s+("[^"]+")$/i.exec(s);
  if (bare) return { kind: 'shows', subject: bare[1]!, values: quotedIn(bare[2]!) };
  const m =
    /^(?:the )?(.+?) (?:shows|displays|says|reads|lists|contains|includes|has)(?: the (?:text|message|texts))?:? ((?:"[^"]+"(?:,\s*|,? and\s+)?)+)$/i.exec(
      s,
    ) ??
    // "The message is "Choose a date" (not "…")": what a message or error says.
    /^(?:the )?((?:error )?message|error|note|notice|hint|warning|text|[\w ]{1,30}? (?:line|subtitle|caption)) (?:is|reads|says) ("[^"]+")(?: \(not "[^"]*"\))?$/i.exec(
      s,
    );
  if (!m || m[1]!.trim() === '' || /^(?:the )?(?:screen|page)$/i.test(m[1]!.trim())) return null;
  const subject = m[1]!.trim();
  // "the dialog "Delete?"", "the "Delete?" dialog": a dialog by its title.
  if (
    /"/.test(subject) &&
    !/^(?:dialog|popup|pop-up|alert|message|prompt)\s+"[^"]+"$/i.test(subject) &&
    !/^"[^"]+"\s+(?:dialog|popup|pop-up|alert|prompt)$/i.test(subject)
  )
    return null;
  const values = quotedIn(m[2]!);
  // One text on an element ("the Username field shows "demo"") is the element's text or value: read by the text forms.
  const container =
    /^(?:the )?(?:(?:.+\s)?(?:screen|page|dialog|popup|pop-up|alert|prompt|section|list|results|area|card|block|banner|panel|header|top bar)(?:\s+"[^"]+")?|it|this)$/i;
  const said =
    /^(?:the )?(?:(?:error )?message|error|note|notice|hint|warning|text|[\w ]{1,30}? (?:line|subtitle|caption))$/i.test(
      subject,
    ) && / (?:is|reads|says) "/i.test(s);
  if (values.length === 0 || (values.length === 1 && !container.test(subject) && !said)) return null;
  return { kind: 'shows', subject, values };
}

/** "The date line starts with "12 Sep 2025"": some text on screen begins that way (read as containing it). */
export function startsWithCheck(s: string): Check | null {
  const m = /^(?:the )?[^"]+? (?:starts|begins) with "([^"]+)"$/i.exec(s);
  return m ? { kind: 'screen_text', value: m[1]! } : null;
}

/** "The dialog is closed", "The dialog closes", "A dialog opens". */
export function dialogCheck(s: string): Check | null {
  const noun = '(?:the |a |an )?(?:dialog|popup|pop-up|confirmation dialog|prompt)';
  const closed = `^${noun} (?:is (?:closed|dismissed|gone|hidden|no longer (?:shown|displayed|visible))|closes|disappears|goes away)$`;
  if (new RegExp(closed, 'i').test(s)) return { kind: 'dialog', open: false };
  if (new RegExp(`^${noun} (?:is (?:open|opened|shown|displayed)|opens|appears|pops up)$`, 'i').test(s))
    return { kind: 'dialog', open: true };
  return null;
}
