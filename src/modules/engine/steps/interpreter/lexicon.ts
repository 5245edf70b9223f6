import { parseCount } from './step-text';
/**
 * The words around the action: who acts ("I", "the user"), politeness and time fillers
 * ("please", "now", "then"), repetition ("again"), and remarks that change nothing
 * ("without changing anything", "(do not tap the Sign in button)"). They are taken off before a
 * step is read, so that "Now tap Next again, please" reads as "tap Next".
 */

/** Verbs that start a clause, by action class: a clause after "and" or a comma starts with one. */
export const ACTION_VERBS = [
  'tap',
  'click',
  'press',
  'hit',
  'push',
  'touch',
  'double-tap',
  'double tap',
  'long-press',
  'long press',
  'type',
  'enter',
  'input',
  'write',
  'fill',
  'populate',
  'clear',
  'empty',
  'erase',
  'replace',
  'change',
  'set',
  'select',
  'choose',
  'pick',
  'open',
  'go',
  'navigate',
  'head',
  'return',
  'switch',
  'turn',
  'toggle',
  'flip',
  'enable',
  'disable',
  'tick',
  'untick',
  'uncheck',
  'scroll',
  'swipe',
  'verify',
  'check',
  'assert',
  'ensure',
  'make sure',
  'expect',
  'validate',
  'accept',
  'confirm',
  'cancel',
  'dismiss',
  'close',
  'launch',
  'relaunch',
  're-launch',
  'reopen',
  're-open',
  'restart',
  'kill',
  'send',
  'bring',
  'wait',
  'leave',
  'rotate',
  'hide',
  'log in',
  'login',
  'log out',
  'sign in',
  'sign out',
  'search',
  'add',
  'remove',
  'continue',
  'submit',
  'save',
  // "Pick Apple Pay, apply REEL5": a code applied, a clause of its own only after another action.
  'apply',
] as const;

const VERB_START = new RegExp(
  `^(?:${[...ACTION_VERBS]
    .sort((a, b) => b.length - a.length)
    .map((v) => v.replace(/[-\s]/g, '[- ]?'))
    .join('|')})\\b`,
  'i',
);

/** Verbs that are also common labels ("Remove passenger", "Search", "Continue"): they start a clause only after an action. */
const WEAK =
  /^(?:add|remove|search|continue|submit|save|apply|open|close|cancel|confirm|accept|dismiss|select|choose|pick|change|replace|set|leave|log in|login|log out|sign in|sign out|send|bring|return|hide|expect|empty|input|write|push|touch|head)\b/i;

/** Whether a clause starts with an action or check verb; after a check only a strong verb starts one. */
export function startsWithVerb(clause: string, afterCheck = false): boolean {
  const c = clause.trim();
  if (!VERB_START.test(c)) return false;
  return !(afterCheck && WEAK.test(c));
}

export const CHECK_VERB = /^(?:verify|check|assert|ensure|make sure|expect|validate|confirm that|see that)\b/i;

const SUBJECT =
  /^(?:(?:and|but|given|when|then|also)\s+)?(?:i|we|you|the user|user|users|a user|the customer|customer|tester|the tester)\s+(?!(?:am|is|are|was|were|stays?|remains?|lands?|gets?|has|have|do|does|don't|doesn't|cannot|can't|can not|should not|shouldn't|must not)\b)(?:(?:should|must|can|will|shall|could|would)\s+(?:be able to\s+)?|(?:am|is|are)\s+able\s+to\s+|(?:want|wants|try|tries|need|needs|have|has)\s+to\s+|then\s+|now\s+|also\s+)?(?=\S)/i;
/**
 * "Given I am logged in as kim@x.test with password pw1", "the user is signed in with kim / pw1": a precondition
 * said as a state, read as signing in with the credentials it gives (without them it stays a claim of the session).
 */
const LOGGED_IN =
  /^(?:(?:given|and|when)\s+)?(?:i|we|the user|user)\s+(?:am|are|is|have|has)\s+(?:already\s+)?(?:been\s+)?(?:logged|signed)\s+in\s+(?=(?:as|with|using)\b.*(?:@|\bpassword\b|\s\/\s))/i;

/** "User do swipe up on the list", "I do a long swipe": the gesture, the subject and its "do" aside. */
const DO_GESTURE =
  /^(?:(?:i|we|you|the user|user|users|a user)\s+)?(?:do|does)\s+(?=(?:an?\s+)?(?:long\s+|short\s+|quick\s+)?(?:swipe|scroll|tap|double tap|long press)\b)/i;
const LEADING_FILLER =
  /^(?:(?:given|but|please|now|then|next|finally|first(?!\s+\p{L}+:)|also|and|afterwards|after that|again|kindly|just|that|immediately|quickly),?\s+)+/iu;
const TRAILING_FILLER =
  /(?:,?\s+(?:please|again|once more|one more time|once again|as well|too|without changing anything|without changing any(?:thing| field| value)s?|without entering anything|without filling anything in|on the (?:on-screen |soft )?keyboard|(?:right|straight) away|at once|immediately))+$/i;
/**
 * What an action is done for, said after it: "Tap Leaving home so everything is off", "Tap Save so that the task is
 * kept". The effect is the case's to check; the step is the action.
 */
const PURPOSE =
  /,?\s+so(?: that)?\s+(?!")[\p{L}\p{N}'’ -]{1,60}?\s(?:is|are|gets?|becomes?|turns?|goes|stays?|will|can|should|shows?)\b[^"]*$/iu;
const ACTION_START = /^(?:tap|press|click|select|choose|pick|turn|switch|toggle|open|run|start|enable|disable)\s/i;

/** Remarks in parentheses that only explain the step: "(do not tap Sign in)", "(all lower case)". */
const REMARK =
  /\s*\((?:do not|don't|not|all|without|e\.g\.|i\.e\.|eg|ie|so|as|if|which|still|sorted|again|optional step|from the|the one|this|that|no |only|the [a-z ]+ (?:is|are|was|were|has|have) [a-z ]+)\b[^()"]*\)/gi;

/** "The user taps Sign in", "clicks on the back button": the third person read as the verb itself. */
const THIRD_PERSON =
  /^(taps|clicks|presses|enters|types|selects|chooses|picks|opens|fills|scrolls|swipes|navigates|goes|waits|turns|switches|toggles|sees|inputs|writes|clears|launches|restarts|rotates|accepts|dismisses|hits|touches|returns|closes|kills|verifies|long-presses|double-taps|enables|disables)\b/i;
const baseForm = (verb: string): string => {
  const v = verb.toLowerCase();
  if (v === 'goes') return 'go';
  if (v === 'verifies') return 'verify';
  if (/(?:ss|sh|ch|x)es$/.test(v)) return v.slice(0, -2);
  return v.slice(0, -1);
};

/** "User is clicking on "Sign in"", "I am entering "abc"": the progressive read as the verb itself. */
const PROGRESSIVE: Record<string, string> = {
  clicking: 'click',
  tapping: 'tap',
  pressing: 'press',
  typing: 'type',
  entering: 'enter',
  filling: 'fill',
  selecting: 'select',
  choosing: 'choose',
  scrolling: 'scroll',
  swiping: 'swipe',
  opening: 'open',
  touching: 'touch',
  writing: 'write',
  closing: 'close',
};
const PROGRESSIVE_START = new RegExp(
  `^(?:(?:i|we|you|the user|user|a user|the customer|customer|tester|the tester)\\s+)?(?:am|is|are)\\s+(${Object.keys(PROGRESSIVE).join('|')})\\b`,
  'i',
);

/** "I accept the terms is on", "I agree to the privacy policy stays off": a consent switch named in the first person. */
const CONSENT_NAME =
  /^i (?:accept|agree|consent|have read|understand)\b[^"]*\s(?:is|are|stays?|remains?|should be|must be)\s+(?:still\s+|now\s+)?(?:not\s+)?(?:on|off|checked|unchecked|ticked|unticked|enabled|disabled|selected|unselected)$/i;

/**
 * "First transaction is Interest", "First payee Jo Park "…"": "first" before a noun that is no verb, then a
 * verb of a claim, a name or a quoted text, is a place in a list, not a filler ("First tap Sign in").
 */
function ordinalPlace(s: string): boolean {
  const m = /^[Ff]irst\s+([a-z]+)\s+(?:(?:is|are|should|must|shows?|reads?|says?|has|dated)\b|[A-Z"])/.exec(s);
  return m !== null && !startsWithVerb(`${m[1]} x`);
}

/** A step without its subject, fillers and explanatory remarks; quoted text is left as written. */
export function stripFillers(text: string): string {
  let s = text.trim();
  for (let i = 0; i < 3; i++) {
    const before = s;
    // "I accept the fare rules is off": a consent control's name, not the tester speaking.
    if (!CONSENT_NAME.test(s)) s = s.replace(LOGGED_IN, 'sign in ').replace(SUBJECT, '').replace(DO_GESTURE, '');
    s = s.replace(PROGRESSIVE_START, (_m, v: string) => PROGRESSIVE[v.toLowerCase()]!);
    if (!ordinalPlace(s)) s = s.replace(LEADING_FILLER, '');
    if (!/^".*"$/.test(s)) s = s.replace(TRAILING_FILLER, '');
    if (ACTION_START.test(s)) s = s.replace(PURPOSE, '');
    s = s
      .replace(REMARK, '')
      .trim()
      .replace(THIRD_PERSON, (v) => baseForm(v));
    if (/^without (?:entering|filling in|typing) anything,?\s+/i.test(s))
      s = s.replace(/^without (?:entering|filling in|typing) anything,?\s+/i, '');
    if (s === before) break;
  }
  return s.replace(/\s+/g, ' ').trim();
}

/** Words of a repeat count after the action: "twice", "3 times". */
export const REPEAT = /\s+(once|twice|thrice|(\d+|two|three|four|five|six|seven|eight|nine|ten) (?:more )?times)$/i;

export function repeatCount(word: string): number {
  const w = word.toLowerCase();
  if (w === 'once') return 1;
  if (w === 'twice') return 2;
  if (w === 'thrice') return 3;
  return parseCount(w.replace(/\s*(?:more\s+)?times$/, '')) ?? 1;
}

/** Ordinal words and positions: "the third product", "the last row", "item number 2". */
const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  seventh: 7,
  '7th': 7,
  eighth: 8,
  '8th': 8,
  ninth: 9,
  '9th': 9,
  tenth: 10,
  '10th': 10,
  last: -1,
  top: 1,
  bottom: -1,
};

export const ORDINAL_PATTERN = `(${Object.keys(ORDINALS).join('|')})`;

export function ordinalOf(word: string): number | null {
  return ORDINALS[word.toLowerCase()] ?? null;
}

/**
 * A screen's name that runs on into another claim is none: "Sign in screen and the tab bar is not
 * shown", "Account, signed in, with Jo Park shown" (the claims after the comma are read one by one).
 */
export const RUNS_ON = /\b(?:is|are|isn't|aren't|was|were)\b|,/i;
