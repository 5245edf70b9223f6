import type { Check } from './intent';
import { parseTarget, unquote } from './step-text';

/**
 * Checks said with a negation or with their evidence beside them: "Neither "A" nor "B" is shown",
 * "Should not show "A"", ""Choose a date" error shown", "Nothing was saved ("Draft" still shown)".
 */

const SHOWN = '(?:shown|displayed|visible|present|listed|on (?:the )?screen)';
const NAME = '("[^"]+"|[^",]+?)';

/** "Neither "A" nor "B" is shown", "Neither the banner nor the badge is visible": none of them is on screen. */
export function neitherNorCheck(s: string): Check | null {
  const m = new RegExp(`^neither (?:the )?${NAME} nor (?:the )?${NAME} (?:is|are) ${SHOWN}$`, 'i').exec(s);
  if (!m) return null;
  const targets = [m[1]!, m[2]!].map((n) => parseTarget(n));
  if (targets.some((t) => !t)) return null;
  return {
    kind: 'all',
    checks: targets.map((target) => ({ kind: 'visible', target: target!, negated: true })),
  };
}

/**
 * "Should NOT show "Enter your email"", "The screen does not display "Error"", "Should show "Saved"": a text
 * said to be (or not be) on the screen, the screen left unsaid.
 */
export function screenShowsText(s: string): Check | null {
  const m =
    /^(?:(?:the )?(?:screen|page|app) )?(should not|shouldn't|must not|mustn't|does not|doesn't|do not|don't|will not|won't|should|must|will|shows?|displays?)(?: (shows?|displays?))? (?:the )?(?:text |message |error |label )?"([^"]+)"$/i.exec(
      s,
    );
  if (!m) return null;
  const verb = m[1]!.toLowerCase();
  // "Should "Saved"" has no verb of showing.
  if (!m[2] && !/^(?:shows?|displays?)$/.test(verb)) return null;
  if (m[2] && /^(?:shows?|displays?)$/.test(verb)) return null;
  const negated = /n[o']t\b/.test(verb);
  return { kind: 'visible', target: { text: m[3]! }, negated };
}

/** ""Choose a date" error shown", "The "Saved" message appears", ""Required" error is not shown". */
export function namedMessageCheck(s: string): Check | null {
  const m =
    /^(?:an? |the )?"([^"]+)" (?:error|message|warning|hint|notice|banner|toast|alert)(?: message| text)? (?:(is|are) )?(not |no longer )?(shown|displayed|visible|present|appears|appeared|pops up)$/i.exec(
      s,
    );
  if (!m) return null;
  // "Required" error not shown: a negation needs its verb ("is not shown").
  if (m[3] && !m[2]) return null;
  return { kind: 'message', text: m[1]!, negated: Boolean(m[3]) };
}

/**
 * "Appointment is not moved ("Booked for Tue 9:30" still shown)", "Nothing was saved ("Draft" shown)": a
 * claim and, in brackets at its end, the texts on screen that show it. The texts are what is checked; the
 * bracket must say they are shown (or not), and hold nothing else.
 */
export function evidenceCheck(s: string): Check | null {
  const m = new RegExp(
    `^[^"();]+? \\(((?:"[^"]+"(?:,\\s*|,? and\\s+)?)+) (?:is |are )?(?:still |now |also )?(not |no longer )?${SHOWN}\\)$`,
    'i',
  ).exec(s);
  if (!m) return null;
  const texts = [...m[1]!.matchAll(/"([^"]+)"/g)].map((q) => unquote(`"${q[1]!}"`));
  const negated = Boolean(m[2]);
  // One text not shown reads well; "("A" and "B" not shown)" could mean either: left to a closer reading.
  if (negated && texts.length !== 1) return null;
  const checks: Check[] = texts.map((text) => ({ kind: 'visible', target: { text }, negated }));
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/**
 * "Tapping it opens no dialog", "pressing Delete shows no popup": read after that tap, as no dialog open. "Does
 * nothing" is not read: what did not change cannot be seen on one screen.
 */
export function tapOpensNoDialog(s: string): Check | null {
  return /^(?:and )?(?:tapping|pressing|clicking|touching) (?:it|(?:the )?[^"]{1,40}?|"[^"]+") (?:opens|shows|brings up) no (?:dialog|popup|pop-up|alert|prompt|confirmation)$/i.test(
    s,
  )
    ? { kind: 'dialog', open: false }
    : null;
}

/**
 * "The app opens straight on Home ("Hello, Ann") without asking for email and password": the screen showing,
 * the texts in brackets on it, and none of the fields it says were not asked for.
 */
export function opensOnCheck(s: string): Check | null {
  const m =
    /^(?:the )?app (?:opens|starts|launches|lands) (?:straight |directly |right )?(?:on|in|at) (?:the )?([^"(),;]+?)(?: screen| page)?(?: \(((?:"[^"]+"(?:,\s*|,? and\s+)?)+)\))?(?:,? without (?:asking|prompting) (?:for|me for|the user for) (?:the |an? |my )?(.+))?$/i.exec(
      s,
    );
  if (!m) return null;
  const checks: Check[] = [{ kind: 'screen', name: m[1]!.trim(), negated: false }];
  for (const q of (m[2] ?? '').matchAll(/"([^"]+)"/g))
    checks.push({ kind: 'visible', target: { text: q[1]! }, negated: false });
  if (m[3]) {
    const fields = m[3]
      .split(/,\s*(?:or\s+|and\s+)?|\s+(?:and|or)\s+/i)
      .map((f) => f.replace(/^(?:the |an? |my )/i, ''));
    if (fields.some((f) => f === '' || f.split(' ').length > 3)) return null;
    for (const text of fields) checks.push({ kind: 'visible', target: { text, role: 'field' }, negated: true });
  }
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}
