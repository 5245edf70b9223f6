import { unknownAccount } from './accounts';
import { type Rule, ok, refuse } from './intent';
import { expandGroups, wholeFlow } from './group-steps';
import type { Intent, ParsedStep, Target } from './intent';
import { splitClauses } from './clauses';
import { spelledList } from './list-shorthands';
import { locatedIntents, location } from './location';
import { startsWithVerb, stripFillers } from './lexicon';
import { earlyGestureRules, gestureRules, scrollRules } from './parse-gestures';
import { orderCheck } from './check-forms';
import { parseCheck } from './parse-check';
import { screenStayCheck } from './qa-claims';
import { namesAndValues } from './claim-forms';
import { parseSwitchGroup } from './switch-groups';
import { leaveSectionEmpty } from './section-checks';
import { vagueReason } from './vague';
import { namedField, namedFieldList, putInField } from './named-fields';
import { answerOrCondition } from './dialog-forms';
import { tapById } from './element-ids';
import { MAX_WAIT_MS, waitUntilForm, withinForm } from './wait-forms';
import { BACK_RULES, CLAUSE_RULES, LATE_RULES, WHOLE_STEP_RULES } from './parse-forms';
import { navigationRules } from './parse-navigation';
import {
  DURATION_PATTERN,
  cleanStepText,
  keyCodeFor,
  parseDuration,
  parseTarget,
  quotedContent,
  unquote,
} from './step-text';

/**
 * English step text → intent, case-insensitive. The grammar is in docs/engine.md; anything it
 * does not cover is "not understood" so that a model can take the step.
 */

function targetOr(raw: string, build: (t: Target) => Intent): ParsedStep {
  const target = parseTarget(raw);
  return target ? ok(build(target)) : refuse(`not understood: cannot tell which element "${raw}" means`);
}

/**
 * Splits "V into X" / "V in X" at the one separator; a quoted value may contain anything.
 * Null target: no separator (type into the focused field). Undefined: more than one separator.
 */
function splitValueAndTarget(rest: string): { value: string; target: string | null } | undefined {
  const quoted = /^("[^"]*"|'[^']*')(?:\s+(?:into|in|inside|to)\s+(.+))?$/i.exec(rest);
  if (quoted) return { value: quotedContent(quoted[1]!)!, target: quoted[2] ?? null };
  const quotedTarget = /^(.+?)\s+(?:into|in|inside)\s+((?:the\s+)?"[^"]+".*)$/i.exec(rest);
  if (quotedTarget) return { value: quotedTarget[1]!, target: quotedTarget[2]! };
  for (const sep of [' into ', ' in ']) {
    const parts = rest.toLowerCase().split(sep);
    if (parts.length === 2) {
      const at = parts[0]!.length;
      return { value: rest.slice(0, at), target: rest.slice(at + sep.length) };
    }
    if (parts.length > 2) return undefined;
  }
  return { value: rest, target: null };
}

const SWITCH_VALUES: Record<string, boolean> = {
  on: true,
  off: false,
  true: true,
  false: false,
  enabled: true,
  disabled: false,
  checked: true,
  unchecked: false,
  yes: true,
  no: false,
};

const typeRules: Rule[] = [
  (s) => {
    const m = /^(?:type|enter|input|write|key in)\s+(.+)$/i.exec(s);
    if (!m) return null;
    const split = splitValueAndTarget(m[1]!);
    if (!split)
      return refuse(
        'not understood: the text to type is ambiguous; put it in quotes, e.g. type "sign in" into Username',
      );
    if (split.target === null) return ok({ kind: 'type', text: split.value, target: null });
    // "Enter the value 66 in Amount": the word that says what kind of thing is typed is not typed.
    const said = /^(?:the\s+)?(?:value|text|number)\s+("[^"]*"|[^\s"]+)$/i.exec(split.value.trim());
    const text = said ? unquote(said[1]!) : split.value;
    return targetOr(split.target, (target) => ({ kind: 'type', text, target }));
  },
  putInField,
  (s) => {
    // "User is filling in "login" field by "1"": "by" only before a quoted value.
    const m =
      /^(?:fill(?: in| out)?|populate)\s+(.+?)\s+with\s+(.+)$/i.exec(s) ??
      /^(?:fill(?: in| out)?|populate)\s+(.+?)\s+by\s+("[^"]*")$/i.exec(s);
    if (!m) return null;
    if (/\swith\s/i.test(m[2]!) && quotedContent(m[2]!.trim()) === null)
      return refuse('not understood: the text to fill in is ambiguous; put it in quotes');
    // "fills the "password_field" inputtext with the "secret" text": the quoted text is the value.
    const said = /^(?:the\s+)?("[^"]*")(?:\s+(?:text|value|string))?$/i.exec(m[2]!.trim());
    return targetOr(m[1]!, (target) => ({ kind: 'type', text: unquote(said ? said[1]! : m[2]!), target }));
  },
  (s) => {
    const m = /^fill(?: in)?\s+(.+)$/i.exec(s);
    if (!m) return null;
    const split = splitValueAndTarget(m[1]!);
    if (!split || split.target === null)
      return refuse('not understood: say which field to fill, e.g. fill Username with demo');
    return targetOr(split.target, (target) => ({ kind: 'type', text: split.value, target }));
  },
  (s) => {
    const m = /^set\s+(.+?)\s+to\s+(.+)$/i.exec(s);
    if (!m) return null;
    const value = unquote(m[2]!);
    const on = quotedContent(m[2]!.trim()) === null ? SWITCH_VALUES[value.toLowerCase()] : undefined;
    if (on !== undefined) return targetOr(m[1]!, (target) => ({ kind: 'set_switch', target, on }));
    return targetOr(m[1]!, (target) => ({ kind: 'type', text: value, target }));
  },
  (s) => {
    const m = /^(?:clear|empty|erase)(?:\s+(?:the\s+)?text\s+(?:in|of|from))?\s+(.+)$/i.exec(s);
    return m ? targetOr(m[1]!, (target) => ({ kind: 'clear', target })) : null;
  },
];

const switchRules: Rule[] = [
  (s) => {
    const m =
      /^(?:turn|switch|toggle|flip)\s+(on|off)\s+(.+)$/i.exec(s) ??
      /^(?:turn|switch|toggle|flip)\s+(.+?)\s+(on|off)$/i.exec(s);
    if (!m) return null;
    const [word, raw] = /^(?:on|off)$/i.test(m[1]!) ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
    return targetOr(raw, (target) => ({ kind: 'set_switch', target, on: word.toLowerCase() === 'on' }));
  },
  (s) => {
    const m = /^(enable|disable|check|uncheck|tick|untick)\s+(.+)$/i.exec(s);
    if (!m) return null;
    const on = ['enable', 'check', 'tick'].includes(m[1]!.toLowerCase());
    return targetOr(m[2]!, (target) => ({ kind: 'set_switch', target, on }));
  },
  (s) => {
    const m = /^(?:toggle|flip)\s+(.+)$/i.exec(s);
    return m ? targetOr(m[1]!, (target) => ({ kind: 'toggle', target })) : null;
  },
];

const waitRules: Rule[] = [
  (s) => {
    const m = new RegExp(`^(?:wait|sleep|pause|delay)(?: for)? ${DURATION_PATTERN}$`, 'i').exec(s);
    if (!m) return null;
    const ms = parseDuration(m[1]!);
    if (ms === null) return null;
    if (ms > MAX_WAIT_MS) return refuse('not understood: a fixed wait is at most 5 minutes; say wait until X appears');
    return ok({ kind: 'wait', ms });
  },
  waitUntilForm,
];

const pressRules: Rule[] = [
  tapById,
  (s) => {
    const k = s.replace(/\s+(?:on|of) (?:the )?(?:on-screen |onscreen |soft |virtual |device )?keyboard$/i, '');
    const m =
      /^(?:press|hit|push|tap)\s+(?:the\s+)?key\s+(.+)$/i.exec(k) ??
      /^(?:press|hit|push|tap)\s+(?:the\s+)?(.+?)\s+key$/i.exec(k);
    if (!m) return null;
    const key = keyCodeFor(m[1]!);
    return key ? ok({ kind: 'key', key }) : refuse(`not understood: "${unquote(m[1]!)}" is not a key name`);
  },
  (s) => {
    const m = /^(?:press|hit|push)\s+(.+)$/i.exec(s);
    if (!m) return null;
    const raw = m[1]!.trim();
    const key = /^[a-z]+(?: [a-z]+)?$/i.test(raw) && raw.length > 1 ? keyCodeFor(raw) : null;
    if (key) return ok({ kind: 'press', target: { text: raw }, key });
    return targetOr(raw, (target) => ({ kind: 'tap', target }));
  },
  (s) => {
    const m = /^(?:tap|click|select|choose|touch|pick)(?:\s+on)?\s+(.+)$/i.exec(s);
    return m ? targetOr(m[1]!, (target) => ({ kind: 'tap', target })) : null;
  },
];

/**
 * "Leave both extras off (Extras total €0.00)", "Check the Total is €278.80 (Base fare €158.00, Taxes €36.80)":
 * amounts in parentheses after a step are checked too, after it.
 */
function withAmounts(s: string): ParsedStep | null {
  const m = /^(.+?)\s+\(([^()"]+)\)$/.exec(s);
  if (!m || !/^\p{L}[\p{L} ]*\s+[€$£]?\d[\d.,]*(?:,|$)/u.test(m[2]!)) return null;
  const amounts = parseCheck(m[2]!);
  if (
    !amounts ||
    (amounts.kind !== 'value' && !(amounts.kind === 'all' && amounts.checks.every((c) => c.kind === 'value')))
  )
    return null;
  const outer = parseClause(m[1]!);
  if (!outer.understood) return null;
  if (outer.intent.kind === 'check')
    return ok({ kind: 'check', check: { kind: 'all', checks: [outer.intent.check, amounts] } });
  return ok({ kind: 'sequence', steps: [outer.intent, { kind: 'check', check: amounts }] });
}

/** "Note the booking reference": what a tester writes down changes nothing in the app. */
const NOTE = /^(?:note|note down|take note of|make a note of|write down) (?:the |its |their )[\w -]{1,40}$/i;

/** One clause: the everyday forms, the template grammar, then navigation; a check when none matches. */
function parseClause(s: string, names: string[] = []): ParsedStep {
  const amounts = withAmounts(s);
  if (amounts) return amounts;
  const within = withinForm(s);
  if (within) return within;
  const answered = answerOrCondition(s);
  if (answered) return answered;
  if (NOTE.test(s)) return ok({ kind: 'wait', ms: 0 });
  // "Run the Movie night scene", "Activate Away mode": the control so named (a name: a capital), tapped.
  const run = /^(?:[Rr]un|[Aa]ctivate|[Tt]rigger|[Aa]pply|[Pp]lay)\s+((?:[Tt]he\s+)?\p{Lu}.*)$/u.exec(s);
  if (run) return parseClause(`tap ${run[1]}`, names);
  // "Try to turn Price alerts on": the attempt, even on a control that is disabled (what follows checks the outcome).
  // "Filter by Comedy", "Sort by Price": the chip or option of that name.
  const by = /^(?:filter|sort)(?: (?:the )?(?:list|results))? by (?:the )?("[^"]+"|[^"]{1,40})$/i.exec(s);
  if (by) return ok({ kind: 'tap', target: { text: unquote(by[1]!) } });
  // "Try tapping "20:30 · Sold out"" is the same attempt.
  const attempt = /^(?:try|attempt) (?:to )?(.+)$/i.exec(
    s.replace(/^(try|attempt) (tap|click|press|select|touch)(?:p?ing)\b/i, '$1 to $2'),
  );
  if (attempt) {
    const inner = parseClause(attempt[1]!);
    if (!inner.understood) return inner;
    const i = inner.intent;
    if (i.kind === 'tap' || i.kind === 'set_switch' || i.kind === 'toggle')
      return ok({ ...i, target: { ...i.target, attempt: true } });
    return inner;
  }
  const emptySection = leaveSectionEmpty(s);
  if (emptySection) return ok({ kind: 'check', check: emptySection });
  const group = parseSwitchGroup(s);
  if (group) return ok(group);
  // "Confirm and pay is disabled": a name on the screen that starts with a check verb is the subject, not the verb.
  const lower = s.toLowerCase();
  const named = names.some(
    (n) =>
      /^(?:check|confirm|verify|validate|ensure)\s/i.test(n) &&
      /^\s(?:is|are)\s/i.test(lower.slice(n.length, n.length + 5)) &&
      lower.startsWith(n.toLowerCase()),
  );
  const prefixed = named ? null : CHECK_PREFIX.exec(s);
  if (prefixed) {
    // "Verify amount €64.40 and Category Shopping": names and values without a verb, after a verb that only checks.
    const check = parseCheck(prefixed[1]!) ?? namesAndValues(s, prefixed[1]!);
    if (check) return ok({ kind: 'check', check });
    // "check Contact me" ticks a box, "confirm the deletion" answers a dialog; "check that …" is always a check.
    if (!/^(?:check|confirm|make sure|ensure)\s+(?!that\s)/i.test(s))
      return refuse('not understood: no check the interpreter knows follows the verb');
  }
  // "Push notifications is on": a statement of what is true, though it starts with a verb.
  if (STATEMENT.test(s)) {
    const check = parseCheck(s);
    if (check) return ok({ kind: 'check', check });
  }
  for (const rule of [
    ...BACK_RULES,
    ...earlyGestureRules,
    namedField,
    ...CLAUSE_RULES,
    ...navigationRules,
    ...waitRules,
    ...scrollRules,
    ...gestureRules,
    ...switchRules,
    ...typeRules,
    ...pressRules,
    ...LATE_RULES,
  ]) {
    const parsed = rule(s);
    if (parsed) return parsed;
  }
  const check = parseCheck(s);
  if (check) return ok({ kind: 'check', check });
  return unknownAccount(s) ?? refuse('not understood: the step does not match the interpreter grammar');
}

/** A step as a person writes it, without its subject, fillers and remarks. */
export function normalizeStep(text: string): string {
  return expandGroups(spelledList(stripFillers(cleanStepText(text))));
}

/** A form that reads a whole clause, "and" included: sign-in, the app's lifecycle, a search. */
export function parseWhole(s: string): ParsedStep | null {
  // "Buttons Edit profile, Settings and Sign out are available": one statement about several things.
  // "Verify the order is A, then B, then C": one check, though it says "then".
  const order = orderCheck((CHECK_PREFIX.exec(s)?.[1] ?? s).trim());
  if (order) return ok({ kind: 'check', check: order });
  // "should stay on Sign in", "Dialog "Delete?" with Cancel and Delete": a claim as QA writers state it.
  const claim = screenStayCheck((CHECK_PREFIX.exec(s)?.[1] ?? s).trim(), parseCheck);
  if (claim) return ok({ kind: 'check', check: claim });
  if (
    SAID_OF_MANY.test(s) &&
    !CHECK_PREFIX.test(s) &&
    !ACTS.test(s) &&
    s.split(/,?\s+and\s+|,\s+/i).every((part, i, all) => i === 0 || i === all.length - 1 || !startsWithVerb(part))
  ) {
    const check = parseCheck(s);
    if (check?.kind === 'all') return ok({ kind: 'check', check });
  }
  for (const rule of [...WHOLE_STEP_RULES, namedFieldList]) {
    const parsed = rule(s);
    if (parsed) return parsed;
  }
  return null;
}

/**
 * Parses one step or assertion without a screen. Several clauses ("Clear the box and enter
 * shoes") become a sequence; a step is understood only when every clause is.
 */
export function parseStep(text: string, names: string[] = []): ParsedStep {
  const s = normalizeStep(text);
  if (s === '') return refuse('not understood: the step is empty');
  const flow = wholeFlow(s);
  if (flow) return refuse(flow);
  const place = location(s);
  if (place) {
    const rest = parseStep(place.rest, names);
    return rest.understood ? ok(locatedIntents(place, rest.intent)) : rest;
  }
  const entire = parseWhole(s);
  if (entire) return entire;
  const steps: Intent[] = [];
  for (const part of splitClauses(s, names, true)) {
    const whole = parseWhole(part.text);
    const clauses = whole ? [] : splitClauses(part.text, names);
    if (whole) {
      if (!whole.understood) return whole;
      steps.push(whole.intent);
    }
    for (const c of clauses) {
      let parsed = parseClause(c.text, names);
      const vague = parsed.understood ? vagueReason(c.text, parsed.intent) : null;
      if (vague) parsed = refuse(vague);
      if (!parsed.understood) return clauses.length > 1 ? refuse(`${parsed.reason} (in "${c.text}")`) : parsed;
      steps.push(parsed.intent);
    }
  }
  if (steps.length === 1) return ok(steps[0]!);
  return ok({ kind: 'sequence', steps });
}

const ACTS =
  /^(?:tap|click|press|turn|switch|enter|type|select|choose|pick|open|go|fill|set|scroll|swipe|toggle|enable|disable|leave|keep)\b|\bthen\b|;/i;
const SAID_OF_MANY =
  /^[^"]+?(?:,|\sand\s)[^"]+?\s(?:are|is)\s(?:still\s|both\s|all\s)?(?:available|shown|visible|displayed|listed|present|on|off|enabled|disabled|unchanged(?: \([^)]*\))?)$/i;

/** "Push notifications is on", "Show All button should be disabled", 'switch "Wi-Fi" should be on': what is true. */
const STATEMENT =
  /^(?![^"]*\b(?:until|till|when|while|if|unless|so|so that|then)\b)(?:[^"]|"[^"]*")+?\s(?:is|are|(?:should|must)(?: still| not)? be)\s(?:still\s|now\s|both\s)?(?:not\s)?(?:on|off|enabled|disabled|checked|unchecked|shown|visible|displayed|hidden|empty)$/i;

const CHECK_PREFIX =
  /^(?:verify|check|assert|expect|ensure|confirm|validate|make sure|see that|observe that|notice that|note that)(?:\s+that)?\s+(.+)$/i;
