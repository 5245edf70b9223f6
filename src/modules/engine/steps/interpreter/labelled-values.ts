import type { Check } from './intent';

/**
 * "Doctor Dr Kim Lee, Date Wed 2 Jul, Time 11:15, Type In person", "Phone 0161 496 0000, Address
 * 3 Mill Street, York, Postcode YO1 7HH": several labels, each with its value, without a verb. The
 * text is split only where a comma is followed by a label the screen shows, so a value keeps its own
 * commas ("3 Mill Street, York") and colons ("11:15"). Each label must then have that value beside or
 * below it (see evaluate-forms' value check); a label the screen does not show leaves it not settled. One label alone
 * is read so when its whole value is a text on the screen ("Repeats Mon, Wed, Fri").
 */

/** Words that make a part a statement rather than a value: "Settings and Profile are shown". */
const NOT_A_VALUE =
  /^(?:and|or|is|are|was|were|be|has|have|not|no|shows?|reads?|says?|displays?|should|must|will|can|with)\b|\b(?:is|are|was|were|should|must|shown|visible|displayed|listed|appears?|unchanged)\b/i;

/** "Address still 14 Mill Street": the value as it is now. */
const STILL = /^(?:still|now|also|again)\s+/i;

/** "…, Postcode YO1 7HH already filled in": what the whole list is said to be. */
const TRAILING = /\s+(?:(?:are|is)\s+)?(?:already\s+)?(?:filled in|pre-?filled|shown|displayed|visible)$/i;

/** A switch's state as a value: nothing is added to it after a comma. */
const STATE = /^(?:still |now )?(?:on|off|enabled|disabled)$/i;

const lower = (s: string) => s.toLowerCase();

/** The longest name on screen that starts this part and is followed by a value. */
export function labelStarting(part: string, names: string[]): string | null {
  let best: string | null = null;
  for (const name of names) {
    if (name.length >= part.length || name.split(' ').length > 4 || /[,"]/.test(name)) continue;
    if (lower(part).startsWith(`${lower(name)} `) && (!best || name.length > best.length)) best = name;
  }
  return best;
}

export function labelledValues(clause: string, names: string[]): Check | null {
  if (/"/.test(clause) || !clause.includes(',')) return null;
  const text = clause.trim().replace(TRAILING, '');
  const pairs: Array<{ label: string; value: string }> = [];
  for (const piece of text.split(/,\s*/)) {
    const label = labelStarting(piece, names);
    if (label) {
      pairs.push({ label, value: piece.slice(label.length).trim() });
      continue;
    }
    // A piece that starts no label belongs to the value before it ("3 Mill Street, York").
    const last = pairs.at(-1);
    if (!last || piece.trim() === '') return null;
    // "Reminders off, Offers on": a state is a whole value; what follows it is a claim of its own.
    if (STATE.test(last.value)) return null;
    last.value = `${last.value}, ${piece.trim()}`;
  }
  // "Repeats Mon, Wed, Fri": one label whose value, commas and all, is a text the screen shows.
  const whole = pairs.length === 1 && names.some((n) => lower(n) === lower(pairs[0]!.value.replace(STILL, '')));
  if (pairs.length < 2 && !whole) return null;
  const checks: Check[] = [];
  for (const { label, value } of pairs) {
    const plain = value.replace(STILL, '');
    if (plain === '' || NOT_A_VALUE.test(plain)) return null;
    checks.push({ kind: 'value', label: { text: label }, value: plain });
  }
  return { kind: 'all', checks };
}
