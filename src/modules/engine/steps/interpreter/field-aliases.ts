import { normalizeText } from './text-match';

/**
 * The other names people give a form's fields: "the origin" is the field labelled From, "the surname" the Last
 * name, "the number of passengers" the Passengers, "my phone number" the Phone. A name no element reads is tried as each of these labels, and
 * only a label the screen shows exactly answers (see `findTarget`). The list is short on purpose: words whose
 * meaning does not depend on the app.
 */
const ALIASES: Array<[RegExp, string[]]> = [
  [
    /^(?:origin|departure(?: city| airport)?|leaving from|from city|starting point|(?:source|sending|from) account)$/,
    ['From'],
  ],
  [
    /^(?:destination|arrival(?: city| airport)?|going to|to city|(?:destination|receiving|recipient|to) account)$/,
    ['To'],
  ],
  [/^(?:departure date|travel date|flight date|outbound date|date of travel)$/, ['Date', 'Depart', 'Departure']],
  [/^(?:return date|inbound date)$/, ['Return']],
  [/^(?:e ?mail address|e ?mail|mail address)$/, ['Email', 'E-mail', 'Email address']],
  [/^(?:surname|family name)$/, ['Last name']],
  [/^(?:given name|forename)$/, ['First name']],
  [/^(?:phone number|mobile|mobile number|telephone|telephone number|phone no)$/, ['Phone', 'Mobile']],
  [/^(?:post ?code|zip|zip code|postal code)$/, ['Postcode', 'ZIP code', 'Postal code', 'ZIP']],
  [/^(?:dob|birth date|birthday)$/, ['Date of birth']],
];

/** "number of passengers", "passenger count": the thing counted, as its label says it. */
const COUNTED = /^(?:(?:the )?number of (.+)|(.+?) count)$/;

/** The labels a name may stand for on a form (a field's, or the thing a count counts), most likely first. */
export function fieldAliases(name: string): { fields: string[]; counted: string[] } {
  const said = normalizeText(name).replace(/ field$/, '');
  const n = said.replace(/^(?:the|my|your|our) /, '');
  // "my phone number", "your name": the field the words name, said as the user's own.
  const own = /^(?:my|your|our) /.test(said) ? [n.charAt(0).toUpperCase() + n.slice(1)] : [];
  const fields = [...(ALIASES.find(([re]) => re.test(n))?.[1] ?? []), ...own];
  const m = COUNTED.exec(n);
  const thing = m ? (m[1] ?? m[2])! : null;
  const counted = thing ? [...new Set([thing.replace(/s?$/, 's'), thing.replace(/s$/, '')])] : [];
  return { fields, counted: counted.map((c) => c.charAt(0).toUpperCase() + c.slice(1)) };
}
