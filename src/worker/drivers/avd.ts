import type { DeviceCategory } from '../driver';
import { DeviceDriverError } from '../driver-error';

/** Android Virtual Devices: their config, their OS release, how the emulator starts one. */

/** AVD config.ini → model, OS and category. */
export function parseAvdConfig(ini: string): {
  displayName: string | null;
  model: string | null;
  apiLevel: number | null;
  category: DeviceCategory;
} {
  const kv: Record<string, string> = {};
  for (const line of ini.split('\n')) {
    const i = line.indexOf('=');
    if (i > 0) kv[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  const api = /android-(\d+)/.exec(kv['image.sysdir.1'] ?? '');
  const tag = kv['tag.id'] ?? '';
  const device = kv['hw.device.name'] ?? '';
  const category: DeviceCategory =
    /tv/.test(tag) || /^tv_/.test(device) ? 'tv' : /tablet/i.test(device) ? 'tablet' : 'phone';
  const model = device
    ? device
        .split('_')
        .map((w) => (w.length <= 2 && /^\d/.test(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
        .join(' ')
    : null;
  return { displayName: kv['avd.ini.displayname'] ?? null, model, apiLevel: api ? Number(api[1]) : null, category };
}

const API_TO_RELEASE: Record<number, string> = {
  28: '9',
  29: '10',
  30: '11',
  31: '12',
  32: '12L',
  33: '13',
  34: '14',
  35: '15',
  36: '16',
};

export function androidReleaseFor(apiLevel: number | null): string {
  if (apiLevel === null) return 'unknown';
  return API_TO_RELEASE[apiLevel] ?? `API ${apiLevel}`;
}

/** AVD names as `emulator -list-avds` prints them; a leading '-' would read as an option. */
export const AVD_NAME = /^\w[\w.-]*$/;

/**
 * Emulator arguments for a throwaway session: no window, nothing saved back, disk writes
 * discarded. Boot is a quick boot: from the named snapshot when one is given (`-snapshot`, made
 * once on the host with `adb emu avd snapshot save <name>`), else from the AVD's quick-boot
 * snapshot when it has one, else cold.
 */
export function emulatorArgs(avd: string, port: number, opts: { snapshot?: string | null } = {}): string[] {
  if (!AVD_NAME.test(avd))
    throw new DeviceDriverError('INVALID_INPUT', 'AVD names are letters, digits, "_", "." and "-"');
  const snapshot = opts.snapshot ? ['-snapshot', snapshotName(opts.snapshot)] : [];
  return [
    '-avd',
    avd,
    '-port',
    String(port),
    ...snapshot,
    '-no-window',
    '-no-audio',
    '-no-boot-anim',
    '-no-snapshot-save',
    '-read-only',
  ];
}

function snapshotName(name: string): string {
  if (!AVD_NAME.test(name))
    throw new DeviceDriverError('INVALID_INPUT', 'snapshot names are letters, digits, "_", "." and "-"');
  return name;
}

/**
 * adb arguments that put a running emulator back to a snapshot (the emulator console's
 * `avd snapshot load`): a device-wide reset in seconds instead of a reboot.
 */
export function snapshotLoadArgs(serial: string, name: string): string[] {
  return ['-s', serial, 'emu', 'avd', 'snapshot', 'load', snapshotName(name)];
}
