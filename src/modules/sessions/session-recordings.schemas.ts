import { z } from 'zod';
import { RECORDING_STATUSES } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

export const RecordingIdParams = z.object({ recording_id: z.string().min(1).max(64) });

export const Recording = z.object({
  recording_id: z.string(),
  session_id: z.string(),
  status: z.enum(RECORDING_STATUSES),
  url: z.string().meta({ description: 'The MP4 (GET, any member), once the recording is ready' }),
  started_at: ApiTimestamp,
  ended_at: ApiTimestamp.nullable(),
  duration_ms: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  size_bytes: z.number().int(),
  error_message: z.string().nullable(),
});
export type Recording = z.infer<typeof Recording>;

export const RecordingList = z.object({ recordings: z.array(Recording) });
