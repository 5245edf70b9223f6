import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invitations, memberships, organizations, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import {
  createApiToken,
  invite,
  mailCount,
  registerWithInvite,
  tokenFromMail,
} from '../../../test/harness/accounts-factories';
import { PASSWORD, addMember, bearer, createOrgWithRoles, signup, uniqueEmail } from '../../../test/harness/factories';
import type { ManualClock } from '../../clock';

let t: TestApp;
let clock: ManualClock;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
  clock = t.clock as ManualClock;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });
const login = (email: string, password = PASSWORD) => post('/auth/login', { email, password });
const orgsWith = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/v1/organizations/', headers: bearer(token) });
const auditActions = async (orgId: number) =>
  (await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, orgId))).map((e) => e.action);

describe('POST /auth/verify-email', () => {
  it('verifies the address with the mailed token, once', async () => {
    const { email, orgId } = await signup(t);
    const token = await tokenFromMail(t, email, 'verify-email');
    const res = await post('/auth/verify-email', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'verified' });
    expect((await login(email)).json().email_verified).toBe(true);
    expect(await auditActions(orgId)).toContain('user.email_verified');
    const again = await post('/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/invalid or expired/i);
  });

  it('400 for an expired link (after 24 h) and for an unknown token; the token is stored hashed', async () => {
    const { email, userId } = await signup(t);
    const token = await tokenFromMail(t, email, 'verify-email');
    const stored = await t.container.database.pool.query('SELECT token_hash FROM email_tokens WHERE user_id = $1', [
      userId,
    ]);
    expect(stored.rows[0].token_hash).not.toContain(token);
    expect(stored.rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    clock.advance(24 * 3600 * 1000 + 1000);
    try {
      const res = await post('/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect((await login(email)).json().email_verified).toBe(false);
    } finally {
      clock.advance(-(24 * 3600 * 1000 + 1000));
    }
    expect((await post('/auth/verify-email', { token: 'not-a-real-token' })).statusCode).toBe(400);
    const missing = await post('/auth/verify-email', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('token: required');
  });
});

describe('POST /auth/resend-verification', () => {
  it('mails a new working link to an unverified account, and nothing to unknown or verified addresses, always 200', async () => {
    const unverified = await signup(t);
    await tokenFromMail(t, unverified.email, 'verify-email');
    const verified = await createOrgWithRoles(t);
    const unknown = uniqueEmail('ghost');
    for (const email of [unknown, verified.admin.email]) {
      const res = await post('/auth/resend-verification', { email });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    // Within a minute of the signup mail, a resend is answered but not mailed.
    expect((await post('/auth/resend-verification', { email: unverified.email })).json()).toEqual({ status: 'ok' });
    clock.advance(61_000);
    const before = t.smtp!.messages.length;
    const res = await post('/auth/resend-verification', { email: unverified.email.toUpperCase() });
    expect(res.json()).toEqual({ status: 'ok' });
    const token = await tokenFromMail(t, unverified.email, 'verify-email', before);
    // Mails are delivered by one job queue in order: by now the earlier requests would have arrived.
    expect(mailCount(t, unknown)).toBe(0);
    expect(mailCount(t, verified.admin.email)).toBe(0);
    expect(mailCount(t, unverified.email)).toBe(2);
    expect((await post('/auth/verify-email', { token })).statusCode).toBe(200);
  });
});

describe('forgot-password and reset-password', () => {
  it('mails a reset link that sets a new password once, verifies the email and voids older login tokens', async () => {
    const { email, token: oldJwt } = await signup(t);
    expect((await orgsWith(oldJwt)).statusCode).toBe(200);
    const res = await post('/auth/forgot-password', { email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const token = await tokenFromMail(t, email, 'reset-password');
    const reset = await post('/auth/reset-password', { token, new_password: 'brand-new-secret' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ status: 'ok' });
    expect((await orgsWith(oldJwt)).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    const fresh = await login(email, 'brand-new-secret');
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().email_verified).toBe(true);
    const reuse = await post('/auth/reset-password', { token, new_password: 'another-secret' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().detail).toMatch(/invalid, expired or already used/i);
  });

  it('always answers 200 and mails nothing for an unknown address', async () => {
    const unknown = uniqueEmail('nobody');
    const res = await post('/auth/forgot-password', { email: unknown });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    const { email } = await signup(t);
    const before = t.smtp!.messages.length;
    await post('/auth/forgot-password', { email });
    await tokenFromMail(t, email, 'reset-password', before);
    expect(mailCount(t, unknown)).toBe(0);
  });

  it('400 for an expired link (after 1 h), an unknown token and a short password; a reset voids older links', async () => {
    const { email } = await signup(t);
    let before = t.smtp!.messages.length;
    await post('/auth/forgot-password', { email });
    const first = await tokenFromMail(t, email, 'reset-password', before);
    clock.advance(3600 * 1000 + 1000);
    expect((await post('/auth/reset-password', { token: first, new_password: 'brand-new-secret' })).statusCode).toBe(
      400,
    );
    before = t.smtp!.messages.length;
    await post('/auth/forgot-password', { email });
    const second = await tokenFromMail(t, email, 'reset-password', before);
    // A second request within a minute mails nothing; after it, a new link comes.
    await post('/auth/forgot-password', { email });
    clock.advance(61_000);
    before = t.smtp!.messages.length;
    await post('/auth/forgot-password', { email });
    const third = await tokenFromMail(t, email, 'reset-password', before);
    const short = await post('/auth/reset-password', { token: third, new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^new_password: /);
    expect((await post('/auth/reset-password', { token: 'bogus', new_password: 'brand-new-secret' })).statusCode).toBe(
      400,
    );
    expect((await post('/auth/reset-password', { token: third, new_password: 'brand-new-secret' })).statusCode).toBe(
      200,
    );
    expect((await post('/auth/reset-password', { token: second, new_password: 'other-new-secret' })).statusCode).toBe(
      400,
    );
    expect((await login(email, 'brand-new-secret')).statusCode).toBe(200);
    expect(mailCount(t, email)).toBe(4);
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password, voids older login tokens and returns a fresh one', async () => {
    const { email, token, orgId } = await signup(t);
    const res = await post(
      '/auth/change-password',
      { current_password: PASSWORD, new_password: 'changed-secret-1' },
      bearer(token),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('ok');
    expect((await orgsWith(token)).statusCode).toBe(401);
    expect((await orgsWith(res.json().access_token)).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'changed-secret-1')).statusCode).toBe(200);
    expect(await auditActions(orgId)).toContain('user.password_changed');
  });

  it('400 for a wrong current password or a short new one, 401 without a token, 403 with an API token', async () => {
    const org = await createOrgWithRoles(t);
    const wrong = await post(
      '/auth/change-password',
      { current_password: 'not-my-password', new_password: 'changed-secret-1' },
      bearer(org.developer.token),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ detail: 'Current password is incorrect' });
    expect((await orgsWith(org.developer.token)).statusCode).toBe(200);
    const short = await post(
      '/auth/change-password',
      { current_password: PASSWORD, new_password: 'short' },
      bearer(org.developer.token),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^new_password: /);
    expect(
      (await post('/auth/change-password', { current_password: PASSWORD, new_password: 'changed-secret-1' }))
        .statusCode,
    ).toBe(401);
    const api = await createApiToken(t, org.admin.token, org.orgId, { role: 'admin' });
    expect(
      (
        await post(
          '/auth/change-password',
          { current_password: PASSWORD, new_password: 'changed-secret-1' },
          bearer(api.token),
        )
      ).statusCode,
    ).toBe(403);
    expect((await login(org.developer.email)).statusCode).toBe(200);
  });
});

describe('DELETE /auth/account', () => {
  const del = (token?: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v1/auth/account', headers: token ? bearer(token) : {} });

  it('deletes the account and the organization it was the only member of', async () => {
    const { email, token, orgId, userId } = await signup(t);
    const res = await del(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'account_deleted' });
    expect(await t.container.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(await t.container.db.select().from(organizations).where(eq(organizations.id, orgId))).toHaveLength(0);
    expect((await login(email)).statusCode).toBe(401);
    expect((await orgsWith(token)).statusCode).toBe(401);
  });

  it('400 for the last admin of an organization with other members, until another admin exists', async () => {
    const org = await createOrgWithRoles(t);
    const refused = await del(org.admin.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/last admin/);
    expect((await orgsWith(org.admin.token)).statusCode).toBe(200);

    const second = uniqueEmail('second-admin');
    const inv = await invite(t, org.admin.token, org.orgId, second, 'admin');
    expect((await registerWithInvite(t, second, inv.token)).statusCode).toBe(200);
    const deployKey = await createApiToken(t, org.admin.token, org.orgId, { label: 'deploy', role: 'admin' });
    const ok = await del(org.admin.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.container.db.select().from(organizations).where(eq(organizations.id, org.orgId))).toHaveLength(1);
    expect((await orgsWith(org.developer.token)).statusCode).toBe(200);
    const rows = await t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'user.deleted')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userEmail).toBe(org.admin.email);
    // The tokens the account created went with it.
    expect(rows[0]!.details).toMatchObject({ revoked_api_tokens: ['deploy'] });
    expect((await orgsWith(deployKey.token)).statusCode).toBe(401);
  });

  it('withdraws the invitations the account sent and that nobody redeemed, in every organization it leaves', async () => {
    const org = await createOrgWithRoles(t);
    const leaver = await addMember(t, org.orgId, 'admin');
    const pending = uniqueEmail('pending');
    const theirs = await invite(t, leaver.token, org.orgId, pending);
    const kept = await invite(t, org.admin.token, org.orgId);
    const res = await del(leaver.token);
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.container.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, org.orgId), eq(auditEvents.action, 'user.deleted')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ revoked_invitations: 1 });
    const join = await registerWithInvite(t, pending, theirs.token);
    expect(join.statusCode).toBe(400);
    expect(join.json()).toEqual({ detail: 'Invalid invitation' });
    const left = await t.container.db.select().from(invitations).where(eq(invitations.organizationId, org.orgId));
    expect(left.map((r) => r.email)).toEqual([kept.email]);
  });

  it('a non-admin member leaves the organization, which stays; 401 without a token; 403 with an API token', async () => {
    const org = await createOrgWithRoles(t);
    expect((await del(org.viewer.token)).statusCode).toBe(200);
    const left = await t.container.db.select().from(memberships).where(eq(memberships.organizationId, org.orgId));
    expect(left.map((m) => m.userId).sort()).toEqual([org.admin.userId, org.developer.userId].sort());
    expect((await del()).statusCode).toBe(401);
    const api = await createApiToken(t, org.admin.token, org.orgId, { role: 'admin' });
    expect((await del(api.token)).statusCode).toBe(403);
  });
});

describe('POST /auth/register with invite_token', () => {
  it('joins the inviting organization with the invited role, already verified, without a verification mail', async () => {
    const org = await createOrgWithRoles(t, 'Inviting Org');
    const email = uniqueEmail('joiner');
    const inv = await invite(t, org.admin.token, org.orgId, email, 'viewer');
    const res = await registerWithInvite(t, email, inv.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      organization_id: org.orgId,
      role: 'viewer',
      email_verified: true,
      token_type: 'bearer',
    });
    const orgs = await orgsWith(res.json().access_token);
    expect(orgs.json()).toEqual([expect.objectContaining({ id: org.orgId, name: 'Inviting Org', role: 'viewer' })]);
    expect(await auditActions(org.orgId)).toContain('member.joined');
    await tokenFromMail(t, email, 'accept-invite');
    expect(t.smtp!.messages.some((m) => m.to.includes(email) && /verify-email/.test(m.text))).toBe(false);
  });

  it('400 for an unknown, used, expired or other-address invitation; 409 for a registered email', async () => {
    const org = await createOrgWithRoles(t);
    expect((await registerWithInvite(t, uniqueEmail(), 'inv_unknown')).statusCode).toBe(400);

    const email = uniqueEmail('once');
    const inv = await invite(t, org.admin.token, org.orgId, email);
    const other = await registerWithInvite(t, uniqueEmail('someone-else'), inv.token);
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toMatch(/different email/);
    expect((await registerWithInvite(t, email.toUpperCase(), inv.token)).statusCode).toBe(200);
    const used = await registerWithInvite(t, uniqueEmail(), inv.token);
    expect(used.statusCode).toBe(400);

    const late = uniqueEmail('late');
    const lateInv = await invite(t, org.admin.token, org.orgId, late);
    clock.advance(7 * 24 * 3600 * 1000 + 1000);
    try {
      const expired = await registerWithInvite(t, late, lateInv.token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().detail).toMatch(/expired/);
    } finally {
      clock.advance(-(7 * 24 * 3600 * 1000 + 1000));
    }

    const elsewhere = await signup(t);
    const dupInv = await invite(t, org.admin.token, org.orgId, elsewhere.email);
    const dup = await registerWithInvite(t, elsewhere.email, dupInv.token);
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: 'Email already registered' });
    // Nothing half-written: the invitation can still be redeemed by no one else, and no membership appeared.
    const rows = await t.container.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, org.orgId), eq(memberships.userId, elsewhere.userId)));
    expect(rows).toHaveLength(0);
  });

  it('a re-invite replaces the outstanding invitation', async () => {
    const org = await createOrgWithRoles(t);
    const email = uniqueEmail('again');
    const first = await invite(t, org.admin.token, org.orgId, email, 'viewer');
    const second = await invite(t, org.admin.token, org.orgId, email, 'admin');
    expect((await registerWithInvite(t, email, first.token)).statusCode).toBe(400);
    const res = await registerWithInvite(t, email, second.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('admin');
  });
});
