import type { Resolution } from './resolution';
import { scrollToPlace } from './tab-places';
import type { ScreenIndex } from './target-finder';

/**
 * "Place order" as a whole step the grammar does not read: a short name (two to four words, a capital first, no
 * quotes or punctuation) not on this screen is scrolled to, then tapped ("tap Place order"); a name that never
 * shows is not settled. A name on the screen already, or a screen that does not scroll, is left as not understood.
 * "No thanks" and "Not now" (No or Not, then one word) are names too: only an element of that very name is tapped.
 */
const CHECK_WORD =
  /^(?:verify|check|confirm|assert|ensure|see|expect|should|the|a|an|no|not|it|this|that)\b|\b(?:is|are|was|were|shows?|appears?|displayed|visible|shown|still|stays?)\b/i;

export function bareNameBelow(s: string, index: ScreenIndex): Resolution | null {
  const words = s.trim().split(/\s+/);
  // "No thanks", "Not now": a two-word answer a screen offers as a button is no claim.
  const answer = /^(?:No|Not) \p{L}+$/u.test(s.trim());
  if (
    words.length < 2 ||
    words.length > 4 ||
    !/^\p{Lu}[\p{L}\d' -]*$/u.test(s.trim()) ||
    (!answer && CHECK_WORD.test(s))
  )
    return null;
  return scrollToPlace(index, { text: s.trim() }, `tap ${s.trim()}`);
}
