import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { createApiToken } from '../../../test/harness/accounts-factories';
import { bearer, createOrgWithRoles } from '../../../test/harness/factories';
import { sha256Hex } from '../../crypto/tokens';
import type { ManualClock } from '../../clock';

let t: TestApp;
let env: AuthCaseEnv;
beforeAll(async () => {
  t = await createTestApp();
  env = { t, a: await createOrgWithRoles(t, 'Org A'), b: await createOrgWithRoles(t, 'Org B') };
});
afterAll(async () => {
  await t?.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

describe('POST /organizations/{org_id}/api-tokens', () => {
  it('creates a tok_ token with the developer role by default, stores only its SHA-256, and audits it', async () => {
    const res = await api('POST', `/organizations/${env.a.orgId}/api-tokens`, env.a.admin.token, {
      label: 'CI pipeline',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ label: 'CI pipeline', role: 'developer' });
    expect(body.token).toMatch(/^tok_[A-Za-z0-9_-]{32,}$/);
    const [row] = await t.container.db.select().from(apiTokens).where(eq(apiTokens.id, body.id));
    expect(row!.tokenHash).toBe(sha256Hex(body.token));
    expect(JSON.stringify(row)).not.toContain(body.token.slice(8));
    const audit = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, env.a.orgId));
    expect(audit.find((e) => e.action === 'api_token.created' && e.resourceId === String(body.id))).toMatchObject({
      userEmail: env.a.admin.email,
    });
    const me = await api('GET', `/organizations/${env.a.orgId}/members`, body.token);
    expect(me.statusCode).toBe(200);
  });

  it('the token carries the role chosen at creation', async () => {
    const viewer = await createApiToken(t, env.a.admin.token, env.a.orgId, { role: 'viewer' });
    expect((await api('GET', `/organizations/${env.a.orgId}/members`, viewer.token)).statusCode).toBe(200);
    expect((await api('GET', `/organizations/${env.a.orgId}/api-tokens`, viewer.token)).statusCode).toBe(403);
    const admin = await createApiToken(t, env.a.admin.token, env.a.orgId, { role: 'admin' });
    const made = await api('POST', `/organizations/${env.a.orgId}/api-tokens`, admin.token, {
      label: 'made by a token',
    });
    expect(made.statusCode).toBe(200);
    const list = (await api('GET', `/organizations/${env.a.orgId}/api-tokens`, admin.token)).json() as Array<{
      id: number;
      created_by: string;
    }>;
    expect(list.find((x) => x.id === made.json().id)!.created_by).toBe(env.a.admin.email);
  });

  it('400 for a missing label or an invalid role', async () => {
    const missing = await api('POST', `/organizations/${env.a.orgId}/api-tokens`, env.a.admin.token, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('label: required');
    const role = await api('POST', `/organizations/${env.a.orgId}/api-tokens`, env.a.admin.token, {
      label: 'x',
      role: 'root',
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().detail).toMatch(/^role: /);
  });
});

describe('GET /organizations/{org_id}/api-tokens', () => {
  it('lists tokens with a masked prefix, creator email, role and used flag, never the token', async () => {
    const org = await createOrgWithRoles(t);
    const created = await createApiToken(t, org.admin.token, org.orgId, { label: 'deploy', role: 'viewer' });
    const before = (await api('GET', `/organizations/${org.orgId}/api-tokens`, org.developer.token)).json();
    expect(before).toEqual([
      {
        id: created.id,
        label: 'deploy',
        token_prefix: `${created.token.slice(0, 8)}****`,
        created_by: org.admin.email,
        role: 'viewer',
        used: false,
        created_at: '2026-06-01T12:00:00.000',
        last_used_at: null,
      },
    ]);
    (t.clock as ManualClock).advance(1000);
    expect((await api('GET', `/organizations/${org.orgId}`, created.token)).statusCode).toBe(200);
    const after = await api('GET', `/organizations/${org.orgId}/api-tokens`, org.developer.token);
    expect(after.json()[0]).toMatchObject({ used: true, last_used_at: '2026-06-01T12:00:01.000' });
    expect(after.body).not.toContain(created.token);
    expect(after.body).not.toContain(created.token.slice(8, 20));
    (t.clock as ManualClock).advance(-1000);
  });
});

describe('DELETE /organizations/{org_id}/api-tokens/{token_id}', () => {
  it('revokes at once: the next request with the token is 401', async () => {
    const org = await createOrgWithRoles(t);
    const created = await createApiToken(t, org.admin.token, org.orgId);
    expect((await api('GET', `/organizations/${org.orgId}`, created.token)).statusCode).toBe(200);
    const res = await api('DELETE', `/organizations/${org.orgId}/api-tokens/${created.id}`, org.admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });
    expect((await api('GET', `/organizations/${org.orgId}`, created.token)).statusCode).toBe(401);
    expect(
      (await api('DELETE', `/organizations/${org.orgId}/api-tokens/${created.id}`, org.admin.token)).statusCode,
    ).toBe(404);
    const audit = await t.container.db.select().from(auditEvents).where(eq(auditEvents.organizationId, org.orgId));
    expect(audit.map((e) => e.action)).toContain('api_token.deleted');
  });

  it("404 for another organization's token, which keeps working", async () => {
    const other = await createApiToken(t, env.b.admin.token, env.b.orgId);
    expect(
      (await api('DELETE', `/organizations/${env.a.orgId}/api-tokens/${other.id}`, env.a.admin.token)).statusCode,
    ).toBe(404);
    expect((await api('GET', `/organizations/${env.b.orgId}`, other.token)).statusCode).toBe(200);
  });
});

describeAuthCases(
  () => env,
  [
    {
      method: 'GET',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/api-tokens`,
      minRole: 'developer',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/api-tokens`,
    },
    {
      method: 'POST',
      url: (e) => `/api/v1/organizations/${e.a.orgId}/api-tokens`,
      body: () => ({ label: 'case' }),
      minRole: 'admin',
      otherOrgUrl: (e) => `/api/v1/organizations/${e.b.orgId}/api-tokens`,
    },
    {
      method: 'DELETE',
      url: async (e) =>
        `/api/v1/organizations/${e.a.orgId}/api-tokens/${(await createApiToken(e.t, e.a.admin.token, e.a.orgId)).id}`,
      minRole: 'admin',
      otherOrgUrl: async (e) =>
        `/api/v1/organizations/${e.b.orgId}/api-tokens/${(await createApiToken(e.t, e.b.admin.token, e.b.orgId)).id}`,
    },
  ],
);
