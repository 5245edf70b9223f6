/**
 * Several numbered sections filled in one step, as QA engineers write it: "Fill in Passengers 2–4 as
 * Sam Morgan, Jo Morgan and Kim Morgan", "Enter passengers 2–4 (Sam Morgan, Jo Morgan, Kim Morgan)",
 * "Enter Sam Morgan and Jo Morgan for Passengers 2 and 3", "Fill Passenger 2 = Sam Morgan and
 * Passenger 3 = Jo Morgan". Each becomes a clause of its own ("enter Sam Morgan for Passenger 2;
 * enter Jo Morgan for Passenger 3"), read on the screen in turn, so a section below the fold is
 * scrolled to. The number of names must match the number of sections, else the text is left as it is.
 */

const VERB = '(?:fill(?: in| out)?|enter|type|input|add)';
const DASH = '\\s*(?:–|—|-|to|through)\\s*';

function names(list: string): string[] {
  return list
    .split(/\s*,\s*(?:and\s+)?|\s+and\s+/i)
    .map((n) => n.trim().replace(/^"(.*)"$/, '$1'))
    .filter((n) => n !== '');
}

const NAME = /^[\p{Lu}][\p{L}'’-]*(?:\s+[\p{Lu}][\p{L}'’-]*)*$/u;

function numbers(from: number, to: number): number[] | null {
  if (!(to > from) || to - from > 9) return null;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

function clauses(noun: string, pairs: Array<[number, string]>, rest: string): string {
  const label = noun.charAt(0).toUpperCase() + noun.slice(1).toLowerCase();
  const each = pairs.map(([k, who]) => `enter ${who} for ${label} ${k}`).join('; ');
  const tail = rest.replace(/^\s*(?:,\s*(?:and\s+)?(?:then\s+)?|and\s+(?:then\s+)?|then\s+)/i, '').trim();
  return tail ? `${each}; ${tail}` : each;
}

/** Takes `count` names from the front of `text`; the rest is what the step goes on to do. */
function takeNames(text: string, count: number): { who: string[]; rest: string } | null {
  const parts = text.split(/(\s*,\s*(?:and\s+)?|\s+and\s+)/i);
  const who: string[] = [];
  let i = 0;
  for (; i < parts.length && who.length < count; i += 2) {
    const n = parts[i]!.trim().replace(/^"(.*)"$/, '$1');
    if (!NAME.test(n)) return null;
    who.push(n);
  }
  return who.length === count ? { who, rest: parts.slice(i - 1 < 0 ? 0 : i - 1).join('') } : null;
}

/** Everyday shorthands said of several controls at once, spelled out one control at a time. */
const SHORTHANDS: Array<[RegExp, string]> = [
  // "Switch on both Travel insurance and Extra checked bag" → "Switch on Travel insurance and Extra checked bag"
  [/^((?:turn|switch|toggle|flip) (?:on|off)|enable|disable) both (?!switch|toggle|extras?\b)/i, '$1 '],
  // "Turn on Travel insurance only" → "Turn on Travel insurance"
  [/^((?:turn|switch|toggle|flip) (?:on|off) [^,;]+?) only\b/i, '$1'],
  // "Clear the First name and the Last name fields" → one clear each
  [/^clear (?:the )?([^,;]+?) and (?:the )?([^,;]+?) fields$/i, 'clear the $1 field and clear the $2 field'],
  // "Without filling anything in, tap Search flights"
  [/^without (?:filling|entering|typing|changing) (?:anything|any field|any of the fields)(?: in)?,?\s+/i, ''],
  // "Tap the back arrow to return to Profile": the top bar's Back button
  [
    /^(tap|press|click) (?:on )?(?:the )?back (?:arrow|chevron)(?: in the top bar)?(?: to (?:return|go back|get back) to [^,;]+)?(?=$|,| and | then )/i,
    '$1 Back',
  ],
  // "Tap the Search navigation button"
  [/^(tap|press|click) (?:on )?(?:the )?(.+?) navigation (button|tab)\b/i, '$1 the $2 $3'],
  // "Tap into the Password field and type x"
  [/^(tap|click) (?:into|in) /i, '$1 '],
  // "On Extras, turn on X": that screen is showing, then the action
  [
    /^on (?:the )?([\p{Lu}][^,;"]{0,40}?)(?: screen| page)?,\s+(?!(?:enter|type|input|write|fill|put)\b)/iu,
    'verify the $1 screen is shown; ',
  ],
  // "Continue through Passenger details and Extras without extras": Continue on each, with every extra left off
  [
    /^continue (?:past|through) (?:the )?[^,;]+? and (?:the )?[^,;]+? without (?:any )?(?:extras|add-ons|options)$/i,
    'tap Continue, then leave all switches off and tap Continue',
  ],
  [/^continue (?:past|through) (?:the )?[^,;]+? and (?:the )?[^,;]+?$/i, 'tap Continue, then tap Continue'],
  // "Continue on Extras without extras"
  [
    /^(?:tap |click |press )?continue(?: on (?:the )?[^,;]+?)? without (?:any )?(?:extras|add-ons|options)$/i,
    'leave all switches off and tap Continue',
  ],
  // "Continue past Passenger details", "Continue through the Extras screen": the screen's Continue button
  [/^continue (?:past|through|beyond|from) (?:the )?[^,;]+?(?= and | then |,|;|$)/i, 'tap Continue'],
  // "… and continue to Review booking": the Continue button (the screen named is where it leads). "Tap Continue to
  // checkout", "Both Continue to checkout and …": a button's name, after a verb or with its capital mid-step.
  [
    /(?<!\b(?:tap|click|press|hit|touch|select|choose)\s+(?:on\s+)?(?:the\s+)?)(?:^[Cc]|(?<=\s)c)ontinue to (?:the )?([^,;"]+?)(?: screen| page| step)?(?=$|,|;| and | then )/,
    'tap Continue',
  ],
  // "Tap Search in the navigation row": the tab of that name
  [
    /^(tap|press|click) (?:on )?(?:the )?(.+?) (?:in|on|from) the (?:navigation|tab|bottom) (?:row|bar|menu)\b/i,
    '$1 the $2 tab',
  ],
  // "Enter Sam as Passenger 2's first name, leave the last name empty": the same owner for the second field
  [/(\b\p{L}+ \d+['’]s )([^,;]+?),\s*(?:and\s+)?leave (?:the )?(?=[^,;]+ (?:empty|blank)$)/iu, '$1$2, leave $1'],
  // "Tap Add passenger three times so the count is "4 passengers"": then that text is on screen
  [/,?\s+so (?:that )?(?:the [\w ]{1,30}?|it) (?:is|shows|reads|says) ("[^"]+")$/i, ', then verify $1 is shown'],
  // "Enter alex@x.test and pw1 and tap Sign in": an address and a password
  [/^(?:enter|type) (\S+@\S+) and (\S+)(?= and | then |, |$)/i, 'enter $1 / $2'],
];

export function expandGroups(s: string): string {
  for (const [re, to] of SHORTHANDS) s = s.replace(re, to);
  // "Enter the names Sam Morgan and Jo Morgan for passengers 2 and 3": the names themselves follow.
  const named = s.replace(new RegExp(`^(${VERB})\\s+(?:the\\s+)?names\\s+(?=\\p{Lu})`, 'iu'), '$1 ');
  const expanded = expandNumbered(labelledPairs(named));
  return expanded === named ? expandNumbered(labelledPairs(s)) : expanded;
}

/** "Fill the search form with From: London, To: NYC, Date: 1 Nov 2025": one field after another. */
function labelledPairs(s: string): string {
  const m = /^(?:fill(?: in| out)?|complete)\s+(?:the\s+)?(?:[\w-]+\s+)?form\s+with\s+(.+)$/i.exec(s);
  if (!m) return s;
  const pairs = m[1]!.split(/,\s*(?:and\s+)?|\s+and\s+/i).map((p) => /^([^:=]+?)\s*[:=]\s*(.+)$/.exec(p.trim()));
  if (pairs.length < 2 || !pairs.every(Boolean)) return s;
  return pairs.map((p) => `enter ${p![2]!.trim()} in ${p![1]!.trim()}`).join('; ');
}

/**
 * "Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare, no extras": a whole flow in
 * one phrase, walked on a screen showing its first part (`flow-walk.ts`); without one, refused with why.
 */
export function wholeFlow(s: string): string | null {
  // "Add a task called A1": creating something by its name crosses a form the step does not spell out.
  if (
    /^(?:add|create|make)\s+(?:a|an|one|another)\s+(?:new\s+)?[\p{L}-]+(?:\s+[\p{L}-]+)?\s+(?:called|named|titled)\s+\S/iu.test(
      s,
    )
  )
    return 'a whole flow in one phrase: creating something by its name crosses a form whose fields and buttons the step does not name; write its steps one by one (tap Add, enter the title, save), or run the case with a model';
  // "Book > Physiotherapy, check, back": a path to the Book tab's Physiotherapy, then steps of their own.
  if (
    !/^(?:book|go through|complete|reach|finish|get through|do)\b(?!\s*(?:>|→|->))/i.test(s) ||
    (s.match(/,/g) ?? []).length < 2
  )
    return null;
  return 'a whole flow in one phrase: it is walked screen by screen only from a screen showing its first part, one part after another; write its steps one by one, or run the case with a model';
}

function expandNumbered(s: string): string {
  // "Fill in Passengers 2–4 as A, B and C, tap Continue" / "Enter passengers 2–4 (A, B, C) and continue"
  const range = new RegExp(`^${VERB}\\s+(?:in\\s+)?(?:the\\s+)?([a-z]+?)s?\\s+(\\d+)${DASH}(\\d+)\\s+(.+)$`, 'i').exec(
    s,
  );
  if (range) {
    const ks = numbers(Number(range[2]), Number(range[3]));
    if (!ks) return s;
    const body = range[4]!;
    const paren = /^(?:as\s+|with\s+)?\(([^)]*)\)(.*)$/i.exec(body);
    if (paren) {
      const who = names(paren[1]!);
      return who.length === ks.length && who.every((w) => NAME.test(w))
        ? clauses(
            range[1]!,
            ks.map((k, i) => [k, who[i]!]),
            paren[2]!,
          )
        : s;
    }
    const listed = /^(?:as|with)\s+(.+)$/i.exec(body);
    const taken = listed ? takeNames(listed[1]!, ks.length) : null;
    return taken
      ? clauses(
          range[1]!,
          ks.map((k, i) => [k, taken.who[i]!]),
          taken.rest,
        )
      : s;
  }
  // "Enter A and B for Passengers 2 and 3, tap Continue" / "… for Passengers 2–3"
  const forMany = new RegExp(
    `^${VERB}\\s+(.+?)\\s+for\\s+(?:the\\s+)?([a-z]+?)s\\s+(\\d+)(?:${DASH}|\\s+and\\s+)(\\d+)(.*)$`,
    'i',
  ).exec(s);
  if (forMany) {
    const ks = numbers(Number(forMany[3]), Number(forMany[4]));
    const who = names(forMany[1]!);
    if (!ks || who.length !== ks.length || !who.every((w) => NAME.test(w))) return s;
    return clauses(
      forMany[2]!,
      ks.map((k, i) => [k, who[i]!]),
      forMany[5]!,
    );
  }
  // "Fill Passenger 2 = A and Passenger 3 = B, tap Continue" / "Fill in Passenger 2 A, Passenger 3 B"
  const pairs = new RegExp(`^${VERB}\\s+(?:in\\s+)?(?:the\\s+)?([a-z]+)\\s+(\\d+)\\s*(?:=|:)?\\s*(.+)$`, 'i').exec(s);
  if (pairs) {
    const noun = pairs[1]!;
    const seq = new RegExp(`\\s*(?:,\\s*(?:and\\s+)?|\\s+and\\s+)${noun}\\s+(\\d+)\\s*(?:=|:)?\\s*`, 'i');
    const out: Array<[number, string]> = [];
    let k = Number(pairs[2]);
    let text = pairs[3]!;
    for (;;) {
      const next = seq.exec(text);
      const head = next ? text.slice(0, next.index) : text;
      if (!next) {
        const taken = takeNames(head, 1);
        if (!taken || out.length === 0) return s;
        out.push([k, taken.who[0]!]);
        return clauses(noun, out, taken.rest);
      }
      if (!NAME.test(head.trim())) return s;
      out.push([k, head.trim()]);
      k = Number(next[1]);
      text = text.slice(next.index + next[0].length);
    }
  }
  return s;
}
