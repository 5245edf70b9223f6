import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';

export const PutGithubBody = z.object({
  repository: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/, 'must be owner/name')
    .meta({ example: 'acme/shop-app' }),
  token: z
    .string()
    .trim()
    .min(8, 'must be a GitHub token')
    .max(500)
    .meta({ description: 'A token allowed to write commit statuses; stored encrypted' }),
});
export type PutGithubBody = z.infer<typeof PutGithubBody>;

export const GithubConnection = z.object({
  repository: z.string(),
  token_hint: z.string().meta({ example: '…a1b2' }),
  created_at: ApiTimestamp,
  updated_at: ApiTimestamp,
});
export type GithubConnection = z.infer<typeof GithubConnection>;

export const StatusDeleted = z.object({ status: z.literal('deleted') });
