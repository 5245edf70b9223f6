import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';
import { LOG_LINE_LEVELS } from '../../db/schema';

export const LogLevel = z.enum(LOG_LINE_LEVELS).meta({ description: 'debug < info < warn < error < fatal' });

export const LogLine = z.object({
  seq: z.number().int().meta({ description: "The line's number in the session's device log" }),
  at: ApiTimestamp,
  level: LogLevel,
  source: z.enum(['app', 'system']),
  tag: z.string(),
  message: z.string(),
});

export const LogsQuery = z.object({
  since: z.coerce
    .number()
    .int()
    .min(0)
    .max(2_147_483_647)
    .default(0)
    .meta({ description: 'Lines after this cursor (a `next_since` of an earlier answer); 0 from the start' }),
  level: LogLevel.optional().meta({ description: 'Only lines at this level or above' }),
  q: z.string().max(200).optional().meta({ description: 'Only lines whose tag or message holds this text (any case)' }),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
});
export type LogsQuery = z.infer<typeof LogsQuery>;

export const LogsPage = z.object({
  lines: z.array(LogLine),
  next_since: z.number().int().meta({ description: 'Pass as `since` for the lines that follow' }),
});
export type LogsPage = z.infer<typeof LogsPage>;
