import type { Check } from './intent';
import { notSettled, type CheckResolution } from './resolution';
import type { ScreenIndex } from './target-finder';
import { isTabItem } from './row-choice';

/**
 * "The tab bar is not shown", "the bottom navigation is visible", "there is no tab bar": whether the screen
 * has a tab bar, read from its items (tabs, or controls whose id names them a tab), never from a text
 * "tab bar" being absent. A tab bar can sit below content that runs past the foot of the screen, out of
 * the tree: absence is only an answer when the content ends above the foot.
 */

const BAR = '(?:tab ?bar|bottom (?:tab ?bar|navigation|nav(?:igation)? bar)|tabs? at the bottom)';
const SHOWN = '(?:shown|visible|displayed|present|there|available)';

export function tabBarCheck(s: string): Check | null {
  const t = s.trim().replace(/\.$/, '');
  if (new RegExp(`^(?:there is |there's )?no ${BAR}(?: is)?(?: ${SHOWN})?$`, 'i').test(t))
    return { kind: 'tab_bar', shown: false };
  const m = new RegExp(
    `^(?:the )?${BAR} (?:is|are) (?:still |now )?(not |no longer |never )?(${SHOWN}|hidden|gone)$`,
    'i',
  ).exec(t);
  if (!m) return null;
  return { kind: 'tab_bar', shown: !m[1] && !/^(?:hidden|gone)$/i.test(m[2]!) };
}

export function checkTabBar(index: ScreenIndex, shown: boolean): CheckResolution {
  const items = index.elements.filter(isTabItem);
  const names = items.map((e) => e.node.text ?? e.node.id ?? e.node.role).join(', ');
  if (items.length > 0)
    return { settled: true, kind: 'check', passed: shown, reasoning: `the screen has tab-bar items (${names})` };
  // The content's foot: its leaves, not the screen's own full-height containers.
  const leaves = index.elements.filter((e) => e.node.children.length === 0);
  const foot = Math.max(0, ...leaves.map((e) => e.node.bounds.y + e.node.bounds.height));
  if (foot >= index.observation.screen.height * 0.85)
    return notSettled(
      'no tab-bar item is in the tree, but the content reaches the foot of the screen: a tab bar may be below it',
    );
  return {
    settled: true,
    kind: 'check',
    passed: !shown,
    reasoning: 'the screen has no tab-bar item and ends above its foot',
  };
}
