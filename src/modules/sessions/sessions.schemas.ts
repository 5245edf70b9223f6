import { z } from 'zod';
import { RowId, Offset } from '../../http/schemas';
import { ApiTimestamp } from '../../http/api-time';
import { DEVICE_CATEGORIES, DEVICE_TYPES, END_REASONS, SESSION_STATUSES } from '../../db/schema';
import { Capabilities } from './device-capabilities.schemas';

const FlatParams = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
  .meta({ description: 'Flat JSON object of launch parameters' });

export const CreateSessionBody = z.object({
  device_type: z.enum(DEVICE_TYPES),
  device_category: z.enum(DEVICE_CATEGORIES).optional(),
  specific_device_id: z.uuid().optional(),
  device_model: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .meta({ description: 'additive: only a device of this model (as GET /devices names it)' }),
  os_version: z
    .string()
    .min(1)
    .max(50)
    .optional()
    .meta({ description: 'additive: only a device running this OS version' }),
  app_id: z.string().min(1).max(100).optional(),
  build_id: z.number().int().positive().optional(),
  launch_params: FlatParams.optional(),
});
export type CreateSessionBody = z.infer<typeof CreateSessionBody>;

export const StartSessionBody = z
  .object({ device_id: z.string().min(1).max(100).optional() })
  .optional()
  .nullable();

export const SessionIdParams = z.object({ session_id: z.string().min(1).max(100) });
export const QueueEntryParams = z.object({ queue_entry_id: RowId });
export const AppParams = z.object({ session_id: z.string().min(1).max(100), package_name: z.string().min(1).max(300) });

export const Session = z.object({
  id: z.number().int(),
  session_id: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  device_category: z.enum(DEVICE_CATEGORIES),
  status: z.enum(SESSION_STATUSES),
  device_id: z.string().nullable(),
  device_name: z.string().nullable(),
  os_version: z.string().nullable(),
  user_email: z.string().nullable(),
  webrtc_room_id: z.null(),
  stream_url: z
    .string()
    .nullable()
    .describe(
      'WebSocket of the live screen: a JSON hello, then one binary JPEG per frame. With ?codec=h264 a viewer gets H.264 access units behind a 16-byte header when the device streams H.264, and JPEG behind the same header otherwise, announced by {"type":"codec"} messages (docs/sessions-and-devices.md).',
    ),
  start_time: ApiTimestamp.nullable(),
  end_time: ApiTimestamp.nullable(),
  duration_minutes: z.number().nullable(),
  end_reason: z.enum(END_REASONS).nullable(),
  error_message: z.string().nullable(),
  queue_entry_id: z.number().int().nullable(),
  queue_position: z.number().int().nullable(),
  queue_reason: z.string().nullable().meta({
    description:
      'Why a queued session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null otherwise.',
  }),
  app_id: z.string().nullable(),
  build_id: z.number().int().nullable(),
  screen: z.object({ width: z.number().int(), height: z.number().int(), rotation: z.number().int() }).nullable(),
  created_at: ApiTimestamp,
  created_by: z.object({ user_id: z.number().int().nullable(), api_token_id: z.number().int().nullable() }).meta({
    description:
      'Who created the session (additive): its owner, who controls it along with developers and admins. api_token_id is set when an API token created it; the token then owns it, not its user.',
  }),
  /** Only on GET /sessions/{id}: what the device supports, so clients can hide what it cannot do. */
  capabilities: Capabilities.optional(),
});
export type Session = z.infer<typeof Session>;

export const QueuedResponse = z.object({
  status: z.literal('queued'),
  queue_entry_id: z.number().int(),
  position: z.number().int(),
  session_id: z.string(),
  reason: z.string().nullable().meta({
    description:
      'Why the session waits when its organization runs as many sessions as its plan allows (additive): the limit, its value and how to lift it; null when it waits for a device.',
  }),
});

export const TIME_RANGES = {
  'last-hour': 3600_000,
  'last-day': 86_400_000,
  'last-week': 7 * 86_400_000,
  'last-month': 30 * 86_400_000,
} as const;

export const ListSessionsQuery = z.object({
  status: z.enum(SESSION_STATUSES).optional(),
  device_type: z.enum(DEVICE_TYPES).optional(),
  user_id: RowId.optional(),
  time_range: z.enum(['last-hour', 'last-day', 'last-week', 'last-month']).optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: Offset,
});
export type ListSessionsQuery = z.infer<typeof ListSessionsQuery>;

const coord = z.number().min(0).max(10000);
export const CONTROL_ACTIONS = [
  'tap',
  'swipe',
  'rotate',
  'button',
  'key',
  'screenshot',
  'touch_start',
  'touch_move',
  'touch_end',
  'text',
] as const;
export const ControlBody = z.object({
  action: z.enum(CONTROL_ACTIONS),
  x: coord.optional(),
  y: coord.optional(),
  x2: coord.optional(),
  y2: coord.optional(),
  duration: z.number().int().min(0).max(60_000).optional(),
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).optional(),
  button: z.string().min(1).max(50).optional(),
  keycode: z.string().min(1).max(50).optional(),
  /** Additive: text typed into the focused field (action `text`). */
  text: z.string().min(1).max(1000).optional(),
});
export type ControlBody = z.infer<typeof ControlBody>;

export const InstallBuildBody = z.object({
  build_id: z.number().int().positive(),
  launch_after_install: z.boolean().default(true),
  grant_permissions: z.boolean().default(true),
  params: FlatParams.optional(),
});
export type InstallBuildBody = z.infer<typeof InstallBuildBody>;

export const LaunchAppBody = z.object({
  package_name: z.string().min(1).max(300),
  activity_name: z.string().min(1).max(300).optional(),
  params: FlatParams.optional(),
});
export type LaunchAppBody = z.infer<typeof LaunchAppBody>;

export const StatusOk = z.object({ status: z.literal('ok') });
export const StatusMessage = z.object({ status: z.literal('ok'), message: z.string() });
export const InstallResult = z.object({
  status: z.literal('ok'),
  package_name: z.string(),
  name: z.string(),
  version: z.string(),
  launched: z.boolean(),
});
