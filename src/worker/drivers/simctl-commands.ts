import type { DeviceCategory, LaunchParams } from '../driver';
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';
import { assertLaunchParams, assertPackageName } from '../device-asserts';

/** Pure output parsing and the argument rules for `xcrun simctl` (run through node-simctl, simctl-client.ts). */

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
