import { ok, refuse } from './intent';
import type { ParsedStep } from './intent';
import { DURATION_PATTERN, parseDuration, parseTarget, unquote } from './step-text';

/**
 * Waiting for something: "wait until Welcome appears", "wait for the spinner to disappear",
 * "wait up to 20 seconds for "Done" to appear", "wait until I see "Sign up"", "wait for the Home
 * screen to load" (the screen's title). A fixed wait ("wait 2 s") is read elsewhere.
 */

export const MAX_WAIT_MS = 300_000;
const DEFAULT_WAIT_UNTIL_MS = 10_000;

const GONE = /disappear|gone|hidden|not visible|not shown|not displayed|away|vanish|clos|dismiss/i;
const OUTCOME =
  '(?:to )?(appears?|is visible|is shown|is displayed|is present|shows up|show up|be visible|be shown|be displayed|be present|shows?|be shown|disappears?|is gone|is hidden|is not visible|goes away|go away|vanish(?:es)?|is closed|is dismissed|closes|close|loads?|is loaded|opens?|is open(?:ed)?|be loaded|be open(?:ed)?)';
const LIMIT = `(?:(?:for )?(?:up to|upto|at most|max(?:imum)?|no more than|within) |for )?${DURATION_PATTERN}`;
/** Only a screen loads or opens: "wait for the data to load" names nothing on the screen. */
const SCREEN = /^(?:the )?(.+?) (?:screen|page|view|activity)$/i;

function until(raw: string, outcome: string | null, ms: number | null): ParsedStep {
  if (ms === null || ms > MAX_WAIT_MS) return refuse('not understood: a wait lasts at most 5 minutes');
  const appears = outcome ? !GONE.test(outcome) : true;
  const name = unquote(raw.trim());
  const screen = /^(?:the )?(?:"[^"]+"|[^"]+) (?:screen|page|view|activity)$/i.test(name) ? SCREEN.exec(name) : null;
  if (screen) {
    const title = unquote(screen[1]!);
    if (/^(?:the|a|an|this|that|next|new|previous|current|same)$/i.test(title) || /\s(?:of|to|with)\s/i.test(title))
      return refuse('not understood: say which screen to wait for, e.g. wait for the Home screen');
    return ok({ kind: 'wait_until', target: { text: title }, appears, timeoutMs: ms, screen: true });
  }
  // "Wait for Home to load": a name with a capital that loads or opens is a screen, met by its title.
  if (outcome && /load|open/i.test(outcome) && /^\p{Lu}[\p{L}'-]*(?: [\p{L}'-]+){0,3}$/u.test(name))
    return ok({ kind: 'wait_until', target: { text: name }, appears: true, timeoutMs: ms, screen: true });
  if (outcome && /load|open/i.test(outcome))
    return refuse(
      'not understood: only a screen loads or opens here; say what shows when it is ready, e.g. wait until "Welcome" appears',
    );
  if (/^(?:the |a |an )?(?:page|screen|app|application|content|data|it|everything|results)$/i.test(name))
    return refuse('not understood: say what to wait for, e.g. wait until "Welcome" appears');
  const target = parseTarget(raw);
  return target
    ? ok({ kind: 'wait_until', target, appears, timeoutMs: ms })
    : refuse(`not understood: cannot tell which element "${raw}" means`);
}

/**
 * "I expect the widget "pageTwo" to be present within 15 seconds", "Welcome should appear within 5 s": a check that
 * may take a while is a wait with that limit.
 */
export function withinForm(s: string): ParsedStep | null {
  const m = new RegExp(
    `^(?:(?:expect|verify|check|ensure|make sure)(?: that)? )?(.+?) (?:(?:should|must|will|to) )?(?:be |is |are )?(appears?|visible|shown|displayed|present|on screen|disappears?|gone|hidden|not (?:be )?(?:visible|shown|displayed)) within ${DURATION_PATTERN}$`,
    'i',
  ).exec(s);
  if (!m) return null;
  return until(m[1]!, /^not |disappear|gone|hidden/i.test(m[2]!) ? 'disappears' : 'appears', parseDuration(m[3]!));
}

/** A wait until something appears or goes, with its limit before or after ("…, up to 30 seconds"); null when none. */
export function waitUntilForm(s: string): ParsedStep | null {
  const limitFirst = new RegExp(`^wait ${LIMIT} (?:for|until|till) (.+?)(?: ${OUTCOME})?$`, 'i').exec(s);
  if (limitFirst) return until(limitFirst[2]!, limitFirst[3] ?? null, parseDuration(limitFirst[1]!));
  // "wait until I see "Sign Up"", "wait to see the ack sign".
  const see = new RegExp(
    `^wait (?:until|till|to|for) (?:i |we |you |the user )?(?:can )?see (.+?)(?:,? ${LIMIT})?$`,
    'i',
  ).exec(s);
  if (see) return until(see[1]!, null, see[2] ? parseDuration(see[2]) : DEFAULT_WAIT_UNTIL_MS);
  const m = new RegExp(`^wait (?:until|till|for) (.+?) ${OUTCOME}(?:,? ${LIMIT})?$`, 'i').exec(s);
  if (m) return until(m[1]!, m[2]!, m[3] ? parseDuration(m[3]) : DEFAULT_WAIT_UNTIL_MS);
  const bare = /^wait for (.+)$/i.exec(s);
  // "Wait for connection to fail", "wait for the sync period at "01:00AM"": an event described, not a thing to see.
  if (
    bare &&
    (/\bto\s+\w+$/i.test(bare[1]!) || /\b(?:at|on|until)\s+"/i.test(bare[1]!) || /^successful\b/i.test(bare[1]!))
  )
    return refuse('not understood: say what shows on the screen when it happens, e.g. wait until "Connected" appears');
  return bare ? until(bare[1]!, null, DEFAULT_WAIT_UNTIL_MS) : null;
}
