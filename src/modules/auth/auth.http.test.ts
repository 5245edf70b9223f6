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
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: PASSWORD, organization_name: 'Acme' } });
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
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: email.toUpperCase(), password: PASSWORD, organization_name: 'Other' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Email already registered' });
  });

  it('422 without organization_name on a self-serve signup', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail(), password: PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatch(/organization_name/);
  });

  it('400 naming the field for a short password or a missing email', async () => {
    const short = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail(), password: 'short', organization_name: 'A' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().detail).toMatch(/^password: /);
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { password: PASSWORD, organization_name: 'A' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('email: required');
  });
});

describe('POST /auth/login', () => {
  it('returns a token that authenticates, and 401 for a wrong password or unknown email', async () => {
    const email = uniqueEmail('login');
    await signup(t, { email });
    const ok = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: PASSWORD } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ email, role: 'admin', token_type: 'bearer' });
    const wrong = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'wrong-password' } });
    expect(wrong.statusCode).toBe(401);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: uniqueEmail('nobody'), password: PASSWORD } });
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
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });
});
