import type { Check } from './intent';
import { parseTarget, unquote } from './step-text';

/**
 * Checks said of several things at once, as QA engineers write them: "Buttons Edit profile, Settings
 * and Sign out are available", "The fares are Light · €59, Classic · €89 and Flex · €139", "Email
 * (a@b.co) and phone (+44 …) are unchanged", "Verify "2 passengers"", "Verify Extras total €60.00".
 */

const STATE_WORDS = /^(?:on|off|enabled|disabled|checked|unchecked|empty|visible|shown|displayed|hidden|available)$/i;
const ROLE_PLURALS: Record<string, string> = {
  buttons: 'button',
  tabs: 'tab',
  links: 'link',
  fields: 'field',
  switches: 'switch',
  toggles: 'switch',
  checkboxes: 'switch',
};

/** Rewrites said of several things into one clause per thing, before the check is read. */
export function spellOutLists(s: string): string {
  // "X and Y are unchanged (off)", "X and Y are both on" → "X and Y are off" / "… are on"
  let out = s
    .replace(/\b(is|are) (?:unchanged|the same|as before) \((on|off|enabled|disabled|empty)\)$/i, '$1 $2')
    .replace(/\b(are) both (on|off|enabled|disabled|empty|shown|visible|displayed)\b/gi, '$1 $2');
  // "Email (a@b.co) and phone (+44 7700 900123) are unchanged" → "Email is "a@b.co" and phone is "+44 …""
  const unchanged = /^(.+?) (?:is|are) (?:unchanged|the same|as before|still the same|kept)$/i.exec(out);
  if (unchanged) {
    const parts = unchanged[1]!.split(/,?\s+and\s+|,\s+/i);
    const pairs = parts.map((p) => /^(?:the )?([^()"]+?) \(([^)]+)\)$/.exec(p.trim()));
    if (pairs.length > 0 && pairs.every(Boolean))
      out = pairs.map((m) => `${m![1]} is "${unquote(m![2]!)}"`).join(' and ');
  }
  // "Buttons Edit profile, Settings and Sign out are available" → "Edit profile button, … are available"
  const roles = /^(?:the )?(buttons|tabs|links|fields|switches|toggles|checkboxes) (?!are\b|is\b)(.+?) (are .+)$/i.exec(
    out,
  );
  if (roles) {
    const role = ROLE_PLURALS[roles[1]!.toLowerCase()]!;
    // "The buttons "Keep it" and "Yes, cancel" are offered": quoted names keep their commas.
    const quoted = roles[2]!.match(/"[^"]+"/g);
    const list = quoted && quoted.length >= 2 ? quoted : roles[2]!.split(/,?\s+and\s+|,\s+/i);
    const names = list.map((n) => `${n.trim()} ${role}`);
    out = `${names.slice(0, -1).join(', ')} and ${names.at(-1)} ${roles[3]}`;
  }
  // "Trip details shows … and a date of 18 Nov 2024": the value itself
  out = out.replace(/\b(?:a|the) (?:date|time|price|total|code|reference|number) of (?=\S)/gi, '');
  // "Trip details for WF2T6H is still shown": that screen, showing the reference
  out = out.replace(
    /(^|\band )(?:the )?(\p{Lu}[\p{L} ]+?) for ([A-Z0-9-]{4,}) is (?:still |now |again )?(?:shown|displayed|open)$/u,
    (_m, pre, screen, ref) => `${pre}the ${screen} screen is shown and the screen contains ${ref}`,
  );
  // "the Total on Review booking is €147.40": the label's value (the screen it is on is where the step reads)
  // Not when the label is itself a claim or the place runs on into another ("The user is on the X screen and the bar is not shown").
  out = out.replace(
    /^(?:the )?(.+?) on (?:the )?(\p{Lu}[\p{L} ]+?) (is|shows|reads) (.+)$/u,
    (all, label: string, place: string, verb, rest) =>
      /\b(?:is|are|was|were|still|and)\b/i.test(`${label} ${place}`) ? all : `${label} ${verb} ${rest}`,
  );
  // "The Sign in screen is shown with alex@x.test still in the Email field"
  out = out.replace(
    /^(.+?) with ("[^"]+"|\S+) (?:still |now )?in the (.+?) field$/i,
    (_m, a, v, f) => `${a}; the ${f} field shows "${unquote(v)}"`,
  );
  // "The screen title is "My trips" with Upcoming and Past buttons"
  const withRoles = /^(.+?) with (.+?) (buttons|tabs|links|fields|switches)$/i.exec(out);
  if (withRoles) {
    const role = ROLE_PLURALS[withRoles[3]!.toLowerCase()]!;
    const names = withRoles[2]!.split(/,?\s+and\s+|,\s+/i).map((n) => `${n.trim()} ${role} is shown`);
    out = [withRoles[1]!, ...names].join('; ');
  }
  return out;
}

/**
 * "The fares are A, B and C", "Passengers are "Alex Morgan" and "Sam Morgan"": a plural noun and
 * what it lists, each of which must be on screen.
 */
export function listCheck(s: string): Check | null {
  const m =
    /^(?:the )?([a-z]+s)(?: shown| listed| displayed| offered)? (?:are|include)(?: shown| listed)?:? (.+)$/i.exec(s);
  if (!m || /^(?:there|they|these|those|both|all)$/i.test(m[1]!)) return null;
  const hidden = m[2]!.match(/"[^"]*"/g);
  const values = (hidden && hidden.length >= 2 ? hidden : m[2]!.split(/,?\s+and\s+|,\s+/i))
    .map((v) => unquote(v.trim()))
    .filter(Boolean);
  if (values.length < 2 || values.some((v) => STATE_WORDS.test(v) || v.split(' ').length > 12)) return null;
  return { kind: 'all', checks: values.map((v) => ({ kind: 'visible', target: { text: v }, negated: false })) };
}

/** "Verify "2 passengers"": a quoted text alone is on screen. */
export function bareQuoted(s: string): Check | null {
  const m = /^("[^"]+")$/.exec(s.trim());
  return m ? { kind: 'visible', target: { text: unquote(m[1]!) }, negated: false } : null;
}

/** "Extras total €60.00", "Base fare (2 × €152.00) €304.00": a label and its amount, without a verb. */
export function bareValue(s: string): Check | null {
  const m = /^(?:the )?([^"]+?)\s+([€$£¥]\s?[\d.,]+|[\d.,]+\s?[€$£¥])$/.exec(s.trim());
  if (!m || /\b(?:is|are|shows|reads|says|equals|tap|enter|type)\b/i.test(m[1]!)) return null;
  const label = parseTarget(m[1]!);
  return label ? { kind: 'value', label, value: m[2]! } : null;
}

/** "Price alerts is off and disabled": a bare state after a check takes that check's subject. */
export function bareState(part: string): boolean {
  return STATE_WORDS.test(part.trim());
}

/** "Prices are still per passenger ("Prices per passenger")": the text the author quotes as the evidence. */
export function parenQuoted(s: string): Check | null {
  const m = /^[^"()]+\("([^"]+)"\)$/.exec(s.trim());
  return m ? { kind: 'visible', target: { text: m[1]! }, negated: false } : null;
}

/**
 * An element named by its id or label and the text it holds. Examples:
 * - `the "main_title" textfield with "Elige un método" text is displayed`
 * - `the "basket_title" field should contain "Warenkorb 2"`
 */
export function elementText(s: string): Check | null {
  const m =
    /^(?:the )?"([^"]+)" (?:textfield|text field|field|input|label|text|button|element|tab)( that contains| containing| with)(?: the)? "([^"]+)"(?: text)? (?:is|are) (?:displayed|shown|visible)$/i.exec(
      s,
    ) ??
    /^(?:the )?"([^"]+)" (?:textfield|text field|field|input|label|text|button|element)( contains| includes| shows| reads| has the text| equals| is) "([^"]+)"$/i.exec(
      s,
    );
  if (!m) return null;
  const contains = /contain|include/i.test(m[2]!);
  return { kind: 'text', target: { text: m[1]! }, value: m[3]!, match: contains ? 'contains' : 'equals' };
}
