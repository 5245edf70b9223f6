import { type Intent, type Rule, type Target, ok } from './intent';
import { unquote } from './step-text';

/**
 * Signing in, in one step, however the credentials are arranged: "Log in with alex@x.test / pw",
 * "Sign in as alice with password hunter2", "Log in with the test account (kim@x.test, password
 * pw1)", "Enter kim@x.test and pw1 on Sign in and tap Sign in", "Use kim@x.test / pw1 to log in".
 * The user and the password are typed into the screen's user and password fields; a step that
 * signs in (or says to tap the sign-in button) then taps it. A step that names no credentials
 * ("Sign in with Sam's account") is not read: which account is meant is not in the text.
 */

export const USER_FIELDS = ['Email', 'Email address', 'E-mail', 'Username', 'User name', 'Login', 'User', 'Phone'];
export const PASSWORD_FIELDS = ['Password', 'Passcode', 'PIN'];
export const SIGN_IN_BUTTONS = ['Sign in', 'Log in', 'Login', 'Sign In', 'Log In', 'Signin', 'Continue', 'Submit'];

export const field = (names: string[]): Target => ({ text: '', role: 'field', anyOf: names });

const typeInto = (value: string, target: Target): Intent => ({ kind: 'type', text: unquote(value), target });
const SIGN_IN_TAP: Intent = { kind: 'tap', target: { text: '', role: 'button', anyOf: SIGN_IN_BUTTONS } };

const signInSteps = (user: string, password: string, tap: Intent | null): Intent => ({
  kind: 'sequence',
  steps: [typeInto(user, field(USER_FIELDS)), typeInto(password, field(PASSWORD_FIELDS)), ...(tap ? [tap] : [])],
});

/** The forms read word by word: a sign-in verb, the user, then the password after a separator or its name. */
export const signIn: Rule = (s) => {
  const m =
    /^(?:log ?in|sign ?in|login|signin)(?: to (?:the )?app)?(?: as| with| using)?(?: (?:the )?(?:credentials|account))? ([^\s()]+)\s*(?:\/|,)\s*([^\s()]+)$/i.exec(
      s,
    ) ??
    /^(?:log ?in|sign ?in|login|signin)(?: as| with| using)? (?:(?:(?:the|an?) )?(?:(?:wrong|invalid|incorrect|unknown|valid|correct|registered) )?(?:user(?:name)?|e-?mail) )?(\S+),? (?:with|and|using) (?:(?:the|an?) )?(?:(?:wrong|invalid|incorrect|bad|valid|correct|right|expired|old|new) )?(?:password|pw|pass(?:code)?) (\S+)$/i.exec(
      s,
    ) ??
    // "Sign in with alice@x.com and hunter2": an address (or a quoted name) and a password.
    /^(?:log ?in|sign ?in|login|signin)(?: with| using| as) (\S+@\S+|"[^"]+") and ("[^"]+"|\S+)$/i.exec(s) ??
    // "Sign in as the test user: kim@x.test, password pw1", "Log in as Kim (email kim@x.test, password pw1)":
    // who it is, then the credentials named.
    /^(?:log ?in|sign ?in|login|signin)(?: to (?:the )?app)? as [^:(,"]{1,40}?\s*(?::|\(|,|\bwith\b|\busing\b)\s*(?:(?:user(?:name)?|e-?mail)(?: address)?:?\s+)?(\S+@\S+?|"[^"]+"),?\s+(?:and\s+)?(?:the\s+)?(?:password|pw):?\s+("[^"]+"|[^\s)]+)\)?$/i.exec(
      s,
    );
  return m ? ok(signInSteps(m[1]!, m[2]!, SIGN_IN_TAP)) : null;
};

const SIGN_IN_WORDS = /\b(?:log ?in|sign ?in|login|signin|log on|sign on)\b/i;
const EMAIL = /"[^"\s]+@[^"\s]+"|[^\s(),"'/]+@[^\s(),"'/]+\.[a-z]{2,}/i;
const PASSWORD_NAMED = /\b(?:password|passcode|pass|pw|pin)\b\s*(?:is\s+|:\s*|=\s*|of\s+)?("[^"]+"|[^\s),;]+)/i;
/** The user and the password side by side: "a@b.co / pw", "a@b.co, pw", "a@b.co and pw", "a@b.co with pw". */
const AFTER_USER = /^\s*(?:\/|,|\band\b|\bwith\b|\bplus\b)\s*("[^"]+"|[^\s),;]+)/i;
/** The button tapped last: "and tap Sign in", ", then press Log in". */
const TAP_LAST =
  /(?:,?\s+(?:and\s+)?(?:then\s+)?|,\s*)(?:tap|press|click|hit|select)\s+(?:on\s+)?(?:the\s+)?"?([^"]+?)"?(?:\s+button)?$/i;
/** Where the credentials go: "on Sign in", "on the login screen". */
const PLACE = /\s+(?:on|in|into|at)\s+(?:the\s+)?(?:sign[ -]?in|log[ -]?in|login)(?:\s+(?:screen|page|form))?\b/i;
/** Words around the credentials that say nothing more: what is left must be empty or a person's name. */
const FILLER =
  /\b(?:the|a|an|my|our|their|test|demo|valid|correct|right|registered|existing|default|user(?:name)?|e-?mail(?: address)?|account|credentials|details|login|with|using|as|and|to|in|into|use|enter|type|fill(?: in)?|input|password|pw|then|of|for|it|is|are|following|given|known|good|again|back|once more)\b/gi;

/** "Log in with the test account (kim@x.test, password pw1)", "Enter kim@x.test and pw1 on Sign in and tap Sign in". */
export const anyCredentials: Rule = (raw) => {
  let s = raw.trim().replace(/[.!]$/, '');
  const verb = /^(?:log ?in|sign ?in|login|signin|log on|sign on|enter|type|fill in|fill|input|use|provide)\b/i.exec(s);
  if (!verb) return null;
  let tap: string | null = null;
  const last = TAP_LAST.exec(s);
  if (last) {
    if (
      !SIGN_IN_BUTTONS.some((b) => b.toLowerCase() === last[1]!.trim().toLowerCase()) &&
      !SIGN_IN_WORDS.test(last[1]!)
    )
      return null;
    tap = last[1]!.trim();
    s = s.slice(0, last.index);
  }
  const toSignIn = SIGN_IN_WORDS.test(verb[0]) || /\bto (?:log|sign) ?in\b/i.test(s);
  const placed = PLACE.test(s);
  s = s.replace(PLACE, ' ');
  // "Enter a@b.co and pw1, tap Log in" is read clause by clause, each value into its field by its shape;
  // this reader takes what that cannot: the step signs in, names the sign-in screen, or gives the password "with".
  if (!toSignIn && !placed && !/\bwith (?:the )?(?:password|pw|passcode)\b/i.test(s)) return null;
  const signsIn = toSignIn || tap !== null;
  const email = EMAIL.exec(s);
  if (!email) return null;
  const rest = `${s.slice(0, email.index)} ${s.slice(email.index + email[0].length)}`;
  const named = PASSWORD_NAMED.exec(rest);
  const beside = named ? null : AFTER_USER.exec(s.slice(email.index + email[0].length));
  const password = named?.[1] ?? beside?.[1];
  if (!password || /@/.test(password)) return null;
  const left = rest
    .replace(named?.[0] ?? beside?.[0] ?? '', ' ')
    .replace(/^\s*\S+/, '')
    .replace(/\bto (?:log|sign) ?in\b/gi, ' ')
    .replace(SIGN_IN_WORDS, ' ')
    .replace(FILLER, ' ')
    .replace(/['’]s\b/g, ' ')
    .replace(/[():,/"-]+/g, ' ')
    .trim();
  // A name may say whose account it is ("as Kim Lee"); anything more is another instruction.
  if (left !== '' && !/^(?:\p{Lu}\p{L}*)(?:\s+\p{Lu}\p{L}*){0,2}$/u.test(left)) return null;
  const tapIt: Intent | null = tap ? { kind: 'tap', target: { text: tap } } : signsIn ? SIGN_IN_TAP : null;
  return ok(signInSteps(email[0], password, tapIt));
};

export const SIGN_OUT_BUTTONS = ['Sign out', 'Log out', 'Sign Out', 'Log Out', 'Logout', 'Sign off', 'Log off'];
const SIGN_OUT_TAP: Intent = { kind: 'tap', target: { text: '', role: 'button', anyOf: SIGN_OUT_BUTTONS } };

const SIGN_OUT =
  /^(?:(?:then|now|please),? )?(?:sign|log) ?(?:out|off)(?: of (?:the app|(?:my|the|your) account))?(?:(?: from| on| via| in| using) (?:the )?([^,]{1,40}?)(?: (?:tab|screen|page))?)?(?:,? (?:and )?(?:then )?(confirm)(?: it| the dialog| the prompt| (?:signing|logging) out| (?:sign|log) ?out)?)?$/i;

/**
 * "Sign out from Profile and confirm" where no sign-out button is on this screen: the place is gone to first, and the
 * sign-out (with its confirmation) read on the screen it opens. Null when the step names no place, or when this screen
 * has the button (the sign-out rule reads it here).
 */
export function signOutFrom(s: string, names: () => string[]): { first: string; then: string } | null {
  const m = SIGN_OUT.exec(s.trim().replace(/[.!]+$/, ''));
  if (!m?.[1]) return null;
  // The screen's names are gathered only for a step that signs out from a place.
  const buttons = new Set(SIGN_OUT_BUTTONS.map((b) => b.toLowerCase()));
  if (names().some((n) => buttons.has(n.trim().toLowerCase()))) return null;
  // The rest in the writer's words, without the place: "Log out from Account and confirm" → "Log out and confirm".
  const then = s
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/^(?:(?:then|now|please),? )?/i, '')
    .replace(
      / (?:from|on|via|in|using) (?:the )?[^,]{1,40}?(?: (?:tab|screen|page))?(?=,? (?:and )?(?:then )?confirm\b|$)/i,
      '',
    );
  return { first: `go to ${m[1]}`, then };
}

/**
 * Signing out as a step of its own: "Sign out", "Log out of the app", "Sign out from Profile and
 * confirm", "Log out via the Account tab, confirm". The place named is gone to first; the sign-out
 * button (by any of its usual names) is tapped; "and confirm" accepts the dialog it opens.
 */
export const signOut: Rule = (raw) => {
  const m = SIGN_OUT.exec(raw.trim().replace(/[.!]+$/, ''));
  if (!m) return null;
  const steps: Intent[] = [
    ...(m[1] ? [{ kind: 'navigate', path: [m[1]] } as Intent] : []),
    SIGN_OUT_TAP,
    ...(m[2] ? [{ kind: 'dialog', accept: true, what: null } as Intent] : []),
  ];
  return ok(steps.length === 1 ? SIGN_OUT_TAP : { kind: 'sequence', steps });
};
