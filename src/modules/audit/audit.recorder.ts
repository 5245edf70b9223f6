import { actorIdentity, type Ctx } from '../../context';
import { insertAuditEvent } from './audit.repository';

export interface AuditEntry {
  action: string;
  resourceType: string;
  resourceId: string | number;
  details?: unknown;
  /** Defaults to the caller's organization. */
  organizationId?: number;
}

/**
 * Writes one audit row with ctx.db, so called inside the mutation's transaction it commits or
 * rolls back with it. Actions are `entity.verb` (session.created, api_token.deleted).
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  const organizationId = entry.organizationId ?? ctx.org?.id;
  if (organizationId === undefined) throw new Error(`audit ${entry.action}: no organization in context`);
  const who = actorIdentity(ctx);
  const details =
    ctx.actor.kind === 'api_token'
      ? {
          ...(isObject(entry.details) ? entry.details : entry.details === undefined ? {} : { value: entry.details }),
          api_token_id: ctx.actor.tokenId,
        }
      : entry.details;
  await insertAuditEvent(ctx.db, {
    organizationId,
    userId: who.userId,
    userEmail: who.email,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: String(entry.resourceId),
    details: details ?? null,
    createdAt: ctx.clock.now(),
  });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
