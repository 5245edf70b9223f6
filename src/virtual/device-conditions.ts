import type { MediaKind } from '../worker/device-capabilities';
import type { DevicePermission, PermissionState } from '../worker/device-capabilities';
import type { Scalar } from './app-model';
import type { Vars } from './app-templates';

/**
 * What a virtual device holds besides its apps: location, appearance, network, clipboard, the
 * permission answers of each app, the photo library and the notification banner. A session's
 * end powers the device off, which returns all of it to the defaults.
 */

export interface ConditionValues {
  latitude: number;
  longitude: number;
  appearance: 'light' | 'dark';
  online: boolean;
  clipboard: string;
}

/** A fresh device: Apple Park, light, online, nothing copied. */
export const DEFAULT_CONDITIONS: Readonly<ConditionValues> = {
  latitude: 37.3349,
  longitude: -122.009,
  appearance: 'light',
  online: true,
  clipboard: '',
};

export interface MediaItem {
  name: string;
  kind: MediaKind;
}

export interface Notification {
  title: string;
  body: string;
  data: Record<string, Scalar>;
  /** The app a tap opens. */
  packageName: string;
}

type Answer = 'granted' | 'denied' | 'undecided';

export class DeviceConditions {
  values: ConditionValues = { ...DEFAULT_CONDITIONS };
  media: MediaItem[] = [];
  banner: Notification | null = null;
  private readonly answers = new Map<string, Map<DevicePermission, Answer>>();

  reset(): void {
    this.values = { ...DEFAULT_CONDITIONS };
    this.media = [];
    this.banner = null;
    this.answers.clear();
  }

  /** Whether the app may use `permission`: its recorded answer, else what the install granted. */
  permission(packageName: string, permission: DevicePermission, grantedAtInstall: boolean): boolean | undefined {
    const answer = this.answers.get(packageName)?.get(permission);
    if (answer === 'granted') return true;
    if (answer === 'denied') return false;
    if (answer === 'undecided') return undefined;
    return grantedAtInstall ? true : undefined;
  }

  setPermission(packageName: string, permission: DevicePermission, state: PermissionState): void {
    let perApp = this.answers.get(packageName);
    if (!perApp) this.answers.set(packageName, (perApp = new Map()));
    perApp.set(permission, state === 'reset' ? 'undecided' : state);
  }

  /** Forgets every app's answer for `permission` (a reset without an app). */
  resetPermissionForAll(permission: DevicePermission, packages: Iterable<string>): void {
    for (const p of packages) this.setPermission(p, permission, 'reset');
  }

  /** Forgets what an uninstalled or cleared app was allowed. */
  forgetApp(packageName: string): void {
    this.answers.delete(packageName);
  }

  /** The read-only `device.*` variables app models see. */
  deviceVars(): Vars {
    const v = this.values;
    return {
      'device.latitude': v.latitude,
      'device.longitude': v.longitude,
      'device.appearance': v.appearance,
      'device.online': v.online,
      'device.clipboard': v.clipboard,
    };
  }
}

/** `notification.title`, `notification.body` and `notification.data.<key>` of a tapped notification. */
export function notificationVars(n: Notification | null): Vars {
  if (!n) return {};
  const out: Vars = { 'notification.title': n.title, 'notification.body': n.body };
  for (const [k, v] of Object.entries(n.data)) out[`notification.data.${k}`] = v;
  return out;
}

const READ_ONLY = /^(?:device|notification)\./;

/**
 * An app's variables with the system's read-only ones (`device.*`, `notification.*`) readable
 * beside them: templates and conditions read them like any variable, `set` cannot change them,
 * and they are never saved with the app's state (they are not the object's own keys).
 */
export function withSystemVars(vars: Vars, system: () => Vars): Vars {
  return new Proxy(vars, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && READ_ONLY.test(prop)) return system()[prop];
      return Reflect.get(target, prop, receiver);
    },
    set(target, prop, value, receiver) {
      if (typeof prop === 'string' && READ_ONLY.test(prop)) return true;
      return Reflect.set(target, prop, value, receiver);
    },
    has(target, prop) {
      if (typeof prop === 'string' && READ_ONLY.test(prop)) return prop in system();
      return Reflect.has(target, prop);
    },
  });
}

/** The placeholders of `pattern` (`sample://items/{id}`) in `url`, or null when it does not match. */
export function matchDeepLink(pattern: string, url: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
    .map((part) => {
      const m = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part);
      if (m) {
        names.push(m[1]!);
        return '([^/?#]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  const bare = url.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1');
  const m = new RegExp(`^${source}$`, 'i').exec(bare);
  if (!m) return null;
  const out: Record<string, string> = {};
  names.forEach((n, i) => {
    const raw = m[i + 1]!;
    try {
      out[n] = decodeURIComponent(raw);
    } catch {
      out[n] = raw;
    }
  });
  return out;
}

/** What a running app reaches of its device: its name, the `device.*` values, permissions, photos, clipboard. */
export interface AppDeviceLink {
  appName: string;
  vars(): Vars;
  permission(permission: DevicePermission): boolean | undefined;
  decide(permission: DevicePermission, granted: boolean): void;
  media(): readonly MediaItem[];
  clipboard(): string;
}
