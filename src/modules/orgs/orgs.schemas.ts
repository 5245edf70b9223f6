import { z } from 'zod';
import { Email, OrgParams, RowId } from '../../http/schemas';
import { ROLES } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';

export { OrgParams };

export const MemberParams = OrgParams.extend({ member_id: RowId });
export type MemberParams = z.infer<typeof MemberParams>;

export const Organization = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: ApiTimestamp,
  role: z.enum(ROLES).meta({ description: 'The caller’s role in this organization (additive)' }),
  plan_id: z.string().meta({ description: 'Plan of the organization (additive)' }),
});
export type Organization = z.infer<typeof Organization>;

export const UpdateOrganizationBody = z
  .object({ name: z.string().trim().min(1, 'must not be empty').max(200).optional() })
  .strict();
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;
export const UpdatedOrganization = z.object({ id: z.number().int(), name: z.string() });

export const Member = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  role: z.enum(ROLES),
  joined_at: ApiTimestamp,
});
export type Member = z.infer<typeof Member>;

export const InviteBody = z.object({
  email: Email,
  role: z.enum(ROLES, { error: 'must be one of admin, developer, viewer' }).default('developer'),
});
export type InviteBody = z.infer<typeof InviteBody>;
export const Invitation = z.object({
  token: z.string(),
  expires_at: ApiTimestamp,
  email: z.string(),
  role: z.enum(ROLES).meta({ description: 'additive' }),
});
export type Invitation = z.infer<typeof Invitation>;

export const StatusRemoved = z.object({ status: z.literal('removed') });

export const SESSION_PERMISSIONS = ['full', 'app_only'] as const;
export const MIN_SESSION_TIMEOUT_MINUTES = 5;
export const MAX_SESSION_TIMEOUT_MINUTES = 1440;

/** Whole minutes with an `m` suffix, "5m" … "1440m" (docs/design/0011-sessions.md). */
export const SessionTimeout = z
  .string()
  .regex(/^[1-9][0-9]*m$/, 'must be whole minutes with an m suffix, for example "30m"')
  .transform((v) => Number(v.slice(0, -1)))
  .refine(
    (m) => m >= MIN_SESSION_TIMEOUT_MINUTES && m <= MAX_SESSION_TIMEOUT_MINUTES,
    `must be between ${MIN_SESSION_TIMEOUT_MINUTES}m and ${MAX_SESSION_TIMEOUT_MINUTES}m`,
  );

export const SessionDefaults = z.object({
  session_timeout: z.string().meta({ example: '30m' }),
  session_permissions: z.enum(SESSION_PERMISSIONS),
  allow_streaming_overage: z.boolean(),
});
export type SessionDefaults = z.infer<typeof SessionDefaults>;

export const UpdateSessionDefaultsBody = z
  .object({
    session_timeout: SessionTimeout.optional(),
    session_permissions: z.enum(SESSION_PERMISSIONS, { error: 'must be full or app_only' }).optional(),
    allow_streaming_overage: z.boolean().optional(),
  })
  .strict();
export type UpdateSessionDefaultsBody = z.infer<typeof UpdateSessionDefaultsBody>;
