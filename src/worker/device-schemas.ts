import { z } from 'zod';
import {
  androidActivityNameProblem,
  buttonNameProblem,
  inputEventProblem,
  keyNameProblem,
  launchParamsProblem,
  packageNameProblem,
  rotationProblem,
  textProblem,
} from './device-arguments';
import type { DeviceType } from './device-types';

/**
 * The values device commands carry, as zod schemas (the command catalog, device-catalog.ts, is
 * built from them). An argument schema first applies the rule of device-arguments.ts, whose
 * sentence becomes the error, then gives the value its type.
 */

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

// ---- results --------------------------------------------------------------------------------

export const RotationSchema = z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]);
export type Rotation = z.infer<typeof RotationSchema>;

/** The screen in pixels as currently rotated: screenshots, frames, input and UI-tree bounds share it. */
export const ScreenInfoSchema = z.object({
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  rotation: RotationSchema,
});
export type ScreenInfo = z.infer<typeof ScreenInfoSchema>;

export const InstalledAppSchema = z.object({
  packageName: z.string(),
  name: z.string(),
  version: z.string(),
  /** Whether the app's declared permissions were granted at install (when the driver knows). */
  permissionsGranted: z.boolean().optional(),
});
export type InstalledApp = z.infer<typeof InstalledAppSchema>;

export interface UiNode {
  /** Stable within one screen state, e.g. "e12"; used as an element ref by agents. */
  ref: string;
  /** button, text, input, toggle, list, list_item, image, alert, screen, ... */
  role: string;
  text: string | null;
  /** accessibility identifier / resource-id */
  id: string | null;
  bounds: { x: number; y: number; width: number; height: number };
  enabled: boolean;
  focused: boolean;
  checked?: boolean;
  children: UiNode[];
}

export const UiNodeSchema: z.ZodType<UiNode> = z.lazy(() =>
  z.object({
    ref: z.string(),
    role: z.string(),
    text: z.string().nullable(),
    id: z.string().nullable(),
    bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
    enabled: z.boolean(),
    focused: z.boolean(),
    checked: z.boolean().optional(),
    children: z.array(UiNodeSchema),
  }),
);

/** A screenshot on the wire: the JPEG in base64 with the screen it shows. */
export const WireScreenshotSchema = z.object({
  image: z.string(),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  rotation: RotationSchema,
  /** When the device rendered it (ms since the epoch). */
  at: z.number(),
});

/** What a command that only acts answers. */
export const DoneSchema = z.null();

// ---- arguments ------------------------------------------------------------------------------

const Point = { x: z.number(), y: z.number() };

const InputEventShape = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tap'), ...Point }),
  z.object({ kind: z.literal('double_tap'), ...Point }),
  z.object({ kind: z.literal('long_press'), ...Point, durationMs: z.number().optional() }),
  z.object({ kind: z.literal('swipe'), ...Point, x2: z.number(), y2: z.number(), durationMs: z.number().optional() }),
  z.object({ kind: z.literal('touch'), phase: z.enum(['start', 'move', 'end']), ...Point }),
  /** Android keycodes without the KEYCODE_ prefix: BACK, HOME, MENU, ENTER, DEL, DPAD_UP, ... */
  z.object({ kind: z.literal('key'), key: z.string() }),
  /** iOS hardware buttons: HOME, LOCK, SIRI (and VOLUME_UP, VOLUME_DOWN). */
  z.object({ kind: z.literal('button'), button: z.string() }),
  z.object({ kind: z.literal('text'), text: z.string() }),
]);
export type InputEvent = z.infer<typeof InputEventShape>;
/** An input event within the bounds of device-arguments.ts (coordinates, durations, key and button names, text). */
export const InputEventSchema = ruled(inputEventProblem, InputEventShape);

export const RotationArgSchema = ruled((v) => rotationProblem(v), RotationSchema);

const LaunchParamsShape = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
/** Flat key-value launch parameters (intent extras / launch arguments). */
export type LaunchParams = z.infer<typeof LaunchParamsShape>;
export const LaunchParamsSchema = ruled((v) => launchParamsProblem(v, 'params'), LaunchParamsShape).optional();

/** A package name of the platform: an Android package name or an iOS bundle id. */
export function packageNameSchema(platform: DeviceType, label = 'package_name') {
  return ruled((v) => packageNameProblem(platform, v, label), z.string());
}

/** An Android activity; iOS apps have none. */
export function activityNameSchema(platform: DeviceType, label = 'activity_name') {
  return ruled(
    (v) =>
      platform === 'android' ? androidActivityNameProblem(v, label) : `${label}: only Android apps have activities`,
    z.string(),
  ).optional();
}

export const KeyNameSchema = ruled((v) => keyNameProblem(v), z.string());
export const ButtonNameSchema = ruled((v) => buttonNameProblem(v), z.string());
export const TextSchema = ruled((v) => textProblem(v), z.string());
