import { adjustLine } from './adjust-steps';
import { type Intent, type Rule, type Target, ok, refuse } from './intent';
import { CHOOSE_RULES, CHOOSE_WHOLE_RULES } from './choose-option';
import { answer, dialog, dialogButton, tapWithPurpose } from './dialog-forms';
import { search } from './search-forms';
import { commaPath } from './names-path';
import { ORDINAL_PATTERN, REPEAT, ordinalOf, repeatCount, startsWithVerb } from './lexicon';
import { DURATION_PATTERN, parseCount, parseDuration, parseTarget, quotedContent, unquote } from './step-text';
import { MAX_WAIT_MS } from './wait-forms';
import { anyCredentials, signIn, signOut } from './credentials';

/** The most places a path step names ("Profile > Settings > Privacy"): each is looked for on a screen of its own. */
const MAX_PATH_PARTS = 8;

/**
 * The everyday forms beside the template grammar: sign-in in one step, values for a whole form,
 * field-first and value-as-role typing, changes, counters, ordinals, places to go, dialogs,
 * the app's lifecycle. Each reads the text alone; which element is meant is settled on the screen.
 */

export { USER_FIELDS, PASSWORD_FIELDS, SIGN_IN_BUTTONS, field } from './credentials';

/** "the lead passenger's First name", "the Email field of the lead passenger", "Passenger 2's first name". */
export function fieldTarget(raw: string): Target | null {
  const s = raw.trim().replace(/^the\s+/i, '');
  const possessive = /^(.+?)['’]s\s+(.+)$/i.exec(s);
  const of = /^(.+?)\s+(?:field|box)\s+(?:of|for)\s+(?:the\s+)?(.+)$/i.exec(s);
  // "Passenger 2 First name": a numbered part's field.
  const numbered = /^(\p{L}+ \d+) (\p{Lu}.*)$/u.exec(s);
  if (numbered && !possessive && !of) {
    const t = parseTarget(numbered[2]!);
    if (t) return { ...t, within: numbered[1]! };
  }
  // "the lead passenger email", "the lead Phone (optional)": the lead section's field.
  const lead =
    /^(lead|main|primary)(?: (passenger|traveller|traveler|guest|contact))? (?!passenger|traveller)(.+)$/i.exec(s);
  const [within, name] = possessive
    ? [possessive[1]!, possessive[2]!]
    : of
      ? [of[2]!, of[1]!]
      : lead
        ? [lead[2] ? `${lead[1]} ${lead[2]}` : lead[1]!, lead[3]!]
        : [null, s];
  const target = parseTarget(name);
  if (!target) return null;
  return within ? { ...target, within: within.replace(/^the\s+/i, '') } : target;
}

export const typeValue = (value: string, target: Target | null): Intent => ({
  kind: 'type',
  text: unquote(value),
  target,
});

/** "Enter alex@x.test / pw", "Enter Sam / Morgan for Passenger 2", "Enter London / Barcelona / 5 Sep 2025". */
const fillValues: Rule = (s) => {
  const m = /^(?:enter|type|fill in|input|fill)\s+(.+?)(?:\s+(?:for|as|in|into)\s+(?:the\s+)?(.+))?$/i.exec(s);
  if (!m) return null;
  const values = m[1]!.split(/\s+\/\s+|\s*\/\s*(?=\S)/).map((v) => unquote(v));
  if (values.length < 2 || values.some((v) => v === '' || /\s\/\s/.test(v))) return null;
  if (values.length === 2 && /^\d+$/.test(values[0]!) && /^\d+$/.test(values[1]!)) return null;
  return ok({ kind: 'fill', values, within: m[2] ? m[2].replace(/\s+(?:section|block)$/i, '') : null });
};

/** "Enter Sam Morgan for Passenger 2" / "as Passenger 2": a name into a passenger's fields. */
const fillSection: Rule = (s) => {
  const m = /^(?:enter|type|fill in|input|add)\s+(.+?)\s+(?:for|as)\s+(?:the\s+)?(.+?\s\d+)$/i.exec(s);
  if (!m || /['’]s\s/.test(m[2]!)) return null;
  const values = unquote(m[1]!).split(/\s+/);
  return ok({ kind: 'fill', values, within: m[2]! });
};

/** "In the Email field, enter a@b.co"; "For the Date, type 14 Aug". */
const fieldFirst: Rule = (s) => {
  const m = /^(?:in|into|on|for)\s+(?:the\s+)?(.+?),?\s+(?:enter|type|input|write|fill in|put)\s+(.+)$/i.exec(s);
  if (!m) return null;
  const target = fieldTarget(m[1]!);
  return target ? ok(typeValue(m[2]!, target)) : null;
};

/** "Type a@b.co as the email", "Enter 14 Aug 2025 as the Date", "Fill in 3 for the quantity", "Enter Sam as Passenger 2's first name". */
const valueAsRole: Rule = (s) => {
  const m = /^(?:enter|type|input|write|fill in|put|use)\s+(.+?)\s+(?:as|for)\s+(?:the\s+)?(.+)$/i.exec(s);
  if (!m) return null;
  // "Type Ask for Maria in Notes": the field is named at the end; "for" is part of the value.
  if (/\s(?:in|into)\s/i.test(m[2]!) && /^(?:type|enter|input|write)\s/i.test(s) && !/["']/.test(s)) return null;
  const target = fieldTarget(m[2]!);
  // "Enter Alex again as first name": the repetition is no part of the value.
  const value = quotedContent(m[1]!.trim()) === null ? m[1]!.replace(/\s+(?:again|once more)$/i, '') : m[1]!;
  return target ? ok(typeValue(value, target)) : null;
};

/** "Enter London in the From field" where the field has an owner: "in the Email field of the lead passenger". */
const typeInto: Rule = (s) => {
  const m = /^(?:enter|type|input|write|put)\s+("[^"]*"|\S+(?:\s\S+)*?)\s+(?:in|into)\s+(?:the\s+)?(.+)$/i.exec(s);
  if (!m || !/(?:['’]s\s|\s(?:of|for)\s)|^(?:the\s+)?\p{L}+ \d+ \p{Lu}/iu.test(m[2]!)) return null;
  const target = fieldTarget(m[2]!);
  return target ? ok(typeValue(m[1]!, target)) : null;
};

/** "Change To to Paris", "Replace From with Rome", "Replace the First name Alex with Sam", "From = London", "From: London". */
const change: Rule = (s) => {
  const m =
    /^(?:change|update|set|edit)\s+(?:the\s+)?(.+?)\s+to\s+(.+)$/i.exec(s) ??
    /^(?:replace|overwrite)\s+(?:the\s+)?(.+?)\s+with\s+(.+)$/i.exec(s) ??
    /^(?:fill(?: in)?|enter|set)\s+(?:the\s+)?([^=:]+?)\s*[=:]\s*(.+)$/i.exec(s);
  if (!m) return null;
  let raw = m[1]!;
  // "Change the Priority from None to High": the value it had is no part of the name.
  const was = /^(.+?)\s+from\s+\S.*$/i.exec(raw);
  if (was && /^(?:change|update|set)\b/i.test(s)) raw = was[1]!;
  const named = /^(.+?)\s+(?:"[^"]*"|[A-Z][\w-]*)$/.exec(raw);
  if (named && /^replace|^overwrite/i.test(s) && !/['’]s\s/.test(raw)) raw = named[1]!;
  if (/^(?:on|off|true|false|enabled|disabled|checked|unchecked)$/i.test(m[2]!.trim())) return null;
  const target = fieldTarget(raw);
  return target ? ok(typeValue(m[2]!, target)) : null;
};

/** "Leave the Email field empty", "Make sure the Password field is blank", "Leave Travel insurance off". */
const leave: Rule = (s) => {
  const m =
    /^(?:leave|keep)\s+(?:the\s+)?(.+?)\s+(empty|blank|as it is|unchanged|off|on|unchecked|checked)$/i.exec(s) ??
    /^make sure\s+(?:the\s+)?(.+?)\s+(?:is|are|stays?)\s+(empty|blank)$/i.exec(s);
  if (!m) return null;
  const w = m[2]!.toLowerCase();
  // "Leave both Email and Password empty": each of the two is empty (or off, on).
  const pair = /^(?:both\s+)?(?:the\s+)?(.+?)\s+and\s+(?:the\s+)?(.+?)(?:\s+fields)?$/i.exec(m[1]!);
  if (pair && w !== 'as it is' && w !== 'unchanged') {
    const two = [fieldTarget(pair[1]!), fieldTarget(pair[2]!)];
    if (two.every(Boolean))
      return ok({
        kind: 'check',
        check: {
          kind: 'all',
          checks: two.map((t) =>
            w === 'empty' || w === 'blank'
              ? { kind: 'text' as const, target: t!, value: '', match: 'equals' as const }
              : { kind: 'state' as const, target: t!, state: w === 'on' || w === 'checked' ? 'on' : 'off' },
          ),
        },
      });
  }
  const target = fieldTarget(m[1]!);
  if (!target) return null;
  if (w === 'as it is' || w === 'unchanged') return ok({ kind: 'wait', ms: 0 });
  if (w === 'empty' || w === 'blank')
    return ok({ kind: 'check', check: { kind: 'text', target, value: '', match: 'equals' } });
  const on = w === 'on' || w === 'checked';
  return ok({ kind: 'check', check: { kind: 'state', target, state: on ? 'on' : 'off' } });
};

/** "Clear the Email field of the lead passenger", "Clear the lead passenger's First name". */
const clearOwned: Rule = (s) => {
  const m = /^(?:clear|empty|erase)\s+(?:the\s+)?(.+)$/i.exec(s);
  if (!m || !/['’]s\s|\s(?:of|for)\s|^(?:lead|main|primary)\s/i.test(m[1]!)) return null;
  const target = fieldTarget(m[1]!);
  return target ? ok({ kind: 'clear', target }) : null;
};

/** "Look at the first screen that opens" (nothing to do), "Look at the Search screen" (that screen is showing). */
const look: Rule = (s) => {
  if (
    /^(?:look at|observe|view|inspect|open your eyes on) (?:the )?(?:first |initial |current |opening |landing )?(?:screen|page|app)(?: that (?:opens|appears|is shown|shows))?$/i.test(
      s,
    )
  )
    return ok({ kind: 'wait', ms: 0 });
  const m = /^(?:look at|observe|view|inspect) (?:the )?(.+?) (?:screen|page)$/i.exec(s);
  return m ? ok({ kind: 'check', check: { kind: 'screen', name: unquote(m[1]!), negated: false } }) : null;
};

/** "Tap Add passenger three times", "tap Remove passenger twice", "tap + 2 more times". */
const tapTimes: Rule = (s) => {
  const m = new RegExp(`^(?:tap|click|press|hit)(?:\\s+on)?\\s+(.+?)${REPEAT.source}`, 'i').exec(s);
  if (!m) return null;
  const target = parseTarget(m[1]!);
  const times = repeatCount(m[2]!);
  if (!target || times < 1 || times > 20) return null;
  // "… 3 more times": taps that go on from earlier ones (a control a cap has disabled by now takes them in vain).
  return ok({ kind: 'tap_times', target, times, ...(/\smore times$/i.test(m[2]!) ? { more: true } : {}) });
};

/** "Add 3 passengers", "set passengers to 2", "2 passengers". */
const counter: Rule = (s) => {
  const m =
    /^(?:add|select|choose|set)\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+([a-z]+?)s?$/i.exec(s) ??
    /^(?:set\s+(?:the\s+)?(?:number of\s+)?)([a-z]+?)s?\s+to\s+(\d+)$/i.exec(s);
  if (!m) return null;
  const [n, noun] = /^\d|^[a-z]+$/i.test(m[1]!) && parseCount(m[1]!) !== null ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
  const count = parseCount(n);
  if (count === null || count > 20) return null;
  if (/^add/i.test(s)) return ok({ kind: 'counter', noun: noun.toLowerCase(), count: -count });
  return ok({ kind: 'counter', noun: noun.toLowerCase(), count });
};

/** "Pick the third product", "select the last row", "tap the first result", "open item number 2". */
const ordinal: Rule = (s) => {
  const m =
    new RegExp(
      `^(?:tap|click|select|choose|pick|open|press)(?:\\s+on)?\\s+the\\s+${ORDINAL_PATTERN}(?:\\s+([a-z][a-z ]*?))?(?:\\s+(?:in|of|from) the (?:list|results))?(?:\\s*\\(([^()"]+)\\))?(?:,\\s*(?:i\\.e\\.\\s+|that is\\s+|namely\\s+)?(.+))?$`,
      'i',
    ).exec(s) ?? null;
  // "tap the last flight, 14:30 → 17:25 · from €349": the row at that place, which must read so.
  // "Tap the first Kim Lee row (Tue 24 Feb)": a name before the kind picks among the rows of that name only.
  // "the first payee Jamie Chen": the first row, which must read so (the kind said before the name).
  const apposed = m?.[2] ? /^\p{Ll}+\s+([\p{Lu}\d].*)$/u.exec(m[2])?.[1] : undefined;
  const named = m?.[2] && !apposed ? /^(.*[\p{Lu}\d].*?)(?:\s+\p{Ll}+)*$/u.exec(m[2])?.[1] : undefined;
  if (m)
    return ok({
      kind: 'pick_ordinal',
      ordinal: ordinalOf(m[1]!)!,
      noun: m[2] ?? null,
      ...(m[4] ? { text: unquote(m[4]) } : apposed ? { text: apposed } : {}),
      ...(named ? { named } : {}),
      ...(m[3] ? { detail: m[3].trim() } : {}),
    });
  const n =
    /^(?:tap|click|select|choose|pick|open)(?:\s+on)?\s+(?:the\s+)?(?:list\s+)?(?:item|row|entry|result)\s+(?:number\s+|#)(\d+)$/i.exec(
      s,
    );
  return n ? ok({ kind: 'pick_ordinal', ordinal: Number(n[1]), noun: null }) : null;
};

/** How many times "go back until the X screen is shown" goes back at most. */
export const MAX_BACKS = 10;

/**
 * "Go back until the Search screen is shown", "press back (Review → Extras → Flights) until the Search page appears",
 * "go back with the back arrow at most 3 more times until …": back, then the same step on the next screen.
 */
const backUntil: Rule = (s) => {
  const m =
    /^(?:go back|navigate back|press back|tap back|press (?:the )?back (?:button|arrow|key)|tap (?:the )?back (?:button|arrow))(?: (?:with|using|via) (?:the )?[\w -]{1,30}?)?(?: \([^()"]*\))?(?: at most (\d+) (?:more )?times?)? (?:until|till) (?:the )?(.+?) (?:screen|page) (?:is shown|is displayed|is visible|appears|shows|opens|is open)$/i.exec(
      s,
    );
  if (!m) return null;
  const left = m[1] ? Number(m[1]) : MAX_BACKS;
  return ok({ kind: 'back_until', screen: unquote(m[2]!), left: Math.min(left, MAX_BACKS) });
};

const PLACE_NOUN = /\s+(?:tab|screen|page|section|view|menu|area|settings page|menu category|category)$/i;

/** "Go to Profile > Settings", "Open Settings from Profile", "navigate to the Q3 report", "head to the Transfers tab", "Profile > Settings". */
const navigate: Rule = (s) => {
  const from = /^(?:open|go to|navigate to)\s+(?:the\s+)?(.+?)\s+from\s+(?:the\s+)?(.+)$/i.exec(s);
  const m =
    /^(?:go(?: back)? to|back to|goto|navigate(?: back)? to|head(?: over)? to|(?:go|step|head|get) into|switch to|return to|move to|proceed to|get to|open|visit|bring up|show|load)\s+(?:the\s+)?(.+)$/i.exec(
      s,
    );
  // "Open the 14:30 → 17:25 flight (Skyline SK 12)": a remark in parentheses says more about the row; the name goes first.
  // "Open Call grandma from the Today list": the list is where the row is; "from the list" adds nothing.
  const place = from ? from[2]!.replace(/\s+(?:list|results)$/i, '') : '';
  const generic = from && /^(?:list|results|search results)$/i.test(from[2]!);
  // "Profile > Edit profile", "Book -> Cardiology -> Dr Ravi Naidoo": a path with no verb is a way to go.
  const bare =
    !from && !m && /\s(?:>|->|›)\s/.test(s) && !/\s(?:>|->)\s*[-+£$€]?\d/.test(s) && !startsWithVerb(s) && !/"/.test(s)
      ? s
      : undefined;
  const raw = (from ? (generic ? from[1]! : `${place} > ${from[1]}`) : (m?.[1] ?? bare))?.replace(
    /\s+\([^()"]*\)$/,
    '',
  );
  if (!raw || /^(?:the\s+)?app(?:lication)?$/i.test(raw)) return null;
  const path = commaPath(raw)
    .split(/\s+>\s+|\s*›\s*|\s+→\s+|\s+->\s+/)
    .map((p) => unquote(p.replace(PLACE_NOUN, '').replace(/^the\s+/i, '')))
    .filter((p) => p !== '');
  if (path.length === 0 || path.some((p) => /["]/.test(p))) return null;
  if (path.length > MAX_PATH_PARTS) return refuse(`not understood: a path of more than ${MAX_PATH_PARTS} places`);
  return ok({ kind: 'navigate', path });
};

/** "… and send it", "submit the form", "save the changes": the button named by the verb. */
const sendIt: Rule = (s) => {
  const m = /^(send|submit|save|post|publish)(?: it| them| the (?:form|message|changes|comment|post|note))$/i.exec(s);
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  const name = verb[0]!.toUpperCase() + verb.slice(1);
  const names = /form/i.test(s) ? [name, `${name} form`] : [name];
  return ok({ kind: 'tap', target: { text: '', role: 'button', anyOf: names } });
};

/** Kill, restart, background and reopen; launching the app by any name. */
const lifecycle: Rule = (s) => {
  const app = "(?:the |this )?(?:[\\w'-]+ )?(?:app|application)(?: completely| fully)?";
  const again = '(?:(?:re-?)?(?:launch|open|start)(?: it| the app)?(?: again)?|relaunch it|reopen it)';
  if (
    new RegExp(
      `^(?:(?:kill|close|stop) and (?:re-?)?(?:launch|open|start) ${app}|(?:kill|close|force[- ]stop|force[- ]close|terminate|quit|stop|swipe away) ${app}(?:\\s+\\([^)]*\\))?(?:,| and| then|, then)+ ${again}|restart ${app}|relaunch ${app}|re-?open ${app}|close and (?:re)?open ${app})$`,
      'i',
    ).test(s)
  )
    return ok({ kind: 'relaunch' });
  if (
    new RegExp(
      `^(?:kill|close|force[- ]stop|force[- ]close|terminate|quit|stop) ${app}(?:\\s+\\([^)]*\\))?$`,
      'i',
    ).test(s)
  )
    return ok({ kind: 'kill' });
  const background = new RegExp(
    `^(?:(?:send|put|move) ${app} (?:to|in|into) (?:the )?background|(?:background|minimi[sz]e) ${app})(?: for ${DURATION_PATTERN})?(?:(?:,| and| then)+ (?:re-?open|bring|return to|resume|launch|open|restore|switch back to)(?: it| the app)?(?: back| again)?(?: to (?:the )?foreground)?)?$`,
    'i',
  ).exec(s);
  if (background) {
    const ms = background[1] ? parseDuration(background[1]) : null;
    if (background[1] && (ms === null || ms > MAX_WAIT_MS)) return null;
    return ok(ms === null ? { kind: 'background' } : { kind: 'background', ms });
  }
  // "Bring the app back to the foreground": the app, launched again, comes to the front.
  if (new RegExp(`^(?:bring|return) ${app} (?:back )?(?:to|into) (?:the )?foreground$`, 'i').test(s))
    return ok({ kind: 'launch' });
  if (
    /^(?:launch|start|run|open) (?:the )?(?:freshly installed |installed )?(?:[\w'-]+ )?(?:app|application)(?: again)?$|^launch [\w'-]+(?: again)?$/i.test(
      s,
    )
  )
    return ok({ kind: 'launch' });
  // "Launch the application by tapping the app icon", "Reopen the app from recent apps": the app, launched to the front.
  if (
    new RegExp(
      `^(?:launch|start|open|re-?open|return to|switch back to|go back to) ${app} (?:again )?(?:by (?:tapping|clicking|touching) (?:the |its )?(?:app |launcher )?icon|from (?:the )?(?:recent apps|recents|app switcher|launcher|home screen)(?: (?:list|screen))?)$`,
      'i',
    ).test(s)
  )
    return ok({ kind: 'launch' });
  if (/^(?:hide|dismiss|close) (?:the )?(?:on-screen |soft )?keyboard$/i.test(s)) return ok({ kind: 'hide_keyboard' });
  if (
    /^(?:(?:press|hit|use)\s+(?:the\s+)?|(?:press|hit|use|tap|click)\s+(?:the\s+)?(?:device['’]s|system|hardware|android|phone['’]s)\s+)back(?:\s+button|\s+key)$/i.test(
      s,
    )
  )
    return ok({ kind: 'back' });
  return null;
};

export const WHOLE_STEP_RULES: Rule[] = [
  lifecycle,
  signIn,
  signOut,
  anyCredentials,
  search,
  fieldFirst,
  ...CHOOSE_WHOLE_RULES,
];

/** Forms tried before the template grammar on each clause. */
export const CLAUSE_RULES: Rule[] = [
  lifecycle,
  signIn,
  look,
  clearOwned,
  leave,
  fillValues,
  fillSection,
  fieldFirst,
  typeInto,
  valueAsRole,
  change,
  tapTimes,
  counter,
  ordinal,
  ...CHOOSE_RULES,
  sendIt,
  answer,
  tapWithPurpose,
  dialogButton,
  dialog,
];

/** Forms tried after the template grammar: navigation ("open X" is a tap when X is a button). */
export const LATE_RULES: Rule[] = [navigate, adjustLine];

export const BACK_RULES: Rule[] = [backUntil];

export { quotedContent };
