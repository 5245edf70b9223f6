import type { Check } from './intent';
import { unquote } from './step-text';

/**
 * Claims about one control and what sits with it, as QA writers note them:
 * - "Ceiling light − and + are disabled", "Desk lamp's + and − are enabled again": the line's stepper buttons
 *   (read as "− on Ceiling light" and "+ on Ceiling light", `row-stepper`), each in that state;
 * - "Desk lamp on at "Brightness 90%"", "Bedside lamp off at Brightness 30%": the switch in that state, and the
 *   text just below it (its value) reading so;
 * - "Home no longer shows "Away mode is on"": a screen by name, judged only while it shows, without that text.
 */

const SIGN = '(\\+|−|-|–)';
const STEPPERS = new RegExp(
  `^(?:the )?(\\p{Lu}[^"();:]{0,40}?)(?:['’]s)? ${SIGN} and ${SIGN}(?: buttons?)? (?:are|become|are now|stay|remain)(?: both)? (enabled|disabled|greyed out|grayed out)(?: again)?$`,
  'u',
);

function stepperPair(s: string): Check | null {
  const m = STEPPERS.exec(s);
  if (!m) return null;
  const signs = [m[2]!, m[3]!].map((x) => (x === '+' ? '+' : '−'));
  if (signs[0] === signs[1]) return null;
  const state = /^enabled$/i.test(m[4]!) ? 'enabled' : 'disabled';
  return {
    kind: 'all',
    checks: signs.map((sign): Check => ({ kind: 'state', target: { text: `${sign} on ${m[1]!.trim()}` }, state })),
  };
}

const SWITCH_AT = /^(?:the )?(\p{Lu}[^"();:]{0,40}?) (?:is )?(on|off) at ("[^"]+"|\p{Lu}[^"();:]{0,40})$/u;

function switchAt(s: string): Check | null {
  const m = SWITCH_AT.exec(s);
  if (!m) return null;
  const name = m[1]!.trim();
  if (/\b(?:is|are|turned|switched|set|stays?|remains?|was)$/i.test(name)) return null;
  return {
    kind: 'all',
    checks: [
      { kind: 'state', target: { text: name, role: 'switch' }, state: m[2] === 'on' ? 'on' : 'off' },
      { kind: 'value', label: { text: name }, value: unquote(m[3]!.trim()) },
    ],
  };
}

const NO_LONGER =
  /^(?:the )?(\p{Lu}[\p{L} ]{0,30}?)(?: screen| page| tab)? no longer (?:shows|displays|says) "([^"]+)"$/u;

function screenNoLonger(s: string): Check | null {
  const m = NO_LONGER.exec(s);
  if (!m) return null;
  return {
    kind: 'seen_on',
    screen: m[1]!.trim(),
    check: { kind: 'visible', target: { text: m[2]! }, negated: true },
  };
}

export function controlClaim(s: string): Check | null {
  const t = s.trim().replace(/\.$/, '');
  return stepperPair(t) ?? switchAt(t) ?? screenNoLonger(t);
}
