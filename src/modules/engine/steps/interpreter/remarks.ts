import { escapeRegExp } from './step-text';

/**
 * Remarks a writer adds to a claim that are not part of what the screen shows:
 * - a parenthesised sum after an amount: "Total £12.78 (12.00 − 1.20 + 0.99 + 0.99)" reads "Total £12.78";
 * - a note in brackets on a quoted text it already pins down: "Cart shows "1 item · £7.50" ("item", not
 *   "items")" reads "Cart shows "1 item · £7.50"" (the quoted text is matched as written);
 * - an option chosen, an arrow, then the values it shows: "£3 -> Tip £3.00 and Total £17.98" reads the
 *   values on the screen the steps end on (only the typed "->": "London → Paris" names a route).
 * Returns the claim without its remark, or null when it has none.
 */
export function withoutRemark(text: string): string | null {
  const s = text.trim().replace(/\.$/, '');
  const sum = /^(.*?\d.*?)\s*\(\s*[\d.,\s]+(?:\s*[+\-−–×x*/÷]\s*[\d.,\s]+)+(?:\s*=\s*[\p{Sc}\d.,\s]+)?\)$/u.exec(s);
  if (sum) return sum[1]!.trim();
  const note =
    /^(.* (?:shows?|reads?|says?|displays?) "([^"]+)")\s*\(((?:\s*(?:not |never |but not )?"[^"]+"\s*,?)+)\)$/.exec(s);
  if (note) {
    const quoted = [...note[1]!.matchAll(/"([^"]+)"/g)].map((q) => ` ${q[1]!.toLowerCase()} `);
    const says = [...note[3]!.matchAll(/(not |never |but not )?"([^"]+)"/g)];
    const pinned = says.every(([, neg, q]) => {
      const w = q!.toLowerCase();
      const inside = quoted.some((t) => new RegExp(`[\\s·,(]${escapeRegExp(w)}[\\s·,)]`).test(t));
      return neg ? !inside : inside;
    });
    if (pinned) return note[1]!.trim();
  }
  // Only the typed arrow: "London → Paris" names a route. The values after it are labels with amounts.
  const arrow = /^([^"\s][^"]{0,24}?)\s+->\s+(\p{Lu}.+)$/u.exec(s);
  if (
    arrow &&
    arrow[1]!.split(/\s+/).length <= 3 &&
    !/->|→/.test(arrow[2]!) &&
    /\p{Sc}\s?\d|\d[.,:]\d/u.test(arrow[2]!)
  )
    return arrow[2]!.trim();
  return null;
}
