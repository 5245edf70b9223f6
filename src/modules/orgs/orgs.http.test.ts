import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, memberships, organizations } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { createApiToken, invite, registerWithInvite, tokenFromMail } from '../../../test/harness/accounts-factories';
import { addMember, bearer, createOrgWithRoles, signup, uniqueEmail } from '../../../test/harness/factories';

let t: TestApp;
let env: AuthCaseEnv;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
  env = { t, a: await createOrgWithRoles(t, 'Org A'), b: await createOrgWithRoles(t, 'Org B') };
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const lastAudit = async (orgId: number) => {
  const rows = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgId));
  return rows.sort((x, y) => y.id - x.id)[0];
};

describe('GET /organizations/', () => {
  it("lists every organization of a login token's user, and only its own for an API token", async () => {
    const user = await signup(t, { organizationName: 'First' });
    const org = await createOrgWithRoles(t, 'Second');
    expect((await api('GET', '/organizations/', user.token)).json()).toHaveLength(1);
    // The user also belongs to a second organization: both appear, each with the user's role there.
    await t.container.db
      .insert(memberships)
      .values({ organizationId: org.orgId, userId: user.userId, role: 'viewer', joinedAt: t.clock.now() });
    const res = await api('GET', '/organizations/', user.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: user.orgId, name: 'First', created_at: '2026-06-01T12:00:00.000', role: 'admin', plan_id: 'free' },
      { id: org.orgId, name: 'Second', created_at: '2026-06-01T12:00:00.000', role: 'viewer', plan_id: 'free' },
    ]);
    const tok = await createApiToken(t, org.admin.token, org.orgId, { role: 'viewer' });
    const viaToken = await api('GET', '/organizations', tok.token);
    expect(viaToken.json().map((o: { id: number }) => o.id)).toEqual([org.orgId]);
    expect((await api('GET', '/organizations/')).statusCode).toBe(401);
  });
});

describe('GET and PATCH /organizations/{org_id}', () => {
  it('gets the organization for a viewer', async () => {
    const res = await api('GET', `/organizations/${env.a.orgId}`, env.a.viewer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: env.a.orgId, name: 'Org A', created_at: '2026-06-01T12:00:00.000' });
  });

  it('renames for an admin, returns only {id, name}, and audits the change', async () => {
    const org = await createOrgWithRoles(t, 'Before');
    const res = await api('PATCH', `/organizations/${org.orgId}`, org.admin.token, { name: '  After  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: org.orgId, name: 'After' });
    expect((await api('GET', `/organizations/${org.orgId}`, org.viewer.token)).json().name).toBe('After');
    expect(await lastAudit(org.orgId)).toMatchObject({
      action: 'organization.updated',
      userEmail: org.admin.email,
      details: { name: { from: 'Before', to: 'After' } },
    });
  });

  it('400 for an empty name or an unknown field; 404 for a missing organization', async () => {
    const empty = await api('PATCH', `/organizations/${env.a.orgId}`, env.a.admin.token, { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toMatch(/^name: /);
    expect(
      (await api('PATCH', `/organizations/${env.a.orgId}`, env.a.admin.token, { plan_id: 'enterprise' })).statusCode,
    ).toBe(400);
    expect((await api('GET', '/organizations/99999999', env.a.admin.token)).statusCode).toBe(404);
    const [row] = await t.container.db.select().from(organizations).where(eq(organizations.id, env.a.orgId));
    expect(row!.name).toBe('Org A');
  });
});

describe('another organization', () => {
  it("is 404 (never 403) whatever the caller's role, also for verbs above that role", async () => {
    for (const [method, url, payload] of [
      ['PATCH', `/organizations/${env.b.orgId}`, { name: 'Taken' }],
      ['GET', `/organizations/${env.b.orgId}/api-tokens`, undefined],
      ['GET', `/organizations/${env.b.orgId}/audit-events`, undefined],
      ['POST', `/organizations/${env.b.orgId}/invites`, { email: uniqueEmail(), role: 'viewer' }],
    ] as const) {
      const res = await api(method, url, env.a.viewer.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Its own organization still answers the viewer with 403 for an admin verb.
    expect((await api('PATCH', `/organizations/${env.a.orgId}`, env.a.viewer.token, { name: 'Mine' })).statusCode).toBe(
      403,
    );
  });
});

describe('members', () => {
  it('lists members with membership id, user id, email, role and joined_at', async () => {
    const res = await api('GET', `/organizations/${env.a.orgId}/members`, env.a.viewer.token);
    expect(res.statusCode).toBe(200);
    const members = res.json() as Array<{
      id: number;
      user_id: number;
      email: string;
      role: string;
      joined_at: string;
    }>;
    expect(members.map((m) => [m.user_id, m.email, m.role]).sort()).toEqual(
      [
        [env.a.admin.userId, env.a.admin.email, 'admin'],
        [env.a.developer.userId, env.a.developer.email, 'developer'],
        [env.a.viewer.userId, env.a.viewer.email, 'viewer'],
      ].sort(),
    );
    expect(members.every((m) => Number.isInteger(m.id) && m.joined_at === '2026-06-01T12:00:00.000')).toBe(true);
  });

  it('removes a member (their token stops working), audits it, and refuses to remove the last admin', async () => {
    const org = await createOrgWithRoles(t);
    const members = (await api('GET', `/organizations/${org.orgId}/members`, org.admin.token)).json() as Array<{
      id: number;
      user_id: number;
    }>;
    const dev = members.find((m) => m.user_id === org.developer.userId)!;
    const res = await api('DELETE', `/organizations/${org.orgId}/members/${dev.id}`, org.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'removed' });
    expect((await api('GET', `/organizations/${org.orgId}`, org.developer.token)).statusCode).toBe(401);
    expect(await lastAudit(org.orgId)).toMatchObject({
      action: 'member.removed',
      resourceType: 'member',
      resourceId: String(dev.id),
    });

    const admin = members.find((m) => m.user_id === org.admin.userId)!;
    const last = await api('DELETE', `/organizations/${org.orgId}/members/${admin.id}`, org.admin.token);
    expect(last.statusCode).toBe(400);
    expect(last.json()).toEqual({ detail: 'Cannot remove the last admin of the organization' });
    const second = await addMember(t, org.orgId, 'admin');
    expect((await api('DELETE', `/organizations/${org.orgId}/members/${admin.id}`, second.token)).statusCode).toBe(200);
    expect((await api('DELETE', `/organizations/${org.orgId}/members/${dev.id}`, second.token)).statusCode).toBe(404);
  });

  it('revokes the API tokens a removed member created, and only theirs', async () => {
    const org = await createOrgWithRoles(t);
    const leaver = await addMember(t, org.orgId, 'admin');
    const theirs = await createApiToken(t, leaver.token, org.orgId, { label: 'their deploy key', role: 'admin' });
    const kept = await createApiToken(t, org.admin.token, org.orgId, { label: 'shared ci' });
    const members = (await api('GET', `/organizations/${org.orgId}/members`, org.admin.token)).json() as Array<{
      id: number;
      user_id: number;
    }>;
    const leaving = members.find((m) => m.user_id === leaver.userId)!;
    expect((await api('DELETE', `/organizations/${org.orgId}/members/${leaving.id}`, org.admin.token)).statusCode).toBe(
      200,
    );
    expect((await api('GET', `/organizations/${org.orgId}`, theirs.token)).statusCode).toBe(401);
    expect((await api('GET', `/organizations/${org.orgId}`, kept.token)).statusCode).toBe(200);
    expect(await lastAudit(org.orgId)).toMatchObject({
      action: 'member.removed',
      details: { revoked_api_tokens: ['their deploy key'] },
    });
    const labels = (await api('GET', `/organizations/${org.orgId}/api-tokens`, org.admin.token))
      .json()
      .map((x: { label: string }) => x.label);
    expect(labels).toEqual(['shared ci']);
  });

  it('removing a member withdraws the invitations they sent and have not been redeemed, and says how many', async () => {
    const org = await createOrgWithRoles(t);
    const leaver = await addMember(t, org.orgId, 'admin');
    const pending = [uniqueEmail('pending'), uniqueEmail('pending')];
    const theirs = [
      await invite(t, leaver.token, org.orgId, pending[0]),
      await invite(t, leaver.token, org.orgId, pending[1]),
    ];
    const redeemed = uniqueEmail('redeemed');
    expect(
      (await registerWithInvite(t, redeemed, (await invite(t, leaver.token, org.orgId, redeemed)).token)).statusCode,
    ).toBe(200);
    const kept = await invite(t, org.admin.token, org.orgId, uniqueEmail('kept'));
    const res = await api(
      'DELETE',
      `/organizations/${org.orgId}/members/${await memberIdOf(org.orgId, leaver.userId)}`,
      org.admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await lastAudit(org.orgId)).toMatchObject({ action: 'member.removed', details: { revoked_invitations: 2 } });
    for (const [i, inv] of theirs.entries()) {
      const join = await registerWithInvite(t, pending[i]!, inv.token);
      expect(join.statusCode).toBe(400);
      expect(join.json()).toEqual({ detail: 'Invalid invitation' });
    }
    const left = await t.container.db.select().from(invitations).where(eq(invitations.organizationId, org.orgId));
    expect(left.map((r) => r.email).sort()).toEqual([redeemed, kept.email].sort());
    expect((await registerWithInvite(t, kept.email, kept.token)).statusCode).toBe(200);
  });

  it('404 for a member id of another organization', async () => {
    const other = (await api('GET', `/organizations/${env.b.orgId}/members`, env.b.admin.token)).json() as Array<{
      id: number;
    }>;
    const res = await api('DELETE', `/organizations/${env.a.orgId}/members/${other[0]!.id}`, env.a.admin.token);
    expect(res.statusCode).toBe(404);
    expect((await api('GET', `/organizations/${env.b.orgId}/members`, env.b.admin.token)).json()).toHaveLength(
      other.length,
    );
  });
});

describe('POST /organizations/{org_id}/invites', () => {
  it('invites with the developer role by default, valid 7 days, mails the accept link, stores only a hash', async () => {
    const email = uniqueEmail('invitee');
    const res = await api('POST', `/organizations/${env.a.orgId}/invites`, env.a.admin.token, { email });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ email, expires_at: '2026-06-08T12:00:00.000', role: 'developer' });
    expect(body.token.length).toBeGreaterThanOrEqual(32);
    expect(await tokenFromMail(t, email, 'accept-invite')).toBe(body.token);
    const rows = await t.container.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toBe(body.token);
    expect(rows[0]!.role).toBe('developer');
    expect(await lastAudit(env.a.orgId)).toMatchObject({
      action: 'member.invited',
      details: { email, role: 'developer' },
    });
    const joined = await registerWithInvite(t, email, body.token);
    expect(joined.json().role).toBe('developer');
  });

  it('400 for an existing member (any letter case), an invalid role or a bad email, writing nothing', async () => {
    const auditBefore = (
      await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, env.a.orgId))
    ).length;
    const invitesBefore = (
      await t.container.db.select().from(invitations).where(eq(invitations.organizationId, env.a.orgId))
    ).length;
    const member = await api('POST', `/organizations/${env.a.orgId}/invites`, env.a.admin.token, {
      email: env.a.viewer.email.toUpperCase(),
    });
    expect(member.statusCode).toBe(400);
    expect(member.json().detail).toMatch(/already a member/);
    const role = await api('POST', `/organizations/${env.a.orgId}/invites`, env.a.admin.token, {
      email: uniqueEmail(),
      role: 'owner',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().detail).toMatch(/^role: /);
    const bad = await api('POST', `/organizations/${env.a.orgId}/invites`, env.a.admin.token, {
      email: 'not-an-email',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^email: /);
    expect(
      await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, env.a.orgId)),
    ).toHaveLength(auditBefore);
    expect(
      await t.container.db.select().from(invitations).where(eq(invitations.organizationId, env.a.orgId)),
    ).toHaveLength(invitesBefore);
  });

  it('403 until the inviting admin has verified their email, for a login token and an API token alike', async () => {
    const admin = await signup(t, { organizationName: 'Unverified Co' });
    const key = await createApiToken(t, admin.token, admin.orgId, { role: 'admin' });
    for (const token of [admin.token, key.token]) {
      const res = await api('POST', `/organizations/${admin.orgId}/invites`, token, { email: uniqueEmail('spam') });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toEqual({
        detail:
          'Verify your email address before inviting members: open the link mailed to you at signup, or ask for a new one.',
      });
    }
    expect(
      await t.container.db.select().from(invitations).where(eq(invitations.organizationId, admin.orgId)),
    ).toHaveLength(0);
    expect((await lastAudit(admin.orgId))?.action).not.toBe('member.invited');
    const verified = await api('POST', '/auth/verify-email', undefined, {
      token: await tokenFromMail(t, admin.email, 'verify-email'),
    });
    expect(verified.statusCode).toBe(200);
    for (const token of [admin.token, key.token])
      expect(
        (await api('POST', `/organizations/${admin.orgId}/invites`, token, { email: uniqueEmail('welcome') }))
          .statusCode,
      ).toBe(200);
  });

  it('a re-invite leaves exactly one outstanding invitation', async () => {
    const email = uniqueEmail('twice');
    await invite(t, env.a.admin.token, env.a.orgId, email, 'viewer');
    await invite(t, env.a.admin.token, env.a.orgId, email, 'admin');
    const rows = await t.container.db.select().from(invitations).where(eq(invitations.email, email));
    expect(rows.map((r) => r.role)).toEqual(['admin']);
  });
});

describe('session defaults', () => {
  it('starts at 30m / full / false and updates for an admin, with an audit row', async () => {
    const org = await createOrgWithRoles(t);
    const initial = await api('GET', `/organizations/${org.orgId}/session-defaults`, org.viewer.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toEqual({
      session_timeout: '30m',
      session_permissions: 'full',
      allow_streaming_overage: false,
    });
    const res = await api('PATCH', `/organizations/${org.orgId}/session-defaults`, org.admin.token, {
      session_timeout: '5m',
      session_permissions: 'app_only',
      allow_streaming_overage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      session_timeout: '5m',
      session_permissions: 'app_only',
      allow_streaming_overage: true,
    });
    const partial = await api('PATCH', `/organizations/${org.orgId}/session-defaults`, org.admin.token, {
      session_timeout: '1440m',
    });
    expect(partial.json()).toEqual({
      session_timeout: '1440m',
      session_permissions: 'app_only',
      allow_streaming_overage: true,
    });
    const [row] = await t.container.db.select().from(organizations).where(eq(organizations.id, org.orgId));
    expect(row!.sessionTimeoutMinutes).toBe(1440);
    expect(await lastAudit(org.orgId)).toMatchObject({
      action: 'organization.session_defaults_updated',
      details: { from: { session_timeout: '5m' }, to: { session_timeout: '1440m' } },
    });
  });

  it('400 for anything outside the allowed values, leaving the defaults unchanged', async () => {
    const org = await createOrgWithRoles(t);
    const url = `/organizations/${org.orgId}/session-defaults`;
    for (const body of [
      { session_timeout: '4m' },
      { session_timeout: '1441m' },
      { session_timeout: '30' },
      { session_timeout: '1.5m' },
      { session_timeout: '30s' },
      { session_timeout: 30 },
      { session_permissions: 'read_only' },
      { allow_streaming_overage: 'yes' },
      { session_timeout: '10m', colour: 'blue' },
    ]) {
      const res = await api('PATCH', url, org.admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().detail).toBe('string');
    }
    expect((await api('GET', url, org.viewer.token)).json()).toEqual({
      session_timeout: '30m',
      session_permissions: 'full',
      allow_streaming_overage: false,
    });
  });
});

describeAuthCases(
  () => env,
  [
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}`,
      minRole: 'viewer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}`,
    },
    {
      method: 'PATCH',
      url: (e) => `/api/v1/organizations/${e.a.orgId}`,
      body: () => ({ name: 'Org A' }),
      minRole: 'admin',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}`,
    },
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/members`,
      minRole: 'viewer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/members`,
    },
    {
      method: 'POST',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/invites`,
      body: () => ({ email: uniqueEmail('case') }),
      minRole: 'admin',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/invites`,
    },
    {
      method: 'DELETE',
      url: async (e) =>
        `/api/v1/organizations/${e.a.orgId}/members/${await memberIdOf(e.a.orgId, (await addMember(e.t, e.a.orgId, 'viewer')).userId)}`,
      minRole: 'admin',
      otherOrgUrl: async (e) =>
        `/api/v1/organizations/${e.b.orgId}/members/${await memberIdOf(e.b.orgId, e.b.viewer.userId)}`,
    },
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/session-defaults`,
      minRole: 'viewer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/session-defaults`,
    },
    {
      method: 'PATCH',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/session-defaults`,
      body: () => ({ session_timeout: '30m' }),
      minRole: 'admin',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/session-defaults`,
    },
  ],
);

async function memberIdOf(orgId: number, userId: number): Promise<number> {
  const rows = await t.container.db.select().from(memberships).where(eq(memberships.organizationId, orgId));
  return rows.find((m) => m.userId === userId)!.id;
}
