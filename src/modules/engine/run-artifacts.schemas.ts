import { z } from 'zod';
import { LOG_LINE_LEVELS } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

const Level = z.enum(LOG_LINE_LEVELS);

export const RunLogsQuery = z.object({
  level: Level.optional().meta({ description: 'Only lines at this level or above' }),
  q: z.string().max(200).optional().meta({ description: 'Only lines whose tag or message holds this text (any case)' }),
  step_index: z.coerce.number().int().min(0).max(10_000).optional().meta({ description: 'Only lines of this step' }),
});
export type RunLogsQuery = z.infer<typeof RunLogsQuery>;

export const RunLogLine = z.object({
  seq: z.number().int(),
  at: ApiTimestamp,
  level: Level,
  source: z.enum(['app', 'system']),
  tag: z.string(),
  message: z.string(),
  step_index: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'The step during which the device wrote it; null before the first step' }),
});

export const RunLogs = z.object({
  lines: z.array(RunLogLine),
  dropped: z.number().int().meta({ description: 'Older lines of a very long run that were not kept' }),
});
export type RunLogs = z.infer<typeof RunLogs>;
