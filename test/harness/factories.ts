import { randomBytes } from 'node:crypto';
import type { Role } from '../../src/db/schema';
import { insertMembership, insertOrganization, insertUser } from '../../src/modules/auth/auth.repository';
import { hashPassword } from '../../src/modules/auth/passwords';
import type { TestApp } from './app';

export const PASSWORD = 'correct-horse-42';

export interface Member {
  userId: number;
  email: string;
  token: string;
  role: Role;
}

export interface OrgWithRoles {
  orgId: number;
  admin: Member;
  developer: Member;
  viewer: Member;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomBytes(5).toString('hex')}@example.test`;

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Self-serve signup through the API: a new organization with the caller as admin. */
export async function signup(t: TestApp, opts: { email?: string; password?: string; organizationName?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload: {
      email: opts.email ?? uniqueEmail('admin'),
      password: opts.password ?? PASSWORD,
      organization_name: opts.organizationName ?? 'Acme Mobile',
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { access_token: string; user_id: number; organization_id: number; email: string };
  return { token: body.access_token, userId: body.user_id, orgId: body.organization_id, email: body.email };
}

/** A user who belongs to `orgId` with `role`, written straight to the database, with a login token. */
export async function addMember(t: TestApp, orgId: number, role: Role, email = uniqueEmail(role)): Promise<Member> {
  const now = t.clock.now();
  const user = await insertUser(t.container.db, {
    email,
    passwordHash: await hashPassword(PASSWORD),
    emailVerified: true,
    createdAt: now,
  });
  await insertMembership(t.container.db, { organizationId: orgId, userId: user.id, role, joinedAt: now });
  const token = await t.container.jwt.sign({ userId: user.id, orgId, tokenVersion: user.tokenVersion }, now);
  return { userId: user.id, email, token, role };
}

/** An organization with one admin, one developer and one viewer. */
export async function createOrgWithRoles(t: TestApp, name = 'Acme Mobile'): Promise<OrgWithRoles> {
  const org = await insertOrganization(t.container.db, {
    name,
    planId: t.container.config.plans.defaultPlan,
    createdAt: t.clock.now(),
  });
  const [admin, developer, viewer] = await Promise.all([
    addMember(t, org.id, 'admin'),
    addMember(t, org.id, 'developer'),
    addMember(t, org.id, 'viewer'),
  ]);
  return { orgId: org.id, admin, developer, viewer };
}
