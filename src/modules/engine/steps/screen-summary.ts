import type { UiNode } from '../../../worker/driver';

function* walk(node: UiNode): Generator<UiNode> {
  yield node;
  for (const c of node.children) yield* walk(c);
}

const named = (n: UiNode) => (n.text ?? '').trim();

/**
 * What the device shows, in a few words, for a step that could not find its element: an alert's
 * text when one is up, else the screen's title (its navigation bar, or a titled screen node),
 * else its first texts. Null when the tree says nothing readable.
 */
export function describeScreen(tree: UiNode): string | null {
  const nodes = [...walk(tree)];
  const alert = nodes.find((n) => n.role === 'alert' && named(n));
  if (alert) return `an alert "${named(alert)}"`;
  const title =
    nodes.find((n) => n.role === 'navigation_bar' && named(n)) ??
    nodes.filter((n) => n.role === 'screen' && named(n)).at(-1);
  if (title) return `"${named(title)}"`;
  const texts = nodes.filter((n) => (n.role === 'text' || n.role === 'button') && named(n)).slice(0, 3);
  return texts.length ? texts.map((n) => `"${named(n)}"`).join(', ') : null;
}

/**
 * The error of a step the interpreter could not settle and no model may try: when its element is
 * not on the screen, what the screen shows first — the app is most likely in another state than
 * the step expects (still signed in, another page) — then why.
 */
export function unsettledStepError(reason: string, tree: UiNode, needsModel: string): string {
  const seen = /no element matches/.test(reason) ? describeScreen(tree) : null;
  return seen ? `The screen shows ${seen}; ${reason}` : `${needsModel}: ${reason}`;
}
