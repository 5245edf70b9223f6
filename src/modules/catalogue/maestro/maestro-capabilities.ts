import {
  locationProblem,
  PERMISSIONS,
  urlProblem,
  type DevicePermission,
  type PermissionState,
} from '../../../worker/device-capabilities';

/**
 * How Maestro's device-capability commands (`openLink`, `setLocation`, `setPermissions` and
 * `launchApp.permissions`, `setClipboard`, `setAirplaneMode`, `toggleAirplaneMode`) read as
 * simdeck's device capabilities: checked at import, mapped the same way when a run carries them out.
 */

/** Maestro's permission names that simdeck's devices can set, as simdeck names them. */
export const MAESTRO_PERMISSIONS: Record<string, DevicePermission> = {
  camera: 'camera',
  microphone: 'microphone',
  location: 'location',
  photos: 'photos',
  medialibrary: 'photos',
  contacts: 'contacts',
  notifications: 'notifications',
};

/** Maestro's permission values, as simdeck's states (`always`/`inuse`/`never` are iOS location's). */
const MAESTRO_PERMISSION_VALUES: Record<string, PermissionState> = {
  allow: 'granted',
  deny: 'denied',
  unset: 'reset',
  always: 'granted',
  inuse: 'granted',
  never: 'denied',
};

type Args = Record<string, unknown>;
const isRecord = (v: unknown): v is Args => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A value a run substitutes (`${…}`): checked when it runs, not at import. */
const deferred = (v: unknown) => typeof v === 'string' && v.includes('${');

/**
 * A `permissions` mapping as the permission settings to apply, in order: `all` first (every
 * permission simdeck sets), then the named ones, which override it whatever order they are written in.
 * Returns a sentence naming the first problem instead when the mapping is not one Maestro writes.
 */
export function readPermissions(
  value: unknown,
): { settings: { permission: DevicePermission; state: PermissionState }[] } | { problem: string } {
  if (!isRecord(value))
    return { problem: 'permissions: must be a mapping of permission names to allow, deny or unset' };
  const entries = Object.entries(value);
  if (entries.length > 40) return { problem: 'permissions: names more than 40 permissions' };
  const states = new Map<DevicePermission, PermissionState>();
  const ordered = [...entries.filter(([k]) => k === 'all'), ...entries.filter(([k]) => k !== 'all')];
  for (const [name, raw] of ordered) {
    const state = MAESTRO_PERMISSION_VALUES[String(raw).trim().toLowerCase()];
    if (!state) return { problem: `permissions.${name}: must be allow, deny or unset` };
    if (name === 'all') {
      for (const p of PERMISSIONS) states.set(p, state);
      continue;
    }
    const permission = MAESTRO_PERMISSIONS[name.toLowerCase()];
    if (!permission)
      return {
        problem: `permissions.${name}: not a permission simdeck sets (it sets ${Object.keys(MAESTRO_PERMISSIONS).join(', ')} and all)`,
      };
    states.set(permission, state);
  }
  return { settings: [...states].map(([permission, state]) => ({ permission, state })) };
}

/** `openLink`'s link: the scalar, or the mapping's `link`. */
export function linkOf(args: unknown): unknown {
  return isRecord(args) ? args.link : args;
}

/** `setLocation`'s coordinates as numbers (Maestro writes them as numbers or quoted strings). */
export function coordinatesOf(args: unknown): { latitude: number; longitude: number } | { problem: string } {
  const o = isRecord(args) ? args : {};
  const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
  const latitude = toNumber(o.latitude);
  const longitude = toNumber(o.longitude);
  const problem = locationProblem(latitude, longitude);
  if (problem) return { problem };
  return { latitude: latitude as number, longitude: longitude as number };
}

/** `setAirplaneMode`'s value as whether airplane mode is on, or null when it is neither enabled nor disabled. */
export function airplaneModeOf(args: unknown): boolean | null {
  const v = String(args ?? '')
    .trim()
    .toLowerCase();
  return v === 'enabled' ? true : v === 'disabled' ? false : null;
}

/**
 * The import's check of a capability command's value (its fields were checked already): each
 * problem as a sentence. Values a run substitutes are checked when they run.
 */
export function capabilityProblems(name: string, args: unknown): string[] {
  const problems: string[] = [];
  switch (name) {
    case 'openLink': {
      const link = linkOf(args);
      if (link === undefined || link === null) problems.push('needs `link`');
      else if (!deferred(link)) {
        const problem = urlProblem(link, 'link');
        if (problem) problems.push(problem);
      }
      if (isRecord(args))
        for (const k of ['autoVerify', 'browser'])
          if (args[k] !== undefined && typeof args[k] !== 'boolean' && !deferred(args[k]))
            problems.push(`${k}: must be true or false`);
      break;
    }
    case 'setLocation': {
      const o = isRecord(args) ? args : {};
      if (o.latitude === undefined || o.longitude === undefined) problems.push('needs `latitude` and `longitude`');
      else if (!deferred(o.latitude) && !deferred(o.longitude)) {
        const read = coordinatesOf(o);
        if ('problem' in read) problems.push(read.problem);
      }
      break;
    }
    case 'setPermissions':
    case 'launchApp': {
      const permissions = isRecord(args) ? args.permissions : undefined;
      if (permissions === undefined) {
        if (name === 'setPermissions') problems.push('needs `permissions`');
        break;
      }
      if (isRecord(permissions) && Object.values(permissions).some(deferred)) break;
      const read = readPermissions(permissions);
      if ('problem' in read) problems.push(read.problem);
      break;
    }
    case 'setClipboard': {
      const text = isRecord(args) ? args.text : args;
      if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'boolean')
        problems.push('needs the text to put on the clipboard');
      break;
    }
    case 'setAirplaneMode':
      if (!deferred(args) && airplaneModeOf(args) === null) problems.push('must be enabled or disabled');
      break;
  }
  return problems;
}
