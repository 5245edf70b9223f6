import { passed, notSettled, type CheckResolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { screenHeading } from './claim-checks';
import { screenTitle } from './evaluate-forms';
import { describeElement, isVisible, type TreeElement } from './ui-tree';
import { normalizeText } from './text-match';

const same = (a: string | null | undefined, b: string) => normalizeText(a ?? '') === normalizeText(b);

const inside = (e: TreeElement, roles: string[]): boolean =>
  e.parent !== null && (roles.includes(e.parent.node.role) || inside(e.parent, roles));

/** Visible texts of the content, top to bottom in the tree: outside the top bar, rows and dialogs. */
function contentTexts(index: ScreenIndex): TreeElement[] {
  return index.elements.filter(
    (e) =>
      e.node.role === 'text' &&
      e.node.text?.trim() &&
      isVisible(e, index.observation.screen) &&
      !inside(e, ['list_item', 'alert', 'navigation_bar']),
  );
}

/** "General practice · Northgate" is under a heading that says "General practice" first. */
function startsWithPart(text: string, part: string): boolean {
  return same(text, part) || text.split(/\s+[·|–—-]\s+/).some((p, i) => i === 0 && same(p, part));
}

/** A text that heads a list: the next element in the tree is a list or one of its rows. */
function headsList(index: ScreenIndex, e: TreeElement): boolean {
  const next = index.elements[index.elements.indexOf(e) + 1];
  return next !== undefined && (next.node.role === 'list' || next.node.role === 'list_item');
}

/**
 * The texts that head the screen or a part of it: its tallest text near the top, the first text of its
 * content (under the top bar), a text whose id says it is a heading or title, and a text right above a list.
 */
function headings(index: ScreenIndex, texts: TreeElement[]): TreeElement[] {
  const tallest = screenHeading(index);
  const out = texts.filter(
    (e, i) => e === tallest || i === 0 || /(?:heading|title|header)/i.test(e.node.id ?? '') || headsList(index, e),
  );
  return tallest && !out.includes(tallest) ? [tallest, ...out] : out;
}

/**
 * "Heading "Settings"": a heading of the screen reads so (see `headings`), or its title. `below`: the text
 * right under that heading reads that, alone or before a separator ("Heading Dr Kim Lee with Cardiology
 * underneath"). A plain text that reads so (a value, a line under a heading) is no heading: the check fails,
 * as does another text under the heading; a screen with no content text is not settled.
 */
export function checkHeading(index: ScreenIndex, value: string, below?: string): CheckResolution {
  const texts = contentTexts(index);
  const title = screenTitle(index);
  const candidates = headings(index, texts);
  const heading = candidates.find((e) => same(e.node.text, value));
  if (!heading) {
    if (below === undefined && title !== null && same(title, value))
      return passed(true, `the screen title is "${title}"`);
    if (candidates.length === 0) return notSettled('no text on this screen stands out as its heading');
    return passed(false, `the headings are ${candidates.map((e) => describeElement(e.node)).join(', ')}`);
  }
  if (below === undefined) return passed(true, `the heading is ${describeElement(heading.node)}`);
  const next = texts[texts.indexOf(heading) + 1];
  if (!next) return passed(false, `no text is under the heading ${describeElement(heading.node)}`);
  return passed(
    startsWithPart(next.node.text ?? '', below),
    `the heading is ${describeElement(heading.node)}; under it ${describeElement(next.node)}`,
  );
}

/**
 * "The list is shown with the four items": exactly that many rows. Read only when the whole list is on screen
 * (every row the UI tree holds is visible and the last ends above the screen's bottom edge); more rows than
 * said fails wherever they are; otherwise the rest of the list may be scrolled away, and the check is not settled.
 */
export function checkListRows(index: ScreenIndex, count: number): CheckResolution {
  const { screen } = index.observation;
  if (index.elements.filter((e) => e.node.role === 'list').length > 1)
    return notSettled('this screen holds several lists: which one is meant is not said');
  const rows = index.elements.filter((e) => e.node.role === 'list_item');
  const shown = rows.filter((e) => isVisible(e, screen));
  if (rows.length > count) return passed(false, `the list holds ${rows.length} rows, not ${count}`);
  const last = shown.at(-1);
  const whole =
    shown.length === rows.length && (!last || last.node.bounds.y + last.node.bounds.height < screen.height - 8);
  if (!whole) return notSettled(`the list may go on below the screen (${shown.length} rows shown)`);
  return passed(rows.length === count, `the list shows ${rows.length} row${rows.length === 1 ? '' : 's'}`);
}
