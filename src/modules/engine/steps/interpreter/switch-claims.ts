import type { Check } from './intent';

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
