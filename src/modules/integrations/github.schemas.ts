import { z } from 'zod';
import { ApiTimestamp } from '../../http/api-time';

/**
 * A repository as GitHub names it: the owner's login (1 to 39 letters, digits and single hyphens,
 * not at either end) and the repository (1 to 100 letters, digits, `.`, `_`, `-`; not `.` or `..`,
 * not ending in `.git`). Nothing else reaches a path of GitHub's API.
 */
export function parseRepository(full: string): { owner: string; repo: string } | null {
  const m = /^([A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38})\/([A-Za-z0-9._-]{1,100})$/.exec(full);
  if (!m) return null;
  const repo = m[2]!;
  if (repo === '.' || repo === '..' || /\.git$/i.test(repo)) return null;
  return { owner: m[1]!, repo };
}

export const PutGithubBody = z.object({
  repository: z
    .string()
    .trim()
    .refine(
      (v) => parseRepository(v) !== null,
      'must be owner/name as GitHub names them: the owner 1 to 39 letters, digits or single hyphens (not at either end), the name 1 to 100 letters, digits, ".", "_" or "-" (not "." or "..", not ending in .git)',
    )
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
