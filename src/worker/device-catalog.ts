import { z } from 'zod';
import type { DeviceType } from './device-types';
import { DeviceDriverError } from './driver-error';
import {
  activityNameSchema,
  DoneSchema,
  InputEventSchema,
  InstalledAppSchema,
  LaunchParamsSchema,
  packageNameSchema,
  RotationArgSchema,
  ScreenInfoSchema,
  UiNodeSchema,
  WireScreenshotSchema,
} from './device-schemas';
import { CAPABILITY_COMMANDS } from './capability-commands';
import { ReadLogsArgsSchema, ReadLogsResultSchema } from './logs/device-log-schemas';
import {
  RecordStartArgsSchema,
  RecordStartResultSchema,
  RecordStopArgsSchema,
  RecordStopResultSchema,
} from './video/recording-schemas';

/**
 * The device-command catalog: every operation the control plane sends a device worker, with the
 * schema of its arguments (for a device of the given platform), the schema of its result, its
 * timeout and whether it changes the screen. The router, the session's device handle, the worker
 * client and the drivers are typed from it (docs/design/0013-device-worker-protocol.md).
 *
 * Bump DEVICE_CATALOG_VERSION whenever an operation, an argument or a result changes shape: the
 * worker announces the version it speaks in its hello, and the control plane refuses another.
 */
export const DEVICE_CATALOG_VERSION = 4;

export const COMMAND_TIMEOUT_MS = 30_000;
export const BOOT_TIMEOUT_MS = 180_000;

type Platform = DeviceType;

const NoArgs = () => z.object({});

const COMMANDS = {
  boot: { args: NoArgs, result: ScreenInfoSchema, timeoutMs: BOOT_TIMEOUT_MS, changesScreen: true },
  /** Powers the device off and resets it to a clean state for the next session. */
  shutdown: { args: NoArgs, result: DoneSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: true },
  /** The worker downloads the package from `url` (a path on the control plane) and installs it. */
  install: {
    args: () =>
      z.object({
        url: z
          .string()
          .max(2000)
          .regex(/^\/(?!\/)/, 'url must be a path on the control plane'),
        file_name: z.string().max(255).optional(),
        grant_permissions: z.boolean({ error: 'grant_permissions must be a boolean' }).optional(),
      }),
    result: InstalledAppSchema,
    timeoutMs: BOOT_TIMEOUT_MS,
    changesScreen: true,
  },
  uninstall: {
    args: (p: Platform) => z.object({ package_name: packageNameSchema(p) }),
    result: DoneSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: true,
  },
  launch: {
    args: (p: Platform) =>
      z.object({
        package_name: packageNameSchema(p),
        activity_name: activityNameSchema(p),
        params: LaunchParamsSchema,
      }),
    result: DoneSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: true,
  },
  terminate: {
    args: (p: Platform) => z.object({ package_name: packageNameSchema(p) }),
    result: DoneSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: true,
  },
  clear_data: {
    args: (p: Platform) => z.object({ package_name: packageNameSchema(p) }),
    result: DoneSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: true,
  },
  /** Tap, swipe, touch phases, key, button or text: the arguments are the event itself. */
  input: { args: () => InputEventSchema, result: DoneSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: true },
  rotate: {
    args: () => z.object({ rotation: RotationArgSchema }),
    result: ScreenInfoSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: true,
  },
  screenshot: { args: NoArgs, result: WireScreenshotSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: false },
  ui_tree: { args: NoArgs, result: UiNodeSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: false },
  list_apps: {
    args: NoArgs,
    result: z.array(InstalledAppSchema),
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: false,
  },
  /** Frames follow as binary messages: one per change and a keyframe at least every second. */
  stream_start: { args: NoArgs, result: DoneSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: false },
  stream_stop: { args: NoArgs, result: DoneSchema, timeoutMs: COMMAND_TIMEOUT_MS, changesScreen: false },
  /** Deep links, location, permissions, clipboard, media, appearance, push and network (capability-commands.ts). */
  ...CAPABILITY_COMMANDS,
  /** The device's log after a cursor: lines in order and the apps' crashes (docs/artifacts.md). */
  read_logs: {
    args: () => ReadLogsArgsSchema,
    result: ReadLogsResultSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: false,
  },
  /** Starts recording the screen into H.264 on the device host (one recording per device). */
  record_start: {
    args: () => RecordStartArgsSchema,
    result: RecordStartResultSchema,
    timeoutMs: COMMAND_TIMEOUT_MS,
    changesScreen: false,
  },
  /** Ends the recording: the MP4 (with its chapters) is uploaded to `upload_url`, or discarded. */
  record_stop: {
    args: () => RecordStopArgsSchema,
    result: RecordStopResultSchema,
    timeoutMs: BOOT_TIMEOUT_MS,
    changesScreen: false,
  },
};

export type DeviceOp = keyof typeof COMMANDS;
export type DeviceArgs<Op extends DeviceOp> = z.output<ReturnType<(typeof COMMANDS)[Op]['args']>>;
export type DeviceResult<Op extends DeviceOp> = z.output<(typeof COMMANDS)[Op]['result']>;

/** One catalog entry, typed by its operation's arguments and result. */
export interface DeviceCommandDef<A, R> {
  args: (platform: Platform) => z.ZodType<A>;
  result: z.ZodType<R>;
  timeoutMs: number;
  /** Whether the command changes what the device shows (a cached frame no longer shows it). */
  changesScreen: boolean;
}

export const DEVICE_COMMANDS: { readonly [Op in DeviceOp]: DeviceCommandDef<DeviceArgs<Op>, DeviceResult<Op>> } =
  COMMANDS;

export function isDeviceOp(op: string): op is DeviceOp {
  return Object.hasOwn(COMMANDS, op);
}

/** A command: an operation and its arguments (`DeviceCommand<'launch'>`, or any operation's). */
export interface DeviceCommand<Op extends DeviceOp = DeviceOp> {
  op: Op;
  args: DeviceArgs<Op>;
}

/** A client-safe sentence for the first problem zod found (a rule's own sentence, or the field and zod's words). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the arguments are invalid';
  const where = issue.path.join('.');
  if (issue.code === 'custom' || where === '' || issue.message.startsWith(where)) return issue.message;
  return `${where}: ${issue.message}`;
}

/** The arguments of `op` for a device of `platform`, or the sentence that says why not. */
export function checkDeviceArgs<Op extends DeviceOp>(
  op: Op,
  platform: Platform,
  args: unknown,
): { ok: true; args: DeviceArgs<Op> } | { ok: false; problem: string } {
  const parsed = DEVICE_COMMANDS[op].args(platform).safeParse(args ?? {});
  return parsed.success ? { ok: true, args: parsed.data } : { ok: false, problem: describeIssue(parsed.error) };
}

/** The arguments of `op`, or INVALID_INPUT (the worker's check of what the protocol brings). */
export function parseDeviceArgs<Op extends DeviceOp>(op: Op, platform: Platform, args: unknown): DeviceArgs<Op> {
  const checked = checkDeviceArgs(op, platform, args);
  if (!checked.ok) throw new DeviceDriverError('INVALID_INPUT', checked.problem);
  return checked.args;
}

/** The result of `op` as its schema types it, or the sentence that says why it is not one. */
export function checkDeviceResult<Op extends DeviceOp>(
  op: Op,
  data: unknown,
): { ok: true; result: DeviceResult<Op> } | { ok: false; problem: string } {
  const parsed = DEVICE_COMMANDS[op].result.safeParse(data ?? null);
  return parsed.success ? { ok: true, result: parsed.data } : { ok: false, problem: describeIssue(parsed.error) };
}
