import { isTabItem } from './row-choice';
import { screenTitle } from './screen-title';
import { indexScreen } from './target-finder';
import { normalizeText } from './text-match';
import type { Observation } from './ui-tree';

/**
 * A step that names a place the screen does not show ("Open New scene" on Home, "Add schedule: type
 * Bedtime" from another tab) is looked for under the app's other tabs: a tab is navigation, so
 * opening one to look changes nothing in the app's data. Only the clause's own reading decides what
 * is done there; when no tab shows the place, the tab the step started on is opened again.
 */

/** The reasons of a clause whose place or control is not on this screen (and may be under another tab). */
const ELSEWHERE = /^no (?:tab, button or row|element|button|row|item|link|tab) named "/;

/** Tabs opened at most in one search. */
export const MAX_TABS_SEARCHED = 6;

export interface TabSearch {
  /** The other tabs' names, in the bar's order (a tab bar below the content is scrolled to when opened). */
  tabs: string[];
  /** The tab the step started on, to open again when no tab shows the place, when it is known. */
  back: string | null;
}

/** Whether a clause's refusal says only that what it names is not on this screen. */
export const namedElsewhere = (reason: string): boolean => ELSEWHERE.test(reason);

/** The tabs to look under from this screen, or null when it has no tab bar of two or more tabs. */
export function tabsToSearch(observation: Observation): TabSearch | null {
  const index = indexScreen(observation);
  const items = index.elements.filter(isTabItem);
  if (items.length < 2) return null;
  const title = normalizeText(screenTitle(index) ?? '');
  const current =
    items.find((e) => e.node.checked === true) ?? items.find((e) => normalizeText(e.node.text ?? '') === title);
  const named = (e: (typeof items)[number]) => (e.node.text ?? '').trim();
  const tabs = items
    .filter((e) => e !== current && e.node.enabled && named(e) !== '')
    .slice(0, MAX_TABS_SEARCHED)
    .map(named);
  if (tabs.length === 0) return null;
  return { tabs, back: current && named(current) !== '' ? named(current) : null };
}
