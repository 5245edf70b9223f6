import type { Target } from './intent';
import { rowByParts } from './row-parts';
import { rowStepper, signOf } from './row-stepper';
import { humanizeId, normalizeText } from './text-match';
import { describeElement, type TreeElement } from './ui-tree';

/**
 * Words a step adds around an element's name, read when the name as written matches nothing:
 * - "+" / "-": a stepper's plus or minus button ("Increase quantity", id "qty-plus"); "+ on Oat Milk": the line's (`row-stepper`);
 * - "the result" on a screen of results: its only row (several: say which);
 * - what is left undone: "the back arrow without choosing anything", "… instead of adding" is the back arrow;
 * - the way back: "the back arrow", "the back button" is the screen's Back control;
 * - the kind of element after its name: "the Pizza category", "the Large option", "the Sale chip"; for a
 *   tap, one lower-case word after the exact name of a control when the name is a value (a time, a
 *   price, a code: "the 17:40 · Screen 1 showtime") or the screen names that kind ("the Standard plan"
 *   under "Plans"); never a word that says when or how often ("again", "twice"), and never after a
 *   name of words alone the screen gives no kind for ("Save task list" is not "Save task");
 * - where it is: "Pepperoni in the Popular list" is the row of that name under the heading "Popular" when the
 *   screen has that heading, else the one element of that name ("Oak Street in the shop list");
 * - a row named by its parts ("Tap Oak Street Mon 3 Feb"), as `row-parts` reads it.
 */

const WITHOUT = /^(.+?)\s+(?:without|instead of)\s+\S.*$/i;
const BACK = /^back\s+(?:arrow|button|icon|chevron)$/i;
const KIND = /^(.+?)\s+(?:category|chip|filter|option|card|row|item|link|tile|pill|tag)$/;
/** One lower-case word after a name, as a writer names what kind of thing the control is. */
const ANY_KIND = /^(.+?\S)\s+([a-z][a-z-]{2,})$/;
const NOT_A_KIND =
  /^(?:again|twice|once|now|please|too|also|instead|here|there|first|then|only|anyway|quickly|above|below|off|on)$/;
const WHERE =
  /^(.+?)\s+(?:in|on|from|under|within)\s+(?:the\s+)?(.+?)(?:\s+(list|section|links|bar|menu|row|area|group))?$/i;

const LIST_ROW = ['list_item', 'cell', 'row'];
const IN_RESULTS = /^(.+?)\s+(?:in|from|among)\s+(?:the\s+)?(?:search\s+)?results$/i;

const RESULT = /^(?:the\s+)?(?:only\s+|single\s+|one\s+)?(?:search\s+)?result$/i;

/** "Tap the result" on a screen of results ("1 result", a Search screen): its only row; several are refused. */
function onlyResult(index: ScreenIndex): FindResult | null {
  const results = index.elements.some(
    (e) =>
      (e.node.role === 'text' || e.node.role === 'navigation_bar') &&
      /\b(?:results?|search)\b/i.test(e.node.text ?? ''),
  );
  const rows = index.candidates.filter((e) => ['list_item', 'cell', 'row'].includes(e.node.role));
  if (!results || rows.length === 0) return null;
  if (rows.length === 1) return { found: true, element: rows[0]!, method: 'role' };
  return { found: false, ambiguous: true, reason: `${rows.length} result rows on this screen; say which one` };
}

/** What is read of the screen, and the finder's answers (without depending on the finder). */
interface ScreenIndex {
  elements: TreeElement[];
  candidates: TreeElement[];
}
type FindResult =
  | { found: true; element: TreeElement; method: 'label' | 'role' | 'text' | 'id' | 'normalized' | 'fuzzy' }
  | { found: false; ambiguous: boolean; reason: string };
/** A row by its parts only for a tap (never a check: a claim that a row "shows" words it merely holds). */
interface Opts {
  closeOnly?: boolean;
  preferInteractive?: boolean;
  wholeScreen?: boolean;
}
interface Finder<I extends ScreenIndex, O extends Opts> {
  find: (index: I, target: Target, opts: O) => FindResult;
  rowsUnderHeading: (index: I, heading: string) => TreeElement[] | null;
}

export function qualifiedTarget<I extends ScreenIndex, O extends Opts>(
  index: I,
  target: Target,
  opts: O,
  { find, rowsUnderHeading }: Finder<I, O>,
): FindResult | null {
  const text = target.text.trim();
  if (text === '' || target.anyOf || target.within || target.last) return null;
  const again = (t: string): FindResult | null => {
    const hit = find(index, { text: t, ...(target.role ? { role: target.role } : {}) }, { ...opts, closeOnly: true });
    return hit.found || hit.ambiguous ? hit : null;
  };
  if (RESULT.test(text)) return onlyResult(index);
  if (/^(?:\+|-|−)$/.test(text)) return stepperSign(index, text === '+');
  const lineStepper = rowStepper(index, text);
  if (lineStepper) return lineStepper;
  const without = WITHOUT.exec(text);
  if (without) return again(BACK.test(without[1]!) ? 'Back' : without[1]!) ?? null;
  if (BACK.test(text)) return again('Back');
  const kind = KIND.exec(text);
  if (kind) {
    const hit = again(kind[1]!);
    if (hit) return hit;
  }
  const anyKind = opts.preferInteractive ? ANY_KIND.exec(text) : null;
  if (anyKind && !NOT_A_KIND.test(anyKind[2]!)) {
    const hit = again(anyKind[1]!);
    if (hit?.found && isControl(hit.element) && kindShown(index, hit.element, anyKind[2]!)) return hit;
  }
  // "Signal from Europa in the results": the name, when it is one row of a list here.
  const results = IN_RESULTS.exec(text);
  if (results) {
    const hit = again(results[1]!);
    if (hit?.found && LIST_ROW.includes(hit.element.node.role)) return hit;
  }
  const where = WHERE.exec(text);
  const parts = () => (opts.preferInteractive && !opts.wholeScreen ? byParts(index, text) : null);
  if (!where) return parts();
  const rows = rowsUnderHeading(index, where[2]!);
  if (rows) {
    const want = normalizeText(where[1]!);
    const named = rows.filter((r) => index.candidates.includes(r) && normalizeText(r.node.text ?? '') === want);
    return named.length === 1 ? { found: true, element: named[0]!, method: 'label' } : null;
  }
  // No such heading: only a place said with its kind ("in the top links") may be left out.
  if (!where[3]) return parts();
  const hit = again(where[1]!);
  return hit?.found ? hit : null;
}

/** The name is a value ("17:40 · Screen 1", "£12"), or another text on the screen names the kind ("Plans"). */
function kindShown(index: ScreenIndex, el: TreeElement, word: string): boolean {
  if (/[\d£$€·:#]/.test(el.node.text ?? '')) return true;
  const stem = normalizeText(word).replace(/(?:es|s)$/, '');
  return index.elements.some(
    (e) => e !== el && e.node.role === 'text' && new RegExp(`\\b${stem}`, 'i').test(normalizeText(e.node.text ?? '')),
  );
}

const isControl = (e: TreeElement): boolean =>
  ['button', 'list_item', 'cell', 'row', 'link', 'tab'].includes(e.node.role);

/** "+" / "-": the one button named or identified as a stepper's plus (increase) or minus (decrease). */
function stepperSign(index: ScreenIndex, up: boolean): FindResult | null {
  const re = up ? /^(?:plus|increase|increment|add one)\b/ : /^(?:minus|decrease|decrement|remove one)\b/;
  const hits = index.candidates.filter((e) => {
    if (e.node.role !== 'button') return false;
    const names = [e.node.text ?? '', e.node.id ? humanizeId(e.node.id) : ''].map(normalizeText);
    return names.some((n) => re.test(n) || re.test(n.split(' ').slice(1).join(' ')));
  });
  // Several lines' + on the screen, in view or not ("Brighten Ceiling light", "Raise target temperature"): which one
  // is meant is not said, and scrolling until one alone shows would pick one for the step.
  const signed = index.elements.filter((e) => signOf(e) === (up ? 'up' : 'down'));
  if (signed.length > 1 && !(hits.length === 1 && signed.every((e) => e === hits[0])))
    return {
      found: false,
      ambiguous: true,
      reason: `${signed.length} ${up ? '+' : '−'} buttons on this screen (${signed
        .slice(0, 3)
        .map((e) => describeElement(e.node))
        .join(', ')}); say whose, as "${up ? '+' : '−'} on <name>"`,
    };
  return hits.length === 1 ? { found: true, element: hits[0]!, method: 'label' } : null;
}

/** "Tap Oak Street Mon 3 Feb": the one row showing every part named; several are refused. */
function byParts(index: ScreenIndex, text: string): FindResult | null {
  const hit = rowByParts(index, text);
  if (!hit) return null;
  if ('refused' in hit) return { found: false, ambiguous: true, reason: hit.refused };
  return { found: true, element: hit.row, method: 'fuzzy' };
}
