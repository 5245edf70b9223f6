import { z } from 'zod';
import { RowId, OrgParams } from '../../http/schemas';
import { ROLES } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

export const ApiTokenParams = OrgParams.extend({ token_id: RowId });
export type ApiTokenParams = z.infer<typeof ApiTokenParams>;

export const ApiTokenEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  token_prefix: z.string().meta({ example: 'tok_ab12****' }),
  created_by: z.string(),
  role: z.enum(ROLES),
  used: z.boolean(),
  created_at: ApiTimestamp,
  last_used_at: ApiTimestamp.nullable().meta({ description: 'additive' }),
});
export type ApiTokenEntry = z.infer<typeof ApiTokenEntry>;

export const CreateApiTokenBody = z.object({
  label: z.string().trim().min(1, 'must not be empty').max(200),
  role: z.enum(ROLES, { error: 'must be one of admin, developer, viewer' }).default('developer'),
});
export type CreateApiTokenBody = z.infer<typeof CreateApiTokenBody>;

export const CreatedApiToken = z.object({
  token: z.string(),
  id: z.number().int(),
  label: z.string(),
  role: z.enum(ROLES).meta({ description: 'additive' }),
});
export type CreatedApiToken = z.infer<typeof CreatedApiToken>;

export const StatusDeleted = z.object({ status: z.literal('deleted') });
