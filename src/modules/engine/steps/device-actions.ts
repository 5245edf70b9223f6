import { AppError } from '../../../errors';
import type { InputEvent, UiNode } from '../../../worker/driver';
import type { DeviceHandle } from '../../sessions';
import { isSatisfied, reversed, type DeviceAction, type LoopPlan } from './interpreter';
import { performCapability } from './capability-steps';
import type { ElementSelector } from './selectors';
import { waitForSettledScreen } from './settle';

/** An action as a run's result lists it. */
export interface PerformedAction {
  type: string;
  x?: number;
  y?: number;
  x2?: number;
  y2?: number;
  text?: string;
  key?: string;
  button?: string;
  rotation?: number;
  package_name?: string;
  duration_ms?: number;
  selector?: ElementSelector | null;
  /** How replay found the element: id, accessibility_id, text, fuzzy_text or coordinates. */
  matched_by?: string;
  /** Device capability steps (capability-steps.ts). */
  url?: string;
  latitude?: number;
  longitude?: number;
  permission?: string;
  state?: string;
  mode?: string;
}

export interface ActionContext {
  device: DeviceHandle;
  /** The package of the case's app, for launch and relaunch. */
  appPackage: string | null;
  signal: AbortSignal;
  /** How the step waits (a metered sleep, see StepMeter). */
  wait: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** A wait step never holds a run longer than this. */
const MAX_WAIT_MS = 60_000;

export function describeInput(event: InputEvent, selector: ElementSelector | null): PerformedAction {
  switch (event.kind) {
    case 'text':
      return { type: 'type_text', text: event.text, selector };
    case 'key':
      return { type: 'key', key: event.key, selector };
    case 'button':
      return { type: 'button', button: event.button, selector };
    case 'swipe':
      return {
        type: 'swipe',
        x: event.x,
        y: event.y,
        x2: event.x2,
        y2: event.y2,
        duration_ms: event.durationMs,
        selector,
      };
    case 'touch':
      return { type: `touch_${event.phase}`, x: event.x, y: event.y, selector };
    case 'long_press':
      return { type: 'long_press', x: event.x, y: event.y, duration_ms: event.durationMs, selector };
    default:
      return { type: event.kind, x: event.x, y: event.y, selector };
  }
}

function requireApp(ctx: ActionContext): string {
  if (!ctx.appPackage) throw new AppError('UNPROCESSABLE', 'The case has no app to launch');
  return ctx.appPackage;
}

/** Going back: Android's BACK key; on iOS the navigation bar's back button, or the left-edge swipe. */
async function goBack(ctx: ActionContext): Promise<PerformedAction> {
  const { device } = ctx;
  if (device.platform === 'android') {
    await device.input({ kind: 'key', key: 'BACK' });
    return { type: 'key', key: 'BACK' };
  }
  const screen = await device.screen();
  const back = findBackButton(await device.uiTree(), screen.height);
  if (back) {
    const x = Math.round(back.bounds.x + back.bounds.width / 2);
    const y = Math.round(back.bounds.y + back.bounds.height / 2);
    await device.input({ kind: 'tap', x, y });
    return {
      type: 'tap',
      x,
      y,
      selector: { text: back.text ?? undefined, id: back.id ?? undefined, class: back.role },
    };
  }
  const y = Math.round(screen.height / 2);
  const swipe = { kind: 'swipe' as const, x: 2, y, x2: Math.round(screen.width * 0.6), y2: y, durationMs: 250 };
  await device.input(swipe);
  return describeInput(swipe, null);
}

function findBackButton(tree: UiNode, screenHeight: number): UiNode | null {
  const stack = [tree];
  while (stack.length) {
    const n = stack.pop()!;
    const label = `${n.text ?? ''} ${n.id ?? ''}`.toLowerCase();
    if ((n.role === 'button' || n.role === 'link') && /\bback\b|‹|</.test(label) && n.bounds.y < screenHeight * 0.2)
      return n;
    stack.push(...n.children);
  }
  return null;
}

/** Carries out one interpreter action through the device handle. */
export async function performDeviceAction(action: DeviceAction, ctx: ActionContext): Promise<PerformedAction> {
  const { device } = ctx;
  switch (action.op) {
    case 'input':
      await device.input(action.event);
      return describeInput(action.event, action.selector);
    case 'launch': {
      const pkg = requireApp(ctx);
      await device.launch(pkg);
      return { type: 'launch_app', package_name: pkg };
    }
    case 'relaunch': {
      const pkg = requireApp(ctx);
      await device.terminate(pkg);
      await device.launch(pkg);
      return { type: 'launch_app', package_name: pkg };
    }
    case 'terminate': {
      const pkg = requireApp(ctx);
      await device.terminate(pkg);
      return { type: 'stop_app', package_name: pkg };
    }
    case 'back':
      return goBack(ctx);
    case 'home':
      await device.input(
        device.platform === 'android' ? { kind: 'key', key: 'HOME' } : { kind: 'button', button: 'HOME' },
      );
      return device.platform === 'android' ? { type: 'key', key: 'HOME' } : { type: 'button', button: 'HOME' };
    case 'rotate':
      await device.rotate(action.rotation);
      return { type: 'rotate', rotation: action.rotation };
    case 'wait': {
      const ms = Math.min(action.ms, MAX_WAIT_MS);
      await ctx.wait(ms, ctx.signal);
      return { type: 'wait', duration_ms: ms };
    }
    case 'capability':
      return performCapability(action.step, ctx);
  }
}

/**
 * Drives a loop plan: swipes until the target is on screen (at most `maxSwipes`), or polls until
 * it appears or goes. Returns the actions it took and whether the plan was met.
 */
export async function runLoopPlan(
  plan: LoopPlan,
  ctx: ActionContext,
): Promise<{ met: boolean; actions: PerformedAction[] }> {
  const { device } = ctx;
  const observe = async () => ({
    tree: (await waitForSettledScreen(device, { signal: ctx.signal, wait: ctx.wait })).tree,
    screen: await device.screen(),
  });
  const actions: PerformedAction[] = [];
  if (plan.kind === 'scroll_until') {
    // One way until the target shows or the content stops moving; then, when allowed, back the other way.
    for (const swipe of plan.bothWays ? [plan.swipe, reversed(plan.swipe)] : [plan.swipe]) {
      let before = '';
      for (let i = 0; i <= plan.maxSwipes; i++) {
        const seen = await observe();
        if (isSatisfied(plan, seen)) return { met: true, actions };
        const now = JSON.stringify(seen.tree);
        // "Scroll to the bottom": met once a swipe no longer moves the content.
        if (plan.toEnd && now === before) return { met: true, actions };
        if (i === plan.maxSwipes || now === before) break;
        before = now;
        await device.input(swipe);
        actions.push(describeInput(swipe, null));
      }
    }
    return { met: false, actions };
  }
  const deadline = Date.now() + Math.min(plan.timeoutMs, MAX_WAIT_MS);
  for (;;) {
    if (isSatisfied(plan, await observe())) return { met: true, actions };
    if (Date.now() >= deadline) return { met: false, actions };
    await ctx.wait(plan.pollMs, ctx.signal);
  }
}
