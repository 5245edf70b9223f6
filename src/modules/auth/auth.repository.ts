import { and, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  apiTokens,
  emailTokens,
  invitations,
  memberships,
  organizations,
  users,
  type EMAIL_TOKEN_PURPOSES,
  type Role,
} from '../../db/schema';

type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export async function findUserByEmail(db: DbOrTx, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function insertUser(
  db: DbOrTx,
  values: { email: string; passwordHash: string; emailVerified: boolean; createdAt: Date },
) {
  const rows = await db.insert(users).values(values).returning();
  return rows[0]!;
}

export async function insertOrganization(db: DbOrTx, values: { name: string; planId: string; createdAt: Date }) {
  const rows = await db.insert(organizations).values(values).returning();
  return rows[0]!;
}

export async function insertMembership(
  db: DbOrTx,
  values: { organizationId: number; userId: number; role: Role; joinedAt: Date },
) {
  const rows = await db.insert(memberships).values(values).returning();
  return rows[0]!;
}

/**
 * Statements run on every authenticated request are prepared once per database (named statements:
 * PostgreSQL parses and plans them once per connection, and Drizzle builds the SQL once).
 */
function buildPrepared(db: DbOrTx) {
  return {
    principal: db
      .select({ role: memberships.role, email: users.email, tokenVersion: users.tokenVersion })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.userId, sql.placeholder('userId')),
          eq(memberships.organizationId, sql.placeholder('orgId')),
        ),
      )
      .limit(1)
      .prepare('auth_principal_membership'),
    apiToken: db
      .select({
        id: apiTokens.id,
        organizationId: apiTokens.organizationId,
        role: apiTokens.role,
        createdByUserId: apiTokens.createdByUserId,
        createdByEmail: apiTokens.createdByEmail,
        lastUsedAt: apiTokens.lastUsedAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('auth_api_token_by_hash'),
  };
}
const prepared = new WeakMap<object, ReturnType<typeof buildPrepared>>();
function preparedFor(db: DbOrTx) {
  let p = prepared.get(db);
  if (!p) prepared.set(db, (p = buildPrepared(db)));
  return p;
}

/** The membership a login token speaks for, with what is needed to check the token is current. */
export async function findPrincipalMembership(db: DbOrTx, userId: number, orgId: number) {
  const rows = await preparedFor(db).principal.execute({ userId, orgId });
  return rows[0] ?? null;
}

/** The user's oldest membership: the organization a login lands in. */
export async function findPrimaryMembership(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.joinedAt, memberships.id)
    .limit(1);
  return rows[0] ?? null;
}

export async function findApiTokenByHash(db: DbOrTx, tokenHash: string) {
  const rows = await preparedFor(db).apiToken.execute({ tokenHash });
  return rows[0] ?? null;
}

/** Marks a token used; callers skip this when last_used_at is recent, so it is not a write per request. */
export async function touchApiToken(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(apiTokens).set({ used: true, lastUsedAt: at }).where(eq(apiTokens.id, id));
}

export async function findUserById(db: DbOrTx, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: number; purpose: EmailTokenPurpose; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(emailTokens).values(values);
}

/**
 * Marks an unused, unexpired token of `purpose` used and returns its user id; null when the token
 * is unknown, expired or already used. The conditional update makes a double redeem impossible.
 */
export async function redeemEmailToken(
  db: DbOrTx,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<number | null> {
  const rows = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(redeemable(purpose, tokenHash, now))
    .returning({ userId: emailTokens.userId });
  return rows[0]?.userId ?? null;
}

/** Voids every outstanding token of `purpose` for a user (after a reset, older reset links stop working). */
/** Whether a token of `purpose` with this hash is still unused and unexpired (nothing is changed). */
export async function hasRedeemableEmailToken(
  db: DbOrTx,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(redeemable(purpose, tokenHash, now));
  return rows.length > 0;
}

/** A token of `purpose` with this hash, unused and unexpired at `now`. */
function redeemable(purpose: EmailTokenPurpose, tokenHash: string, now: Date) {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, now),
  );
}

export async function voidEmailTokens(
  db: DbOrTx,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function markEmailVerified(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Sets a new password hash and bumps token_version, so every login token issued before stops working. */
export async function setPassword(
  db: DbOrTx,
  userId: number,
  passwordHash: string,
  opts: { verifyEmail: boolean },
): Promise<void> {
  await db
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      ...(opts.verifyEmail ? { emailVerified: true } : {}),
    })
    .where(eq(users.id, userId));
}

/** The organizations a user belongs to, with the role held in each. */
export async function listUserMemberships(db: DbOrTx, userId: number) {
  return db
    .select({ membershipId: memberships.id, organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.organizationId);
}

/** Locks organization rows (in id order, so concurrent callers cannot deadlock) for membership changes. */
export async function lockOrganizations(db: DbOrTx, orgIds: number[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(inArray(organizations.id, orgIds))
    .orderBy(organizations.id)
    .for('update');
}

/** Member and admin counts of an organization (call with the organization row locked). */

export async function deleteOrganization(db: DbOrTx, orgId: number): Promise<void> {
  await db.delete(organizations).where(eq(organizations.id, orgId));
}

export async function deleteUser(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(users).where(eq(users.id, userId));
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string) {
  const rows = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash)).limit(1).for('update');
  return rows[0] ?? null;
}

/** Redeems an invitation once: 0 rows means someone else redeemed it first. */
export async function acceptInvitation(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/** Whether a token of `purpose` was issued to the user at or after `since` (mail throttling). */
export async function hasEmailTokenSince(
  db: DbOrTx,
  userId: number,
  purpose: EmailTokenPurpose,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), gte(emailTokens.createdAt, since)))
    .limit(1);
  return rows.length > 0;
}
