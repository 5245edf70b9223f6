import type { Check } from './intent';
import { splitOutsideQuotes } from './step-text';

/**
 * A switch said with its state in capitals, as settings are written down: "Reminders ON", "Email
 * updates OFF ("News, at most once a month.")", "Privacy: Share reading list off". The switch of that
 * name must be in that state; the text in brackets is its description, shown; a part before a colon
 * is the heading it sits under, shown too.
 */
const FORM =
  /^(?:(\p{Lu}[\p{L} &'-]{0,30}):\s+)?(\p{Lu}[^"():;]{1,60}?)\s+(ON|OFF|on|off)(?:\s+\(\s*"?([^()"]+?)"?\s*\))?$/u;

export function switchStateClaim(s: string): Check | null {
  const m = FORM.exec(s.trim().replace(/\.$/, ''));
  if (!m) return null;
  // "Turned off" / "is off" are other forms; the state word follows the name directly.
  const name = m[2]!.trim();
  if (/\b(?:is|are|turned|switched|set|stays?|remains?|was|be)$/i.test(name)) return null;
  // Lower-case "on"/"off" only with a description or a heading, so "Tap Log on" style names stay names.
  if (/^(?:on|off)$/.test(m[3]!) && !m[1] && !m[4]) return null;
  const checks: Check[] = [];
  if (m[1]) checks.push({ kind: 'visible', target: { text: m[1].trim() }, negated: false });
  checks.push({
    kind: 'state',
    target: { text: name, role: 'switch' },
    state: m[3]!.toLowerCase() === 'on' ? 'on' : 'off',
  });
  if (m[4]) checks.push({ kind: 'visible', target: { text: m[4].trim() }, negated: false });
  return checks.length === 1 ? checks[0]! : { kind: 'all', checks };
}

/**
 * "Booking reminders off", "Offers on" as an assertion: a name and a lower-case state, read as that switch's
 * state only when the name is a text on this screen, or starts exactly one ("Offers" of "Offers and news by
 * email"); the element must then be a switch in that state, else the check fails. Any other name ("Log on")
 * is left to the other forms.
 */
export function namedSwitchClaim(s: string, names: readonly string[]): Check | null {
  const m = /^(?:the )?(\p{Lu}[^"():;,]{0,60}?)\s+(?:(?:is )?still\s+)?(on|off)$/u.exec(s.trim());
  if (!m || /\b(?:is|are|turned|switched|set|stays?|remains?|was|be|log|sign|logged|signed)$/i.test(m[1]!)) return null;
  const want = m[1]!.toLowerCase();
  const exact = names.find((n) => n.toLowerCase() === want);
  const starting = names.filter((n) => n.toLowerCase().startsWith(`${want} `));
  const name = exact ?? (starting.length === 1 ? starting[0]! : null);
  if (!name) return null;
  return { kind: 'state', target: { text: name, role: 'switch' }, state: m[2] === 'on' ? 'on' : 'off' };
}

/** "Booking reminders off, Offers on, Save payment details still on": each part a switch named on this screen. */
export function namedSwitchList(s: string, names: readonly string[]): Check | null {
  const parts = splitOutsideQuotes(s)?.map((p) => p.replace(/^and\s+/i, ''));
  if (!parts || parts.length < 2) return null;
  const checks = parts.map((p) => namedSwitchClaim(p, names));
  return checks.every((c) => c !== null) ? { kind: 'all', checks: checks as Check[] } : null;
}
