import {
  assertCapabilityArg,
  clipboardProblem,
  locationProblem,
  mediaNameProblem,
  pushProblem,
  urlProblem,
  type DevicePermission,
  type PermissionState,
  type PushData,
} from '../device-capabilities';
import { assertPackageName } from '../device-asserts';
import { DeviceDriverError } from '../driver-error';

/**
 * Pure command building and output parsing for the device capabilities over adb (deep links,
 * location, permissions, media, appearance, notifications, network). Every value is checked by
 * its rule first; device shell words are quoted when the line is built (`adbShellCommand`).
 */

/** `am start -a VIEW -d <url>`: the app that handles the link opens it (a browser for http/https). */
export function openUrlArgs(url: string): string[] {
  assertCapabilityArg(urlProblem(url));
  return ['am', 'start', '-W', '-a', 'android.intent.action.VIEW', '-d', url];
}

/** What `am start` printed when nothing handles the link, as a client-safe sentence; null when it started. */
export function openUrlFailure(out: string): string | null {
  if (!/^Error:/m.test(out)) return null;
  if (/unable to resolve Intent/i.test(out)) return 'no app on the device opens this link';
  return 'the device could not open the link';
}

/** `adb emu geo fix <longitude> <latitude>` (emulator console order: longitude first). */
export function geoFixArgs(serial: string, latitude: number, longitude: number): string[] {
  assertCapabilityArg(locationProblem(latitude, longitude));
  return ['-s', serial, 'emu', 'geo', 'fix', String(longitude), String(latitude)];
}

/** The default location of a fresh emulator (Mountain View), restored at session end. */
export const EMULATOR_DEFAULT_LOCATION = { latitude: 37.422, longitude: -122.084 };

/** The Android runtime permissions behind each simdeck permission (alternatives across API levels). */
export const ANDROID_PERMISSIONS: Readonly<Record<DevicePermission, readonly string[]>> = {
  camera: ['android.permission.CAMERA'],
  microphone: ['android.permission.RECORD_AUDIO'],
  location: ['android.permission.ACCESS_FINE_LOCATION', 'android.permission.ACCESS_COARSE_LOCATION'],
  photos: ['android.permission.READ_MEDIA_IMAGES', 'android.permission.READ_EXTERNAL_STORAGE'],
  contacts: ['android.permission.READ_CONTACTS'],
  notifications: ['android.permission.POST_NOTIFICATIONS'],
};

/**
 * The device shell commands that put `permission` of `packageName` in `state`: `pm grant`,
 * `pm revoke`, or for `reset` the user's choice forgotten (`pm clear-permission-flags`) and the
 * permission revoked, so the app asks again.
 */
export function permissionCommands(packageName: string, permission: DevicePermission, state: PermissionState) {
  assertPackageName('android', packageName);
  const names = ANDROID_PERMISSIONS[permission];
  if (!names) throw new DeviceDriverError('INVALID_INPUT', 'unknown permission');
  return names.map((name) => {
    if (state === 'granted') return [['pm', 'grant', packageName, name]];
    if (state === 'denied') return [['pm', 'revoke', packageName, name]];
    return [
      ['pm', 'revoke', packageName, name],
      ['pm', 'clear-permission-flags', packageName, name, 'user-set', 'user-fixed'],
    ];
  });
}

/** Why a `pm grant`/`pm revoke` failed: the app is not installed, or does not ask for the permission. */
export function classifyPmPermission(out: string): 'not_installed' | 'not_requested' | 'other' | null {
  if (out.trim() === '') return null;
  if (/Unknown package|package .* not found|NameNotFoundException/i.test(out)) return 'not_installed';
  if (/has not requested permission|not a changeable permission|Unknown permission/i.test(out)) return 'not_requested';
  if (/Exception|Error/i.test(out)) return 'other';
  return null;
}

/** Where media lands on the device, and the scan that shows it in the gallery. */
export function mediaPath(fileName: string): string {
  assertCapabilityArg(mediaNameProblem(fileName));
  return `/sdcard/Pictures/${fileName}`;
}

export function mediaScanArgs(devicePath: string): string[] {
  if (!/^\/sdcard\/Pictures\/[^/]+$/.test(devicePath))
    throw new DeviceDriverError('INVALID_INPUT', 'media goes to the device picture folder only');
  return ['am', 'broadcast', '-a', 'android.intent.action.MEDIA_SCANNER_SCAN_FILE', '-d', `file://${devicePath}`];
}

/** `cmd uimode night yes|no`. */
export function uiModeArgs(mode: 'light' | 'dark'): string[] {
  if (mode !== 'light' && mode !== 'dark') throw new DeviceDriverError('INVALID_INPUT', 'mode must be light or dark');
  return ['cmd', 'uimode', 'night', mode === 'dark' ? 'yes' : 'no'];
}

/** `cmd notification post`: a notification from the shell, its body as big text. */
export function notificationArgs(n: { title: string; body: string; data?: PushData }): string[] {
  assertCapabilityArg(pushProblem(n));
  return ['cmd', 'notification', 'post', '-S', 'bigtext', '-t', n.title, 'simdeck', n.body];
}

/** Wi-Fi and mobile data off (offline) or on (online) with `svc`. */
export function networkCommands(mode: 'online' | 'offline'): string[][] {
  if (mode !== 'online' && mode !== 'offline')
    throw new DeviceDriverError('INVALID_INPUT', 'mode must be online or offline');
  const verb = mode === 'online' ? 'enable' : 'disable';
  return [
    ['svc', 'wifi', verb],
    ['svc', 'data', verb],
  ];
}

/** Android has no clipboard command in its shell; the refusal says what to do instead. */
export function clipboardUnsupported(text?: string): never {
  if (text !== undefined) assertCapabilityArg(clipboardProblem(text));
  throw new DeviceDriverError(
    'UNSUPPORTED',
    'an Android device offers no clipboard over adb; type the text with the text action instead',
  );
}
