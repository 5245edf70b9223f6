import { z } from 'zod';
import type { DeviceType } from './device-types';
import { DeviceDriverError } from './driver-error';

/**
 * What a test needs from a device besides input: deep links, location, permissions, clipboard,
 * media, appearance, notifications and the network. The argument rules and schemas of their
 * device commands (device-catalog.ts builds its entries from them), and which device kinds offer
 * which capability. Each rule returns a client-safe sentence that never repeats the value.
 */

export const DEVICE_CAPABILITIES = [
  'open_url',
  'location',
  'permissions',
  'clipboard',
  'media',
  'appearance',
  'push',
  'network',
] as const;
export type DeviceCapability = (typeof DEVICE_CAPABILITIES)[number];

/** The driver kinds a worker announces (`virtual`, `android`, `ios`); anything else offers none. */
export function capabilitiesFor(driver: string | null, platform: DeviceType): DeviceCapability[] {
  if (driver === 'virtual' || driver === 'android') return [...DEVICE_CAPABILITIES];
  // The simulator has no network switch of its own: it shares the host's.
  if (driver === 'ios' && platform === 'ios') return DEVICE_CAPABILITIES.filter((c) => c !== 'network');
  return [];
}

/** How a device kind is named in a refusal ("an iOS simulator cannot …"). */
export function deviceKindName(driver: string | null, platform: DeviceType): string {
  if (driver === 'virtual') return `a virtual ${platform === 'ios' ? 'iOS' : 'Android'} device`;
  if (driver === 'ios') return 'an iOS simulator';
  if (driver === 'android') return 'an Android device';
  return 'this device';
}

export const CAPABILITY_LIMITS = {
  urlChars: 2048,
  clipboardBytes: 64 * 1024,
  pushBytes: 4096,
  mediaBytes: 100 * 1024 * 1024,
  mediaNameChars: 255,
} as const;

export const PERMISSIONS = ['camera', 'microphone', 'location', 'photos', 'contacts', 'notifications'] as const;
export type DevicePermission = (typeof PERMISSIONS)[number];
export const PERMISSION_STATES = ['granted', 'denied', 'reset'] as const;
export type PermissionState = (typeof PERMISSION_STATES)[number];

/** Schemes that would hand a device a file, a script or another app's content instead of a link. */
const REFUSED_SCHEMES = new Set(['file', 'javascript', 'data', 'content', 'intent', 'about', 'blob', 'vbscript']);

const CONTROL = /[\u0000-\u001f\u007f\s]/;

export function urlProblem(value: unknown, label = 'url'): string | null {
  if (typeof value !== 'string' || value === '') return `${label} must be a non-empty string`;
  if (value.length > CAPABILITY_LIMITS.urlChars) return `${label} must be at most 2 KB`;
  if (CONTROL.test(value)) return `${label} must not contain spaces or control characters (percent-encode them)`;
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value);
  if (!m) return `${label} must be an absolute link such as https://example.com or myapp://path`;
  const scheme = m[1]!.toLowerCase();
  if (REFUSED_SCHEMES.has(scheme))
    return `${label}: ${scheme} links cannot be opened; use http, https or an app scheme`;
  if ((scheme === 'http' || scheme === 'https') && !URL.canParse(value))
    return `${label} must be a valid ${scheme} address`;
  if (value.startsWith('-')) return `${label} must not start with '-'`;
  return null;
}

export function locationProblem(latitude: unknown, longitude: unknown): string | null {
  if (typeof latitude !== 'number' || !Number.isFinite(latitude) || latitude < -90 || latitude > 90)
    return 'latitude must be a number from -90 to 90';
  if (typeof longitude !== 'number' || !Number.isFinite(longitude) || longitude < -180 || longitude > 180)
    return 'longitude must be a number from -180 to 180';
  return null;
}

export function clipboardProblem(value: unknown, label = 'text'): string | null {
  if (typeof value !== 'string') return `${label} must be a string`;
  if (Buffer.byteLength(value, 'utf8') > CAPABILITY_LIMITS.clipboardBytes) return `${label} must be at most 64 KB`;
  if (value.includes('\0')) return `${label} must not contain NUL characters`;
  return null;
}

export type PushData = Record<string, string | number | boolean>;

export function pushProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return 'the notification must be an object';
  const v = value as { title?: unknown; body?: unknown; data?: unknown };
  if (typeof v.title !== 'string' || v.title.trim() === '') return 'title must be a non-empty string';
  if (typeof v.body !== 'string') return 'body must be a string';
  if (`${v.title}${v.body}`.includes('\0')) return 'title and body must not contain NUL characters';
  if (v.data !== undefined) {
    if (v.data === null || typeof v.data !== 'object' || Array.isArray(v.data))
      return 'data must be a flat JSON object';
    for (const [k, d] of Object.entries(v.data)) {
      if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/.test(k))
        return 'data keys must be letters, digits, "_", "." and "-" (at most 100 characters)';
      if (!['string', 'number', 'boolean'].includes(typeof d))
        return 'data values must be strings, numbers or booleans';
    }
  }
  if (Buffer.byteLength(JSON.stringify({ title: v.title, body: v.body, data: v.data ?? {} }), 'utf8') > 4096)
    return 'the notification must be at most 4 KB';
  return null;
}

/** A media file's name as the device shows it: its base name, without path or control characters. */
export function mediaNameProblem(value: unknown, label = 'file_name'): string | null {
  if (typeof value !== 'string' || value === '') return `${label} must be a non-empty string`;
  if (value.length > CAPABILITY_LIMITS.mediaNameChars) return `${label} must be at most 255 characters`;
  if (!/^[A-Za-z0-9_][A-Za-z0-9 _.()-]*\.(?:jpe?g|png|heic|mp4)$/i.test(value))
    return `${label} must be a plain file name ending in .jpg, .jpeg, .png, .heic or .mp4`;
  return null;
}

export type MediaKind = 'jpeg' | 'png' | 'heic' | 'mp4';

/** The kind of a media file by its first bytes (JPEG, PNG, HEIC or MP4), or null. */
export function sniffMedia(head: Buffer): MediaKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis'].includes(brand)) return 'heic';
    if (['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'M4V ', 'mp71', 'dash', 'qt  '].includes(brand)) return 'mp4';
  }
  return null;
}

/** `rule`'s sentence when it objects; otherwise `shape` types the value. */
function ruled<T extends z.ZodType>(rule: (value: unknown) => string | null, shape: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .pipe(shape);
}

export const UrlArgSchema = ruled((v) => urlProblem(v), z.string());
export const ClipboardTextSchema = ruled((v) => clipboardProblem(v), z.string());
export const MediaNameSchema = ruled((v) => mediaNameProblem(v), z.string());
export const LocationArgsSchema = ruled(
  (v) => {
    const o = (v ?? {}) as { latitude?: unknown; longitude?: unknown };
    return locationProblem(o.latitude, o.longitude);
  },
  z.object({ latitude: z.number(), longitude: z.number() }),
);
export const PushArgsShape = z.object({
  title: z.string(),
  body: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export const PermissionSchema = z.enum(PERMISSIONS, {
  error: `permission must be one of ${PERMISSIONS.join(', ')}`,
});
export const PermissionStateSchema = z.enum(PERMISSION_STATES, { error: 'state must be granted, denied or reset' });
export const AppearanceSchema = z.enum(['light', 'dark'], { error: 'mode must be light or dark' });
export const NetworkModeSchema = z.enum(['online', 'offline'], { error: 'mode must be online or offline' });

/** The rule as an assertion, where a driver turns a value into a tool's argument. */
export function assertCapabilityArg(problem: string | null): void {
  if (problem) throw new DeviceDriverError('INVALID_INPUT', problem);
}

/** The package name a push or a permission is for, when the device needs one and none was named. */
export function requirePackage(packageName: string | undefined, what: string): string {
  if (!packageName) throw new DeviceDriverError('INVALID_INPUT', `package_name: required for ${what} on this device`);
  return packageName;
}
