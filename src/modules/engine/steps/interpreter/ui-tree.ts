import type { ScreenInfo, UiNode } from '../../../../worker/driver';

/** What the interpreter sees of the device at one moment. */
export interface Observation {
  tree: UiNode;
  screen: ScreenInfo;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A node with what its position in the tree implies: the part of the screen its ancestors leave visible. */
export interface TreeElement {
  node: UiNode;
  parent: TreeElement | null;
  /** Screen area left by the screen and every sized ancestor (scroll views clip their rows). */
  viewport: Rect;
}

/** Containers that carry a title or an app name, never an element a step means. */
const CONTAINER_ROLES = new Set(['application', 'screen', 'scroll_view', 'group', 'grid', 'window', 'other']);
const INTERACTIVE_ROLES = new Set(['button', 'link', 'tab', 'input', 'toggle', 'list_item', 'app_icon']);

export function isInteractive(node: UiNode): boolean {
  return INTERACTIVE_ROLES.has(node.role);
}

function intersect(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

const EMPTY: Rect = { x: 0, y: 0, width: 0, height: 0 };

/** Every node in document order with its viewport. */
export function flattenTree({ tree, screen }: Observation): TreeElement[] {
  const out: TreeElement[] = [];
  const visit = (node: UiNode, parent: TreeElement | null, clip: Rect) => {
    const el: TreeElement = { node, parent, viewport: clip };
    out.push(el);
    const b = node.bounds;
    // Unsized nodes (flat accessibility dumps, the uiautomator root) do not clip.
    let inner = b.width > 0 && b.height > 0 ? (intersect(clip, b) ?? EMPTY) : clip;
    for (const c of node.children) {
      visit(c, el, inner);
      // A top bar stays put over the content that scrolls beneath it: what is under it is hidden.
      const top = c.bounds;
      if (c.role === 'navigation_bar' && top.height > 0 && top.y <= inner.y + 1) {
        const below = top.y + top.height;
        inner =
          intersect(inner, { x: inner.x, y: below, width: inner.width, height: inner.y + inner.height - below }) ??
          EMPTY;
      }
    }
  };
  visit(tree, null, { x: 0, y: 0, width: screen.width, height: screen.height });
  return out;
}

/** The part of an element on screen, or null when none of it is. */
export function visibleRect(el: TreeElement): Rect | null {
  return intersect(el.node.bounds, el.viewport);
}

/** On screen: at least half of the element, or a quarter of the screen for large containers. */
export function isVisible(el: TreeElement, screen: ScreenInfo): boolean {
  const r = visibleRect(el);
  if (!r) return false;
  const area = r.width * r.height;
  const full = el.node.bounds.width * el.node.bounds.height;
  return area >= full / 2 || area >= (screen.width * screen.height) / 4;
}

/** Where to touch an element: the centre of its visible part. */
export function touchPoint(el: TreeElement): { x: number; y: number } | null {
  const r = visibleRect(el);
  return r ? { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) } : null;
}

/** While an alert is up, only its subtree can be acted on (the rest is behind a scrim). */
export function modalScope(elements: TreeElement[]): TreeElement[] {
  const alerts = elements.filter((e) => e.node.role === 'alert' && e.node.children.length > 0);
  const top = alerts.at(-1);
  if (!top) return elements;
  const inside = (e: TreeElement): boolean => e === top || (e.parent !== null && inside(e.parent));
  return elements.filter(inside);
}

function isLabelOf(label: UiNode, control: UiNode): boolean {
  const l = label.bounds;
  const c = control.bounds;
  const overlapsX = Math.min(l.x + l.width, c.x + c.width) > Math.max(l.x, c.x);
  const gapAbove = c.y - (l.y + l.height);
  if (overlapsX && gapAbove >= -2 && gapAbove <= c.height) return true;
  const labelMid = l.y + l.height / 2;
  const gapLeft = c.x - (l.x + l.width);
  return gapLeft >= -2 && gapLeft <= c.width && labelMid >= c.y && labelMid <= c.y + c.height;
}

/**
 * Labels of fields and switches: the text element right before the control in document order,
 * just above it or to its left. A label stands for its control when a step names it.
 */
export function controlLabels(elements: TreeElement[]): Map<UiNode, UiNode> {
  const labels = new Map<UiNode, UiNode>();
  let previous: TreeElement | null = null;
  for (const el of elements) {
    if (CONTAINER_ROLES.has(el.node.role)) continue;
    const control = el.node;
    if (
      (control.role === 'input' || (control.role === 'toggle' && !control.text)) &&
      previous?.node.role === 'text' &&
      previous.node.text?.trim()
    ) {
      if (isLabelOf(previous.node, control)) labels.set(control, previous.node);
    }
    previous = el;
  }
  return labels;
}

/**
 * Elements a step can mean: no structural containers, no labels (they stand for their
 * control); a navigation bar's title only for checks, never as something to act on.
 */
export function candidateElements(
  elements: TreeElement[],
  labels: Map<UiNode, UiNode>,
  purpose: 'act' | 'check',
): TreeElement[] {
  const labelNodes = new Set(labels.values());
  return elements.filter(
    (e) =>
      !CONTAINER_ROLES.has(e.node.role) &&
      !labelNodes.has(e.node) &&
      (purpose === 'check' || e.node.role !== 'navigation_bar'),
  );
}

/** `button "Sign in" #sign-in`: how a reason names an element. */
export function describeElement(node: UiNode): string {
  const text = node.text ? ` "${node.text.length > 40 ? `${node.text.slice(0, 40)}…` : node.text}"` : '';
  const id = node.id ? ` #${node.id}` : '';
  return `${node.role.replace(/_/g, ' ')}${text}${id}`;
}
