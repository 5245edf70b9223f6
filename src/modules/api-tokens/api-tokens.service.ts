import { actorIdentity, requireOrgAccess, withTransaction, type Ctx } from '../../context';
import { randomToken, sha256Hex, API_TOKEN_PREFIX } from '../../crypto/tokens';
import { AppError } from '../../errors';
import { apiTime, apiTimeOrNull } from '../../http/api-time';
import { recordAudit } from '../audit';
import * as repo from './api-tokens.repository';
import type { ApiTokenEntry, CreateApiTokenBody, CreatedApiToken } from './api-tokens.schemas';

/** Characters of the token (after `tok_`) kept in clear for recognising it in lists. */
const VISIBLE_CHARS = 4;

/** `tok_ab12****`: enough to tell tokens apart, far too little to use one. */
export function maskTokenPrefix(storedPrefix: string): string {
  return `${storedPrefix}****`;
}

export class ApiTokensService {
  async listApiTokens({ ctx, input }: { ctx: Ctx; input: { orgId: number } }): Promise<ApiTokenEntry[]> {
    requireOrgAccess(ctx, input.orgId, 'developer');
    const rows = await repo.listApiTokens(ctx.db, input.orgId);
    return rows.map((r) => ({
      id: r.id,
      label: r.label,
      token_prefix: maskTokenPrefix(r.tokenPrefix),
      created_by: r.createdByEmail,
      role: r.role,
      used: r.used,
      created_at: apiTime(r.createdAt),
      last_used_at: apiTimeOrNull(r.lastUsedAt),
    }));
  }

  /**
   * Creates a long-lived token (`tok_` + 43 URL-safe characters, 256 random bits) carrying `role`.
   * The token is returned once; only its SHA-256 and a 4-character prefix are stored.
   */
  async createApiToken({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; body: CreateApiTokenBody };
  }): Promise<CreatedApiToken> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    const token = randomToken(32, API_TOKEN_PREFIX);
    const who = actorIdentity(ctx);
    return withTransaction(ctx, async (tx) => {
      const row = await repo.insertApiToken(tx.db, {
        organizationId: input.orgId,
        label: input.body.label,
        tokenHash: sha256Hex(token),
        tokenPrefix: token.slice(0, API_TOKEN_PREFIX.length + VISIBLE_CHARS),
        role: input.body.role,
        createdByUserId: who.userId,
        createdByEmail: who.email,
        createdAt: tx.clock.now(),
      });
      await recordAudit(tx, {
        action: 'api_token.created',
        resourceType: 'api_token',
        resourceId: row.id,
        details: { label: row.label, role: row.role },
      });
      return { token, id: row.id, label: row.label, role: row.role };
    });
  }

  /** Revokes a token at once: the next request that presents it gets 401. */
  async deleteApiToken({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; tokenId: number };
  }): Promise<{ status: 'deleted' }> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    return withTransaction(ctx, async (tx) => {
      const row = await repo.deleteApiToken(tx.db, input.orgId, input.tokenId);
      if (!row) throw new AppError('NOT_FOUND', 'API token not found');
      await recordAudit(tx, {
        action: 'api_token.deleted',
        resourceType: 'api_token',
        resourceId: row.id,
        details: { label: row.label, role: row.role, token_prefix: maskTokenPrefix(row.tokenPrefix) },
      });
      return { status: 'deleted' as const };
    });
  }
}
