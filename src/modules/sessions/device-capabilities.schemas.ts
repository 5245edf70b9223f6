import { z } from 'zod';
import {
  clipboardProblem,
  DEVICE_CAPABILITIES,
  locationProblem,
  PERMISSION_STATES,
  PERMISSIONS,
  pushProblem,
  urlProblem,
} from '../../worker/device-capabilities';

/** A string field whose rule (device-capabilities.ts) answers the 400's sentence. */
const ruledString = (rule: (v: unknown) => string | null, description: string) =>
  z
    .string()
    .superRefine((v, ctx) => {
      const problem = rule(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description });

export const OpenUrlBody = z.object({
  url: ruledString(urlProblem, 'An http(s) address or an app link such as myapp://items/3 (at most 2 KB).'),
});
export type OpenUrlBody = z.infer<typeof OpenUrlBody>;

export const LocationBody = z.object({ latitude: z.number(), longitude: z.number() }).superRefine((v, ctx) => {
  const problem = locationProblem(v.latitude, v.longitude);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
export type LocationBody = z.infer<typeof LocationBody>;

export const PermissionBody = z.object({
  package_name: z.string().min(1).max(255).optional().meta({
    description: 'The app (Android package or iOS bundle id); required to grant or deny on Android and iOS.',
  }),
  permission: z.enum(PERMISSIONS),
  state: z.enum(PERMISSION_STATES),
});
export type PermissionBody = z.infer<typeof PermissionBody>;

export const ClipboardBody = z.object({ text: ruledString(clipboardProblem, 'Text of at most 64 KB.') });
export type ClipboardBody = z.infer<typeof ClipboardBody>;
export const ClipboardResult = z.object({ text: z.string() });

export const AppearanceBody = z.object({ mode: z.enum(['light', 'dark']) });
export type AppearanceBody = z.infer<typeof AppearanceBody>;

export const NetworkBody = z.object({ mode: z.enum(['online', 'offline']) });
export type NetworkBody = z.infer<typeof NetworkBody>;

export const PushBody = z
  .object({
    title: z.string().min(1).max(4096),
    body: z.string().max(4096),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    package_name: z.string().min(1).max(255).optional().meta({
      description:
        'The app that receives it; required on iOS simulators. Virtual devices default to the app in front, else the newest app with a notificationRoute.',
    }),
  })
  .superRefine((v, ctx) => {
    const problem = pushProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export type PushBody = z.infer<typeof PushBody>;

export const MediaResult = z.object({ status: z.literal('ok'), name: z.string() });

export const Capabilities = z.array(z.enum(DEVICE_CAPABILITIES)).meta({
  description:
    "The device capabilities the session's device supports (additive): open_url, location, permissions, clipboard, media, appearance, push, network.",
});
