import type { Rotation, UiNode } from '../../../worker/driver';
import type { DeviceHandle } from '../../sessions';
import { describeInput, performDeviceAction, type PerformedAction } from '../steps/device-actions';
import { sleep, waitForSettledScreen } from '../steps/settle';
import { describeSelector, pickElement, pointOf, type MaestroSelector } from './maestro-selectors';

/** Maestro's waits: a selector is looked up this long (an optional one less), a scroll-until this long. */
export const WAITS = {
  lookupMs: 17_000,
  optionalLookupMs: 7_000,
  pollMs: 300,
  scrollUntilMs: 20_000,
  animationMs: 15_000,
};

/** A command that did not do what it says: the step fails with this message. */
export class CommandFailed extends Error {}

export interface CommandDevice {
  device: DeviceHandle;
  signal: AbortSignal;
  /** The app commands act on when they name none: the suite's app, else the flow's `appId`. */
  appId: string | null;
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export const center = (n: UiNode) => ({
  x: Math.round(n.bounds.x + n.bounds.width / 2),
  y: Math.round(n.bounds.y + n.bounds.height / 2),
});

/** Reads a selector's YAML value (a string is a text selector). */
export function toSelector(v: unknown): MaestroSelector {
  if (typeof v === 'string' || typeof v === 'number') return { text: String(v) };
  const o = (v ?? {}) as Record<string, unknown>;
  const sel: MaestroSelector = {};
  if (o.text !== undefined) sel.text = String(o.text);
  if (o.id !== undefined) sel.id = String(o.id);
  if (o.index !== undefined) sel.index = Number(o.index);
  if (o.point !== undefined) sel.point = String(o.point);
  for (const k of ['enabled', 'checked', 'focused', 'selected', 'optional'] as const)
    if (o[k] !== undefined) sel[k] = o[k] === true || o[k] === 'true';
  for (const k of ['below', 'above', 'leftOf', 'rightOf', 'containsChild', 'childOf'] as const)
    if (o[k] !== undefined) sel[k] = toSelector(o[k]);
  if (Array.isArray(o.containsDescendants)) sel.containsDescendants = o.containsDescendants.map(toSelector);
  return sel;
}

/**
 * Looks the selector up until it appears or its timeout passes (Maestro's lookup), each time on
 * a fresh UI tree. Returns the element, or null (the caller fails or, if optional, moves on).
 */
export async function lookup(
  sel: MaestroSelector,
  d: CommandDevice,
  timeoutMs?: number,
): Promise<{ node: UiNode | null; tree: UiNode }> {
  const deadline = Date.now() + (timeoutMs ?? (sel.optional ? WAITS.optionalLookupMs : WAITS.lookupMs));
  for (;;) {
    const tree = await d.device.uiTree();
    const node = pickElement(sel, tree);
    if (node || Date.now() >= deadline) return { node, tree };
    await d.wait(WAITS.pollMs, d.signal);
  }
}

/** Whether an element matching the selector is on screen now (no waiting): `when`, `while`. */
export async function visibleNow(sel: MaestroSelector, d: CommandDevice): Promise<boolean> {
  const { tree } = await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
  return pickElement(sel, tree) !== null;
}

/** Where a tap-like command acts: its point, or the centre of the element it names (waited for). */
async function target(sel: MaestroSelector, d: CommandDevice): Promise<{ x: number; y: number }> {
  if (sel.point !== undefined && sel.text === undefined && sel.id === undefined) {
    const p = pointOf(sel.point, await d.device.screen());
    if (!p) throw new CommandFailed(`point "${sel.point}" is not "x,y" in pixels or percentages`);
    return p;
  }
  const { node } = await lookup(sel, d);
  if (!node) throw new CommandFailed(`Element not found: ${describeSelector(sel)}`);
  return center(node);
}

export async function tapLike(
  kind: 'tap' | 'double_tap' | 'long_press',
  sel: MaestroSelector,
  d: CommandDevice,
  repeat = 1,
  delayMs = 100,
): Promise<PerformedAction[]> {
  const p = await target(sel, d);
  const actions: PerformedAction[] = [];
  const selector = { text: sel.text, id: sel.id };
  for (let i = 0; i < Math.min(Math.max(repeat, 1), 50); i++) {
    if (i > 0) await d.wait(Math.min(Math.max(delayMs, 0), 5_000), d.signal);
    const event = kind === 'long_press' ? { kind, x: p.x, y: p.y, durationMs: 3000 } : { kind, x: p.x, y: p.y };
    await d.device.input(event);
    actions.push(describeInput(event, selector));
  }
  await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
  return actions;
}

/** A swipe in Maestro's directions, over the screen or from an element. */
export async function swipe(
  args: Record<string, unknown>,
  d: CommandDevice,
  from: { x: number; y: number } | null,
): Promise<PerformedAction> {
  const screen = await d.device.screen();
  const duration = Math.min(Math.max(Number(args.duration ?? 400) || 400, 50), 10_000);
  let start: { x: number; y: number } | null;
  let end: { x: number; y: number } | null;
  if (typeof args.start === 'string' && typeof args.end === 'string') {
    start = pointOf(args.start, screen);
    end = pointOf(args.end, screen);
    if (!start || !end) throw new CommandFailed('swipe: start and end are "x,y" in pixels or percentages');
  } else {
    const dir = String(args.direction ?? '').toUpperCase();
    const vectors: Record<string, [number, number, number, number]> = {
      UP: [0.5, 0.7, 0.5, 0.2],
      DOWN: [0.5, 0.2, 0.5, 0.7],
      LEFT: [0.9, 0.5, 0.1, 0.5],
      RIGHT: [0.1, 0.5, 0.9, 0.5],
    };
    const v = vectors[dir];
    if (!v) throw new CommandFailed(`swipe: direction must be UP, DOWN, LEFT or RIGHT, not "${dir}"`);
    start = from ?? { x: Math.round(v[0] * screen.width), y: Math.round(v[1] * screen.height) };
    const dx = (v[2] - v[0]) * screen.width;
    const dy = (v[3] - v[1]) * screen.height;
    end = {
      x: Math.round(Math.min(Math.max(start.x + dx, 0), screen.width - 1)),
      y: Math.round(Math.min(Math.max(start.y + dy, 0), screen.height - 1)),
    };
  }
  const event = { kind: 'swipe' as const, x: start.x, y: start.y, x2: end.x, y2: end.y, durationMs: duration };
  await d.device.input(event);
  await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
  return describeInput(event, null);
}

/** `scrollUntilVisible`: swipes in the direction until the element shows, within its timeout. */
export async function scrollUntilVisible(args: Record<string, unknown>, d: CommandDevice): Promise<PerformedAction[]> {
  const sel = toSelector(args.element);
  const dir = String(args.direction ?? 'DOWN').toUpperCase();
  const swipeDir = ({ DOWN: 'UP', UP: 'DOWN', LEFT: 'RIGHT', RIGHT: 'LEFT' } as Record<string, string>)[dir];
  if (!swipeDir) throw new CommandFailed(`scrollUntilVisible: direction must be UP, DOWN, LEFT or RIGHT, not "${dir}"`);
  const deadline = Date.now() + Math.min(Number(args.timeout ?? WAITS.scrollUntilMs) || WAITS.scrollUntilMs, 120_000);
  const actions: PerformedAction[] = [];
  for (let i = 0; i < 100; i++) {
    const { tree } = await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait });
    if (pickElement(sel, tree)) return actions;
    if (Date.now() >= deadline) break;
    actions.push(await swipe({ direction: swipeDir, duration: 600 }, d, null));
  }
  throw new CommandFailed(`Element not found after scrolling ${dir.toLowerCase()}: ${describeSelector(sel)}`);
}

/** Maestro's key names, as the device's key and button names. */
export async function pressKey(name: string, d: CommandDevice): Promise<PerformedAction> {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const android: Record<string, string> = {
    enter: 'ENTER',
    backspace: 'DEL',
    back: 'BACK',
    home: 'HOME',
    tab: 'TAB',
    'volume up': 'VOLUME_UP',
    'volume down': 'VOLUME_DOWN',
    lock: 'POWER',
    power: 'POWER',
    escape: 'ESCAPE',
    search: 'SEARCH',
    'remote dpad up': 'DPAD_UP',
    'remote dpad down': 'DPAD_DOWN',
    'remote dpad left': 'DPAD_LEFT',
    'remote dpad right': 'DPAD_RIGHT',
    'remote dpad center': 'DPAD_CENTER',
    'remote media play pause': 'MEDIA_PLAY_PAUSE',
  };
  const buttons: Record<string, string> = {
    home: 'HOME',
    lock: 'LOCK',
    'volume up': 'VOLUME_UP',
    'volume down': 'VOLUME_DOWN',
  };
  if (key === 'back') return performDeviceAction({ op: 'back' }, { ...d, appPackage: d.appId });
  if (d.device.platform === 'ios' && buttons[key]) {
    await d.device.input({ kind: 'button', button: buttons[key] });
    return { type: 'button', button: buttons[key] };
  }
  const code = android[key];
  if (!code) throw new CommandFailed(`pressKey: "${name}" is not a key Maestro names`);
  await d.device.input({ kind: 'key', key: code });
  return { type: 'key', key: code };
}

export const ORIENTATIONS: Record<string, Rotation> = {
  PORTRAIT: 0,
  LANDSCAPE_LEFT: 90,
  LANDSCAPE: 90,
  UPSIDE_DOWN: 180,
  LANDSCAPE_RIGHT: 270,
};

/** Waits until two UI trees in a row are the same, or the timeout passes (`waitForAnimationToEnd`). */
export async function waitForAnimation(d: CommandDevice, timeoutMs: number): Promise<void> {
  await waitForSettledScreen(d.device, { signal: d.signal, wait: d.wait, quietMs: 200, maxMs: timeoutMs });
}

export { sleep };
