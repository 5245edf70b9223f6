import type { ScreenIndex } from './target-finder';

/** Where the content stands: whether it goes on beyond the screen, and whether it is scrolled. */

/** Content goes on beyond the screen: a list, or elements down to its bottom edge or under its top bar. */
export function scrollable(index: ScreenIndex): boolean {
  const { height } = index.observation.screen;
  return index.elements.some(
    (e) =>
      e.node.role === 'list' ||
      e.node.role === 'scroll_view' ||
      (e.node.role !== 'application' &&
        e.node.role !== 'screen' &&
        e.node.bounds.y + e.node.bounds.height > height * 0.85),
  );
}

/** Whether the content has been scrolled: something other than the top bar reaches up under it. */
export function scrolledDown(index: ScreenIndex): boolean {
  const bar = index.elements.find((e) => e.node.role === 'navigation_bar');
  if (!bar) return false;
  const bottom = bar.node.bounds.y + bar.node.bounds.height;
  const inBar = (e: (typeof index.elements)[number]): boolean => e === bar || (e.parent !== null && inBar(e.parent));
  return index.elements.some(
    (e) =>
      !inBar(e) &&
      !['application', 'screen', 'navigation_bar', 'alert'].includes(e.node.role) &&
      e.node.bounds.height > 0 &&
      e.node.bounds.y < bottom,
  );
}
