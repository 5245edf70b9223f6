import type { Target } from './intent';
import { matchAll, type ScreenIndex } from './target-finder';
import type { CheckResolution } from './resolution';
import { normalizeText } from './text-match';
import { describeElement, isVisible } from './ui-tree';

const PARTS = new Set(['button', 'tab', 'link']);

/**
 * "Upcoming still says "2 upcoming"": a tab or segment whose own text is its name does not read a count of
 * its own; what it says is shown in the part it opens. Read so only when the text said is a count that names
 * the control too ("2 upcoming" under Upcoming), and the text is on screen in another element. Null: not this form.
 */
export function controlSays(index: ScreenIndex, target: Target, value: string): CheckResolution | null {
  // "The Save button says …" is about the button's own label; a count ("2 upcoming") is what a part shows.
  if (target.within || target.role || !/\d/.test(value) || value.includes('"')) return null;
  const name = normalizeText(target.text);
  const said = normalizeText(value);
  if (name === '' || said === name || !said.split(' ').includes(name) || name.includes(' ')) return null;
  const hit = matchAll(index, target, { closeOnly: true, wholeScreen: true });
  if (!hit) return null;
  const controls = hit.matches.filter((e) => PARTS.has(e.node.role) && normalizeText(e.node.text ?? '') === name);
  if (controls.length !== 1 || hit.matches.length !== 1) return null;
  const { screen } = index.observation;
  const shown = index.elements.find(
    (e) => e !== controls[0] && isVisible(e, screen) && normalizeText(e.node.text ?? '') === said,
  );
  return {
    settled: true,
    kind: 'check',
    passed: shown !== undefined,
    reasoning: shown
      ? `${describeElement(shown.node)} is shown with ${describeElement(controls[0]!.node)}`
      : `no text reads "${value}" with ${describeElement(controls[0]!.node)}`,
  };
}
