import type { Intent } from './intent';

/**
 * Steps that sound like an action but name nothing an interpreter can act on: "Enter valid
 * credentials", "I enter my email", "Fill the password field with a wrong password", "I should see
 * all videos", "User has a "tv" product". They are not understood (a model, or the author, says
 * which text and which element), rather than read as typing the words "valid credentials".
 */

/** Lower case only: "Type NEW YORK in To" gives its text, "Enter new password" describes one. */
const DESCRIBED =
  /^(?:my|your|his|her|their|our|valid|invalid|wrong|incorrect|correct|random|some|any|a|an|the|same|desired|required|proper|new|existing|non-existing|non-registered|unregistered|registered|not exist(?:ing)?)\s/;
const FIELD_WORDS =
  /^(?:e-?mail(?: address)?|password|passcode|pin|otp|(?:full |first |last |user ?)?name|username|phone(?: number)?|(?:verification|activation|connection|confirmation) code|code|address|url|credentials?|details|data|information|amount)$/i;
const SEEN_VAGUELY = /^(?:all|each|every|nothing|only|my|your|his|her|their)\s|^nothing$/i;
const PRECONDITION = /^(?:(?:the )?user|i|we|the customer|customer) (?:has|have|had)\b/i;

/** Why the step names nothing to act on, or null when it does. `raw` is the clause as written. */
export function vagueReason(raw: string, intent: Intent): string | null {
  if (PRECONDITION.test(raw))
    return 'not understood: the step states what the user already has (a precondition), not an action or a check on screen';
  // "I wait to see the ack sign in Second Device", "user2Name exists in backend search results".
  if (
    /\b(?:in|on|from) (?:the )?(?:second|other|another|2nd) (?:device|phone)\b|\b(?:backend|back-end|server-side)\b/i.test(
      raw,
    )
  )
    return 'not understood: the step is about another device or the backend, not what this screen shows';
  // "I enter random number with length 3 into field "Account Number"": the field is quoted, the value described.
  if (intent.kind === 'type' && /"/.test(raw) && !raw.includes(`"${intent.text}"`)) {
    const v = intent.text.trim();
    if ((DESCRIBED.test(`${v} `) && v.split(' ').length > 1) || /\b(?:random|digits|characters|length)\b/i.test(v))
      return `not understood: "${v}" describes the text instead of giving it; put the text to type in quotes`;
  }
  // "I should see all matches of 'Pool A'", "I should see only 'Australia' matches": what to see, described.
  if (
    intent.kind === 'check' &&
    intent.check.kind === 'visible' &&
    !intent.check.negated &&
    /\bsee\s+(?:all|each|every|only)\s/i.test(raw)
  )
    return 'not understood: the step describes what to see rather than naming it';
  if (/"/.test(raw)) return null;
  if (intent.kind === 'type') {
    const v = intent.text.trim();
    if (DESCRIBED.test(`${v} `) && v.split(' ').length > 1)
      return `not understood: "${v}" describes the text instead of giving it; put the text to type in quotes`;
    if (/\b(?:random|digits|characters)\b/i.test(v) && v.split(' ').length > 1)
      return `not understood: "${v}" describes the text instead of giving it; put the text to type in quotes`;
    if (intent.target === null && FIELD_WORDS.test(v))
      return `not understood: "${v}" names a field, not the text to type; say enter "…" in ${v}`;
    // "Enter name John Smith": a field named, then a value of several words; which words are the value is a guess.
    const words = v.split(/\s+/);
    const named = [3, 2, 1].find((n) => words.length > n && FIELD_WORDS.test(words.slice(0, n).join(' ')));
    if (intent.target === null && named)
      return `not understood: "${words.slice(0, named).join(' ')}" names a field; say enter "${words.slice(named).join(' ')}" in the ${words.slice(0, named).join(' ')} field`;
  }
  if (intent.kind === 'check' && intent.check.kind === 'visible' && !intent.check.negated) {
    if (SEEN_VAGUELY.test(intent.check.target.text))
      return `not understood: "${intent.check.target.text}" describes what to see rather than naming it`;
  }
  // "The keyboard is hidden": the on-screen keyboard is not in the UI tree, so its absence would always pass.
  if (
    intent.kind === 'check' &&
    intent.check.kind === 'visible' &&
    /^(?:the )?(?:on-?screen |soft )?keyboard$/i.test(intent.check.target.text)
  )
    return 'not understood: whether the keyboard shows is not in the UI tree; check the field that has focus instead';
  // "I should be on the previous page", "I am on a random Page": no screen of that name.
  if (
    intent.kind === 'check' &&
    intent.check.kind === 'screen' &&
    /^(?:a |an |the )?(?:previous|random|next|same|other|new|right|correct|expected)\b/i.test(intent.check.name)
  )
    return `not understood: "${intent.check.name}" describes a screen rather than naming it`;
  return null;
}
