import { z } from 'zod';

/** What `record_start` and `record_stop` carry over the worker protocol (docs/artifacts.md). */

const recordingId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'recording_id must be 1 to 64 letters, digits, _ or -');

export const RecordStartArgsSchema = z.object({
  recording_id: recordingId,
  fps: z.number().int().min(1).max(30).optional(),
  max_seconds: z.number().int().min(1).max(7200).optional(),
});

export const RecordStartResultSchema = z.object({ started: z.literal(true) });

export const RecordStopArgsSchema = z.object({
  recording_id: recordingId,
  /** Where the worker uploads the MP4: a path on the control plane (a signed link). */
  upload_url: z
    .string()
    .max(2000)
    .regex(/^\/(?!\/)/, 'upload_url must be a path on the control plane')
    .optional(),
  chapters: z
    .array(z.object({ title: z.string().max(300), at_ms: z.number().min(0).max(7_200_000) }))
    .max(2000)
    .optional(),
  /** Drop the recording instead of uploading it. */
  discard: z.boolean().optional(),
});

export const RecordStopResultSchema = z.object({
  duration_ms: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  size_bytes: z.number().int().min(0),
  frames: z.number().int().min(0),
  truncated: z.boolean(),
  uploaded: z.boolean(),
});
