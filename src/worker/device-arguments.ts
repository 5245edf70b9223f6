import type { DeviceType } from './device-types';

/**
 * Validators for everything a device command carries from a client: package names, bundle
 * ids, activities, launch parameters, keys, buttons, text and input events. Each `…Problem`
 * returns a client-safe sentence (it never repeats the value) or null when the value is valid;
 * the device-command catalog (device-catalog.ts) builds its argument schemas from them, so the
 * control plane answers 422 and a worker INVALID_INPUT with the same sentence; device-asserts.ts
 * applies them where a driver turns a value into a tool's argument.
 */

export const DEVICE_ARGUMENT_LIMITS = {
  packageName: 255,
  activityName: 300,
  launchParams: 50,
  paramName: 100,
  paramText: 1000,
  text: 4000,
  keyName: 50,
  buttonName: 50,
  coordinate: 100_000,
  durationMs: 60_000,
} as const;

const L = DEVICE_ARGUMENT_LIMITS;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/;
const JAVA_NAME = '[A-Za-z_$][A-Za-z0-9_$]*';
/** `.Main`, `.ui.Main` (relative to the package) or `com.example.Main` (fully qualified). */
const ANDROID_CLASS = new RegExp(`^(?:\\.${JAVA_NAME}(?:\\.${JAVA_NAME})*|${JAVA_NAME}(?:\\.${JAVA_NAME})+)$`);
/** Apple's set (letters, digits, '-', '.'), and no leading '-' that a tool could read as an option. */
const IOS_BUNDLE_ID = /^[A-Za-z0-9][A-Za-z0-9.-]*$/;
const PARAM_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
const KEY_NAME = /^[A-Za-z0-9_]+$/;
const BUTTON_NAME = /^[A-Za-z_]+$/;
const ROTATIONS: readonly number[] = [0, 90, 180, 270];
const POINTER_KINDS = ['tap', 'double_tap', 'long_press', 'swipe', 'touch'] as const;

function nonEmptyString(value: unknown, label: string): string | null {
  return typeof value === 'string' && value !== '' ? null : `${label} must be a non-empty string`;
}

/** Android package names: dot-separated parts of letters, digits and '_', each starting with a letter. */
export function androidPackageNameProblem(value: unknown, label = 'package name'): string | null {
  const missing = nonEmptyString(value, label);
  if (missing) return missing;
  if ((value as string).length > L.packageName) return `${label} must be at most ${L.packageName} characters`;
  if (!ANDROID_PACKAGE.test(value as string)) {
    return `${label} must be an Android package name: dot-separated parts of letters, digits and underscores, each starting with a letter (e.g. com.example.app)`;
  }
  return null;
}

/** iOS bundle ids: letters, digits, '-' and '.', starting with a letter or digit. */
export function iosBundleIdProblem(value: unknown, label = 'bundle id'): string | null {
  const missing = nonEmptyString(value, label);
  if (missing) return missing;
  if ((value as string).length > L.packageName) return `${label} must be at most ${L.packageName} characters`;
  if (!IOS_BUNDLE_ID.test(value as string))
    return `${label} must be an iOS bundle id: letters, digits, '-' and '.', starting with a letter or digit (e.g. com.example.App)`;
  return null;
}

/** The package name rule of the device's platform (Android package name or iOS bundle id). */
export function packageNameProblem(platform: DeviceType, value: unknown, label = 'package name'): string | null {
  return platform === 'android' ? androidPackageNameProblem(value, label) : iosBundleIdProblem(value, label);
}

/**
 * Android activities: relative to the package (`.MainActivity`), fully qualified
 * (`com.example.app.MainActivity`) or a whole component (`com.example.app/.MainActivity`).
 */
export function androidActivityNameProblem(value: unknown, label = 'activity name'): string | null {
  const missing = nonEmptyString(value, label);
  if (missing) return missing;
  const s = value as string;
  if (s.length > L.activityName) return `${label} must be at most ${L.activityName} characters`;
  const slash = s.indexOf('/');
  const [pkg, cls] = slash < 0 ? [null, s] : [s.slice(0, slash), s.slice(slash + 1)];
  if ((pkg !== null && !ANDROID_PACKAGE.test(pkg)) || !ANDROID_CLASS.test(cls)) {
    return `${label} must be an Android activity such as .MainActivity, com.example.app.MainActivity or com.example.app/.MainActivity`;
  }
  return null;
}

/**
 * Launch parameters: a flat object of at most 50 entries; names of letters, digits, '_', '.'
 * and '-' (not starting with '-' or '.'); values strings (at most 1000 characters), finite
 * numbers (integers within ±2^53) or booleans. Absent (undefined) is valid.
 */
export function launchParamsProblem(value: unknown, label = 'params'): string | null {
  if (value === undefined) return null;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return `${label} must be a flat JSON object`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > L.launchParams) return `${label} may have at most ${L.launchParams} entries`;
  for (const [name, v] of entries) {
    if (name.length > L.paramName || !PARAM_NAME.test(name)) {
      return `${label}: each name must be 1 to ${L.paramName} letters, digits, '_', '.' or '-', starting with a letter, digit or '_'`;
    }
    if (typeof v === 'string') {
      if (v.length > L.paramText) return `${label}.${name} must be at most ${L.paramText} characters`;
      if (v.includes('\0')) return `${label}.${name} must not contain NUL characters`;
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v)))
        return `${label}.${name} must be a finite number (integers within ±2^53)`;
    } else if (typeof v !== 'boolean') {
      return `${label}.${name} must be a string, a number or a boolean`;
    }
  }
  return null;
}

/** Key names: Android keycodes with or without `KEYCODE_` (BACK, ENTER, DPAD_UP, A, 0, ...). */
export function keyNameProblem(value: unknown, label = 'key'): string | null {
  const missing = nonEmptyString(value, label);
  if (missing) return missing;
  if ((value as string).length > L.keyName || !KEY_NAME.test(value as string))
    return `${label} must be a key name of letters, digits and underscores such as BACK or ENTER`;
  return null;
}

/** Hardware button names: HOME, LOCK, SIRI, VOLUME_UP, ... (letters and underscores). */
export function buttonNameProblem(value: unknown, label = 'button'): string | null {
  const missing = nonEmptyString(value, label);
  if (missing) return missing;
  if ((value as string).length > L.buttonName || !BUTTON_NAME.test(value as string))
    return `${label} must be a button name such as HOME or VOLUME_UP`;
  return null;
}

/** Typed text: any characters but NUL, at most 4000. Platforms may refuse more (see the drivers). */
export function textProblem(value: unknown, label = 'text'): string | null {
  if (typeof value !== 'string') return `${label} must be a string`;
  if (value.length > L.text) return `${label} must be at most ${L.text} characters`;
  if (value.includes('\0')) return `${label} must not contain NUL characters`;
  return null;
}

export function rotationProblem(value: unknown, label = 'rotation'): string | null {
  return typeof value === 'number' && ROTATIONS.includes(value) ? null : `${label} must be 0, 90, 180 or 270`;
}

function coordinateProblem(value: unknown, label: string): string | null {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= L.coordinate
    ? null
    : `${label} must be a number of pixels`;
}

/** An input event as the worker protocol carries it: a known kind with well-typed fields. */
export function inputEventProblem(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return 'the input event must be an object';
  const e = value as Record<string, unknown>;
  const kind = e.kind;
  if (typeof kind === 'string' && (POINTER_KINDS as readonly string[]).includes(kind)) {
    const fields = kind === 'swipe' ? ['x', 'y', 'x2', 'y2'] : ['x', 'y'];
    for (const f of fields) {
      const p = coordinateProblem(e[f], f);
      if (p) return p;
    }
    if (
      e.durationMs !== undefined &&
      !(
        typeof e.durationMs === 'number' &&
        Number.isFinite(e.durationMs) &&
        e.durationMs >= 0 &&
        e.durationMs <= L.durationMs
      )
    ) {
      return `duration must be 0 to ${L.durationMs} milliseconds`;
    }
    if (kind === 'touch' && !['start', 'move', 'end'].includes(e.phase as string))
      return 'touch phase must be start, move or end';
    return null;
  }
  if (kind === 'key') return keyNameProblem(e.key);
  if (kind === 'button') return buttonNameProblem(e.button);
  if (kind === 'text') return textProblem(e.text);
  return 'the input event kind must be tap, double_tap, long_press, swipe, touch, key, button or text';
}
