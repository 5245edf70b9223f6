import { refuse, type Rule } from './intent';

/**
 * Signing in with an account the step names but does not spell out: "Sign in with the test
 * account", "Log in as Sam", "Sign in with Sam's account", "Sign in again with the same account",
 * "Log back in". The credentials come from what the case knows:
 * - the suite's variables (`email` + `password`, `sam_email` + `sam_password`, `{ sam: { username,
 *   password } }`) and the suite's or case's context ("Test account: sam@x.test / pw1");
 * - the user and password the case's earlier steps typed (the same account, signing in again).
 * The step is then read as if it named them ("Sign in with sam@x.test / pw1"). When the step names
 * a person and no known account is theirs, or several accounts fit, it is left as written: which
 * account is meant is not known, and nothing is guessed.
 */
export interface Account {
  user: string;
  password: string;
  /** Words that say whose account it is or what it is for ("sam", "rivera", "test", "admin"). */
  names: string[];
}

const USER_KEY = /^(?:e-?mail(?:_?address)?|user(?:_?name)?|login|account|phone)$/i;
const PASSWORD_KEY = /^(?:password|passwd|pass|pw|passcode|pin)$/i;
export const EMAIL = /[^\s(),;"'/<>]+@[^\s(),;"'/<>]+\.[a-z]{2,}/i;
const NAME_WORDS = /\p{L}[\p{L}'’-]*/gu;
const IGNORED_NAMES = new Set(
  'the a an and or with for of to is as account user login credentials details email e-mail username password pass pw use uses sign log in on'.split(
    ' ',
  ),
);
/** At most this many accounts are read from a suite: a context is prose, not a user table. */
const MAX_ACCOUNTS = 20;
const MAX_CONTEXT = 20_000;

/** The words of a user's address or name ("sam@x.test" → "sam", "x", "test"): whose account it is. */
const userWords = (user: string): string[] => nameWords(user.replace(/[^\p{L}]+/gu, ' '));

const nameWords = (s: string): string[] =>
  (s.toLowerCase().match(NAME_WORDS) ?? []).map((w) => w.replace(/['’]s$/, '')).filter((w) => !IGNORED_NAMES.has(w));

/** Keys split into words: "sam_password" → "sam", "password"; "adminUsername" → "admin", "Username". */
const keyWords = (k: string) => k.split(/[_\-.\s]+|(?<=[a-z])(?=[A-Z])/).filter(Boolean);
const scalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** Whose a user key is ("sam_email" → "sam", "emailAddress" → ""), or null for a key that names no user. */
function userStem(words: string[]): string | null {
  const n = words.length > 1 && /^address$/i.test(words[words.length - 1]!) ? 2 : 1;
  if (words.length < n || !USER_KEY.test(words.slice(-n).join('_'))) return null;
  return words.slice(0, -n).join('_').toLowerCase();
}

function fromVariables(variables: Record<string, unknown>, prefix: string[], out: Account[], depth: number): void {
  if (depth > 3) return;
  const entries = Object.entries(variables).slice(0, 200);
  for (const [key, value] of entries) {
    const words = keyWords(key);
    if (!scalar(value) || words.length === 0 || !PASSWORD_KEY.test(words[words.length - 1]!)) continue;
    const stem = words.slice(0, -1).join('_').toLowerCase();
    const user = entries.find(([k, v]) => scalar(v) && userStem(keyWords(k)) === stem);
    if (user)
      out.push({
        user: String(user[1]),
        password: String(value),
        names: [...prefix, ...nameWords(stem), ...userWords(String(user[1]))],
      });
  }
  for (const [key, value] of entries)
    if (value && typeof value === 'object' && !Array.isArray(value))
      fromVariables(value as Record<string, unknown>, [...prefix, ...nameWords(key)], out, depth + 1);
}

const USER_LINE = /\b(?:user(?:name)?|e-?mail(?: address)?|login)\s*(?:is\s+|[:=]\s*)"?([^\s"(),;]+)"?/i;
const PASSWORD_LINE = /\b(?:password|pw|pass(?:code)?)\s*(?:is\s+|[:=]\s*)"?([^\s"(),;]+)"?/i;
/** A user and a password side by side: "sam@x.test / pw1", "sam@x.test, password pw1". */
const PAIR =
  /("?)([^\s"(),;]+@[^\s"(),;]+)\1\s*(?:\/|,|\band\b)\s*(?:(?:the\s+)?(?:password|pw|pass)(?:\s*[:=]\s*|\s+))?("?)([^\s"(),;]+)\3/i;

const clean = (v: string) => v.replace(/[.:,]+$/, '');

/**
 * "Test account: sam@x.test / pw1", "Sam Rivera (sam@x.test, password pw1)", "username: demo, password: pw",
 * or a user and a password on lines of their own ("- Email: sam@x.test" then "- Password: pw1").
 */
function fromContext(context: string, out: Account[]): void {
  const lines = context
    .slice(0, MAX_CONTEXT)
    .replace(/[`*]+/g, '')
    // A word longer than any user or password is none; without it no pattern below scans more than a word's length.
    .replace(/\S{121,}/g, ' ')
    .split(/\n|(?<=[.;])\s+(?=\p{Lu})/u)
    .slice(0, 2000);
  const add = (user: string, password: string, around: string) => {
    if (/@/.test(password) || user.length > 120 || password.length > 120 || out.length >= MAX_ACCOUNTS) return;
    out.push({ user, password, names: [...nameWords(around), ...userWords(user)] });
  };
  for (const [i, line] of lines.entries()) {
    const user = USER_LINE.exec(line);
    const password = PASSWORD_LINE.exec(line);
    if (user && password && password.index > user.index) {
      add(clean(user[1]!), clean(password[1]!), line.slice(0, user.index));
      continue;
    }
    const pair = PAIR.exec(line);
    if (pair && EMAIL.test(pair[2]!) && !/^(?:and|or|the)$/i.test(pair[4]!)) {
      add(clean(pair[2]!), clean(pair[4]!), line.slice(0, pair.index));
      continue;
    }
    // The user on this line, its password on one of the next three.
    if (user && !password) {
      const next = lines.slice(i + 1, i + 4).findIndex((l) => PASSWORD_LINE.test(l) && !USER_LINE.test(l));
      if (next >= 0) {
        const around = lines.slice(Math.max(0, i - 2), i + next + 4).join(' ');
        add(clean(user[1]!), clean(PASSWORD_LINE.exec(lines[i + 1 + next]!)![1]!), around);
      }
    }
  }
}

/** The accounts a suite names in its variables and its (and the case's) context. */
export function suiteAccounts(context: string | null, variables: Record<string, unknown>): Account[] {
  const out: Account[] = [];
  fromVariables(variables, [], out, 0);
  if (context) fromContext(context, out);
  const seen = new Set<string>();
  return out
    .filter((a) => {
      const key = `${a.user}\n${a.password}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_ACCOUNTS);
}

const SIGN_IN = String.raw`(?:[Ll]og|[Ss]ign)(?: back)? ?in|[Ll]ogin|[Ss]ignin`;
const LEAD = String.raw`^(?:(?:[Tt]hen|[Nn]ow|[Pp]lease|[Ff]irst|[Nn]ext),? )?`;
/** Words that say the account is the one everybody means: the test account, valid credentials. */
const KIND = String.raw`(?:(?:same|valid|correct|right|registered|existing|default|test|demo|standard|known|usual|good|working|regular|main|qa|seeded|sample|provided|given)\s+)*`;
const THING = String.raw`(?:account|user|credentials|login(?: details)?|details|sign[ -]?in details|email and password|user(?:name)? and password)`;
const GENERIC = new RegExp(
  String.raw`${LEAD}(${SIGN_IN})(?: again)?(?: to the app)?(?: with| as| using| into)? (?:(?:the|a|an|my|our|your) )?(${KIND})${THING}(?: again)?$`,
);
const PERSON = String.raw`(\p{Lu}[\p{Ll}'’-]+(?: \p{Lu}[\p{Ll}'’-]+)?)`;
const WHOSE = new RegExp(
  String.raw`${LEAD}(${SIGN_IN})(?: again)?(?: to the app)?(?: with| using| into| as)? ${PERSON}['’]s? (?:${KIND})${THING}(?: again)?$`,
  'u',
);
const AS_PERSON = new RegExp(String.raw`${LEAD}(${SIGN_IN})(?: again)? as ${PERSON}(?: again)?$`, 'u');
const AGAIN = new RegExp(String.raw`${LEAD}(?:(?:${SIGN_IN}) again|(?:[Ll]og|[Ss]ign) back in)$`);

/** The step as the sign-in forms read it (trimmed, one space, a capital first), or null when too long to be one. */
function signInText(text: string): string | null {
  const s = text
    .trim()
    .replace(/[.!]+$/, '')
    .replace(/\s+/g, ' ');
  return s.length > 200 ? null : s.charAt(0).toUpperCase() + s.slice(1);
}

const spelled = (verb: string, a: Account) => `${verb} with ${a.user} / ${a.password}`;

/**
 * The step as the interpreter reads it when it signs in with an account it names but does not spell
 * out, or null when the step does not or the account is not known. `typed` gives the account the
 * case's earlier steps typed (asked only for a step that signs in).
 */
export function withAccount(text: string, known: readonly Account[], typed: () => Account | null): string | null {
  const s = signInText(text);
  if (s === null) return null;
  // "Sign out, then sign in again": the step's last part signs in; what comes before it is read as written.
  const last = /^(.+?)(,\s*(?:and\s+)?(?:then\s+)?|\s+(?:and\s+)?then\s+|\s+and\s+)([^,]+)$/.exec(s);
  if (last && !/"/.test(last[3]!)) {
    const tail = withAccount(last[3]!, known, typed);
    if (tail) return `${text.trim().charAt(0)}${last[1]!.slice(1)}${last[2]}${tail}`;
  }
  if (AGAIN.test(s)) {
    const again = typed();
    return again ? spelled('Sign in', again) : null;
  }
  const generic = GENERIC.exec(s);
  if (generic) {
    // "The same account": the one typed before; "the test account": the suite's one (or the one typed).
    const same = /\bsame\b/i.test(generic[2]!);
    const account = same
      ? (typed() ?? (known.length === 1 ? known[0]! : null))
      : known.length === 1
        ? known[0]!
        : known.length === 0
          ? typed()
          : pick(known, nameWords(generic[2]!));
    return account ? spelled(generic[1]!, account) : null;
  }
  const whose = WHOSE.exec(s) ?? AS_PERSON.exec(s);
  if (whose) {
    const account = pick(known, nameWords(whose[2]!));
    return account ? spelled(whose[1]!, account) : null;
  }
  return null;
}

const PLAIN_KINDS = /^(?:same|valid|correct|right|good|working|known|usual|given|provided|registered|existing)$/;

/** The one account whose names include all of these words (none given: no pick). */
function pick(known: readonly Account[], words: string[]): Account | null {
  const wanted = words.filter((w) => !PLAIN_KINDS.test(w));
  if (wanted.length === 0) return null;
  const fits = known.filter((a) => wanted.every((w) => a.names.includes(w)));
  return fits.length === 1 ? fits[0]! : null;
}

/**
 * A step that signs in with an account it names but the case does not know (a run reads the ones it knows before
 * the grammar sees them): refused, saying where an account is named.
 */
export const unknownAccount: Rule = (text) => {
  const s = signInText(text);
  if (s === null) return null;
  if (!(AGAIN.test(s) || GENERIC.test(s) || WHOSE.test(s) || AS_PERSON.test(s))) return null;
  return refuse(
    "signs in with an account this case does not know: name it in the suite's variables (email and password) or " +
      'context ("Test account: user / password"), or write the user and password in the step',
  );
};
