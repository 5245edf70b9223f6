import { normalizeText } from './text-match';

/**
 * "Back to home opens Home", "Tapping Reorder opens the Green Bowl menu with "Minimum order £10.00"", "Find
 * showtimes returns to Now showing": a claim of the screen a control the last step used leads to. When the
 * control is named in the last step ("Tap Back to home"), the claim is of the screen the steps end on and reads
 * as "The Home screen opens", "The Green Bowl menu screen opens with …". A control the steps never used ("Tapping Go to checkout
 * opens Checkout" after "Tap + on Margherita") is an action the claim describes, not a screen reached: not
 * read so. Null for any other claim.
 */
const OPENED_BY =
  /^(?:(?:tapping|clicking|pressing|selecting|choosing)\s+(?:on\s+)?)?(?:the\s+)?(.{1,60}?)(?:\s+(?:button|link|row|tab|item|action))?\s+(?:opens|returns\s+(?:me\s+|you\s+|us\s+)?to|goes\s+(?:back\s+)?to|leads\s+(?:back\s+)?to|navigates\s+(?:back\s+)?to|(?:takes|brings)\s+(?:me|you|us|the user)\s+(?:back\s+)?to)\s+(?!no\b|nothing\b)(.+)$/i;

/** Where the screen's name ends and what is said of it begins. */
const TAIL = /(\s+(?:with|showing|headed|titled|for)\s+|\s*[,(;:]|\s+-\s+)/i;

export function openedByClaim(text: string, lastStep: string): string | null {
  const m = OPENED_BY.exec(text.trim().replace(/\.$/, ''));
  if (!m) return null;
  const control = m[1]!.replace(/^["“]|["”]$/g, '').trim();
  if (
    /^(?:it|this|that|the app|app|[a-z]+ back|back)$/i.test(control) ||
    /\b(?:first|second|third|then)\b/i.test(control)
  )
    return null;
  const step = normalizeText(lastStep);
  const name = normalizeText(control);
  if (name === '' || !` ${step} `.includes(` ${name} `)) return null;
  const rest = m[2]!.trim();
  const cut = TAIL.exec(rest);
  const head = cut ? rest.slice(0, cut.index) : rest;
  // The place it opens is a screen: "the Green Bowl menu" is the screen so titled, not a text on another.
  const place = head.trim().replace(/^the\s+/i, '');
  // A place is a name: "C4 goes back to normal" says how a thing looks, not where the steps are.
  if (!/^(?:\p{Lu}|\p{N}|")/u.test(place)) return null;
  const screen = /\s(?:screen|page)$/i.test(place) ? place : `${place} screen`;
  return `The ${screen} opens${cut ? rest.slice(cut.index) : ''}`;
}
