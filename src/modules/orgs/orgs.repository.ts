import { and, asc, eq, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invitations, memberships, organizations, users, type Role } from '../../db/schema';

/** The organizations a user belongs to, with their role: one indexed query (memberships by user). Returns the awaitable query (the API bench reuses its SQL). */
export function listOrganizationsOfUser(db: DbOrTx, userId: number | Placeholder) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      createdAt: organizations.createdAt,
      planId: organizations.planId,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.id));
}

/**
 * The organization list runs on most page loads: prepared once per database (a named statement,
 * planned once per connection; Drizzle builds its SQL once).
 */
function buildPrepared(db: DbOrTx) {
  return {
    ofUser: listOrganizationsOfUser(db, sql.placeholder('userId')).prepare('orgs_of_user'),
    byId: db
      .select()
      .from(organizations)
      .where(eq(organizations.id, sql.placeholder('orgId')))
      .limit(1)
      .prepare('orgs_by_id'),
  };
}
const prepared = new WeakMap<object, ReturnType<typeof buildPrepared>>();
function preparedFor(db: DbOrTx) {
  let p = prepared.get(db);
  if (!p) prepared.set(db, (p = buildPrepared(db)));
  return p;
}

/** The organizations `userId` belongs to, with the role in each, by id. */
export function organizationsOfUser(db: DbOrTx, userId: number) {
  return preparedFor(db).ofUser.execute({ userId });
}

export async function findOrganization(db: DbOrTx, orgId: number, opts: { lock?: boolean } = {}) {
  if (!opts.lock) return (await preparedFor(db).byId.execute({ orgId }))[0] ?? null;
  const q = db.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  const rows = opts.lock ? await q.for('update') : await q;
  return rows[0] ?? null;
}

export async function updateOrganization(
  db: DbOrTx,
  orgId: number,
  values: Partial<{
    name: string;
    sessionTimeoutMinutes: number;
    sessionPermissions: 'full' | 'app_only';
    allowStreamingOverage: boolean;
  }>,
) {
  const rows = await db.update(organizations).set(values).where(eq(organizations.id, orgId)).returning();
  return rows[0] ?? null;
}

export async function listMembers(db: DbOrTx, orgId: number) {
  return db
    .select({
      id: memberships.id,
      userId: memberships.userId,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(memberships.joinedAt), asc(memberships.id));
}

export async function findMember(db: DbOrTx, orgId: number, membershipId: number) {
  const rows = await db
    .select({ id: memberships.id, userId: memberships.userId, role: memberships.role, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.organizationId, orgId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMemberByEmail(db: DbOrTx, orgId: number, email: string) {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return rows[0] ?? null;
}

export async function deleteMembership(db: DbOrTx, membershipId: number): Promise<void> {
  await db.delete(memberships).where(eq(memberships.id, membershipId));
}

/** The person sending an invitation, read under the organization lock: null once they are no longer a member. */
export async function findInviter(db: DbOrTx, orgId: number, userId: number) {
  const rows = await db
    .select({ emailVerified: users.emailVerified })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Drops the outstanding (unredeemed) invitations of an address, so a re-invite replaces them. */
export async function deleteOutstandingInvitations(db: DbOrTx, orgId: number, email: string): Promise<number> {
  const rows = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.organizationId, orgId),
        sql`lower(${invitations.email}) = lower(${email})`,
        isNull(invitations.acceptedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length;
}

export async function insertInvitation(
  db: DbOrTx,
  values: {
    organizationId: number;
    email: string;
    role: Role;
    tokenHash: string;
    invitedByUserId: number | null;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  const rows = await db.insert(invitations).values(values).returning();
  return rows[0]!;
}

/** Drops the outstanding invitations a user sent (in one organization, or everywhere): they leave with their sender. */
export async function deleteOutstandingInvitationsSentBy(
  db: DbOrTx,
  userId: number,
  orgId?: number,
): Promise<Array<{ organizationId: number }>> {
  const sentBy = and(eq(invitations.invitedByUserId, userId), isNull(invitations.acceptedAt));
  return db
    .delete(invitations)
    .where(orgId === undefined ? sentBy : and(sentBy, eq(invitations.organizationId, orgId)))
    .returning({ organizationId: invitations.organizationId });
}

export async function countMembers(db: DbOrTx, orgId: number): Promise<{ members: number; admins: number }> {
  const rows = await db
    .select({
      members: sql<number>`count(*)::int`,
      admins: sql<number>`(count(*) filter (where ${memberships.role} = 'admin'))::int`,
    })
    .from(memberships)
    .where(eq(memberships.organizationId, orgId));
  return rows[0] ?? { members: 0, admins: 0 };
}
