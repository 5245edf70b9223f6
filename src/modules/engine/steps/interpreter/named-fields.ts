import { type Rule, ok } from './intent';
import type { Intent } from './intent';
import { field, fieldTarget, typeValue } from './parse-forms';
import { parseTarget } from './step-text';

/** A field named before its value, as testers write it without the word "field". */

/** Names of fields people type into without saying "field": "Enter email a@b.co", "Type the password pw123". */
const FIELD_NOUN =
  '(?:e-?mail(?: address)?|password|passcode|pin|otp|(?:full |first |last |middle |user ?|display |nick)?name|username|phone(?: number)?|mobile(?: number)?|(?:verification|activation|confirmation|promo|coupon|discount|zip|postal|post|security) code|zip|postcode|address|city|amount|quantity|age|title|description|comment|note|message|search term|query)';
const WHOLE_FIELD = new RegExp(`^${FIELD_NOUN}$`, 'i');
const TYPE_VERB = '(?:enter|type|input|key in|fill in|write|provide)';

/**
 * "Enter email a@b.co", "Enter the password as pw123", "Type PIN 1234", "Enter the promo code "SAVE10"": the field
 * by its name, then one value (a word, or quoted). "Enter email address" names a field and types nothing.
 */
export const namedField: Rule = (s) => {
  const m = new RegExp(
    `^${TYPE_VERB}\\s+(?:the\\s+|an?\\s+)?(${FIELD_NOUN})(?:\\s+field)?\\s+(?:as\\s+|of\\s+|=\\s*|:\\s*)?("[^"]*"|'[^']*'|[^\\s"']+)$`,
    'i',
  ).exec(s);
  if (m) {
    const value = m[2]!;
    const joined = `${m[1]} ${value}`;
    if (WHOLE_FIELD.test(joined) || /^(?:again|here|now|field|please|twice|once|correctly|below|above)$/i.test(value))
      return null;
    const noun = m[1]!.toLowerCase();
    const names = /^e-?mail/.test(noun)
      ? ['Email', 'Email address', 'E-mail']
      : /^user ?name$/.test(noun)
        ? ['Username', 'User name', 'Login', 'User']
        : null;
    return ok(typeValue(value, names ? field(names) : { text: m[1]!, role: 'field', literal: `${m[1]} field` }));
  }
  // "Type the message "Yo"", "Enter the promo code "SAVE10"": a name, then the quoted text.
  // "I type the "Wow" message": the quoted text, into the field that has focus.
  const said = new RegExp(
    `^${TYPE_VERB}\\s+(?:the\\s+|a\\s+)?("[^"]*")\\s+(?:message|text|value|string|word)$`,
    'i',
  ).exec(s);
  if (said) return ok(typeValue(said[1]!, null));
  // "I enter an annual income of "26500"": the name, "of" or "as", then the quoted text.
  const q = new RegExp(
    `^${TYPE_VERB}\\s+(?:the\\s+|an?\\s+|my\\s+)?([a-z][\\w -]{0,30}?)(?:\\s+(?:of|as|=|:))?\\s+("[^"]*")$`,
    'i',
  ).exec(s);
  if (!q || /(?:^|\s)(?:with|in|into|as|for|to|on|of|and|then)(?:\s|$)/i.test(q[1]!)) return null;
  // "Enter text "hello"": the words say what kind of thing is typed, not where.
  if (/^(?:text|value|string|word|words|characters?|letters?|digits?|number)$/i.test(q[1]!))
    return ok(typeValue(q[2]!, null));
  const target = fieldTarget(q[1]!);
  return target ? ok(typeValue(q[2]!, target)) : null;
};

const SIGN_UP_BUTTONS = ['Sign up', 'Sign Up', 'Register', 'Create account', 'Create Account', 'Submit', 'Continue'];

/**
 * "Fill the form with name "Sam", email "s@x.co" and password "pw1"", "Register with name Sam, email s@x.co and
 * password pw1": each part a field by its name and its value; registering taps the sign-up button after them.
 * A part that is not a field's name and a value leaves the whole step not understood by this form.
 */
export const namedFieldList: Rule = (s) => {
  const m =
    /^(?:fill(?: in| out)?|complete) (?:the |this )?(?:[\w-]+ )?form with (.+)$/i.exec(s) ??
    /^(register|sign ?up|create (?:an |a new )?account)(?: with| using) (.+)$/i.exec(s);
  if (!m) return null;
  const list = m[2] ?? m[1]!;
  const parts = list.split(/,?\s+and\s+(?=(?:[^"]*"[^"]*")*[^"]*$)|,\s+(?=(?:[^"]*"[^"]*")*[^"]*$)/i);
  if (parts.length < 2) return null;
  const steps: Intent[] = [];
  for (const part of parts) {
    const read = namedField(`enter ${part.trim()}`);
    if (!read?.understood || read.intent.kind !== 'type' || !read.intent.target) {
      // "Fill the form with Sam, Doe, s@x.co": values only, into the form's fields top to bottom.
      if (m[2] || steps.length > 0) return null;
      const values = parts.map((p) => p.trim().replace(/^"(.*)"$/, '$1'));
      return values.every((v) => v !== '' && !/"/.test(v)) ? ok({ kind: 'fill', values, within: null }) : null;
    }
    steps.push(read.intent);
  }
  if (m[2]) steps.push({ kind: 'tap', target: { text: '', role: 'button', anyOf: SIGN_UP_BUTTONS } });
  return ok({ kind: 'sequence', steps });
};

/** "Put 100 in the Amount field": "put" types only into what the step calls a field, box or input. */
export const putInField: Rule = (s) => {
  const m = /^put\s+(.+?)\s+(?:in|into)\s+((?:the\s+)?.+?\s+(?:field|box|input))$/i.exec(s);
  if (!m || / (?:in|into) /i.test(m[1]!)) return null;
  const target = parseTarget(m[2]!);
  return target ? ok(typeValue(m[1]!, target)) : null;
};
