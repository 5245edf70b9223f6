import type { Check, ParsedStep } from './intent';
import { withoutRemark } from './remarks';

/**
 * Claims that start by saying when they hold. A claim is judged on the screen the steps end on, so
 * a lead-in is accepted only when it names a screen: "Back to Account: name still Jo Park", "Going
 * back, Profile still shows Phone 07700 900418", "Back on Loans, Dune is listed" hold on that screen
 * and are refused on any other (they speak of it, not of the one showing). "After saving: …",
 * "Before saving the screen shows …" speak of another moment than the end of the steps: refused,
 * with the way to write them.
 */

type Read = (s: string) => ParsedStep;

const ANOTHER_MOMENT: ParsedStep = {
  understood: false,
  reason:
    'the claim speaks of another moment ("after …" / "before …"); a claim is judged on the screen the steps end on: write the action as a step and the claim after it',
};

const SAY = '(?:(?:still |now |should (?:still )?|again )?(?:shows?|says?|reads?|lists?|displays?|has|have))';

function seenOn(screen: string, inner: ParsedStep): ParsedStep | null {
  if (!inner.understood || inner.intent.kind !== 'check') return null;
  const check: Check = { kind: 'seen_on', screen: screen.trim(), check: inner.intent.check };
  return { understood: true, intent: { kind: 'check', check } };
}

export function momentClaim(text: string, read: Read): ParsedStep | null {
  const s = text.trim().replace(/\.$/, '');
  // "Total £12.78 (12.00 − 1.20 + 0.99)", "£3 -> Tip £3.00": the claim without its remark.
  const plain = withoutRemark(s);
  if (plain !== null) return read(plain);
  // "Back to Account: name still Jo Park", "Back on Loans, Dune is listed".
  const back =
    /^(?:and )?(?:once )?back (?:to|on|at|in) (?:the )?(\p{Lu}[\p{L} '-]{0,30}?)(?: screen| page| tab)?(?::|,)\s+(.+)$/iu.exec(
      s,
    );
  if (back) return seenOn(back[1]!, read(back[2]!.replace(/^(\p{Ll}[\p{L} ]*?) still /u, '$1 is ')));
  // "Going back, Profile still shows Phone 07700 900418": the place that shows is the screen named.
  const going = new RegExp(
    `^(?:after |when |on )?(?:going|coming|navigating|having gone|gone|go) back(?: to [^,]+)?,\\s+(?:the )?(\\p{Lu}[\\p{L} '-]{0,30}?) ${SAY} (.+)$`,
    'iu',
  ).exec(s);
  if (going) return seenOn(going[1]!, read(going[2]!));
  // "After the first change: …", "Before saving the screen shows …": another moment.
  if (/^(?:after|before) (?!(?:that|this)\b)\S/i.test(s) && !/^(?:after|before) \d{1,2}:\d{2}\b(?! ?:)/i.test(s))
    return ANOTHER_MOMENT;
  // "Before: Renewals left 3", "Earlier: …": the state before the steps' last action, not the one they end on.
  // A bare "After:" is the state the steps end in, read as a word of context.
  if (/^(?:before|beforehand|earlier|previously)\s*:/i.test(s)) return ANOTHER_MOMENT;
  return null;
}
