import { requireRole, type Ctx, type OrgScope } from '../../context';
import type { Role } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * The check of every /organizations/{org_id}/… verb: the path's organization must be the caller's
 * (any other id is 404, never 403, so that existence does not leak), then the role (403).
 */
export function requireOrgAccess(ctx: Ctx, orgId: number, min: Role): OrgScope {
  const org = requireRole(ctx, 'viewer');
  if (org.id !== orgId) throw new AppError('NOT_FOUND', 'Organization not found');
  return requireRole(ctx, min);
}
