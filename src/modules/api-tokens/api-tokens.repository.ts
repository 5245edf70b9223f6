import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens, type Role } from '../../db/schema';

export async function listApiTokens(db: DbOrTx, orgId: number) {
  return db
    .select({
      id: apiTokens.id,
      label: apiTokens.label,
      tokenPrefix: apiTokens.tokenPrefix,
      createdByEmail: apiTokens.createdByEmail,
      role: apiTokens.role,
      used: apiTokens.used,
      lastUsedAt: apiTokens.lastUsedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.organizationId, orgId))
    .orderBy(asc(apiTokens.createdAt), asc(apiTokens.id));
}

export async function insertApiToken(
  db: DbOrTx,
  values: {
    organizationId: number;
    label: string;
    tokenHash: string;
    tokenPrefix: string;
    role: Role;
    createdByUserId: number | null;
    createdByEmail: string;
    createdAt: Date;
  },
) {
  const rows = await db
    .insert(apiTokens)
    .values(values)
    .returning({ id: apiTokens.id, label: apiTokens.label, role: apiTokens.role });
  return rows[0]!;
}

/** Deletes a token of the organization; null when no such token is there. */
export async function deleteApiToken(db: DbOrTx, orgId: number, tokenId: number) {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.organizationId, orgId)))
    .returning({ id: apiTokens.id, label: apiTokens.label, role: apiTokens.role, tokenPrefix: apiTokens.tokenPrefix });
  return rows[0] ?? null;
}

/**
 * Revokes the tokens a user created, in one organization or (no `orgId`) in all: a member who
 * leaves keeps no access through them. Returns their labels, for the audit log.
 */
export async function deleteApiTokensCreatedBy(
  db: DbOrTx,
  userId: number,
  orgId?: number,
): Promise<Array<{ organizationId: number; label: string }>> {
  const where =
    orgId === undefined
      ? eq(apiTokens.createdByUserId, userId)
      : and(eq(apiTokens.createdByUserId, userId), eq(apiTokens.organizationId, orgId));
  return db
    .delete(apiTokens)
    .where(where)
    .returning({ organizationId: apiTokens.organizationId, label: apiTokens.label });
}
