import type { Target } from './intent';
import { humanizeId, normalizeText } from './text-match';
import { isVisible, type Observation, type TreeElement } from './ui-tree';

/**
 * Which of several elements of one name a step means, when the screen tells them apart:
 * - the same row listed twice (a "Popular" section above the full list): rows of one role whose whole text is the same
 *   are one thing, and the first is tapped; rows that differ in role or in any text stay ambiguous;
 * - "the Search tab": the tab-bar item of that name (a tab, or a control whose id says "tab"), not a field or button;
 * - "tap Search" on the Search tab: the screen's own control, not the tab-bar item of the screen already open.
 */

const ROW_ROLES = new Set(['list_item', 'cell', 'row']);

/** What these choices read of the screen (the finder's index, without depending on it). */
interface ScreenIndex {
  observation: Observation;
  elements: TreeElement[];
}

/** The title of the screen: its navigation bar's text, else the screen's name. */
function screenTitle(index: ScreenIndex): string | null {
  const shown = index.elements.filter((e) => isVisible(e, index.observation.screen) && e.node.text?.trim());
  const nav = shown.filter((e) => e.node.role === 'navigation_bar').at(-1);
  return (nav ?? shown.filter((e) => e.node.role === 'screen' && e.parent !== null).at(-1))?.node.text?.trim() ?? null;
}

/** Every text of an element and its descendants, in order. */
function fullText(index: ScreenIndex, el: TreeElement): string {
  const inside = (e: TreeElement): boolean => e === el || (e.parent !== null && inside(e.parent));
  return index.elements
    .filter((e) => inside(e) && e.node.text)
    .map((e) => normalizeText(e.node.text!))
    .join(' | ');
}

/** The first of rows that are the same thing listed twice, or null when any of them differs. */
export function sameRowTwice(index: ScreenIndex, pool: TreeElement[]): TreeElement | null {
  if (pool.length < 2) return null;
  const role = pool[0]!.node.role;
  if (!ROW_ROLES.has(role) || pool.some((e) => e.node.role !== role)) return null;
  const text = fullText(index, pool[0]!);
  if (pool.some((e) => fullText(index, e) !== text)) return null;
  const order = (e: TreeElement) => index.elements.indexOf(e);
  return [...pool].sort((a, b) => order(a) - order(b))[0]!;
}

/** A tab-bar item: a tab, or a control whose id names it a tab ("tab-search", "searchTab"). */
export function isTabItem(el: TreeElement): boolean {
  if (el.node.role === 'tab') return true;
  if (!['button', 'link'].includes(el.node.role) || !el.node.id) return false;
  return normalizeText(humanizeId(el.node.id)).split(' ').includes('tab');
}

/**
 * Among several matches: for "the X tab" the one tab-bar item; else, the tab-bar item of the screen already open
 * set aside when one other element is left. Null when that does not leave exactly one.
 */
export function tabChoice(index: ScreenIndex, target: Target, pool: TreeElement[]): TreeElement | null {
  if (pool.length < 2) return null;
  const tabs = pool.filter(isTabItem);
  if (target.role === 'tab') return tabs.length === 1 ? tabs[0]! : null;
  const title = screenTitle(index);
  if (!title || tabs.length !== 1 || normalizeText(tabs[0]!.node.text ?? '') !== normalizeText(title)) return null;
  const others = pool.filter((e) => e !== tabs[0]);
  return others.length === 1 ? others[0]! : null;
}
