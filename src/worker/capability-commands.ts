import { z } from 'zod';
import {
  AppearanceSchema,
  ClipboardTextSchema,
  LocationArgsSchema,
  MediaNameSchema,
  NetworkModeSchema,
  PermissionSchema,
  PermissionStateSchema,
  PushArgsShape,
  pushProblem,
  UrlArgSchema,
} from './device-capabilities';
import { DoneSchema, packageNameSchema } from './device-schemas';
import type { DeviceType } from './device-types';

/**
 * The catalog entries (device-catalog.ts) of the device capabilities: deep links, location,
 * permissions, clipboard, media, appearance, notifications and the network. Their arguments are
 * checked by the rules of device-capabilities.ts on both ends.
 */

const TIMEOUT_MS = 30_000;

/** A notification within the bounds of pushProblem (title, body, flat data, 4 KB). */
const PushRule = z.unknown().superRefine((value, ctx) => {
  const problem = pushProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const CAPABILITY_COMMANDS = {
  open_url: {
    args: () => z.object({ url: UrlArgSchema }),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: true,
  },
  set_location: { args: () => LocationArgsSchema, result: DoneSchema, timeoutMs: TIMEOUT_MS, changesScreen: true },
  set_permission: {
    args: (p: DeviceType) =>
      z.object({
        package_name: packageNameSchema(p).optional(),
        permission: PermissionSchema,
        state: PermissionStateSchema,
      }),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: true,
  },
  get_clipboard: {
    args: () => z.object({}),
    result: z.object({ text: z.string() }),
    timeoutMs: TIMEOUT_MS,
    changesScreen: false,
  },
  set_clipboard: {
    args: () => z.object({ text: ClipboardTextSchema }),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: false,
  },
  /** The worker downloads the file from `url` (a path on the control plane) and adds it to the photo library. */
  add_media: {
    args: () =>
      z.object({
        url: z
          .string()
          .max(2000)
          .regex(/^\/(?!\/)/, 'url must be a path on the control plane'),
        file_name: MediaNameSchema,
      }),
    result: z.object({ name: z.string() }),
    timeoutMs: 120_000,
    changesScreen: true,
  },
  set_appearance: {
    args: () => z.object({ mode: AppearanceSchema }),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: true,
  },
  push: {
    args: (p: DeviceType) => PushRule.pipe(PushArgsShape.extend({ package_name: packageNameSchema(p).optional() })),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: true,
  },
  set_network: {
    args: () => z.object({ mode: NetworkModeSchema }),
    result: DoneSchema,
    timeoutMs: TIMEOUT_MS,
    changesScreen: true,
  },
};

/** The capability operations of the catalog. */
export type CapabilityOp = keyof typeof CAPABILITY_COMMANDS;
