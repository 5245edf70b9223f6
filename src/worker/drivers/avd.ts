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

/** Emulator arguments for a throwaway session: no window, no saved snapshot, disk writes discarded. */
export function emulatorArgs(avd: string, port: number): string[] {
  if (!AVD_NAME.test(avd))
    throw new DeviceDriverError('INVALID_INPUT', 'AVD names are letters, digits, "_", "." and "-"');
  return [
    '-avd',
    avd,
    '-port',
    String(port),
    '-no-window',
    '-no-audio',
    '-no-boot-anim',
    '-no-snapshot-save',
    '-read-only',
  ];
}
