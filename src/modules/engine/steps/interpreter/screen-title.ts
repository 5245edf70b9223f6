import type { ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { isVisible } from './ui-tree';

/** The screen's title: the navigation bar's, else the screen's own name. */
export function screenTitle(index: ScreenIndex): string | null {
  const visible = index.elements.filter((e) => isVisible(e, index.observation.screen) && e.node.text?.trim());
  const nav = visible.filter((e) => e.node.role === 'navigation_bar').at(-1);
  if (nav) return nav.node.text!.trim();
  const screens = visible.filter((e) => e.node.role === 'screen' && e.parent !== null);
  return screens.at(-1)?.node.text?.trim() ?? null;
}

/** Whether the screen's title reads `name` ("Home", "Home screen"), up to case, spaces and punctuation. */
export function titleIs(index: ScreenIndex, name: string): boolean {
  const title = screenTitle(index);
  return title !== null && normalizeText(title) === normalizeText(name.replace(/\s+(?:screen|page)$/i, ''));
}
