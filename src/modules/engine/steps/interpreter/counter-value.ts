import type { ScreenIndex } from './target-finder';
import type { TreeElement } from './ui-tree';

/**
 * "Quantity is 2" beside a stepper (− 2 +): the label's first neighbour is the decrease button, whose name is
 * no value; the counter's value is the number between it and the increase button on the same row.
 */

const MINUS = /^(?:[−–-]|decrease|minus|remove one|fewer|less)\b|\b(?:decrease|minus|decrement)\b/i;
const PLUS = /^(?:\+|increase|plus|add one|more)\b|\b(?:increase|plus|increment)\b/i;

const names = (e: TreeElement, re: RegExp) =>
  e.node.role === 'button' && (re.test(e.node.text ?? '') || re.test((e.node.id ?? '').replace(/[-_]/g, ' ')));

/** The number between a decrease and an increase button, given the decrease button; else null. */
export function counterBeside(index: ScreenIndex, minus: TreeElement | null): TreeElement | null {
  if (!minus || !names(minus, MINUS)) return null;
  // The stepper's parts in reading order: − then the number then +, in a row or stacked.
  const at = index.elements.indexOf(minus);
  const next = index.elements.slice(at + 1).filter((e) => e.node.text?.trim() || e.node.role === 'button');
  const [value, plus] = next;
  if (!value || !plus || value.node.role !== 'text' || !/^\d+$/.test(value.node.text?.trim() ?? '')) return null;
  return names(plus, PLUS) ? value : null;
}
