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
import { DeviceDriverError } from '../driver-error';
import type { Simctl } from 'node-simctl';
import type { SimctlClient } from './simctl-client';

/**
 * The device capabilities over `xcrun simctl`: argument checks (each value by its rule first;
 * the builders say which argv simctl sees), and the iOS driver's capability methods, which run
 * node-simctl's verbs (`openUrl`, `setLocation`, `grantPermission`, `setPasteboard`,
 * `pushNotification`, ...). simctl takes argv (no shell); clipboard text goes on stdin and a push
 * payload in a file.
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

export function simctlAppearanceArgs(udid: string, mode: 'light' | 'dark'): string[] {
  if (mode !== 'light' && mode !== 'dark') throw new DeviceDriverError('INVALID_INPUT', 'mode must be light or dark');
  return ['ui', udid, 'appearance', mode];
}

/**
 * The APNs payload of `simctl push <udid> <file>`: `data` rides beside `aps`, and the target app
 * is the payload's "Simulator Target Bundle" (simctl reads it when no bundle id is given).
 */
export function simctlPushPayload(
  bundleId: string | undefined,
  n: { title: string; body: string; data?: PushData },
): Record<string, unknown> {
  assertCapabilityArg(pushProblem(n));
  const bundle = requirePackage(bundleId, 'push on an iOS simulator');
  assertPackageName('ios', bundle);
  return {
    ...(n.data ?? {}),
    aps: { alert: { title: n.title, body: n.body }, sound: 'default' },
    'Simulator Target Bundle': bundle,
  };
}

/** The iOS driver's capability methods over node-simctl's verbs and the simulator lookup. */
export function iosCapabilities(client: SimctlClient, udidOf: (deviceId: string) => Promise<string>): CapabilityDriver {
  const notInstalled = (bundle: string | undefined) => ({
    code: 'APP_NOT_INSTALLED' as const,
    message: `${bundle ?? 'the app'} is not installed on this simulator`,
  });
  /** A verb node-simctl has no method for (or one that cannot take every form): its exec. */
  const exec = (s: Simctl, args: string[]) => s.exec(args[0]!, { args: args.slice(1), logErrors: false });
  return {
    async openUrl(deviceId, url) {
      const udid = await udidOf(deviceId);
      simctlOpenUrlArgs(udid, url);
      await client.call('openurl', udid, (s) => s.openUrl(url), {
        otherwise: { code: 'INVALID_INPUT', message: 'no app on the simulator opens this link' },
      });
    },
    async setLocation(deviceId, { latitude, longitude }) {
      const udid = await udidOf(deviceId);
      simctlLocationArgs(udid, latitude, longitude);
      await client.call('location', udid, (s) => s.setLocation(latitude, longitude));
    },
    async setPermission(deviceId, { package_name, permission, state }) {
      const udid = await udidOf(deviceId);
      const args = simctlPrivacyArgs(udid, permission, state, package_name);
      const [, , verb, service, bundle] = args;
      await client.call(
        'privacy',
        udid,
        async (s) => {
          if (bundle === undefined) await exec(s, args);
          else if (verb === 'grant') await s.grantPermission(bundle, service!);
          else if (verb === 'revoke') await s.revokePermission(bundle, service!);
          else await s.resetPermission(bundle, service!);
        },
        { otherwise: notInstalled(package_name) },
      );
    },
    async getClipboard(deviceId) {
      const udid = await udidOf(deviceId);
      const text = await client.call('pbpaste', udid, (s) => s.getPasteboard('utf8'));
      return { text: (text ?? '').slice(0, 64 * 1024) };
    },
    async setClipboard(deviceId, text) {
      const udid = await udidOf(deviceId);
      assertCapabilityArg(clipboardProblem(text));
      await client.call('pbcopy', udid, (s) => s.setPasteboard(text, 'utf8'));
    },
    async addMedia(deviceId, filePath, fileName) {
      const udid = await udidOf(deviceId);
      await client.call('addmedia', udid, (s) => s.addMedia(filePath), { timeoutMs: 120_000 });
      return { name: fileName };
    },
    async setAppearance(deviceId, mode) {
      const udid = await udidOf(deviceId);
      simctlAppearanceArgs(udid, mode);
      await client.call('ui', udid, (s) => s.setAppearance(mode));
    },
    async push(deviceId, notification) {
      const udid = await udidOf(deviceId);
      const payload = simctlPushPayload(notification.package_name, notification);
      // node-simctl writes the payload to a file and runs `simctl push <udid> <file>`: the
      // bundle goes in the payload's "Simulator Target Bundle" key.
      await client.call('push', udid, (s) => s.pushNotification(payload), {
        otherwise: notInstalled(notification.package_name),
      });
    },
    async setNetwork() {
      throw new DeviceDriverError(
        'UNSUPPORTED',
        'an iOS simulator shares the network of its host and cannot go offline',
      );
    },
  };
}
