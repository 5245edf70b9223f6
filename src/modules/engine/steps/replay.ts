import type { InputEvent } from '../../../worker/driver';
import { keyCodeOf } from '../../../worker/key-names';
import type { RecordingAction } from '../../catalogue';
import { performCapability } from './capability-steps';
import { describeInput, type ActionContext, type PerformedAction } from './device-actions';
import { flattenTree, isInteractive, modalScope, visibleRect, type Observation } from './interpreter/ui-tree';
import { findRecordedElement, scalePoint } from './selectors';
import { waitForSettledScreen } from './settle';

export type ReplayOutcome =
  | { ok: true; actions: PerformedAction[] }
  | { ok: false; reason: string; actions: PerformedAction[] };

export interface ReplayInput {
  indices: number[];
  recording: RecordingAction[];
  /** The recording device's screen (`source_device_width/height`); null when unknown. */
  source: { width: number; height: number } | null;
  fuzzy: boolean;
  /**
   * Hybrid runs: a recorded element that cannot be found again, or a recorded point that no
   * longer hits anything that can be acted on, is a failed replay (the step goes to the
   * interpreter) rather than a tap that may hit something else or nothing.
   */
  healInsteadOfCoordinates: boolean;
}

const MAX_RECORDED_WAIT_MS = 10_000;

/**
 * Plays a step's recorded actions: each target element is found again in the current UI tree by
 * its selector (exact or tolerant), falling back to the recorded coordinates scaled to this screen;
 * the screen settles between actions (the step settles it after the last).
 */
export async function replayActions(input: ReplayInput, ctx: ActionContext): Promise<ReplayOutcome> {
  const { device } = ctx;
  const actions: PerformedAction[] = [];
  for (const [n, index] of input.indices.entries()) {
    ctx.signal.throwIfAborted();
    // The next action reads a settled screen; after the last one the step settles it.
    if (n > 0) await waitForSettledScreen(device, { signal: ctx.signal, wait: ctx.wait });
    const a = input.recording[index];
    if (!a)
      return {
        ok: false,
        reason: `the step points at recorded action ${index}, which the recording does not have`,
        actions,
      };
    const screen = await device.screen();
    const source = input.source ?? screen;
    switch (a.type) {
      case 'tap':
      case 'double_tap':
      case 'long_press': {
        const observation = { tree: await device.uiTree(), screen };
        const recorded = { x: a.x!, y: a.y!, sourceWidth: source.width, sourceHeight: source.height };
        const match = findRecordedElement({
          selector: a.selector,
          observation,
          fuzzy: input.fuzzy,
          recorded: input.healInsteadOfCoordinates && a.selector ? undefined : recorded,
        });
        if (!match.found) return { ok: false, reason: match.reason, actions };
        if (
          match.method === 'coordinates' &&
          input.healInsteadOfCoordinates &&
          !actionableAt(observation, match.point)
        ) {
          return {
            ok: false,
            reason: `the recorded point (${match.point.x}, ${match.point.y}) hits no element that can be acted on`,
            actions,
          };
        }
        const { x, y } = match.point;
        const event: InputEvent =
          a.type === 'long_press' ? { kind: 'long_press', x, y, durationMs: a.duration_ms } : { kind: a.type, x, y };
        await device.input(event);
        actions.push({ ...describeInput(event, a.selector ?? null), matched_by: match.method });
        break;
      }
      case 'swipe': {
        const from = scalePoint({ x: a.x!, y: a.y! }, source, screen);
        const to = scalePoint({ x: a.x2!, y: a.y2! }, source, screen);
        const event: InputEvent = {
          kind: 'swipe',
          x: from.x,
          y: from.y,
          x2: to.x,
          y2: to.y,
          durationMs: a.duration_ms,
        };
        await device.input(event);
        actions.push({ ...describeInput(event, null), matched_by: 'coordinates' });
        break;
      }
      case 'type_text':
        await device.input({ kind: 'text', text: a.text! });
        actions.push({ type: 'type_text', text: a.text! });
        break;
      case 'key':
        await device.input({
          kind: 'key',
          key: keyCodeOf(a.key!) ?? a.key!.toUpperCase().replace(/^KEYCODE_/, ''),
        });
        actions.push({ type: 'key', key: a.key! });
        break;
      case 'button':
        await device.input({ kind: 'button', button: a.button!.toUpperCase() });
        actions.push({ type: 'button', button: a.button! });
        break;
      case 'rotate':
        await device.rotate(a.rotation!);
        actions.push({ type: 'rotate', rotation: a.rotation! });
        break;
      case 'launch_app':
        await device.launch(a.package_name!);
        actions.push({ type: 'launch_app', package_name: a.package_name! });
        break;
      case 'wait': {
        const ms = Math.min(a.duration_ms ?? 0, MAX_RECORDED_WAIT_MS);
        await ctx.wait(ms, ctx.signal);
        actions.push({ type: 'wait', duration_ms: ms });
        break;
      }
      default:
        // A device capability: a link, the location, a permission, appearance, network or clipboard.
        actions.push(await performCapability({ ...a, type: a.type }, ctx));
    }
  }
  return { ok: true, actions };
}

/** Whether a button, field, switch, list item (or the like) is under the point, and not behind an alert. */
function actionableAt(observation: Observation, p: { x: number; y: number }): boolean {
  return modalScope(flattenTree(observation)).some((el) => {
    if (!isInteractive(el.node) || !el.node.enabled) return false;
    const r = visibleRect(el);
    return r !== null && p.x >= r.x && p.x < r.x + r.width && p.y >= r.y && p.y < r.y + r.height;
  });
}
