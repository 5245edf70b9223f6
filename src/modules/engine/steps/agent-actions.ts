import { AppError } from '../../../errors';
import type { InputEvent, UiNode } from '../../../worker/driver';
import { performDeviceAction, runLoopPlan, type ActionContext, type PerformedAction } from './device-actions';
import { resolveIntent, type DeviceAction } from './interpreter';
import type { ScrollDirection } from './interpreter/intent';
import { swipeArea, swipeFor } from './interpreter/plans';
import { indexScreen } from './interpreter/target-finder';
import {
  describeElement,
  flattenTree,
  isInteractive,
  isVisible,
  modalScope,
  touchPoint,
  type TreeElement,
} from './interpreter/ui-tree';
import { elementUnder } from './element-at';
import { selectorFor } from './selectors';
import { waitForSettledScreen } from './settle';
import type { AgentAction, AgentActionResult, AgentDevice, AgentScreen, Direction } from './step-agent';

const MAX_WAIT_MS = 10_000;
const MAX_DELETES = 500;
/** A finger moving up brings in what is below: the content comes from the other side. */
const CONTENT_FROM: Record<Direction, ScrollDirection> = { up: 'down', down: 'up', left: 'right', right: 'left' };

/**
 * The device as a run's agent sees it: `observe` waits for a settled screen and photographs it;
 * `perform` carries out one action on the screen the agent last saw, recording every input with
 * the selector of its element, so a step the model settles can be replayed.
 */
export function agentDevice(ctx: ActionContext): AgentDevice {
  return {
    platform: ctx.device.platform,
    category: ctx.device.category,
    deviceName: ctx.device.deviceName,
    async observe() {
      const { tree } = await waitForSettledScreen(ctx.device, { signal: ctx.signal, wait: ctx.wait });
      const shot = await ctx.device.screenshot();
      return { tree, screen: shot.screen, jpeg: shot.jpeg };
    },
    perform: (action, on) => performAgentAction(action, on, ctx),
  };
}

const refused = (detail: string): AgentActionResult => ({ ok: false, detail, actions: [] });

/**
 * Keys that act on the field with the keyboard focus; with none focused the device would drop
 * them, so the caller is told instead. Navigation keys (BACK, HOME, DPAD_…, ESCAPE) need no field.
 */
function needsFocusedField(key: string): boolean {
  return /^([A-Z0-9]|ENTER|TAB|DEL|FORWARD_DEL|SPACE)$/.test(key);
}

export async function performAgentAction(
  action: AgentAction,
  on: AgentScreen,
  ctx: ActionContext,
): Promise<AgentActionResult> {
  const observation = { tree: on.tree, screen: on.screen };
  const elements = flattenTree(observation);
  const reachable = modalScope(elements);
  const input = (node: UiNode | null, event: InputEvent): DeviceAction => ({
    op: 'input',
    event,
    selector: node ? selectorFor(node, on.tree) : null,
  });
  const run = async (list: DeviceAction[], detail: string): Promise<AgentActionResult> => {
    const done: PerformedAction[] = [];
    try {
      for (const a of list) {
        ctx.signal.throwIfAborted();
        done.push(await performDeviceAction(a, ctx));
      }
    } catch (err) {
      // The device refused the arguments (a key it does not have, text too long): the model is told.
      if (err instanceof AppError && err.code === 'UNPROCESSABLE')
        return { ok: false, detail: err.detail, actions: done };
      throw err;
    }
    return { ok: true, detail, actions: done };
  };
  const target = (ref: string): TreeElement | string => {
    const el = elements.find((e) => e.node.ref === ref);
    if (!el) return `there is no element ${ref} on this screen`;
    if (!reachable.includes(el)) return `${describeElement(el.node)} is behind the open alert`;
    if (!touchPoint(el) || !isVisible(el, on.screen))
      return `${describeElement(el.node)} is off screen; scroll to it first`;
    return el;
  };

  switch (action.kind) {
    case 'tap': {
      const el = target(action.ref);
      if (typeof el === 'string') return refused(el);
      if (!el.node.enabled) return refused(`${describeElement(el.node)} is disabled`);
      return run([input(el.node, { kind: 'tap', ...touchPoint(el)! })], `tapped ${describeElement(el.node)}`);
    }
    case 'tap_point': {
      const el = elementUnder(reachable, action);
      if (el && isInteractive(el.node) && !el.node.enabled)
        return refused(`${describeElement(el.node)} at (${action.x}, ${action.y}) is disabled`);
      return run(
        [input(el?.node ?? null, { kind: 'tap', x: action.x, y: action.y })],
        `tapped (${action.x}, ${action.y})${el ? ` on ${describeElement(el.node)}` : ''}`,
      );
    }
    case 'type': {
      if (action.ref === null) {
        const focused = reachable.filter((e) => e.node.role === 'input' && e.node.focused);
        if (focused.length !== 1) return refused("no field has the keyboard focus; give the field's ref");
        return run(
          [input(focused[0]!.node, { kind: 'text', text: action.text })],
          `typed into ${describeElement(focused[0]!.node)}`,
        );
      }
      const el = target(action.ref);
      if (typeof el === 'string') return refused(el);
      if (el.node.role !== 'input') return refused(`${describeElement(el.node)} is not a text field`);
      const list: DeviceAction[] = [];
      if (!el.node.focused) list.push(input(el.node, { kind: 'tap', ...touchPoint(el)! }));
      const held = Math.min(Array.from(el.node.text ?? '').length, MAX_DELETES);
      for (let i = 0; i < held; i++) list.push(input(el.node, { kind: 'key', key: 'DEL' }));
      if (action.text !== '') list.push(input(el.node, { kind: 'text', text: action.text }));
      return run(list, `replaced the text of ${describeElement(el.node)}`);
    }
    case 'swipe': {
      const el = action.ref === null ? null : target(action.ref);
      if (typeof el === 'string') return refused(el);
      const swipe = swipeFor(CONTENT_FROM[action.direction], swipeArea(indexScreen(observation), el));
      return run([input(el?.node ?? null, swipe)], `swiped ${action.direction}`);
    }
    case 'scroll_until': {
      const r = resolveIntent(
        { kind: 'scroll_until', direction: action.direction, target: { text: action.text } },
        observation,
      );
      if (!r.settled || r.kind !== 'scroll_until') return refused(r.settled ? 'cannot scroll here' : r.reason);
      const { met, actions } = await runLoopPlan(r.plan, ctx);
      return {
        ok: met,
        detail: met
          ? `"${action.text}" is on screen after ${actions.length} swipe(s)`
          : `"${action.text}" was not on screen after ${actions.length} swipe(s)`,
        actions,
      };
    }
    case 'gesture': {
      let el: TreeElement | null;
      let point: { x: number; y: number };
      if (action.ref !== null) {
        const found = target(action.ref);
        if (typeof found === 'string') return refused(found);
        [el, point] = [found, touchPoint(found)!];
      } else [el, point] = [elementUnder(reachable, action), { x: action.x, y: action.y }];
      const what = el ? describeElement(el.node) : `(${point.x}, ${point.y})`;
      if (el && (action.ref !== null || isInteractive(el.node)) && !el.node.enabled)
        return refused(`${what} is disabled`);
      const done = action.gesture === 'long_press' ? 'long-pressed' : 'double-tapped';
      return run([input(el?.node ?? null, { kind: action.gesture, ...point })], `${done} ${what}`);
    }
    case 'press_key': {
      if (needsFocusedField(action.key) && !reachable.some((e) => e.node.focused))
        return refused(
          `nothing has the keyboard focus, so ${action.key} would go nowhere; tap a field first (or type into it by ref)`,
        );
      return run([input(null, { kind: 'key', key: action.key })], `pressed ${action.key}`);
    }
    case 'go_back':
      return run([{ op: 'back' }], 'went back');
    case 'wait': {
      const ms = Math.min(Math.max(0, action.ms), MAX_WAIT_MS);
      return run([{ op: 'wait', ms }], `waited ${ms} ms`);
    }
  }
}
