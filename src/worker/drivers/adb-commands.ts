import { DOMParser, type Element as XmlElement, type Node as XmlNode } from '@xmldom/xmldom';
import type { DeviceCategory, InputEvent, UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';

/** Pure command building and output parsing for adb/emulator; the driver runs them. */

export interface AdbDevice {
  serial: string;
  /** device, offline, unauthorized, recovery, ... */
  state: string;
  attrs: Record<string, string>;
}

/** `adb devices -l` */
export function parseAdbDevices(out: string): AdbDevice[] {
  const devices: AdbDevice[] = [];
  for (const line of out.split('\n')) {
    const t = line.trim();
    if (t === '' || t.startsWith('List of devices') || t.startsWith('*')) continue;
    const [serial, state, ...rest] = t.split(/\s+/);
    if (!serial || !state) continue;
    const attrs: Record<string, string> = {};
    for (const kv of rest) {
      const i = kv.indexOf(':');
      if (i > 0) attrs[kv.slice(0, i)] = kv.slice(i + 1);
    }
    devices.push({ serial, state, attrs });
  }
  return devices;
}

/** `adb shell getprop`: lines `[key]: [value]`. */
export function parseGetprop(out: string): Record<string, string> {
  const props: Record<string, string> = {};
  const re = /^\[([^\]]+)\]:\s*\[([\s\S]*?)\]\s*$/;
  for (const line of out.split('\n')) {
    const m = re.exec(line.trim());
    if (m) props[m[1]!] = m[2]!;
  }
  return props;
}

export function categoryFromProps(props: Record<string, string>): DeviceCategory {
  const c = (props['ro.build.characteristics'] ?? '').split(',');
  if (c.includes('tv')) return 'tv';
  if (c.includes('tablet')) return 'tablet';
  return 'phone';
}

/** `wm size`: the override size wins over the physical size. */
export function parseWmSize(out: string): { width: number; height: number } | null {
  const o = /Override size:\s*(\d+)x(\d+)/.exec(out) ?? /Physical size:\s*(\d+)x(\d+)/.exec(out);
  return o ? { width: Number(o[1]), height: Number(o[2]) } : null;
}

/** `pm list packages -3 --show-versioncode` */
export function parsePmListPackages(out: string): { packageName: string; versionCode: string | null }[] {
  const out2: { packageName: string; versionCode: string | null }[] = [];
  for (const line of out.split('\n')) {
    const m = /^package:(?:.*\.apk=)?([\w.]+)(?:\s+versionCode:(\d+))?/.exec(line.trim());
    if (m) out2.push({ packageName: m[1]!, versionCode: m[2] ?? null });
  }
  return out2.sort((a, b) => a.packageName.localeCompare(b.packageName));
}

/** `dumpsys package <pkg>`: versionName and versionCode of the first package section. */
export function parseDumpsysVersion(out: string): { versionName: string | null; versionCode: string | null } {
  const name = /^\s*versionName=(.*)$/m.exec(out);
  const code = /^\s*versionCode=(\d+)/m.exec(out);
  return { versionName: name ? name[1]!.trim() : null, versionCode: code ? code[1]! : null };
}

/** `cmd package resolve-activity --brief -c android.intent.category.LAUNCHER <pkg>`: last line `pkg/.Activity`. */
export function parseResolvedActivity(out: string): string | null {
  const lines = out.trim().split('\n').map((l) => l.trim());
  const last = lines.at(-1) ?? '';
  return /^[\w.]+\/[\w.$]+$/.test(last) ? last : null;
}

/** `adb install` / `adb uninstall` / `pm clear` print "Success" or "Failure [REASON]". */
export function parsePmResult(out: string): { ok: true } | { ok: false; reason: string } {
  if (/^Success\s*$/m.test(out)) return { ok: true };
  const m = /Failure \[([^\]]+)\]/.exec(out) ?? /(INSTALL_[A-Z_]+|DELETE_[A-Z_]+)/.exec(out);
  return { ok: false, reason: m ? m[1]! : out.trim().split('\n').at(-1) ?? 'unknown failure' };
}

/**
 * `adb shell input text` takes one shell word: spaces become %s and shell metacharacters are
 * backslash-escaped, because the device shell parses the argument again.
 */
export function escapeInputText(text: string): string {
  // Non-ASCII cannot be typed through `input text`.
  if (/[^\x20-\x7e]/.test(text)) throw new DeviceDriverError('INVALID_INPUT', 'adb input text supports printable ASCII only');
  return text.replace(/([\\"'`$&|;<>()[\]{}*?!~#^])/g, '\\$1').replace(/ /g, '%s');
}

const KEY_ALIASES: Record<string, string> = { BACKSPACE: 'DEL', ESCAPE: 'ESCAPE', RETURN: 'ENTER' };

export function keycodeFor(key: string): string {
  const k = key.toUpperCase().replace(/^KEYCODE_/, '');
  if (!/^[A-Z0-9_]+$/.test(k)) throw new DeviceDriverError('INVALID_INPUT', `invalid key ${key}`);
  return `KEYCODE_${KEY_ALIASES[k] ?? k}`;
}

/** Arguments after `adb -s <serial> shell` for one input event (touch phases are handled by the driver). */
export function inputArgs(event: Exclude<InputEvent, { kind: 'touch' }>): string[][] {
  const r = (n: number) => String(Math.round(n));
  switch (event.kind) {
    case 'tap':
      return [['input', 'tap', r(event.x), r(event.y)]];
    case 'double_tap':
      return [['input', 'tap', r(event.x), r(event.y)], ['input', 'tap', r(event.x), r(event.y)]];
    case 'long_press':
      return [['input', 'swipe', r(event.x), r(event.y), r(event.x), r(event.y), String(event.durationMs ?? 800)]];
    case 'swipe':
      return [['input', 'swipe', r(event.x), r(event.y), r(event.x2), r(event.y2), String(event.durationMs ?? 300)]];
    case 'key':
      return [['input', 'keyevent', keycodeFor(event.key)]];
    case 'button': {
      const map: Record<string, string> = { HOME: 'KEYCODE_HOME', LOCK: 'KEYCODE_POWER', POWER: 'KEYCODE_POWER', VOLUME_UP: 'KEYCODE_VOLUME_UP', VOLUME_DOWN: 'KEYCODE_VOLUME_DOWN', SIRI: 'KEYCODE_ASSIST' };
      const code = map[event.button.toUpperCase()];
      if (!code) throw new DeviceDriverError('INVALID_INPUT', `unknown button ${event.button}`);
      return [['input', 'keyevent', code]];
    }
    case 'text':
      return event.text === '' ? [] : [['input', 'text', escapeInputText(event.text)]];
  }
}

/** `am start` arguments with typed extras (--es string, --ei int, --ef float, --ez boolean). */
export function amStartArgs(component: string, params: Record<string, string | number | boolean> = {}): string[] {
  const args = ['am', 'start', '-W', '-n', component];
  for (const [k, v] of Object.entries(params)) {
    if (!/^[\w.-]+$/.test(k)) throw new DeviceDriverError('INVALID_INPUT', `invalid launch parameter name ${k}`);
    if (typeof v === 'boolean') args.push('--ez', k, String(v));
    else if (typeof v === 'number') args.push(Number.isInteger(v) ? '--ei' : '--ef', k, String(v));
    else args.push('--es', k, shellQuote(v));
  }
  return args;
}

/** Single-quotes a value for the device shell (adb joins shell arguments with spaces). */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function parseBounds(b: string | null): { x: number; y: number; width: number; height: number } {
  const m = /\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(b ?? '');
  if (!m) return { x: 0, y: 0, width: 0, height: 0 };
  const [x1, y1, x2, y2] = [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}

function roleFor(cls: string, attrs: { checkable: boolean; scrollable: boolean; clickable: boolean }): string {
  const c = cls.split('.').at(-1) ?? cls;
  if (/EditText|AutoCompleteTextView/.test(c)) return 'input';
  if (/Switch|CheckBox|ToggleButton|RadioButton/.test(c) || attrs.checkable) return 'toggle';
  if (/Button/.test(c)) return 'button';
  if (/RecyclerView|ListView|ScrollView|GridView/.test(c) || attrs.scrollable) return 'list';
  if (/ImageView/.test(c)) return 'image';
  if (/TextView/.test(c)) return attrs.clickable ? 'button' : 'text';
  return attrs.clickable ? 'button' : 'group';
}

/** `uiautomator dump` XML → UiNode tree (bounds are already device pixels). */
export function parseUiautomatorXml(xml: string): UiNode {
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const hierarchy = doc.documentElement;
  if (!hierarchy || hierarchy.nodeName !== 'hierarchy') throw new DeviceDriverError('TOOL_FAILED', 'uiautomator dump returned no hierarchy');
  let n = 0;
  const convert = (el: XmlElement): UiNode => {
    n += 1;
    const a = (k: string) => el.getAttribute(k);
    const text = a('text') || a('content-desc') || null;
    const checkable = a('checkable') === 'true';
    const node: UiNode = {
      ref: `e${n}`,
      role: roleFor(a('class') ?? '', { checkable, scrollable: a('scrollable') === 'true', clickable: a('clickable') === 'true' }),
      text,
      id: a('resource-id') || null,
      bounds: parseBounds(a('bounds')),
      enabled: a('enabled') !== 'false',
      focused: a('focused') === 'true',
      children: [],
    };
    if (checkable) node.checked = a('checked') === 'true';
    for (const child of Array.from(el.childNodes) as XmlNode[]) {
      if (child.nodeType === 1 && child.nodeName === 'node') node.children.push(convert(child as XmlElement));
    }
    return node;
  };
  const kids = (Array.from(hierarchy.childNodes) as XmlNode[]).filter((c) => c.nodeType === 1 && c.nodeName === 'node');
  n += 1;
  const root: UiNode = { ref: 'e1', role: 'screen', text: null, id: null, bounds: { x: 0, y: 0, width: 0, height: 0 }, enabled: true, focused: false, children: [] };
  root.children = kids.map((k) => convert(k as XmlElement));
  const first = root.children[0];
  if (first) root.bounds = { ...first.bounds };
  return root;
}

/** AVD config.ini → model, OS and category. */
export function parseAvdConfig(ini: string): { displayName: string | null; model: string | null; apiLevel: number | null; category: DeviceCategory } {
  const kv: Record<string, string> = {};
  for (const line of ini.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) kv[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const api = /android-(\d+)/.exec(kv['image.sysdir.1'] ?? '');
  const tag = kv['tag.id'] ?? '';
  const device = kv['hw.device.name'] ?? '';
  const category: DeviceCategory = /tv/.test(tag) || /^tv_/.test(device) ? 'tv' : /tablet/i.test(device) ? 'tablet' : 'phone';
  const model = device ? device.split('_').map((w) => (w.length <= 2 && /^\d/.test(w) ? w : w.charAt(0).toUpperCase() + w.slice(1))).join(' ') : null;
  return { displayName: kv['avd.ini.displayname'] ?? null, model, apiLevel: api ? Number(api[1]) : null, category };
}

const API_TO_RELEASE: Record<number, string> = { 28: '9', 29: '10', 30: '11', 31: '12', 32: '12L', 33: '13', 34: '14', 35: '15', 36: '16' };

export function androidReleaseFor(apiLevel: number | null): string {
  if (apiLevel === null) return 'unknown';
  return API_TO_RELEASE[apiLevel] ?? `API ${apiLevel}`;
}

/** Emulator arguments for a throwaway session: no window, no saved snapshot, disk writes discarded. */
export function emulatorArgs(avd: string, port: number): string[] {
  return ['-avd', avd, '-port', String(port), '-no-window', '-no-audio', '-no-boot-anim', '-no-snapshot-save', '-read-only'];
}
