import { z } from 'zod';
import { Offset } from '../../http/schemas';
import { ApiTimestamp } from '../../http/api-time';

export const TIME_RANGES = {
  'last-hour': 3600_000,
  'last-day': 24 * 3600_000,
  'last-week': 7 * 24 * 3600_000,
  'last-month': 30 * 24 * 3600_000,
} as const;
export type TimeRange = keyof typeof TIME_RANGES;

export const AuditFilterQuery = z.object({
  action: z.string().min(1).max(200).optional().meta({ description: 'Substring of the action' }),
  user_email: z.string().min(1).max(254).optional().meta({ description: 'Exact email of the actor' }),
  resource_type: z.string().min(1).max(100).optional(),
  time_range: z
    .enum(Object.keys(TIME_RANGES) as [TimeRange, ...TimeRange[]], {
      error: 'must be one of last-hour, last-day, last-week, last-month',
    })
    .optional(),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuery>;

export const AuditListQuery = AuditFilterQuery.extend({
  limit: z.coerce.number().int().min(1).max(200, 'must be at most 200').default(50),
  offset: Offset,
});
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditEvent = z.object({
  id: z.number().int(),
  user_email: z.string(),
  action: z.string(),
  resource_type: z.string(),
  resource_id: z.string(),
  details: z.unknown().nullable(),
  created_at: ApiTimestamp,
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventList = z.object({ total: z.number().int(), events: z.array(AuditEvent) });
export type AuditEventList = z.infer<typeof AuditEventList>;
