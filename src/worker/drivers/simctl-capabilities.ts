import type { CapabilityDriver } from '../capability-driver';
import {
  assertCapabilityArg,
  clipboardProblem,
  locationProblem,
  pushProblem,
  requirePackage,
  urlProblem,
  type DevicePermission,
  type PermissionState,
  type PushData,
} from '../device-capabilities';
import { assertPackageName } from '../device-asserts';
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';
import type { RunResult } from './exec';

/**
 * Pure argument building for the device capabilities over `xcrun simctl` (after `simctl`), and
 * the iOS driver's capability methods on top. Values are checked by their rules first; simctl
 * takes argv (no shell), and text and payloads go on stdin.
 */

export function simctlOpenUrlArgs(udid: string, url: string): string[] {
  assertCapabilityArg(urlProblem(url));
  return ['openurl', udid, url];
}

/** `simctl location <udid> set <lat>,<lon>`. */
export function simctlLocationArgs(udid: string, latitude: number, longitude: number): string[] {
  assertCapabilityArg(locationProblem(latitude, longitude));
  return ['location', udid, 'set', `${latitude},${longitude}`];
}

/** The `simctl privacy` service of each simdeck permission; camera and notifications have none. */
export const SIMCTL_PRIVACY_SERVICES: Readonly<Record<DevicePermission, string | null>> = {
  camera: null,
  microphone: 'microphone',
  location: 'location',
  photos: 'photos',
  contacts: 'contacts',
  notifications: null,
};

/** `simctl privacy <udid> grant|revoke|reset <service> [bundle]` (reset without a bundle: every app). */
export function simctlPrivacyArgs(
  udid: string,
  permission: DevicePermission,
  state: PermissionState,
  bundleId: string | undefined,
): string[] {
  const service = SIMCTL_PRIVACY_SERVICES[permission];
  if (service === undefined) throw new DeviceDriverError('INVALID_INPUT', 'unknown permission');
  if (service === null)
    throw new DeviceDriverError('UNSUPPORTED', `an iOS simulator cannot set the ${permission} permission with simctl`);
  const verb = state === 'granted' ? 'grant' : state === 'denied' ? 'revoke' : 'reset';
  if (state !== 'reset' || bundleId !== undefined) {
    const bundle = requirePackage(bundleId, `${verb} on an iOS simulator`);
    assertPackageName('ios', bundle);
    return ['privacy', udid, verb, service, bundle];
  }
  return ['privacy', udid, verb, service];
}

export function simctlPbcopyArgs(udid: string, text: string): { args: string[]; input: Buffer } {
  assertCapabilityArg(clipboardProblem(text));
  return { args: ['pbcopy', udid], input: Buffer.from(text, 'utf8') };
}

export function simctlAppearanceArgs(udid: string, mode: 'light' | 'dark'): string[] {
  if (mode !== 'light' && mode !== 'dark') throw new DeviceDriverError('INVALID_INPUT', 'mode must be light or dark');
  return ['ui', udid, 'appearance', mode];
}

/** `simctl push <udid> <bundle> -` with an APNs payload on stdin; `data` rides beside `aps`. */
export function simctlPushArgs(
  udid: string,
  bundleId: string | undefined,
  n: { title: string; body: string; data?: PushData },
): { args: string[]; input: Buffer } {
  assertCapabilityArg(pushProblem(n));
  const bundle = requirePackage(bundleId, 'push on an iOS simulator');
  assertPackageName('ios', bundle);
  const payload = { ...(n.data ?? {}), aps: { alert: { title: n.title, body: n.body }, sound: 'default' } };
  return { args: ['push', udid, bundle, '-'], input: Buffer.from(JSON.stringify(payload), 'utf8') };
}

type Simctl = (
  args: string[],
  opts?: { timeoutMs?: number; input?: Buffer; otherwise?: { code: DriverErrorCode; message: string } },
) => Promise<RunResult>;

/** The iOS driver's capability methods over its `simctl` runner and simulator lookup. */
export function iosCapabilities(simctl: Simctl, udidOf: (deviceId: string) => Promise<string>): CapabilityDriver {
  const notInstalled = (bundle: string | undefined) => ({
    code: 'APP_NOT_INSTALLED' as const,
    message: `${bundle ?? 'the app'} is not installed on this simulator`,
  });
  return {
    async openUrl(deviceId, url) {
      const udid = await udidOf(deviceId);
      await simctl(simctlOpenUrlArgs(udid, url), {
        otherwise: { code: 'INVALID_INPUT', message: 'no app on the simulator opens this link' },
      });
    },
    async setLocation(deviceId, { latitude, longitude }) {
      await simctl(simctlLocationArgs(await udidOf(deviceId), latitude, longitude));
    },
    async setPermission(deviceId, { package_name, permission, state }) {
      const args = simctlPrivacyArgs(await udidOf(deviceId), permission, state, package_name);
      await simctl(args, { otherwise: notInstalled(package_name) });
    },
    async getClipboard(deviceId) {
      const r = await simctl(['pbpaste', await udidOf(deviceId)]);
      return { text: r.stdout.toString('utf8').slice(0, 64 * 1024) };
    },
    async setClipboard(deviceId, text) {
      const { args, input } = simctlPbcopyArgs(await udidOf(deviceId), text);
      await simctl(args, { input });
    },
    async addMedia(deviceId, filePath, fileName) {
      await simctl(['addmedia', await udidOf(deviceId), filePath], { timeoutMs: 120_000 });
      return { name: fileName };
    },
    async setAppearance(deviceId, mode) {
      await simctl(simctlAppearanceArgs(await udidOf(deviceId), mode));
    },
    async push(deviceId, notification) {
      const { args, input } = simctlPushArgs(await udidOf(deviceId), notification.package_name, notification);
      await simctl(args, { input, otherwise: notInstalled(notification.package_name) });
    },
    async setNetwork() {
      throw new DeviceDriverError(
        'UNSUPPORTED',
        'an iOS simulator shares the network of its host and cannot go offline',
      );
    },
  };
}
