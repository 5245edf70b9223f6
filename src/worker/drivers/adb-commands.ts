import type { DeviceCategory, InputEvent, LaunchParams } from '../driver';
import { DeviceDriverError } from '../driver-error';
import {
  assertActivityName,
  assertInputEvent,
  assertKeyName,
  assertLaunchParams,
  assertPackageName,
  assertText,
} from '../device-asserts';

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
  const lines = out
    .trim()
    .split('\n')
    .map((l) => l.trim());
  const last = lines.at(-1) ?? '';
  return /^[\w.]+\/[\w.$]+$/.test(last) ? last : null;
}

/** `adb install` / `adb uninstall` / `pm clear` print "Success" or "Failure [REASON]". */
export function parsePmResult(out: string): { ok: true } | { ok: false; reason: string } {
  if (/^Success\s*$/m.test(out)) return { ok: true };
  const m = /Failure \[([^\]]+)\]/.exec(out) ?? /(INSTALL_[A-Z_]+|DELETE_[A-Z_]+)/.exec(out);
  return { ok: false, reason: m ? m[1]! : (out.trim().split('\n').at(-1) ?? 'unknown failure') };
}

/**
 * Quotes one word for the device's sh. `adb shell` joins its arguments with spaces and the
 * device shell parses the line again, so every word is single-quoted unless it is made only of
 * characters sh never interprets.
 */
export function quoteShellWord(word: string): string {
  return /^[A-Za-z0-9_@%+:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The one command line `adb shell` sends for these words: the device's sh reads back exactly them. */
export function adbShellCommand(words: string[]): string {
  return words.map(quoteShellWord).join(' ');
}

/** Why a failed adb call failed, when its output says the device is gone, offline or still connecting. */
export function classifyAdbFailure(output: string): { code: 'DEVICE_OFFLINE' | 'DEVICE_BUSY'; message: string } | null {
  if (/device (?:'[^']*' )?not found|no devices\/emulators found/i.test(output))
    return { code: 'DEVICE_OFFLINE', message: 'the device is no longer connected to its host' };
  if (/device offline|device unauthorized/i.test(output))
    return { code: 'DEVICE_OFFLINE', message: 'the device is offline or has not authorized its host' };
  if (/device still (?:authorizing|connecting)/i.test(output))
    return { code: 'DEVICE_BUSY', message: 'the device is still connecting to its host' };
  return null;
}

/** The failure code of an install (`INSTALL_FAILED_…`, `INSTALL_PARSE_FAILED_…`), without the tool's prose. */
export function pmFailureCode(reason: string): string | null {
  return /\b((?:INSTALL|DELETE)_[A-Z0-9_]+)/.exec(reason)?.[1] ?? null;
}

/** `adb install` arguments (after `-s <serial>`); `-g` grants the permissions the manifest declares. */
export function installArgs(filePath: string, grantPermissions: boolean): string[] {
  return ['install', '-r', ...(grantPermissions ? ['-g'] : []), filePath];
}

/** `adb uninstall` arguments (after `-s <serial>`): a local argv, the package name validated. */
export function uninstallArgs(packageName: string): string[] {
  assertPackageName('android', packageName);
  return ['uninstall', packageName];
}

export function resolveLauncherArgs(packageName: string): string[] {
  assertPackageName('android', packageName);
  return ['cmd', 'package', 'resolve-activity', '--brief', '-c', 'android.intent.category.LAUNCHER', packageName];
}

export function forceStopArgs(packageName: string): string[] {
  assertPackageName('android', packageName);
  return ['am', 'force-stop', packageName];
}

export function pmClearArgs(packageName: string): string[] {
  assertPackageName('android', packageName);
  return ['pm', 'clear', packageName];
}

export function dumpsysPackageArgs(packageName: string): string[] {
  assertPackageName('android', packageName);
  return ['dumpsys', 'package', packageName];
}

/** The component to start: the package's `activity` (relative, qualified or `pkg/cls`). */
export function componentFor(packageName: string, activity: string): string {
  assertPackageName('android', packageName);
  assertActivityName(activity);
  return activity.includes('/') ? activity : `${packageName}/${activity}`;
}

const KEY_ALIASES: Record<string, string> = { BACKSPACE: 'DEL', ESCAPE: 'ESCAPE', RETURN: 'ENTER' };

export function keycodeFor(key: string): string {
  assertKeyName(key);
  const k = key.toUpperCase().replace(/^KEYCODE_/, '');
  return `KEYCODE_${KEY_ALIASES[k] ?? k}`;
}

const BUTTON_KEYCODES: Record<string, string> = {
  HOME: 'KEYCODE_HOME',
  LOCK: 'KEYCODE_POWER',
  POWER: 'KEYCODE_POWER',
  VOLUME_UP: 'KEYCODE_VOLUME_UP',
  VOLUME_DOWN: 'KEYCODE_VOLUME_DOWN',
  SIRI: 'KEYCODE_ASSIST',
};

/** Longest `input text` argument sent at once; longer text goes in several commands. */
const TEXT_CHUNK = 500;

/** Text as typed on Android: runs of printable ASCII, with line breaks and tabs as ENTER and TAB keys. */
export type TextPiece = { text: string } | { keycode: 'KEYCODE_ENTER' | 'KEYCODE_TAB' };

/** Splits text into typed runs and ENTER/TAB keys; adb and the UiAutomator2 path type printable ASCII only. */
export function textPieces(text: string): TextPiece[] {
  assertText(text);
  if (/[^\x20-\x7e\n\t]/.test(text))
    throw new DeviceDriverError(
      'INVALID_INPUT',
      'text typed on Android may contain printable ASCII characters, tabs and line breaks only',
    );
  const pieces: TextPiece[] = [];
  for (const part of text.split(/([\n\t])/)) {
    if (part === '\n' || part === '\t') pieces.push({ keycode: part === '\n' ? 'KEYCODE_ENTER' : 'KEYCODE_TAB' });
    else if (part !== '') pieces.push({ text: part });
  }
  return pieces;
}

/**
 * `input text` commands that type `text` literally. `input text` reads "%s" as a space, so
 * spaces are sent as %s and a literal "%" followed by "s" ends one command before the "s";
 * line breaks and tabs are ENTER and TAB key events.
 */
export function textInputCommands(text: string): string[][] {
  const commands: string[][] = [];
  for (const piece of textPieces(text)) {
    if ('keycode' in piece) {
      commands.push(['input', 'keyevent', piece.keycode]);
      continue;
    }
    let chunk = '';
    const flush = () => {
      if (chunk !== '') commands.push(['input', 'text', chunk]);
      chunk = '';
    };
    const t = piece.text;
    for (let i = 0; i < t.length; i++) {
      const c = t[i]!;
      if (c === 's' && t[i - 1] === '%') flush();
      chunk += c === ' ' ? '%s' : c;
      if (chunk.length >= TEXT_CHUNK) flush();
    }
    flush();
  }
  return commands;
}

/** The keycode name of a hardware button on Android. */
export function buttonKeycode(button: string): string {
  const code = BUTTON_KEYCODES[button.toUpperCase()];
  if (!code)
    throw new DeviceDriverError(
      'INVALID_INPUT',
      'button must be HOME, LOCK, POWER, VOLUME_UP, VOLUME_DOWN or SIRI on Android',
    );
  return code;
}

/** Device shell words for one input event (touch phases are handled by the driver). */
export function inputArgs(event: Exclude<InputEvent, { kind: 'touch' }>): string[][] {
  assertInputEvent(event);
  const r = (n: number) => String(Math.round(n));
  switch (event.kind) {
    case 'tap':
      return [['input', 'tap', r(event.x), r(event.y)]];
    case 'double_tap':
      return [
        ['input', 'tap', r(event.x), r(event.y)],
        ['input', 'tap', r(event.x), r(event.y)],
      ];
    case 'long_press':
      return [['input', 'swipe', r(event.x), r(event.y), r(event.x), r(event.y), r(event.durationMs ?? 800)]];
    case 'swipe':
      return [['input', 'swipe', r(event.x), r(event.y), r(event.x2), r(event.y2), r(event.durationMs ?? 300)]];
    case 'key':
      return [['input', 'keyevent', keycodeFor(event.key)]];
    case 'button':
      return [['input', 'keyevent', buttonKeycode(event.button)]];
    case 'text':
      return textInputCommands(event.text);
  }
}

const INT32 = 2 ** 31;

/**
 * `am start` words with typed extras: --es string, --ez boolean, --ei int, --el long, --ef float.
 * Every word is quoted when the command line is built (`adbShellCommand`).
 */
export function amStartArgs(component: string, params: LaunchParams = {}): string[] {
  if (!component.includes('/'))
    throw new DeviceDriverError('INVALID_INPUT', 'the component to start must be package/activity');
  assertActivityName(component);
  assertLaunchParams(params);
  const args = ['am', 'start', '-W', '-n', component];
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'boolean') args.push('--ez', k, String(v));
    else if (typeof v === 'number')
      args.push(!Number.isInteger(v) ? '--ef' : Math.abs(v) < INT32 ? '--ei' : '--el', k, String(v));
    else args.push('--es', k, v);
  }
  return args;
}

/** The two settings that pin the screen to `rotation` (0..3 quarter turns). */
export function rotationArgs(quarterTurns: number): string[][] {
  if (!Number.isInteger(quarterTurns) || quarterTurns < 0 || quarterTurns > 3)
    throw new DeviceDriverError('INVALID_INPUT', 'rotation must be 0, 90, 180 or 270');
  return [
    ['settings', 'put', 'system', 'accelerometer_rotation', '0'],
    ['settings', 'put', 'system', 'user_rotation', String(quarterTurns)],
  ];
}
