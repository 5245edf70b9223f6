import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness/app';
import { PASSWORD, bearer, signup, uniqueEmail } from '../../../test/harness/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(async () => {
  await t?.close();
});

describe('POST /auth/register', () => {
  it('creates an organization with the caller as unverified admin and mails a verification link', async () => {
    const email = uniqueEmail('owner');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: PASSWORD, organization_name: 'Acme' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'bearer', email, role: 'admin', email_verified: false });
    expect(typeof body.access_token).toBe('string');
    expect(Number.isInteger(body.organization_id)).toBe(true);
    const mail = await t.smtp!.waitFor((m) => m.to.includes(email));
    expect(mail.text).toMatch(/http:\/\/simdeck\.test\/verify-email\?token=[A-Za-z0-9_-]{20,}/);
  });

  it('409 for an email already registered, in any letter case', async () => {
    const email = uniqueEmail('dup');
    await signup(t, { email });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: email.toUpperCase(), password: PASSWORD, organization_name: 'Other' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Email already registered' });
  });

  it('422 without organization_name on a self-serve signup, also when it is empty, blank or null', async () => {
    for (const organization_name of [undefined, '', '   ', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: { email: uniqueEmail(), password: PASSWORD, organization_name },
      });
      expect(res.statusCode, String(organization_name)).toBe(422);
      expect(res.json().detail).toMatch(/organization_name/);
    }
  });

  it('400 naming the field for a short password or a missing email', async () => {
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: uniqueEmail(), password: 'short', organization_name: 'A' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^password: /);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { password: PASSWORD, organization_name: 'A' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('email: required');
  });
});

describe('POST /auth/login', () => {
  it('returns a token that authenticates, and 401 for a wrong password or unknown email', async () => {
    const email = uniqueEmail('login');
    await signup(t, { email });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email, role: 'admin', token_type: 'bearer' });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: uniqueEmail('nobody'), password: PASSWORD },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });
});

describe('errors', () => {
  it('answers unknown routes with 404 {detail: "Not found"} with or without a token', async () => {
    const { token } = await signup(t);
    for (const headers of [{}, bearer(token)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('answers a malformed JSON body with 400 {detail}', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });
  it('checks the token before the body: no token is 401 even with a malformed or missing body', async () => {
    const { orgId } = await signup(t);
    const json = { 'content-type': 'application/json' };
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId}/invites`,
      headers: json,
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/account', headers: json });
    expect(empty.statusCode).toBe(401);
  });

  it('takes an empty body sent as application/json as no body', async () => {
    const { token, orgId } = await signup(t);
    const tokenRes = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId}/api-tokens`,
      headers: bearer(token),
      payload: { label: 'ci' },
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/organizations/${orgId}/api-tokens/${tokenRes.json().id}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A route whose body is required still names it.
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${orgId}/api-tokens`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toMatch(/^(body|label): required$/);
  });

  it('names what is wrong with a query parameter that was given, and "required" only when it was not', async () => {
    const { token, orgId } = await signup(t);
    const audit = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/organizations/${orgId}/audit-events?${query}`,
        headers: bearer(token),
      });
    const tooBig = await audit('limit=201');
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().detail).toBe('limit: must be at most 200');
    const notNumber = await audit('offset=abc');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json().detail).toMatch(/^offset: (?!required)/);
  });

  it('answers ids beyond any row (over PostgreSQL integer) with 400, not 500', async () => {
    const { token, orgId } = await signup(t);
    const cases = [
      ['DELETE', `/api/v1/organizations/${orgId}/members/2147483648`],
      ['DELETE', `/api/v1/organizations/${orgId}/api-tokens/99999999999`],
      ['GET', '/api/v1/organizations/2147483648'],
    ] as const;
    for (const [method, url] of cases) {
      const res = await t.app.inject({ method, url, headers: bearer(token) });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail).toMatch(/^(member_id|token_id|org_id): /);
    }
  });
});
