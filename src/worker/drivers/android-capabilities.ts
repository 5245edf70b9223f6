import type { CapabilityDriver } from '../capability-driver';
import { requirePackage } from '../device-capabilities';
import { DeviceDriverError } from '../driver-error';
import {
  classifyPmPermission,
  clipboardUnsupported,
  EMULATOR_DEFAULT_LOCATION,
  geoFixArgs,
  mediaPath,
  mediaScanArgs,
  networkCommands,
  notificationArgs,
  openUrlArgs,
  openUrlFailure,
  permissionCommands,
  uiModeArgs,
} from './adb-capabilities';
import type { AdbHost } from './adb-host';
import { runTool, runToolUnchecked } from './exec';

/**
 * The device capabilities of the adb driver: each runs adb with words built and checked in
 * adb-capabilities.ts. `resetConditions` returns appearance, network and location to the
 * device's defaults (the driver's shutdown calls it).
 */
export function androidCapabilities(
  host: AdbHost,
  serialOf: (deviceId: string) => Promise<string>,
): CapabilityDriver & { resetConditions(serial: string): Promise<void> } {
  const sh = (serial: string, words: string[]) => host.sh(serial, words);
  const emulatorOnly = (serial: string, what: string) => {
    if (!serial.startsWith('emulator-'))
      throw new DeviceDriverError('UNSUPPORTED', `a USB Android device cannot ${what}; an emulator can`);
  };
  return {
    async openUrl(deviceId, url) {
      const words = openUrlArgs(url);
      const out = await sh(await serialOf(deviceId), words);
      const problem = openUrlFailure(out);
      if (problem) throw new DeviceDriverError('INVALID_INPUT', problem);
    },

    async setLocation(deviceId, { latitude, longitude }) {
      const serial = await serialOf(deviceId);
      emulatorOnly(serial, 'fake its location');
      await runTool(host.run, host.call('emu geo', geoFixArgs(serial, latitude, longitude)));
    },

    async setPermission(deviceId, { package_name, permission, state }) {
      const pkg = requirePackage(package_name, 'permissions');
      const groups = permissionCommands(pkg, permission, state);
      const serial = await serialOf(deviceId);
      let applied = 0;
      for (const commands of groups) {
        let ok = true;
        for (const words of commands) {
          const r = await runToolUnchecked(host.run, host.shellCall(serial, words));
          const why = classifyPmPermission(`${r.stdout.toString('utf8')}\n${r.stderr}`);
          if (why === 'not_installed')
            throw new DeviceDriverError('APP_NOT_INSTALLED', `${pkg} is not installed on this device`);
          if (why === 'other') throw new DeviceDriverError('TOOL_FAILED', 'adb pm could not change the permission');
          if (why === 'not_requested' || r.exitCode !== 0) ok = false;
        }
        if (ok) applied += 1;
      }
      if (applied === 0)
        throw new DeviceDriverError('INVALID_INPUT', `${pkg} does not ask for the ${permission} permission`);
    },

    async getClipboard() {
      return clipboardUnsupported();
    },

    async setClipboard(_deviceId, text) {
      clipboardUnsupported(text);
    },

    async addMedia(deviceId, filePath, fileName) {
      const target = mediaPath(fileName);
      const serial = await serialOf(deviceId);
      await runTool(host.run, host.call('push', ['-s', serial, 'push', filePath, target], 120_000));
      await sh(serial, mediaScanArgs(target));
      return { name: fileName };
    },

    async setAppearance(deviceId, mode) {
      await sh(await serialOf(deviceId), uiModeArgs(mode));
    },

    async push(deviceId, notification) {
      await sh(await serialOf(deviceId), notificationArgs(notification));
    },

    async setNetwork(deviceId, mode) {
      const serial = await serialOf(deviceId);
      for (const words of networkCommands(mode)) await sh(serial, words);
    },

    async resetConditions(serial) {
      await sh(serial, uiModeArgs('light'));
      for (const words of networkCommands('online')) await sh(serial, words);
      if (serial.startsWith('emulator-')) {
        const { latitude, longitude } = EMULATOR_DEFAULT_LOCATION;
        await runToolUnchecked(host.run, host.call('emu geo', geoFixArgs(serial, latitude, longitude)));
      }
    },
  };
}
