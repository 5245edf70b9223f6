import type { DeviceCategory, InputEvent, LaunchParams, UiNode } from '../driver';
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';
import { assertInputEvent, assertLaunchParams, assertPackageName } from '../device-arguments';

/** Pure command building and output parsing for `xcrun simctl` and idb. */

export interface SimDevice {
  udid: string;
  name: string;
  state: string;
  deviceType: string;
  /** "iOS" or "tvOS". */
  platform: string;
  osVersion: string;
  category: DeviceCategory;
}

/** `xcrun simctl list -j devices`: available iOS and tvOS simulators (watchOS/visionOS are skipped). */
export function parseSimctlDevices(json: string): SimDevice[] {
  let data: {
    devices?: Record<
      string,
      { udid: string; name: string; state: string; isAvailable?: boolean; deviceTypeIdentifier?: string }[]
    >;
  };
  try {
    data = JSON.parse(json) as typeof data;
  } catch {
    throw new DeviceDriverError('TOOL_FAILED', 'simctl list printed invalid JSON');
  }
  const out: SimDevice[] = [];
  for (const [runtime, devices] of Object.entries(data.devices ?? {})) {
    const m = /SimRuntime\.(iOS|tvOS)-(\d+)-(\d+)(?:-(\d+))?$/.exec(runtime);
    if (!m) continue;
    const osVersion = [m[2], m[3], m[4]].filter((x) => x !== undefined).join('.');
    for (const d of devices) {
      if (d.isAvailable === false) continue;
      const type = d.deviceTypeIdentifier ?? '';
      const category: DeviceCategory =
        m[1] === 'tvOS' || /Apple-TV/.test(type)
          ? 'tv'
          : /iPad/.test(type) || /^iPad/.test(d.name)
            ? 'tablet'
            : 'phone';
      out.push({ udid: d.udid, name: d.name, state: d.state, deviceType: type, platform: m[1]!, osVersion, category });
    }
  }
  return out;
}

/** Model name from the device type id: "com.apple...SimDeviceType.iPhone-15-Pro" → "iPhone 15 Pro". */
export function modelFromDeviceType(deviceType: string, fallback: string): string {
  const m = /SimDeviceType\.(.+)$/.exec(deviceType);
  return m ? m[1]!.replace(/-/g, ' ') : fallback;
}

export type PlistValue = string | PlistValue[] | { [k: string]: PlistValue };

/** Parses the old-style (OpenStep) property lists `simctl listapps` prints. */
export function parseOpenStepPlist(text: string): PlistValue {
  let i = 0;
  const ws = () => {
    for (;;) {
      while (i < text.length && /\s/.test(text[i]!)) i++;
      if (text.startsWith('//', i)) {
        while (i < text.length && text[i] !== '\n') i++;
      } else if (text.startsWith('/*', i)) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? text.length : end + 2;
      } else return;
    }
  };
  const fail = (what: string): never => {
    throw new DeviceDriverError('TOOL_FAILED', `cannot parse property list: ${what} at offset ${i}`);
  };
  const value = (): PlistValue => {
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, PlistValue> = {};
      for (;;) {
        ws();
        if (text[i] === '}') {
          i++;
          return obj;
        }
        const key = value();
        if (typeof key !== 'string') fail('dictionary key is not a string');
        ws();
        if (text[i] !== '=') fail('expected =');
        i++;
        obj[key as string] = value();
        ws();
        if (text[i] === ';') i++;
        else if (text[i] !== '}') fail('expected ;');
      }
    }
    if (c === '(') {
      i++;
      const arr: PlistValue[] = [];
      for (;;) {
        ws();
        if (text[i] === ')') {
          i++;
          return arr;
        }
        arr.push(value());
        ws();
        if (text[i] === ',') i++;
        else if (text[i] !== ')') fail('expected , or )');
      }
    }
    if (c === '"') {
      i++;
      let s = '';
      while (i < text.length && text[i] !== '"') {
        if (text[i] === '\\') {
          const n = text[i + 1];
          if (n === 'n') s += '\n';
          else if (n === 't') s += '\t';
          else if (n === 'U' || n === 'u') {
            s += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
            i += 4;
          } else s += n ?? '';
          i += 2;
        } else s += text[i++];
      }
      if (text[i] !== '"') fail('unterminated string');
      i++;
      return s;
    }
    if (c === '<') {
      const end = text.indexOf('>', i);
      if (end < 0) fail('unterminated data');
      const s = text.slice(i + 1, end).replace(/\s/g, '');
      i = end + 1;
      return s;
    }
    const m = /^[A-Za-z0-9_$+/:.-]+/.exec(text.slice(i));
    if (!m) fail('unexpected character');
    i += m![0].length;
    return m![0];
  };
  const v = value();
  return v;
}

export interface SimApp {
  bundleId: string;
  name: string;
  version: string;
  type: string;
}

/** `simctl listapps <udid>` → user-installed apps (system apps are left out). */
export function parseListApps(text: string): SimApp[] {
  const root = parseOpenStepPlist(text);
  if (typeof root !== 'object' || Array.isArray(root))
    throw new DeviceDriverError('TOOL_FAILED', 'listapps printed no dictionary');
  const apps: SimApp[] = [];
  for (const [bundleId, v] of Object.entries(root)) {
    if (typeof v !== 'object' || Array.isArray(v)) continue;
    const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
    const type = s('ApplicationType') ?? 'User';
    if (type !== 'User') continue;
    apps.push({
      bundleId,
      name: s('CFBundleDisplayName') ?? s('CFBundleName') ?? bundleId,
      version: s('CFBundleShortVersionString') ?? s('CFBundleVersion') ?? 'unknown',
      type,
    });
  }
  return apps.sort((a, b) => a.bundleId.localeCompare(b.bundleId));
}

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

/**
 * `simctl launch` arguments (after `simctl`): launch params become `-key value` pairs (read by
 * NSUserDefaults). Everything after the bundle id is the app's own argv, never simctl's options.
 */
export function simctlLaunchArgs(udid: string, bundleId: string, params: LaunchParams = {}): string[] {
  assertPackageName('ios', bundleId);
  assertLaunchParams(params);
  const args = ['launch', '--terminate-running-process', udid, bundleId];
  for (const [k, v] of Object.entries(params))
    args.push(`-${k}`, typeof v === 'boolean' ? (v ? 'YES' : 'NO') : String(v));
  return args;
}

/** `<verb> <udid> <bundle>` (after `simctl`) for uninstall and terminate, the bundle id validated. */
export function simctlAppArgs(verb: 'uninstall' | 'terminate', udid: string, bundleId: string): string[] {
  assertPackageName('ios', bundleId);
  return [verb, udid, bundleId];
}

export function simctlDataContainerArgs(udid: string, bundleId: string): string[] {
  assertPackageName('ios', bundleId);
  return ['get_app_container', udid, bundleId, 'data'];
}

/**
 * The `simctl privacy` service each Info.plist usage-description key asks for. Keys without one
 * (camera, Bluetooth, Face ID, local network, tracking, health, ...) cannot be granted by simctl.
 */
export const PRIVACY_SERVICE_BY_USAGE_KEY: Readonly<Record<string, string>> = {
  NSCalendarsUsageDescription: 'calendar',
  NSCalendarsFullAccessUsageDescription: 'calendar',
  NSCalendarsWriteOnlyAccessUsageDescription: 'calendar',
  NSContactsUsageDescription: 'contacts',
  NSLocationUsageDescription: 'location',
  NSLocationWhenInUseUsageDescription: 'location',
  NSLocationAlwaysUsageDescription: 'location-always',
  NSLocationAlwaysAndWhenInUseUsageDescription: 'location-always',
  NSPhotoLibraryUsageDescription: 'photos',
  NSPhotoLibraryAddUsageDescription: 'photos-add',
  NSAppleMusicUsageDescription: 'media-library',
  NSMicrophoneUsageDescription: 'microphone',
  NSMotionUsageDescription: 'motion',
  NSRemindersUsageDescription: 'reminders',
  NSRemindersFullAccessUsageDescription: 'reminders',
  NSSiriUsageDescription: 'siri',
};

/** The simctl privacy services an app's usage-description keys map to, each once, sorted. */
export function privacyServicesFor(usageKeys: readonly string[]): string[] {
  const services = new Set<string>();
  for (const key of usageKeys) {
    const service = Object.hasOwn(PRIVACY_SERVICE_BY_USAGE_KEY, key) ? PRIVACY_SERVICE_BY_USAGE_KEY[key] : undefined;
    if (service) services.add(service);
  }
  return [...services].sort();
}

/** `simctl privacy <udid> grant <service> <bundle>` for a service of the table above. */
export function simctlPrivacyGrantArgs(udid: string, service: string, bundleId: string): string[] {
  if (!Object.values(PRIVACY_SERVICE_BY_USAGE_KEY).includes(service))
    throw new DeviceDriverError('INVALID_INPUT', 'unknown privacy service');
  assertPackageName('ios', bundleId);
  return ['privacy', udid, 'grant', service, bundleId];
}

/** simctl reports "already booted" / "not running" as errors that are fine to ignore. */
export function isBenignSimctlError(stderr: string): boolean {
  return /current state: Booted|Unable to shutdown device in current state: Shutdown|found nothing to terminate|No such process/i.test(
    stderr,
  );
}

/** Why a failed simctl call failed, when its output says the simulator is gone, busy or shut down. */
export function classifySimctlFailure(output: string): { code: DriverErrorCode; message: string } | null {
  if (/Invalid device/i.test(output))
    return { code: 'UNKNOWN_DEVICE', message: 'the simulator no longer exists on its host' };
  if (/current state: (?:Booting|Creating|Shutting ?Down)/i.test(output))
    return { code: 'DEVICE_BUSY', message: 'the simulator is booting or shutting down' };
  if (/current state: Shutdown/i.test(output)) return { code: 'NOT_BOOTED', message: 'the simulator is not booted' };
  return null;
}
