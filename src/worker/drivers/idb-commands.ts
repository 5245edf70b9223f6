import type { InputEvent, UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { assertButtonName, assertInputEvent, assertKeyName, assertText } from '../device-asserts';

/** Command building and output parsing for idb (Facebook's iOS simulator bridge): screen, UI tree, input. */

/** idb's screen dimensions (`describe`'s `screen_dimensions`, CLI JSON or gRPC message). */
export interface IdbScreenDimensions {
  width: number;
  height: number;
  density: number;
  width_points?: number;
}

/** Pixel size and points per pixel of a simulator's screen, from idb's screen dimensions. */
export function screenFromDimensions(s: IdbScreenDimensions | null | undefined): {
  width: number;
  height: number;
  density: number;
} {
  const density = s?.width_points ? s.width / s.width_points : s?.density;
  if (!s || !(s.width > 0) || !(density && Number.isFinite(density) && density > 0))
    throw new DeviceDriverError('TOOL_FAILED', 'idb describe printed no screen dimensions');
  return { width: s.width, height: s.height, density };
}

/** `idb describe --json`: pixel size and points per pixel. */
export function parseIdbDescribe(json: string): { width: number; height: number; density: number } {
  const d = JSON.parse(json) as { screen_dimensions?: IdbScreenDimensions };
  return screenFromDimensions(d.screen_dimensions);
}

const ROLE_BY_TYPE: Record<string, string> = {
  Application: 'screen',
  StaticText: 'text',
  TextField: 'input',
  SecureTextField: 'input',
  SearchField: 'input',
  TextView: 'input',
  Button: 'button',
  Link: 'button',
  Switch: 'toggle',
  CheckBox: 'toggle',
  Cell: 'list_item',
  Table: 'list',
  CollectionView: 'list',
  ScrollView: 'list',
  Image: 'image',
  Alert: 'alert',
  NavigationBar: 'navigation_bar',
};

interface IdbElement {
  AXLabel?: string | null;
  AXValue?: string | null;
  AXUniqueId?: string | null;
  frame?: { x: number; y: number; width: number; height: number };
  type?: string;
  enabled?: boolean;
  role?: string;
  subrole?: string | null;
  focused?: boolean;
}

/** `idb ui describe-all --json` (a flat list in points) → UiNode tree in pixels. */
export function parseIdbDescribeAll(json: string, density: number): UiNode {
  let list: IdbElement[];
  try {
    list = JSON.parse(json) as IdbElement[];
  } catch {
    throw new DeviceDriverError('TOOL_FAILED', 'idb describe-all printed invalid JSON');
  }
  const px = (f: IdbElement['frame']) => ({
    x: Math.round((f?.x ?? 0) * density),
    y: Math.round((f?.y ?? 0) * density),
    width: Math.round((f?.width ?? 0) * density),
    height: Math.round((f?.height ?? 0) * density),
  });
  const app = list.find((e) => e.type === 'Application');
  let n = 1;
  const root: UiNode = {
    ref: 'e1',
    role: 'screen',
    text: app?.AXLabel ?? null,
    id: app?.AXUniqueId ?? null,
    bounds: px(app?.frame ?? { x: 0, y: 0, width: 0, height: 0 }),
    enabled: true,
    focused: false,
    children: [],
  };
  for (const e of list) {
    if (e === app) continue;
    n += 1;
    const role = ROLE_BY_TYPE[e.type ?? ''] ?? (e.type ? e.type.toLowerCase() : 'group');
    const isInput = role === 'input';
    const node: UiNode = {
      ref: `e${n}`,
      role,
      text: (isInput ? e.AXValue || e.AXLabel : e.AXLabel || e.AXValue) ?? null,
      id: e.AXUniqueId ?? null,
      bounds: px(e.frame),
      enabled: e.enabled !== false,
      focused: e.focused === true,
      children: [],
    };
    if (role === 'toggle') node.checked = e.AXValue === '1';
    root.children.push(node);
  }
  return root;
}

/** HID usage codes (keyboard page 0x07) of the keys simdeck's key names reach on iOS. */
const HID_KEYS: Record<string, number> = {
  ENTER: 40,
  ESCAPE: 41,
  DEL: 42,
  BACKSPACE: 42,
  TAB: 43,
  SPACE: 44,
  FORWARD_DEL: 76,
  DPAD_RIGHT: 79,
  DPAD_LEFT: 80,
  DPAD_DOWN: 81,
  DPAD_UP: 82,
  DPAD_CENTER: 40,
  NUMPAD_ENTER: 88,
  MOVE_HOME: 74,
  PAGE_UP: 75,
  MOVE_END: 77,
  PAGE_DOWN: 78,
  ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`F${i + 1}`, 58 + i])),
};

/** The hardware buttons of idb's `HIDButtonType`. */
export const IDB_BUTTONS = ['APPLE_PAY', 'HOME', 'LOCK', 'SIDE_BUTTON', 'SIRI'] as const;
export type IdbButton = (typeof IDB_BUTTONS)[number];

/** The left shift key's usage: held around a shifted character. */
export const HID_LEFT_SHIFT = 225;

/**
 * The characters text can hold on iOS and the key that types each on a US keyboard, as idb's
 * own client types text (`KEY_MAP` in idb/common/hid.py): `[usage, shifted]`. idb types nothing
 * else, so other characters are refused before any tool runs.
 */
const HID_CHARS: ReadonlyMap<string, readonly [number, boolean]> = (() => {
  const m = new Map<string, readonly [number, boolean]>();
  for (let i = 0; i < 26; i++) {
    m.set(String.fromCharCode(97 + i), [4 + i, false]);
    m.set(String.fromCharCode(65 + i), [4 + i, true]);
  }
  for (let i = 1; i <= 9; i++) m.set(String(i), [29 + i, false]);
  m.set('0', [39, false]);
  m.set('\n', [HID_KEYS.ENTER!, false]);
  m.set(' ', [HID_KEYS.SPACE!, false]);
  // Unshifted and shifted character of each punctuation key.
  const punctuation: [number, string, string][] = [
    [45, '-', '_'],
    [46, '=', '+'],
    [47, '[', '{'],
    [48, ']', '}'],
    [49, '\\', '|'],
    [51, ';', ':'],
    [52, "'", '"'],
    [53, '`', '~'],
    [54, ',', '<'],
    [55, '.', '>'],
    [56, '/', '?'],
  ];
  for (const [usage, plain, shifted] of punctuation) {
    m.set(plain, [usage, false]);
    m.set(shifted, [usage, true]);
  }
  for (const [i, c] of [...'!@#$%^&*()'].entries()) m.set(c, [30 + i, true]);
  return m;
})();

/** A key name (`ENTER`, `KEYCODE_DPAD_UP`, `HOME`) as the iOS key or button that carries it. */
export function iosKeyAction(key: string): { button: IdbButton } | { usage: number } {
  assertKeyName(key);
  const k = key.toUpperCase().replace(/^KEYCODE_/, '');
  if (k === 'HOME') return { button: 'HOME' };
  // Android's POWER locks the screen, as the side button does.
  if (k === 'POWER') return { button: 'LOCK' };
  const usage = HID_KEYS[k] ?? (/^[A-Z0-9]$/.test(k) ? HID_CHARS.get(k.toLowerCase())?.[0] : undefined);
  if (usage === undefined) throw new DeviceDriverError('UNSUPPORTED', `key ${k} has no iOS equivalent`);
  return { usage };
}

/** A button name as one of idb's buttons; another name is INVALID_INPUT. */
export function iosButton(button: string): IdbButton {
  assertButtonName(button);
  const b = button.toUpperCase();
  if (!(IDB_BUTTONS as readonly string[]).includes(b))
    throw new DeviceDriverError('INVALID_INPUT', `button must be one of ${IDB_BUTTONS.join(', ')} on iOS`);
  return b as IdbButton;
}

/** Typed text as key presses (`[usage, shifted]`); a character no US-keyboard key types is INVALID_INPUT. */
export function iosTextKeys(text: string): (readonly [number, boolean])[] {
  assertText(text);
  const keys: (readonly [number, boolean])[] = [];
  for (const c of text) {
    const k = HID_CHARS.get(c);
    if (!k)
      throw new DeviceDriverError(
        'INVALID_INPUT',
        'text on iOS may hold only what a US keyboard types: letters, digits, spaces, line breaks and ASCII punctuation',
      );
    keys.push(k);
  }
  return keys;
}

/** Pixels as idb's points (two decimals). */
export function toPoints(pixels: number, density: number): number {
  return Math.round((pixels / density) * 100) / 100;
}

/**
 * idb arguments (after `idb`) for one input event; coordinates are converted from pixels to
 * points. Typed text follows `--`, so text that starts with '-' is never read as an option.
 */
export function idbInputArgs(udid: string, event: Exclude<InputEvent, { kind: 'touch' }>, density: number): string[][] {
  assertInputEvent(event);
  const p = (v: number) => String(toPoints(v, density));
  const seconds = (ms: number) => String(Math.round(ms) / 1000);
  const u = ['--udid', udid];
  switch (event.kind) {
    case 'tap':
      return [['ui', 'tap', ...u, p(event.x), p(event.y)]];
    case 'double_tap':
      return [
        ['ui', 'tap', ...u, p(event.x), p(event.y)],
        ['ui', 'tap', ...u, p(event.x), p(event.y)],
      ];
    case 'long_press':
      return [['ui', 'tap', ...u, '--duration', seconds(event.durationMs ?? 800), p(event.x), p(event.y)]];
    case 'swipe':
      return [
        [
          'ui',
          'swipe',
          ...u,
          '--duration',
          seconds(event.durationMs ?? 300),
          p(event.x),
          p(event.y),
          p(event.x2),
          p(event.y2),
        ],
      ];
    case 'text':
      iosTextKeys(event.text);
      return event.text === '' ? [] : [['ui', 'text', ...u, '--', event.text]];
    case 'button':
      return [['ui', 'button', ...u, iosButton(event.button)]];
    case 'key': {
      const action = iosKeyAction(event.key);
      return 'button' in action ? [['ui', 'button', ...u, action.button]] : [['ui', 'key', ...u, String(action.usage)]];
    }
  }
}
