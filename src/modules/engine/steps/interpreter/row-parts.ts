import { humanizeId, normalizeText } from './text-match';
import { describeElement, isInteractive, type TreeElement } from './ui-tree';

/** What is read of the screen (the finder's index, without depending on it). */
interface ScreenIndex {
  elements: TreeElement[];
  candidates: TreeElement[];
}

/**
 * "Open the Oak Street order from Mon 3 Feb", "Mon 3 Feb Oak order (REF-1207)": a row named by several of its parts
 * (its title, a date, a reference its id carries), in any order, with the kind of thing it is ("order", "booking") and
 * joining words left out. The one row whose texts hold every word named is meant; several such rows are refused,
 * and a word no row shows leaves the step to the rest of the interpreter.
 */

const ROW_ROLES = new Set(['list_item', 'cell', 'row']);
/** Words that join the parts or say what kind of row it is: never required on the row. */
const JOINING = new Set(
  'the a an from on at of for dated placed made with my your order orders booking bookings appointment appointments reservation reservations trip trips transaction transactions payment payments ticket tickets visit visits delivery entry row item'.split(
    ' ',
  ),
);

export type RowByParts = { row: TreeElement } | { refused: string } | null;

/** The words of a row: its texts, its descendants' texts and its id read as words. */
function rowWords(index: ScreenIndex, row: TreeElement): Set<string> {
  const inside = (e: TreeElement): boolean => e === row || (e.parent !== null && inside(e.parent));
  const texts = index.elements.filter((e) => inside(e) && e.node.text).map((e) => e.node.text!);
  if (row.node.id) texts.push(humanizeId(row.node.id));
  return new Set(texts.flatMap((t) => normalizeText(t).split(' ')).filter(Boolean));
}

/** The row named by its parts, a refusal when several fit, or null when the words name no row this way. */
export function rowByParts(index: ScreenIndex, said: string): RowByParts {
  const all = normalizeText(said.replace(/[()]/g, ' ')).split(' ').filter(Boolean);
  const wanted = all.filter((w) => !JOINING.has(w));
  // Two words at least, one of them a name or a number: "the order" or "past" alone names no row.
  if (wanted.length < 2 || wanted.length > 12) return null;
  const rows = index.candidates.filter((e) => ROW_ROLES.has(e.node.role) && isInteractive(e.node) && e.node.enabled);
  const fit = rows.filter((r) => {
    const have = rowWords(index, r);
    return wanted.every((w) => have.has(w));
  });
  if (fit.length === 1) return { row: fit[0]! };
  if (fit.length === 0) return null;
  return {
    refused: `${fit.length} rows fit "${said}" (${fit
      .slice(0, 3)
      .map((e) => describeElement(e.node))
      .join(', ')}); name it more precisely (a date, a reference)`,
  };
}
