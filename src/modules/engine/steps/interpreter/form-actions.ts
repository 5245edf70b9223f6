import { selectorFor } from '../selectors';
import { notSettled, type DeviceAction, type Resolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { describeElement, isVisible, touchPoint, type TreeElement } from './ui-tree';

/** The small parts every everyday form acts with: actions with their reason, a tap, what stops a tap, the title. */

export const actions = (list: DeviceAction[], reasoning: string, then?: string): Resolution => ({
  settled: true,
  kind: 'actions',
  actions: list,
  reasoning,
  ...(then ? { then } : {}),
});

export const tapOn = (index: ScreenIndex, el: TreeElement): DeviceAction => {
  const p = touchPoint(el)!;
  return { op: 'input', event: { kind: 'tap', ...p }, selector: selectorFor(el.node, index.observation.tree) };
};

/** Taps an element that must be on screen and enabled; null with the reason otherwise. */
export function tappable(index: ScreenIndex, el: TreeElement): string | null {
  if (!touchPoint(el) || !isVisible(el, index.observation.screen)) return `${describeElement(el.node)} is off screen`;
  if (!el.node.enabled) return `${describeElement(el.node)} is disabled`;
  return null;
}

/**
 * An element in the UI tree but scrolled away ("Open Water the plants" on a long list): the clause is
 * read again once a scroll brings it into view.
 */
export function withReveal(index: ScreenIndex, el: TreeElement, why: string): Resolution {
  const text = el.node.text?.trim();
  if (!text || !el.node.enabled || !/off screen$/.test(why)) return notSettled(why);
  const b = el.node.bounds;
  const direction = b.y + b.height / 2 > index.observation.screen.height / 2 ? 'down' : 'up';
  return { settled: false, reason: `${why}; scroll to it first`, reveal: { text, direction } };
}

export function screenTitleOf(index: ScreenIndex): string | null {
  const nav = index.elements.filter((e) => e.node.role === 'navigation_bar' && e.node.text).at(-1);
  const screen = index.elements.filter((e) => e.node.role === 'screen' && e.parent && e.node.text).at(-1);
  return (nav ?? screen)?.node.text?.trim() ?? null;
}
