import type { UiNode } from '../../../worker/driver';

/** What the accessibility check found on one step's settled screen (docs/accessibility.md). */
export interface AccessibilityFinding {
  rule: 'missing_label' | 'small_target' | 'low_contrast' | 'duplicate_label';
  severity: 'error' | 'warning';
  /** The element as the UI tree reports it; `name` is what a screen reader reads (null: nothing). */
  element: { role: string; name: string | null; id: string | null };
  /** In device pixels, like the UI tree. */
  bounds: UiNode['bounds'];
  message: string;
}

/** The screen the rules read: its platform's unit and how many screen pixels make one. */
export interface ScreenUnits {
  platform: 'ios' | 'android';
  /** Device pixels per point (iOS) or per dp (Android). */
  pxPerUnit: number;
}

/** Roles a person activates; the trees of every driver name them the same (worker/device-schemas.ts). */
const INTERACTIVE = new Set(['button', 'toggle', 'input', 'list_item', 'link']);

/** The smallest tap target: Apple's 44×44 pt, Android's 48×48 dp. */
export const MIN_TARGET = { ios: 44, android: 48 } as const;

/**
 * An element's accessible name: its own label, else the text of what it holds (a clickable row
 * whose label is a child TextView reads that text, on Android as with TalkBack).
 */
export function accessibleName(node: UiNode): string | null {
  const own = node.text?.trim();
  if (own) return own;
  const parts: string[] = [];
  const visit = (n: UiNode) => {
    for (const c of n.children) {
      if (INTERACTIVE.has(c.role)) continue;
      const t = c.text?.trim();
      if (t) parts.push(t);
      else visit(c);
    }
  };
  visit(node);
  return parts.length ? parts.join(' ') : null;
}

export function isInteractive(node: UiNode): boolean {
  return INTERACTIVE.has(node.role);
}

/** Every node of the tree in document order (the root included). */
export function flatten(root: UiNode): UiNode[] {
  const out: UiNode[] = [];
  const stack = [root];
  while (stack.length) {
    const n = stack.pop()!;
    out.push(n);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

const visible = (n: UiNode) => n.bounds.width > 0 && n.bounds.height > 0;

function finding(
  rule: AccessibilityFinding['rule'],
  severity: AccessibilityFinding['severity'],
  node: UiNode,
  name: string | null,
  message: string,
): AccessibilityFinding {
  return { rule, severity, element: { role: node.role, name, id: node.id }, bounds: { ...node.bounds }, message };
}

/**
 * The rules the UI tree alone decides: `missing_label`, `small_target` and `duplicate_label`.
 * Two elements with one name are "different actions" unless they share an identifier (the same
 * control shown twice); without identifiers a screen reader user cannot tell them apart either.
 */
export function treeFindings(root: UiNode, units: ScreenUnits): AccessibilityFinding[] {
  const out: AccessibilityFinding[] = [];
  const min = MIN_TARGET[units.platform];
  const unit = units.platform === 'ios' ? 'pt' : 'dp';
  const byName = new Map<string, Array<{ node: UiNode; name: string }>>();
  const nodes = flatten(root);
  for (const [i, node] of nodes.entries()) {
    if (!isInteractive(node) || !visible(node)) continue;
    const name = accessibleName(node) ?? (node.role === 'input' ? labelAbove(node, nodes[i - 1]) : null);
    if (name === null)
      out.push(
        finding(
          'missing_label',
          'error',
          node,
          null,
          `This ${node.role.replace('_', ' ')}${node.id ? ` (${node.id})` : ''} has no accessible name: a screen reader announces it without saying what it does`,
        ),
      );
    const w = node.bounds.width / units.pxPerUnit;
    const h = node.bounds.height / units.pxPerUnit;
    if (w < min - 0.5 || h < min - 0.5)
      out.push(
        finding(
          'small_target',
          'warning',
          node,
          name,
          `Tap target ${Math.round(w)}×${Math.round(h)} ${unit} is under ${min}×${min} ${unit}`,
        ),
      );
    if (name !== null) {
      const key = name.toLowerCase().replace(/\s+/g, ' ');
      const same = byName.get(key) ?? [];
      same.push({ node, name });
      byName.set(key, same);
    }
  }
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const ids = new Set(group.map((g) => g.node.id));
    // All with one identifier: the same control; otherwise every one of them is ambiguous.
    if (ids.size === 1 && !ids.has(null)) continue;
    for (const g of group)
      out.push(
        finding(
          'duplicate_label',
          'warning',
          g.node,
          g.name,
          `${group.length} elements on this screen are named "${g.name}" but do different things`,
        ),
      );
  }
  return out;
}

/**
 * A text field's visible label: the text just before it in the tree and drawn right above it (the
 * way a form labels a field, and the platforms' labelFor / accessibilityLabel tie them).
 */
function labelAbove(input: UiNode, prev: UiNode | undefined): string | null {
  if (prev?.role !== 'text' || !prev.text?.trim()) return null;
  const a = prev.bounds;
  const b = input.bounds;
  const gap = b.y - (a.y + a.height);
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width;
  return overlaps && gap >= -2 && gap <= b.height ? prev.text.trim() : null;
}

/** Text nodes whose pixels the contrast rule measures. */
export function textNodes(root: UiNode): UiNode[] {
  return flatten(root).filter((n) => n.role === 'text' && visible(n) && !!n.text?.trim());
}
