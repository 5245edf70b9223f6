import { parseCount } from './step-text';
import { startsWithVerb } from './lexicon';

/**
 * Lists of things to tap said as QA engineers write them, spelled out plainly:
 * - "Tap E5 first, then D2, then A3": "first" before "then" only says the order ("Tap E5, then D2, then A3");
 * - "Select six seats: D1, D2, D3, D4, D5, E1": the count said before the list must be the list's length, and is
 *   dropped ("Select D1, D2, …"); another length leaves the step as written (not understood);
 * - "Pick D1, D2, D3 and Continue", "Select E8, Continue": a last item that is a button's name said as a verb
 *   ("Continue", "Save", "Submit", capitalised) is tapped ("… and tap Continue"), when a comma says the
 *   step is a list ("Tap Save and Continue" may be one button; "Yes, Continue" is one answer).
 */

const PICK = /^(?:tap|click|select|choose|pick|press|touch)\s/i;
const COUNTED =
  /^((?:tap|click|select|choose|pick|press|touch)\s+)(?:the\s+)?(\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+\p{L}+\s*:\s*(.+)$/iu;

export function spelledList(s: string): string {
  let out = s.replace(/(?<!\b(?:the|a|an|its|their|my|your))\s+first(?=,?\s+(?:and\s+)?then\s)/gi, '');
  const counted = COUNTED.exec(out);
  if (counted) {
    const items = counted[3]!.split(/\s*,\s*(?:and\s+)?|\s+and\s+/i).filter((i) => i.trim() !== '');
    if (items.length === parseCount(counted[2]!) && !items.some((i) => startsWithVerb(i)))
      out = `${counted[1]}${counted[3]}`;
  }
  // "… and Continue", "…, Continue": the last of several picks is the button of that name.
  // A comma says it is a list ("Tap Save and Continue" may be one button); "Yes, Continue" is one answer.
  if (PICK.test(out) && out.includes(',') && !/"/.test(out) && !/\b(?:yes|no|ok|okay)(?:,|\s+and)\s+\S+$/i.test(out))
    out = out.replace(/((?:,|\s+and)\s+)(?:then\s+)?([A-Z][a-z]+)$/, (m, sep: string, word: string) =>
      startsWithVerb(word) && !/^(?:Tap|Click|Select|Choose|Pick|Press|Touch)$/.test(word) ? `${sep}tap ${word}` : m,
    );
  return out;
}
