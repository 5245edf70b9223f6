import { requireRole, type Ctx, type OrgScope } from '../../context';
import type { Role } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The check of every /organizations/{org_id}/… verb: the role first (401/403), then the path's
 * organization must be the caller's; any other id is 404 so that existence does not leak.
 */
export function requireOrgAccess(ctx: Ctx, orgId: number, min: Role): OrgScope {
  const org = requireRole(ctx, min);
  if (org.id !== orgId) throw new AppError('NOT_FOUND', 'Organization not found');
  return org;
}
