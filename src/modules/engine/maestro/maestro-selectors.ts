import type { ScreenInfo, UiNode } from '../../../worker/driver';
import { textMatcher } from '../../catalogue';

/** A Maestro selector, its `${…}` already substituted (docs/maestro.md, "Selectors"). */
export interface MaestroSelector {
  text?: string;
  id?: string;
  index?: number;
  point?: string;
  enabled?: boolean;
  checked?: boolean;
  focused?: boolean;
  selected?: boolean;
  below?: MaestroSelector;
  above?: MaestroSelector;
  leftOf?: MaestroSelector;
  rightOf?: MaestroSelector;
  containsChild?: MaestroSelector;
  childOf?: MaestroSelector;
  containsDescendants?: MaestroSelector[];
  optional?: boolean;
  label?: string;
}

/** An element of the screen with what relative selectors need. */
interface Element {
  node: UiNode;
  parent: Element | null;
  order: number;
}

/** Every element with a size on screen, in document order. */
function elementsOf(tree: UiNode): Element[] {
  const out: Element[] = [];
  const walk = (node: UiNode, parent: Element | null) => {
    const e: Element = { node, parent, order: out.length };
    // The application's root carries the app's name; on a device it is a window with no text.
    if (node.bounds.width > 0 && node.bounds.height > 0 && node.role !== 'application') out.push(e);
    for (const c of node.children) walk(c, e);
  };
  walk(tree, null);
  return out;
}

const bottom = (n: UiNode) => n.bounds.y + n.bounds.height;
const right = (n: UiNode) => n.bounds.x + n.bounds.width;

/** Where a point selector (`50%,50%` or `120, 400`) lands on the screen; null when it is not one. */
export function pointOf(point: string, screen: ScreenInfo): { x: number; y: number } | null {
  const m = /^\s*(\d+(?:\.\d+)?)(%?)\s*,\s*(\d+(?:\.\d+)?)(%?)\s*$/.exec(point);
  if (!m) return null;
  const x = m[2] ? (Number(m[1]) / 100) * screen.width : Number(m[1]);
  const y = m[4] ? (Number(m[3]) / 100) * screen.height : Number(m[3]);
  return { x: Math.round(Math.min(x, screen.width - 1)), y: Math.round(Math.min(y, screen.height - 1)) };
}

/**
 * The elements a selector matches on this screen, best first: document order, or nearest first
 * when it is relative to another element (`below`, `above`, `leftOf`, `rightOf`), as Maestro
 * orders them. `index` picks one of them afterwards (`pickElement`).
 */
export function matchElements(sel: MaestroSelector, tree: UiNode): UiNode[] {
  return matchIn(sel, elementsOf(tree), 0).map((e) => e.node);
}

export function pickElement(sel: MaestroSelector, tree: UiNode): UiNode | null {
  const all = matchElements(sel, tree);
  const i = sel.index ?? 0;
  return all[i < 0 ? all.length + i : i] ?? null;
}

function matchIn(sel: MaestroSelector, all: Element[], depth: number): Element[] {
  if (depth > 4) return [];
  let found = all;
  if (sel.text !== undefined) {
    const m = textMatcher(sel.text);
    found = found.filter((e) => m(e.node.text));
  }
  if (sel.id !== undefined) {
    const m = textMatcher(sel.id);
    found = found.filter((e) => m(e.node.id));
  }
  if (sel.enabled !== undefined) found = found.filter((e) => e.node.enabled === sel.enabled);
  if (sel.checked !== undefined) found = found.filter((e) => (e.node.checked ?? false) === sel.checked);
  if (sel.selected !== undefined) found = found.filter((e) => (e.node.checked ?? false) === sel.selected);
  if (sel.focused !== undefined) found = found.filter((e) => e.node.focused === sel.focused);
  if (sel.containsChild) {
    const kids = new Set(matchIn(sel.containsChild, all, depth + 1).map((e) => e.parent));
    found = found.filter((e) => kids.has(e));
  }
  if (sel.childOf) {
    const parents = new Set(matchIn(sel.childOf, all, depth + 1));
    found = found.filter((e) => {
      for (let p = e.parent; p; p = p.parent) if (parents.has(p)) return true;
      return false;
    });
  }
  if (sel.containsDescendants) {
    const sets = sel.containsDescendants.map((d) => matchIn(d, all, depth + 1));
    found = found.filter((e) => sets.every((set) => set.some((d) => d !== e && isAncestor(e, d))));
  }
  // Maestro's deepest match: an element whose descendant matches too gives way to it (a screen
  // titled "Sign in" to its "Sign in" button).
  const matched = new Set(found);
  found = found.filter((e) => !found.some((d) => d !== e && matched.has(d) && isAncestor(e, d)));
  const relative: Array<[keyof MaestroSelector, (n: UiNode, a: UiNode) => number | null]> = [
    ['below', (n, a) => (n.bounds.y >= bottom(a) - 1 ? n.bounds.y - bottom(a) : null)],
    ['above', (n, a) => (bottom(n) <= a.bounds.y + 1 ? a.bounds.y - bottom(n) : null)],
    ['leftOf', (n, a) => (right(n) <= a.bounds.x + 1 ? a.bounds.x - right(n) : null)],
    ['rightOf', (n, a) => (n.bounds.x >= right(a) - 1 ? n.bounds.x - right(a) : null)],
  ];
  for (const [key, distance] of relative) {
    const anchorSel = sel[key] as MaestroSelector | undefined;
    if (!anchorSel) continue;
    const anchors = matchIn(anchorSel, all, depth + 1);
    const anchor = anchors[anchorSel.index ?? 0];
    if (!anchor) return [];
    found = found
      .map((e) => ({ e, d: e === anchor ? null : distance(e.node, anchor.node) }))
      .filter((x): x is { e: Element; d: number } => x.d !== null)
      .sort((a, b) => a.d - b.d || a.e.order - b.e.order)
      .map((x) => x.e);
  }
  return found;
}

function isAncestor(a: Element, d: Element): boolean {
  for (let p = d.parent; p; p = p.parent) if (p === a) return true;
  return false;
}

/** A selector in words for step errors: `text "Login"`, `id "email" below text "Name"`. */
export function describeSelector(sel: MaestroSelector): string {
  const parts: string[] = [];
  if (sel.text !== undefined) parts.push(`text "${sel.text}"`);
  if (sel.id !== undefined) parts.push(`id "${sel.id}"`);
  for (const k of ['enabled', 'checked', 'focused', 'selected'] as const)
    if (sel[k] !== undefined) parts.push(`${k}: ${sel[k]}`);
  for (const k of ['below', 'above', 'leftOf', 'rightOf', 'childOf', 'containsChild'] as const) {
    const inner = sel[k];
    if (inner) parts.push(`${k} ${describeSelector(inner)}`);
  }
  if (sel.index !== undefined) parts.push(`index ${sel.index}`);
  if (sel.point !== undefined) parts.push(`point ${sel.point}`);
  return parts.join(' ') || 'any element';
}
