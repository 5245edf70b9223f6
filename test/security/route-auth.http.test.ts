import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrgWithRoles, bearer, type OrgWithRoles } from '../harness/factories';
import { createLiveApp, type LiveApp } from '../harness/sessions-factories';

/**
 * The router decodes percent-escapes before matching, so `/%61pi/v1/…` reaches an `/api/v1` route.
 * Authentication must follow the route that matched, not the spelling of the raw URL.
 */
let t: LiveApp;
let org: OrgWithRoles;
beforeAll(async () => {
  t = await createLiveApp();
  org = await createOrgWithRoles(t, 'Spelled Differently');
});
afterAll(async () => {
  await t?.close();
});

const SPELLINGS = (path: string) => [
  `/%61pi/v1${path}`,
  `/%61%70%69/v1${path}`,
  `/api/%761${path}`,
  `/%61pi/%76%31${path}`,
  `/%2561pi/v1${path}`,
  `//api/v1${path}`,
  `/api//v1${path}`,
  `/api/v1/${path}`,
  `/api./v1${path}`,
  `/api/v1.${path}`,
  `/API/v1${path}`,
  `/api/v1/.${path}`,
  `/x/../api/v1${path}`,
];

describe('authentication decides on the matched route', () => {
  it('every spelling of a protected GET is answered like the plain URL: 401 from the auth check, or 404, never data', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/organizations/' });
    expect(plain.statusCode).toBe(401);
    const forgedPlain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/',
      headers: bearer('garbage'),
    });
    for (const url of [...SPELLINGS('/organizations/'), ...SPELLINGS(`/organizations/${org.orgId}`)]) {
      for (const [headers, expected] of [
        [{}, plain],
        [bearer('garbage'), forgedPlain],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([401, 404], `${url}: ${res.body}`).toContain(res.statusCode);
        expect(res.body).not.toContain('Spelled Differently');
        if (res.statusCode === 401) expect(res.json(), url).toEqual(expected.json());
      }
    }
  });

  it('a malformed body or a bad path parameter under another spelling is answered like the plain URL or like an unknown route', async () => {
    const malformed = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    } as const;
    const plain = await t.app.inject({ ...malformed, url: `/api/v1/organizations/${org.orgId}/invites` });
    const unknown = await t.app.inject({ ...malformed, url: '/no-such-route' });
    expect(plain.statusCode).toBe(401);
    for (const url of SPELLINGS(`/organizations/${org.orgId}/invites`)) {
      const res = await t.app.inject({ ...malformed, url });
      expect([plain.body, unknown.body], `${url}: ${res.statusCode} ${res.body}`).toContain(res.body);
    }
    for (const url of SPELLINGS('/organizations/not-a-number')) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([401, 404], `${url}: ${res.body}`).toContain(res.statusCode);
    }
  });

  it('an authenticated request under another spelling still acts as its caller', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/%61pi/v1/organizations/${org.orgId}`,
      headers: bearer(org.viewer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: org.orgId, role: 'viewer' });
  });

  it('a WebSocket upgrade under another spelling is refused with 401', async () => {
    const wsBase = t.baseUrl.replace(/^http/, 'ws');
    for (const path of ['/%61pi/v1/ws', '/%61pi/v1/sessions/00000000-0000-4000-8000-000000000000/stream']) {
      const status = await new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${wsBase}${path}`);
        socket.once('unexpected-response', (_req, res) => {
          resolve(res.statusCode ?? 0);
          socket.terminate();
        });
        socket.once('open', () => {
          socket.close();
          resolve(101);
        });
        socket.once('error', reject);
      });
      expect(status, path).toBe(401);
    }
  });

  it('public routes stay public under any spelling', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/%61pi/v1/auth/login',
      payload: { email: 'nobody@example.test', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Invalid email or password' });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
