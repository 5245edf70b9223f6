import type { InputEvent, UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { assertInputEvent } from '../device-asserts';

/** Command building and output parsing for idb (Facebook's iOS simulator bridge): screen, UI tree, input. */

/** `idb describe --json`: pixel size and points per pixel. */
export function parseIdbDescribe(json: string): { width: number; height: number; density: number } {
  const d = JSON.parse(json) as {
    screen_dimensions?: { width: number; height: number; density: number; width_points?: number };
  };
  const s = d.screen_dimensions;
  if (!s) throw new DeviceDriverError('TOOL_FAILED', 'idb describe printed no screen dimensions');
  const density = s.width_points ? s.width / s.width_points : s.density;
  return { width: s.width, height: s.height, density };
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

/** HID usage codes for `idb ui key` (keyboard page 0x07). */
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
};

const IDB_BUTTONS = new Set(['HOME', 'LOCK', 'SIDE_BUTTON', 'SIRI', 'APPLE_PAY']);

/**
 * idb arguments (after `idb`) for one input event; coordinates are converted from pixels to
 * points. Typed text follows `--`, so text that starts with '-' is never read as an option.
 */
export function idbInputArgs(udid: string, event: Exclude<InputEvent, { kind: 'touch' }>, density: number): string[][] {
  assertInputEvent(event);
  const p = (v: number) => String(Math.round((v / density) * 100) / 100);
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
      return event.text === '' ? [] : [['ui', 'text', ...u, '--', event.text]];
    case 'button': {
      const b = event.button.toUpperCase();
      if (!IDB_BUTTONS.has(b))
        throw new DeviceDriverError('INVALID_INPUT', `button must be one of ${[...IDB_BUTTONS].join(', ')} on iOS`);
      return [['ui', 'button', ...u, b]];
    }
    case 'key': {
      const k = event.key.toUpperCase().replace(/^KEYCODE_/, '');
      if (k === 'HOME') return [['ui', 'button', ...u, 'HOME']];
      const code = HID_KEYS[k];
      if (code === undefined) throw new DeviceDriverError('UNSUPPORTED', `key ${k} has no iOS equivalent`);
      return [['ui', 'key', ...u, String(code)]];
    }
  }
}
