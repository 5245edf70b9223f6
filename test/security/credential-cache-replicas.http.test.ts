import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { createApiToken } from '../harness/accounts-factories';
import { bearer, createOrgWithRoles, PASSWORD } from '../harness/factories';

/**
 * Each replica caches what bearer tokens resolve to. A revocation made through replica A must be
 * refused by replica B on the very next request, although B answered that token from its cache a
 * moment before. Both replicas listen on loopback and are called over real HTTP, as a load
 * balancer would call them.
 */
describe('credential cache across two replicas', () => {
  let a: TestApp;
  let b: TestApp;
  let urlA: string;
  let urlB: string;
  beforeAll(async () => {
    a = await createTestApp({ jobs: false });
    b = await createTestApp({ jobs: false, replicaOf: a });
    urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
    urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const call = async (url: string, token: string, method = 'GET', path = '/api/v1/organizations/', body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...bearer(token), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  /** B has answered the token (twice: the second from its cache). */
  const warm = async (token: string, path?: string) => {
    for (let i = 0; i < 2; i++) expect((await call(urlB, token, 'GET', path)).status).toBe(200);
    expect(b.container.credentials.size).toBeGreaterThan(0);
  };

  it('an API token deleted on A is refused by B on the next request', async () => {
    const org = await createOrgWithRoles(a);
    const tok = await createApiToken(a, org.admin.token, org.orgId, { role: 'admin' });
    await warm(tok.token);
    expect(
      (await call(urlA, org.admin.token, 'DELETE', `/api/v1/organizations/${org.orgId}/api-tokens/${tok.id}`)).status,
    ).toBe(200);
    expect((await call(urlB, tok.token)).status).toBe(401);
  });

  it('a member removed on A is refused by B on the next request', async () => {
    const org = await createOrgWithRoles(a);
    await warm(org.developer.token);
    const members = (await (
      await call(urlA, org.admin.token, 'GET', `/api/v1/organizations/${org.orgId}/members`)
    ).json()) as Array<{ id: number; user_id: number }>;
    const member = members.find((m) => m.user_id === org.developer.userId)!;
    expect(
      (await call(urlA, org.admin.token, 'DELETE', `/api/v1/organizations/${org.orgId}/members/${member.id}`)).status,
    ).toBe(200);
    expect((await call(urlB, org.developer.token)).status).toBe(401);
  });

  it('a password changed on A voids the old login token on B on the next request', async () => {
    const org = await createOrgWithRoles(a);
    await warm(org.viewer.token);
    const res = await call(urlA, org.viewer.token, 'POST', '/api/v1/auth/change-password', {
      current_password: PASSWORD,
      new_password: 'another-horse-43',
    });
    expect(res.status).toBe(200);
    expect((await call(urlB, org.viewer.token)).status).toBe(401);
    const fresh = ((await res.json()) as { access_token: string }).access_token;
    expect((await call(urlB, fresh)).status).toBe(200);
  });

  it('a role lowered in the database is the role B grants on the next request', async () => {
    const org = await createOrgWithRoles(a);
    const path = `/api/v1/organizations/${org.orgId}/api-tokens`;
    await warm(org.admin.token, path);
    const client = new pg.Client({ connectionString: a.databaseUrl });
    await client.connect();
    try {
      await client.query('UPDATE memberships SET role = $1 WHERE user_id = $2 AND organization_id = $3', [
        'viewer',
        org.admin.userId,
        org.orgId,
      ]);
    } finally {
      await client.end();
    }
    expect((await call(urlB, org.admin.token, 'GET', path)).status).toBe(403);
  });

  it('an account deleted on A is refused by B on the next request', async () => {
    const org = await createOrgWithRoles(a);
    await warm(org.developer.token);
    expect((await call(urlA, org.developer.token, 'DELETE', '/api/v1/auth/account')).status).toBe(200);
    expect((await call(urlB, org.developer.token)).status).toBe(401);
  });
});
