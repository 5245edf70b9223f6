import type { UiNode } from '../../../worker/driver';
import {
  controlLabels,
  flattenTree,
  isInteractive,
  modalScope,
  visibleRect,
  type Observation,
  type TreeElement,
} from './interpreter/ui-tree';
import { selectorFor, type ElementSelector } from './selectors';

const STRUCTURAL = new Set(['application', 'screen', 'scroll_view', 'group', 'grid', 'window', 'other']);

/** The deepest element under a point that can be acted on (else any non-structural one). */
export function elementUnder(elements: TreeElement[], p: { x: number; y: number }): TreeElement | null {
  const under = elements.filter((e) => {
    const r = visibleRect(e);
    return (
      r !== null &&
      !STRUCTURAL.has(e.node.role) &&
      p.x >= r.x &&
      p.x < r.x + r.width &&
      p.y >= r.y &&
      p.y < r.y + r.height
    );
  });
  return under.filter((e) => isInteractive(e.node)).at(-1) ?? under.at(-1) ?? null;
}

/**
 * The visible label of each field and unnamed switch (the text right above or left of it), by
 * node: what a person calls the field ("Username") when its own text is its value or empty.
 */
export function fieldLabels(observation: Observation): Map<UiNode, string> {
  const out = new Map<UiNode, string>();
  for (const [control, label] of controlLabels(flattenTree(observation))) out.set(control, label.text!.trim());
  return out;
}

/** An element as a recording stores it: the selector replay finds it again by, and what a person calls it. */
export interface ElementAtPoint {
  selector: ElementSelector;
  role: string;
  text: string | null;
  id: string | null;
  label: string | null;
  enabled: boolean;
}

/** The element a touch at `p` lands on (the open alert's, while one is up), or null when it hits none. */
export function elementAtPoint(observation: Observation, p: { x: number; y: number }): ElementAtPoint | null {
  const el = elementUnder(modalScope(flattenTree(observation)), p);
  if (!el) return null;
  const label = fieldLabels(observation).get(el.node) ?? null;
  const selector = selectorFor(el.node, observation.tree);
  return {
    selector: label ? { ...selector, label } : selector,
    role: el.node.role,
    text: el.node.text,
    id: el.node.id,
    label,
    enabled: el.node.enabled,
  };
}
