/**
 * Claims said without their verb, read with it.
 *
 * "Status still Confirmed", "Total unchanged at £36.00", "Count stays at 4", "Balance remains £12.00": a name and
 * the value it keeps, said without "is". Read as "Status is still Confirmed" / "Total is £36.00", so the name's
 * value must read so (another value fails). Only a value that looks like one (a number, an amount, a capitalised
 * word; no quotes) is read so: "Cancel booking still there", "Wi-Fi still on", "Milk remains in the list" and
 * `Renewal stays "2 × Renewal" at €1.00` keep their own readings, and so does a name with a verb, a comma or a
 * colon in it ("Only £5.00 off: total still …").
 */
const KEEPS =
  /^([^,:;"]{1,40}?) (still|unchanged at|stays at|remains at|stops at|stays|remains) ((?:[\d£$€¥₹+−-]|\p{Lu})[^"]*)$/u;

/** Words that make the part before the verb a statement rather than a name. */
const NOT_A_NAME = /\b(?:is|are|was|were|be|has|have|had|shows?|reads?|says?|should|must|will|can|not|no|and|or)\b/i;

/** The assertion rewritten with "is", or null when it is not a name and a value kept. */
export function stillAsIs(text: string): string | null {
  const m = KEEPS.exec(text.trim());
  if (!m || NOT_A_NAME.test(m[1]!)) return null;
  return m[2] === 'still' ? `${m[1]} is still ${m[3]}` : `${m[1]} is ${m[3]}`;
}

/**
 * '"1 × Salted popcorn" and "2 × Soft drink" lines', '"Edit" and "Delete" buttons': quoted texts, then the plural
 * noun that says what they are, read as '… lines are shown' (each text on screen). Only quoted texts are read so.
 */
const QUOTED_KINDS =
  /^((?:"[^"]+"(?:,\s*(?:and\s+)?|\s+and\s+))+"[^"]+")\s+(?:lines|rows|items|entries|messages|labels|texts|options|tabs|buttons|links|chips)$/i;

/** The quoted texts with "are shown", or null. */
export function quotedKindsShown(text: string): string | null {
  const m = QUOTED_KINDS.exec(text.trim());
  return m ? `${m[1]} are shown` : null;
}

/**
 * 'Request refill button is replaced by "Refill requested"', "The Add button is replaced with Added": the first is
 * gone and the second is shown, both on the screen the claim is judged on.
 */
const REPLACED =
  /^(?:the )?("[^"]+"|[^",:;]{1,40}?)( button| link| text| label| message| row| switch| tab)? (?:is|was|gets|got) replaced (?:by|with) (?:the |a |an )?("[^"]+"|[^",:;]{1,40}?)( button| link| text| label| message| row)?$/i;

export function replacedBy(text: string): string | null {
  const m = REPLACED.exec(text.trim().replace(/\.$/, ''));
  if (!m || NOT_A_NAME.test(m[1]!.replace(/"[^"]*"/g, '""'))) return null;
  return `${m[1]}${m[2] ?? ''} is gone and ${m[3]}${m[4] ?? ''} is shown`;
}

/**
 * "Today has 16:20", "Call the dentist has High priority": what a thing on screen has is what it shows. Not a
 * count ("has 3 items"), an absence ("has no …") or a change ("has been …", "has changed"), which other forms read.
 */
const HAS =
  /^((?:the )?(?:\p{Lu}|\d)[^",:;]{0,40}?) (?:has|have) (?!(?:been|no|not|none|nothing|focus|keyboard|changed|gone|moved|disappeared|updated|opened|closed|become|got|a|an|the|\d+ \p{Ll}+s?$)\b)(.+)$/u;

export function hasShown(text: string): string | null {
  const m = HAS.exec(text.trim().replace(/\.$/, ''));
  return m ? `${m[1]} shows ${m[2]}` : null;
}
