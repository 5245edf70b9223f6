import type { ScreenInfo, UiNode } from '../../../worker/driver';
import type { RecordingAction } from '../../catalogue';
import { normalizeText, tolerantDistance } from './interpreter/text-match';
import {
  flattenTree,
  isVisible,
  modalScope,
  touchPoint,
  type Observation,
  type TreeElement,
} from './interpreter/ui-tree';

/**
 * Replay finds a recorded element again: by id, accessibility id, then text and class (index
 * among equals), tolerantly when the case has `fuzzy_match`; else at the recorded
 * coordinates scaled to the current screen.
 */

export type ElementSelector = NonNullable<RecordingAction['selector']>;
export type SelectorMethod = 'id' | 'accessibility_id' | 'text' | 'fuzzy_text' | 'coordinates';

export interface RecordedPoint {
  x: number;
  y: number;
  /** `source_device_width` / `source_device_height` of the case. */
  sourceWidth: number;
  sourceHeight: number;
}

export type RecordedElementMatch =
  | { found: true; method: Exclude<SelectorMethod, 'coordinates'>; node: UiNode; point: { x: number; y: number } }
  | { found: true; method: 'coordinates'; node: null; point: { x: number; y: number } }
  | { found: false; reason: string };

export interface FindRecordedElementInput {
  selector: ElementSelector | undefined;
  observation: Observation;
  /** The case's (or run's) `fuzzy_match`. */
  fuzzy: boolean;
  recorded?: RecordedPoint;
}

/** A point in the recording device's pixels on the current screen, clamped inside it. */
export function scalePoint(
  point: { x: number; y: number },
  from: { width: number; height: number },
  to: Pick<ScreenInfo, 'width' | 'height'>,
): { x: number; y: number } {
  const clamp = (v: number, max: number) => Math.min(Math.max(0, v), max - 1);
  return {
    x: clamp(Math.round((point.x * to.width) / from.width), to.width),
    y: clamp(Math.round((point.y * to.height) / from.height), to.height),
  };
}

const CLASS_ROLES: Record<string, string> = {
  edittext: 'input',
  autocompletetextview: 'input',
  textfield: 'input',
  securetextfield: 'input',
  searchfield: 'input',
  textview: 'text',
  statictext: 'text',
  button: 'button',
  imagebutton: 'button',
  link: 'button',
  switch: 'toggle',
  checkbox: 'toggle',
  togglebutton: 'toggle',
  radiobutton: 'toggle',
  cell: 'list_item',
  recyclerview: 'list',
  listview: 'list',
  table: 'list',
  collectionview: 'list',
  imageview: 'image',
  image: 'image',
};

/** Whether a recorded class (`android.widget.EditText`, `XCUIElementTypeButton`, `button`) names a node's role. */
export function classMatches(cls: string, role: string): boolean {
  const c = (cls.split('.').at(-1) ?? cls).toLowerCase().replace(/^xcuielementtype/, '');
  return c === role || CLASS_ROLES[c] === role;
}

function sameId(a: string, b: string): boolean {
  const tail = (s: string) => (s.includes(':id/') ? s.slice(s.indexOf(':id/') + 4) : s);
  return a === b || tail(a) === tail(b);
}

/**
 * Narrows several matches: class and text, then the recorded index among the matches, then
 * the one element under the recorded point.
 */
function pickAmong(
  matches: TreeElement[],
  selector: ElementSelector,
  screen: ScreenInfo,
  recorded: RecordedPoint | undefined,
): TreeElement | null {
  let pool = matches;
  const narrow = (keep: (e: TreeElement) => boolean) => {
    const next = pool.filter(keep);
    // Class and text narrow; they never rule out every match (a clickable TextView reads as a button).
    if (next.length > 0) pool = next;
  };
  if (pool.length > 1 && selector.class) narrow((e) => classMatches(selector.class!, e.node.role));
  if (pool.length > 1 && selector.text !== undefined) narrow((e) => e.node.text === selector.text);
  if (pool.length === 1) return pool[0]!;
  const indexed = selector.index !== undefined ? matches[selector.index] : undefined;
  if (indexed && pool.includes(indexed)) return indexed;
  if (recorded) {
    const p = scalePoint(recorded, { width: recorded.sourceWidth, height: recorded.sourceHeight }, screen);
    const under = pool.filter((e) => {
      const b = e.node.bounds;
      return p.x >= b.x && p.x < b.x + b.width && p.y >= b.y && p.y < b.y + b.height;
    });
    if (under.length === 1) return under[0]!;
  }
  return null;
}

function exactWays(
  selector: ElementSelector,
): Array<[Exclude<SelectorMethod, 'coordinates' | 'fuzzy_text'>, (n: UiNode) => boolean]> {
  const ways: Array<[Exclude<SelectorMethod, 'coordinates' | 'fuzzy_text'>, (n: UiNode) => boolean]> = [];
  if (selector.id) ways.push(['id', (n) => n.id !== null && sameId(n.id, selector.id!)]);
  if (selector.accessibility_id) {
    ways.push(['accessibility_id', (n) => n.id === selector.accessibility_id]);
    ways.push(['accessibility_id', (n) => n.text === selector.accessibility_id]);
  }
  if (selector.text)
    ways.push(['text', (n) => n.text === selector.text && (!selector.class || classMatches(selector.class, n.role))]);
  if (selector.text && selector.class) ways.push(['text', (n) => n.text === selector.text]);
  return ways;
}

function fuzzyMatches(pool: TreeElement[], selector: ElementSelector): TreeElement[] {
  const wanted = selector.text ?? selector.accessibility_id;
  if (!wanted) return [];
  let best = Number.POSITIVE_INFINITY;
  let out: TreeElement[] = [];
  for (const e of pool) {
    if (!e.node.text) continue;
    const d = normalizeText(e.node.text) === normalizeText(wanted) ? 0 : tolerantDistance(wanted, e.node.text);
    if (d === null) continue;
    if (d < best) [best, out] = [d, [e]];
    else if (d === best) out.push(e);
  }
  return out;
}

/**
 * The recorded element on the current screen and where to touch it. A match must be on screen;
 * when none is found (or several cannot be told apart) the recorded point is scaled from
 * the recording device to this screen.
 */
export function findRecordedElement({
  selector,
  observation,
  fuzzy,
  recorded,
}: FindRecordedElementInput): RecordedElementMatch {
  const { screen } = observation;
  const pool = modalScope(flattenTree(observation));
  const misses: string[] = [];
  const accept = (
    method: Exclude<SelectorMethod, 'coordinates'>,
    el: TreeElement | null,
  ): RecordedElementMatch | null => {
    if (!el) return null;
    const point = touchPoint(el);
    if (!point || !isVisible(el, screen)) {
      misses.push(`the element matched by ${method} is off screen`);
      return null;
    }
    return { found: true, method, node: el.node, point };
  };
  if (selector) {
    for (const [method, test] of exactWays(selector)) {
      const matches = pool.filter((e) => test(e.node));
      if (matches.length === 0) continue;
      const hit = accept(method, pickAmong(matches, selector, screen, recorded));
      if (hit) return hit;
      if (misses.length === 0) misses.push(`${matches.length} elements match by ${method} and none can be told apart`);
    }
    if (fuzzy) {
      const matches = fuzzyMatches(pool, selector);
      const hit = matches.length > 0 ? accept('fuzzy_text', pickAmong(matches, selector, screen, recorded)) : null;
      if (hit) return hit;
    }
  }
  if (recorded) {
    return {
      found: true,
      method: 'coordinates',
      node: null,
      point: scalePoint(recorded, { width: recorded.sourceWidth, height: recorded.sourceHeight }, screen),
    };
  }
  const what = selector ? JSON.stringify(selector) : 'no selector';
  return {
    found: false,
    reason: `the recorded element (${what}) is not on this screen${misses.length ? `: ${misses[0]}` : ''}, and the action has no coordinates`,
  };
}

/**
 * A selector that finds `node` again in `tree`: its id when it has one, else its text and
 * class, with its index among elements sharing the same key when there are several.
 */
export function selectorFor(node: UiNode, tree: UiNode): ElementSelector {
  const selector: ElementSelector = { class: node.role };
  if (node.text) selector.text = node.text;
  if (node.id) selector.id = node.id;
  const all: UiNode[] = [];
  const visit = (n: UiNode) => {
    all.push(n);
    n.children.forEach(visit);
  };
  visit(tree);
  const equals = node.id
    ? all.filter((n) => n.id === node.id)
    : all.filter((n) => n.text === node.text && n.role === node.role);
  if (equals.length > 1) {
    const index = equals.indexOf(node);
    if (index >= 0) selector.index = index;
  }
  return selector;
}
