import { selectorFor } from '../selectors';
import type { Target } from './intent';
import { scrollPlanTo, targetOnScreen } from './plans';
import { notSettled, type Resolution } from './resolution';
import { scrollable, scrolledDown } from './screen-shape';
import { findTarget, type ScreenIndex } from './target-finder';
import { describeElement, isInteractive, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * Going to a place a step names as a tab ("Orders tab, tap Past", "Search tab: type Bowl, tap Search"): the tab-bar
 * item is tapped where it is; a tab bar below the content (scrolled away) is first scrolled to, then the step is read
 * again. A tab that never shows fails there.
 */

export function tapPlace(index: ScreenIndex, el: TreeElement): Resolution {
  const p = touchPoint(el);
  if (!p || !isVisible(el, index.observation.screen) || !el.node.enabled)
    return notSettled(`${describeElement(el.node)} is off screen or disabled`);
  return {
    settled: true,
    kind: 'actions',
    actions: [{ op: 'input', event: { kind: 'tap', ...p }, selector: selectorFor(el.node, index.observation.tree) }],
    reasoning: `tap ${describeElement(el.node)}`,
  };
}

/** A scroll until the place's tab shows, then the whole step again; null when nothing here scrolls or it shows already. */
export function scrollToPlace(index: ScreenIndex, target: Target, step: string): Resolution | null {
  if (!scrollable(index) || targetOnScreen(index, target)) return null;
  const direction = scrolledDown(index) ? 'up' : 'down';
  return {
    settled: true,
    kind: 'scroll_until',
    plan: scrollPlanTo(index, target, direction),
    reasoning: `no ${target.role ?? 'element'} named "${target.text}" here; scroll ${direction} until it shows`,
    then: step,
    notFound: `no ${target.role ?? 'element'} named "${target.text}" on this screen`,
  };
}

/**
 * "Go to the Home tab", "Home tab" on a screen opened from a tab (a Back control, no tab bar in it): back first, then
 * the step is read again on the screen it leads to, until a screen shows the tab bar. A tab in the tree, or a screen
 * with no way back, is left to the other readers.
 */
export function tabFromPushed(s: string, index: ScreenIndex): Resolution | null {
  const bare = s
    .trim()
    .replace(/^(?:(?:go|navigate|switch|return|get) (?:back )?to |open |tap (?:on )?)?(?:the )?/i, '');
  const m = /^(\p{Lu}[\p{L} ]{0,24}?) tab$/u.exec(bare);
  if (!m) return null;
  const tab = findTarget(index, { text: m[1]!, role: 'tab' }, { wholeScreen: true, closeOnly: true });
  if (tab.found || tab.ambiguous) return null;
  const back = findTarget(index, { text: 'Back' }, { preferInteractive: true, closeOnly: true });
  if (!back.found || !isInteractive(back.element.node)) return null;
  return {
    settled: true,
    kind: 'actions',
    actions: [{ op: 'back' }],
    reasoning: `no "${m[1]}" tab on this screen, which has a way back: go back to the screens with the tab bar`,
    then: s,
  };
}
