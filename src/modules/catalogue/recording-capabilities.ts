import { z } from 'zod';
import { clipboardProblem, PERMISSIONS, urlProblem } from '../../worker/device-capabilities';

/**
 * Recorded device capability actions (docs/virtual-devices.md, "Device capabilities"): a link
 * opened, the location, a permission, appearance, network or clipboard set. Replay carries them
 * out again through the session's device.
 */
export const CAPABILITY_GESTURES = [
  'open_url',
  'set_location',
  'set_permission',
  'set_appearance',
  'set_network',
  'set_clipboard',
] as const;

export const CAPABILITY_REQUIRED: Record<(typeof CAPABILITY_GESTURES)[number], string[]> = {
  open_url: ['url'],
  set_location: ['latitude', 'longitude'],
  set_permission: ['permission', 'state'],
  set_appearance: ['mode'],
  set_network: ['mode'],
  set_clipboard: ['text'],
};

const ruled = (rule: (v: unknown) => string | null) =>
  z.string({ error: 'must be a string' }).superRefine((v, ctx) => {
    const problem = rule(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The fields these actions carry (`text` of set_clipboard is the recording's own text field). */
export const CAPABILITY_FIELDS = {
  url: ruled((v) => urlProblem(v, 'must be a link:')).optional(),
  latitude: z
    .number({ error: 'must be a number' })
    .min(-90, 'must be from -90 to 90')
    .max(90, 'must be from -90 to 90')
    .optional(),
  longitude: z
    .number({ error: 'must be a number' })
    .min(-180, 'must be from -180 to 180')
    .max(180, 'must be from -180 to 180')
    .optional(),
  permission: z.enum(PERMISSIONS, { error: `must be one of ${PERMISSIONS.join(', ')}` }).optional(),
  state: z.enum(['granted', 'denied', 'reset'], { error: 'must be granted, denied or reset' }).optional(),
  mode: z.enum(['light', 'dark', 'online', 'offline'], { error: 'must be light, dark, online or offline' }).optional(),
};

/** The clipboard text of a recorded set_clipboard, within the clipboard's bound. */
export function capabilityTextProblem(type: string, text: unknown): string | null {
  return type === 'set_clipboard' ? clipboardProblem(text, 'text') : null;
}
