import { ok, type Rule } from './intent';
import { parseCount } from './step-text';

/**
 * "Increase the Ceiling light brightness", "Lower the thermostat by one degree", "Turn up the Floor lamp by 2
 * steps": the + (or −) of the line so named (`row-stepper.ts`, as `Tap + on Ceiling light`), tapped once, or as
 * many times as the step counts. What is adjusted ("brightness", "temperature") is left to the line's name; an
 * amount that is no count of taps ("by 10%") is not read.
 */
const ADJUST =
  /^(increase|raise|turn up|brighten|decrease|lower|reduce|turn down|dim)\s+(?:the\s+)?(.+?)(?:['’]s)?(?:\s+(?:brightness|temperature|target|volume|level|quantity|count|amount|setting))?(?:\s+by\s+(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})(?:\s+(?:degrees?|steps?|notch(?:es)?|levels?|times?|units?|clicks?))?)?$/i;

export const adjustLine: Rule = (s) => {
  const m = ADJUST.exec(s.trim());
  if (!m || /"|\d+\s*%|\bby\b/i.test(m[2]!)) return null;
  const up = /^(?:increase|raise|turn up|brighten)$/i.test(m[1]!);
  const times = m[3] ? (parseCount(m[3]) ?? 0) : 1;
  if (times < 1 || times > 20) return null;
  return ok({ kind: 'tap_times', target: { text: `${up ? '+' : '−'} on ${m[2]!.trim()}` }, times });
};
