import { DISMISS } from './resolve-forms';
import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import type { TreeElement } from './ui-tree';

/**
 * A switch whose tap asks first: "Turn on Dark mode" is done, for now, when the app answers the tap with
 * a dialog about it ("Turn on dark mode?" with Cancel and Turn on). The read-back that allows it is only
 * written when no dialog was open before the tap, so the dialog is the tap's own.
 */

/** Words too common to tie a dialog to a switch. */
const COMMON = new Set(
  'a an the to of for and or on off in my your this it is be are you do want sure turn switch enable disable allow all with'.split(
    ' ',
  ),
);

const words = (s: string | null | undefined) =>
  normalizeText(s ?? '')
    .split(' ')
    .filter((w) => w.length > 1 && !COMMON.has(w));

/**
 * The open dialog that asks to confirm the switch named `name`: it offers one cancelling button and at least
 * one other, and its texts hold a word of the switch's name. Null when no dialog asks so.
 */
export function confirmingDialog(index: ScreenIndex, name: string): TreeElement | null {
  const top = index.elements.filter((e) => e.node.role === 'alert' && e.node.children.length > 0).at(-1);
  if (!top) return null;
  const inside = (e: TreeElement): boolean => e === top || (e.parent !== null && inside(e.parent));
  const within = index.elements.filter((e) => inside(e));
  const buttons = within.filter((e) => e.node.role === 'button' && e.node.text?.trim());
  const cancels = buttons.filter((b) => DISMISS.test(b.node.text!.trim()));
  if (cancels.length !== 1 || buttons.length < 2) return null;
  const wanted = new Set(words(name));
  const said = within.filter((e) => e.node.role !== 'button').flatMap((e) => words(e.node.text));
  return said.some((w) => wanted.has(w) || wanted.has(w.replace(/s$/, ''))) ? top : null;
}
