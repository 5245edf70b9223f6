import { randomInt } from 'node:crypto';
import { performDeviceAction, type PerformedAction } from '../steps/device-actions';
import {
  CommandFailed,
  lookup,
  ORIENTATIONS,
  pressKey,
  scrollUntilVisible,
  swipe,
  tapLike,
  toSelector,
  waitForAnimation,
  WAITS,
  type CommandDevice,
} from './maestro-commands';
import { actCapability, applyPermissions, CAPABILITY_COMMANDS } from './maestro-capability-actions';
import { truthy, type ScriptState } from './maestro-script';
import { describeSelector, pickElement } from './maestro-selectors';

type Args = Record<string, unknown>;
const obj = (v: unknown): Args => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Args) : {});
const scalar = (v: unknown): string | null =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : null;
/** A number field, bounded. */
const num = (v: unknown, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isFinite(n) && v !== null && v !== undefined ? Math.min(Math.max(n, 0), max) : fallback;
};

const NAMES = ['Ada Lovelace', 'Alan Turing', 'Grace Hopper', 'Edsger Dijkstra', 'Barbara Liskov', 'Donald Knuth'];

function random(kind: string, length: number): string {
  switch (kind) {
    case 'inputRandomNumber':
      return Array.from({ length }, (_, i) => String(randomInt(i === 0 ? 1 : 0, 10))).join('');
    case 'inputRandomEmail':
      return `${random('inputRandomText', 8).toLowerCase()}@example.com`;
    case 'inputRandomPersonName':
      return NAMES[randomInt(NAMES.length)]!;
    default: {
      const letters = 'abcdefghijklmnopqrstuvwxyz';
      return Array.from({ length }, () => letters[randomInt(letters.length)]).join('');
    }
  }
}

async function typeText(text: string, d: CommandDevice): Promise<PerformedAction> {
  if (text.length > 4000) throw new CommandFailed('the text is longer than 4000 characters');
  await d.device.input({ kind: 'text', text });
  return { type: 'type_text', text };
}

function appOf(args: unknown, d: CommandDevice, name: string): string {
  const app = scalar(args) ?? (scalar(obj(args).appId) || null) ?? d.appId;
  if (!app) throw new CommandFailed(`${name}: no appId in the flow's header and the suite has no app`);
  return app;
}

/** Android has no keychain (Maestro does nothing there); clearing an iOS keychain is not offered yet. */
function clearKeychain(d: CommandDevice): PerformedAction {
  if (d.device.platform === 'ios')
    throw new CommandFailed('clearKeychain: clearing the iOS keychain is not supported yet');
  return { type: 'clear_keychain', text: 'Android has no keychain: nothing to clear' };
}

/**
 * Carries out one device command (not `runFlow`, `repeat`, `retry`, `runScript`: the runner owns
 * those) with its `${…}` already substituted. Returns the actions taken; throws CommandFailed.
 */
export async function act(
  name: string,
  args: unknown,
  d: CommandDevice,
  state: ScriptState,
): Promise<PerformedAction[]> {
  const o = obj(args);
  switch (name) {
    case 'launchApp': {
      const app = appOf(args, d, name);
      if (o.clearState === true) await d.device.clearData(app);
      const keychain = o.clearKeychain === true ? [clearKeychain(d)] : [];
      if (o.stopApp !== false) await d.device.terminate(app);
      // Permissions are set before the app starts, so it finds them as the flow says.
      const granted = o.permissions === undefined ? [] : await applyPermissions(name, o.permissions, app, d);
      const params: Record<string, string | number | boolean> = {};
      for (const [k, v] of Object.entries(obj(o.arguments)))
        if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') params[k] = v;
      await d.device.launch(app, Object.keys(params).length ? { params } : {});
      await waitForAnimation(d, 3000);
      return [...keychain, ...granted, { type: 'launch_app', package_name: app }];
    }
    case 'stopApp':
    case 'killApp': {
      const app = appOf(args, d, name);
      await d.device.terminate(app);
      return [{ type: 'stop_app', package_name: app }];
    }
    case 'clearKeychain':
      return [clearKeychain(d)];
    case 'clearState': {
      const app = appOf(args, d, name);
      await d.device.clearData(app);
      return [{ type: 'clear_data', package_name: app }];
    }
    case 'tapOn':
    case 'doubleTapOn':
    case 'longPressOn': {
      const kind = name === 'tapOn' ? 'tap' : name === 'doubleTapOn' ? 'double_tap' : 'long_press';
      return tapLike(kind, toSelector(args), d, num(o.repeat, 1, 50), num(o.delay, 100, 5000));
    }
    case 'inputText':
      return [await typeText(scalar(args) ?? String(o.text ?? ''), d)];
    case 'inputRandomText':
    case 'inputRandomNumber':
    case 'inputRandomEmail':
    case 'inputRandomPersonName':
      return [await typeText(random(name, num(o.length, 8, 200) || 8), d)];
    case 'eraseText': {
      const n = Math.round(num(scalar(args) ?? o.charactersToErase, 50, 500));
      for (let i = 0; i < n; i++) await d.device.input({ kind: 'key', key: 'DEL' });
      return [{ type: 'key', key: 'DEL', text: `× ${n}` }];
    }
    case 'pasteText':
      return [await typeText(state.copiedText, d)];
    case 'copyTextFrom': {
      const sel = toSelector(args);
      const { node } = await lookup(sel, d);
      if (!node) throw new CommandFailed(`Element not found: ${describeSelector(sel)}`);
      state.copiedText = node.text ?? '';
      return [{ type: 'copy_text', text: state.copiedText }];
    }
    case 'hideKeyboard':
      // Virtual devices draw no keyboard; on others the text field keeps what was typed either way.
      return [{ type: 'hide_keyboard' }];
    case 'pressKey':
      return [await pressKey(scalar(args) ?? String(o.key ?? ''), d)];
    case 'back':
      return [await performDeviceAction({ op: 'back' }, { ...d, appPackage: d.appId })];
    case 'scroll':
      return [await swipe({ direction: 'UP' }, d, null)];
    case 'scrollUntilVisible':
      return scrollUntilVisible(o, d);
    case 'swipe': {
      let from: { x: number; y: number } | null = null;
      if (o.from !== undefined) {
        const sel = toSelector(o.from);
        const { node } = await lookup(sel, d);
        if (!node) throw new CommandFailed(`Element not found: ${describeSelector(sel)}`);
        from = {
          x: Math.round(node.bounds.x + node.bounds.width / 2),
          y: Math.round(node.bounds.y + node.bounds.height / 2),
        };
      }
      return [await swipe(o, d, from)];
    }
    case 'assertVisible': {
      const sel = toSelector(args);
      const { node } = await lookup(sel, d);
      if (!node) throw new CommandFailed(`Assertion is false: ${describeSelector(sel)} is visible`);
      return [];
    }
    case 'assertNotVisible':
      await waitUntilGone(toSelector(args), d, WAITS.lookupMs, 'Assertion is false');
      return [];
    case 'assertTrue': {
      const cond = scalar(args) ?? scalar(o.condition) ?? '';
      if (!truthy(cond)) throw new CommandFailed(`Assertion is false: ${cond || '(empty)'} is true`);
      return [];
    }
    case 'waitForAnimationToEnd':
      await waitForAnimation(d, num(o.timeout, WAITS.animationMs, 60_000));
      return [];
    case 'extendedWaitUntil': {
      const timeout = num(o.timeout, WAITS.lookupMs, 300_000);
      if (o.visible !== undefined) {
        const sel = toSelector(o.visible);
        const { node } = await lookup(sel, d, timeout);
        if (!node) throw new CommandFailed(`${describeSelector(sel)} did not show within ${timeout} ms`);
      }
      if (o.notVisible !== undefined) await waitUntilGone(toSelector(o.notVisible), d, timeout, 'Timed out');
      return [];
    }
    case 'takeScreenshot':
      return [{ type: 'screenshot', text: scalar(args) ?? scalar(o.path) ?? undefined }];
    case 'setOrientation': {
      const key = (scalar(args) ?? String(o.orientation ?? '')).toUpperCase();
      const rotation = ORIENTATIONS[key];
      if (rotation === undefined)
        throw new CommandFailed(`setOrientation: "${key}" is not an orientation Maestro names`);
      await d.device.rotate(rotation);
      return [{ type: 'rotate', rotation }];
    }
    case 'evalScript':
      // Its `${…}` ran when the value was substituted.
      return [];
    default:
      if (CAPABILITY_COMMANDS.has(name)) return actCapability(name, args, d, state);
      throw new CommandFailed(`${name} is not a command simdeck runs`);
  }
}

async function waitUntilGone(
  sel: ReturnType<typeof toSelector>,
  d: CommandDevice,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tree = await d.device.uiTree();
    if (!pickElement(sel, tree)) return;
    if (Date.now() >= deadline) throw new CommandFailed(`${what}: ${describeSelector(sel)} is not visible`);
    await d.wait(WAITS.pollMs, d.signal);
  }
}
