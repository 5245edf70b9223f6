import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiTokens, memberships, organizations, users, type Role } from '../../db/schema';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(db: DbOrTx, values: { email: string; passwordHash: string; emailVerified: boolean; createdAt: Date }) {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function insertOrganization(db: DbOrTx, values: { name: string; planId: string; createdAt: Date }) {
  const rows = await db.insert(organizations).values(values).returning();
  return rows[0]!;
}

export async function insertMembership(db: DbOrTx, values: { organizationId: number; userId: number; role: Role; joinedAt: Date }) {
  const rows = await db.insert(memberships).values(values).returning();
  return rows[0]!;
}

/** The membership a login token speaks for, with what is needed to check the token is current. */
export async function findPrincipalMembership(db: DbOrTx, userId: number, orgId: number) {
  const rows = await db
    .select({ role: memberships.role, email: users.email, tokenVersion: users.tokenVersion })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The user's oldest membership: the organization a login lands in. */
export async function findPrimaryMembership(db: DbOrTx, userId: number) {
  const rows = await db.select().from(memberships).where(eq(memberships.userId, userId)).orderBy(memberships.joinedAt, memberships.id).limit(1);
  return rows[0] ?? null;
}

export async function findApiTokenByHash(db: DbOrTx, tokenHash: string) {
  const rows = await db
    .select({
      id: apiTokens.id,
      organizationId: apiTokens.organizationId,
      role: apiTokens.role,
      createdByUserId: apiTokens.createdByUserId,
      createdByEmail: apiTokens.createdByEmail,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}

/** Marks a token used; callers skip this when last_used_at is recent, so it is not a write per request. */
export async function touchApiToken(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ used: true, lastUsedAt: at }).where(eq(apiTokens.id, id));
}
