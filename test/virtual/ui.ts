import type { UiNode } from '../../src/worker/driver';

/** Test helpers over UI trees: find nodes and tap their centres. */
export function findAll(root: UiNode, pred: (n: UiNode) => boolean): UiNode[] {
  const out: UiNode[] = [];
  const visit = (n: UiNode) => {
    if (pred(n)) out.push(n);
    n.children.forEach(visit);
  };
  visit(root);
  return out;
}

export function byId(root: UiNode, id: string): UiNode {
  const hit = findAll(root, (n) => n.id === id)[0];
  if (!hit) throw new Error(`no node with id ${id} in ${JSON.stringify(root).slice(0, 400)}…`);
  return hit;
}

export function maybeById(root: UiNode, id: string): UiNode | undefined {
  return findAll(root, (n) => n.id === id)[0];
}

export function byText(root: UiNode, text: string): UiNode {
  const hit = findAll(root, (n) => n.text === text)[0];
  if (!hit) throw new Error(`no node with text ${text}`);
  return hit;
}

export function center(n: UiNode): { x: number; y: number } {
  return { x: Math.round(n.bounds.x + n.bounds.width / 2), y: Math.round(n.bounds.y + n.bounds.height / 2) };
}
