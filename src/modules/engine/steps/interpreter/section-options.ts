import { selectorFor } from '../selectors';
import type { Target } from './intent';
import { notSettled, type Resolution } from './resolution';
import { findTarget, type ScreenIndex } from './target-finder';
import { normalizeText } from './text-match';
import { describeElement, isInteractive, isVisible, touchPoint, type TreeElement } from './ui-tree';

/**
 * An option shown under a heading: "Set Mode to Off", "Under Mode tap Cool" on a screen where "Mode" is a text
 * with the buttons Heat, Cool and Off below it. The option is the nearest button (or chip, or row) named exactly so
 * below the heading, within a short reach; null when the heading is itself a control or no such option follows it,
 * so the step is read as before.
 */

const REACH = 240;

export function optionBelow(index: ScreenIndex, heading: Target, option: string): Resolution | null {
  const head = findTarget(index, heading, { closeOnly: true });
  if (!head.found || isInteractive(head.element.node)) return null;
  const top = head.element.node.bounds;
  const want = normalizeText(option);
  if (want === '') return null;
  const under = (e: TreeElement) => {
    const b = e.node.bounds;
    return b.y >= top.y + top.height / 2 && b.y - (top.y + top.height) <= REACH;
  };
  const options = index.candidates
    .filter((e) => isInteractive(e.node) && e.node.role !== 'input' && e.node.role !== 'toggle')
    .filter((e) => normalizeText(e.node.text ?? '') === want && under(e))
    .sort((a, b) => a.node.bounds.y - b.node.bounds.y);
  const el = options[0];
  if (!el) return null;
  const point = touchPoint(el);
  if (!point || !isVisible(el, index.observation.screen)) {
    const b = el.node.bounds;
    const direction = b.y + b.height / 2 > index.observation.screen.height / 2 ? 'down' : 'up';
    return {
      settled: false,
      reason: `${describeElement(el.node)} is off screen; scroll to it first`,
      reveal: { text: el.node.text ?? option, direction },
    };
  }
  if (!el.node.enabled) return notSettled(`${describeElement(el.node)} is disabled`);
  return {
    settled: true,
    kind: 'actions',
    actions: [
      { op: 'input', event: { kind: 'tap', ...point }, selector: selectorFor(el.node, index.observation.tree) },
    ],
    reasoning: `tap ${describeElement(el.node)}, the option "${option}" under ${describeElement(head.element.node)}`,
  };
}
