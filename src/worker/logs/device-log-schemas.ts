import { z } from 'zod';

/**
 * What a device's log carries over the worker protocol (the `read_logs` operation of the command
 * catalog): lines in the order the device wrote them, each numbered by the device's log, and the
 * crashes of apps seen since the cursor (docs/artifacts.md).
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
export const LogLevelSchema = z.enum(LOG_LEVELS);
export type LogLevel = z.infer<typeof LogLevelSchema>;

/** Bounds of one line: a longer tag or message is cut (never refused: devices write what they like). */
export const LOG_TAG_MAX = 128;
export const LOG_MESSAGE_MAX = 4000;
/** Lines one `read_logs` answers at most. */
export const READ_LOGS_MAX = 2000;

export const LogLineSchema = z.object({
  /** The line's number in the device's log since boot (1, 2, …). */
  seq: z.number().int().min(1),
  /** When the device wrote it (ms since the epoch). */
  at: z.number(),
  level: LogLevelSchema,
  source: z.enum(['app', 'system']),
  tag: z.string().max(LOG_TAG_MAX),
  message: z.string().max(LOG_MESSAGE_MAX),
});
export type LogLine = z.infer<typeof LogLineSchema>;

export const CrashSchema = z.object({
  /** The seq of the line that announced the crash. */
  seq: z.number().int().min(1),
  at: z.number(),
  package_name: z.string().max(255),
  message: z.string().max(LOG_MESSAGE_MAX),
  /** The crash's lines (exception and stack-like frames), newest last. */
  log_excerpt: z.string().max(16_000),
});
export type Crash = z.infer<typeof CrashSchema>;

export const ReadLogsArgsSchema = z.object({
  /** Lines after this seq (0: everything the log still holds). */
  after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  limit: z.number().int().min(1).max(READ_LOGS_MAX).optional(),
});

export const ReadLogsResultSchema = z.object({
  lines: z.array(LogLineSchema).max(READ_LOGS_MAX),
  crashes: z.array(CrashSchema).max(100),
  /** The cursor for the next read (the seq of the last line returned, or `after`). */
  next: z.number().int().min(0),
  /** Lines after `after` the bounded log no longer held. */
  dropped: z.number().int().min(0),
});
export type ReadLogsResult = z.infer<typeof ReadLogsResultSchema>;
