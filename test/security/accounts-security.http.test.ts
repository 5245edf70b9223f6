import type { ManualClock } from '../../src/clock';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { createApiToken, invite, registerWithInvite, tokenFromMail } from '../harness/accounts-factories';
import { PASSWORD, bearer, createOrgWithRoles, signup, uniqueEmail } from '../harness/factories';

/** A client address of its own, so rate-limit counters never collide with other tests. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'true' }, jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('cuts a brute-force login from one address off after 5 attempts a minute, with Retry-After and X-RateLimit-*', async () => {
    const { email } = await signup(t);
    const ip = randomIp();
    const attempt = (remoteAddress: string, password = 'wrong-password') =>
      t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress, payload: { email, password } });
    for (let i = 0; i < 5; i++) {
      const res = await attempt(ip);
      expect(res.statusCode).toBe(401);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(4 - i));
    }
    const blocked = await attempt(ip, PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.headers['x-ratelimit-limit']).toBe('5');
    expect(blocked.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(blocked.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/rate limit/i);
    // Another client is not limited by this address's count, but the account's own throttle
    // (five failures, from anywhere) holds the right password back for 30 s; then it works.
    const elsewhere = await attempt(randomIp(), PASSWORD);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().detail).toMatch(/^Too many failed sign-ins for this account/);
    (t.clock as ManualClock).advance(30_000);
    expect((await attempt(randomIp(), PASSWORD)).statusCode).toBe(200);
  });

  it('limits change-password to 5 a minute per client', async () => {
    const { token } = await signup(t);
    const ip = randomIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        remoteAddress: ip,
        headers: bearer(token),
        payload: { current_password: 'wrong-password', new_password: 'whatever-new-1' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits in Redis (TEST_REDIS_URL)', () => {
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const env = { RATE_LIMIT: 'true', REDIS_URL: process.env.TEST_REDIS_URL! };
    [one, two] = await Promise.all([createTestApp({ env, jobs: false }), createTestApp({ env, jobs: false })]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
  });

  it('two app instances share one counter per client', async () => {
    const ip = randomIp();
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        remoteAddress: ip,
        payload: { email: uniqueEmail(), password: 'wrong-password' },
      });
    const codes: number[] = [];
    for (const t of [one, two, one, two, one]) codes.push((await attempt(t)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401]);
    const blocked = await attempt(two);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});

describe('secrets stay secret', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(String(chunk));
        cb();
      },
    });
    t = await createTestApp({ smtp: true, logStream, env: { LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a deleted API token stops working on the next request', async () => {
    const org = await createOrgWithRoles(t);
    const tok = await createApiToken(t, org.admin.token, org.orgId, { role: 'admin' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/organizations/', headers: bearer(tok.token) })).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/organizations/${org.orgId}/api-tokens/${tok.id}`,
      headers: bearer(org.admin.token),
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/organizations/', headers: bearer(tok.token) })).statusCode,
    ).toBe(401);
  });

  it('no password, token or secret appears in a log line, nor in any response after creation', async () => {
    const secrets: string[] = [];
    const password = `Pw-${randomBytes(8).toString('hex')}`;
    const newPassword = `Np-${randomBytes(8).toString('hex')}`;
    const resetPassword = `Rp-${randomBytes(8).toString('hex')}`;
    secrets.push(
      password,
      newPassword,
      resetPassword,
      t.container.secrets.jwtSecret,
      t.container.secrets.secretKey.toString('hex'),
      t.container.secrets.workerToken,
    );

    const { email, token: jwt, orgId } = await signup(t, { password });
    secrets.push(jwt);
    const verifyToken = await tokenFromMail(t, email, 'verify-email');
    secrets.push(verifyToken);
    // Only a verified admin may invite (below).
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: verifyToken } }))
        .statusCode,
    ).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
    secrets.push(login.json().access_token);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email, password: `${password}-wrong` },
    });
    secrets.push(`${password}-wrong`);

    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/change-password',
      headers: bearer(jwt),
      payload: { current_password: password, new_password: newPassword },
    });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().access_token as string;
    secrets.push(fresh);

    const api = await createApiToken(t, fresh, orgId, { label: 'ci', role: 'admin' });
    secrets.push(api.token);
    // A token in the query string (as WebSocket clients send it) and a bearer header.
    await t.app.inject({ method: 'GET', url: `/api/v1/organizations/?token=${api.token}`, headers: bearer(api.token) });
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/organizations/${orgId}/members?access_token=${fresh}`,
      headers: bearer(fresh),
    });

    const inv = await invite(t, fresh, orgId, uniqueEmail('invitee'), 'viewer');
    secrets.push(inv.token);
    const invitee = await registerWithInvite(t, inv.email, inv.token, password);
    secrets.push(invitee.json().access_token);

    const before = t.smtp!.messages.length;
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
    const reset = await tokenFromMail(t, email, 'reset-password', before);
    secrets.push(reset);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/reset-password',
          payload: { token: reset, new_password: resetPassword },
        })
      ).statusCode,
    ).toBe(200);
    // A failing reset with the used token (error path) and a malformed body containing a password.
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: reset, new_password: resetPassword },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"x@example.test","password":"${password}"`,
    });

    const stored = await t.container.database.pool.query('SELECT password_hash FROM users WHERE id = $1', [
      login.json().user_id,
    ]);
    secrets.push(stored.rows[0].password_hash);

    // Responses after creation: lists, gets and the audit log never carry tokens or hashes.
    const newJwt = (
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: resetPassword } })
    ).json().access_token as string;
    const later = [
      `/api/v1/organizations/${orgId}/api-tokens`,
      `/api/v1/organizations/${orgId}/members`,
      `/api/v1/organizations/${orgId}/audit-events?limit=200`,
      `/api/v1/organizations/${orgId}/audit-events/csv`,
      `/api/v1/organizations/${orgId}`,
      '/api/v1/organizations/',
    ];
    const bodies: string[] = [];
    for (const url of later) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(newJwt) });
      expect(res.statusCode, url).toBe(200);
      bodies.push(res.body);
    }
    // The API token list shows it masked.
    expect(bodies[0]).toContain(`${api.token.slice(0, 8)}****`);

    expect(lines.length).toBeGreaterThan(20);
    const logText = lines.join('');
    expect(logText).toContain('incoming request');
    for (const secret of secrets) {
      expect(logText.includes(secret), `secret in logs: ${secret.slice(0, 6)}…`).toBe(false);
      for (const body of bodies)
        expect(body.includes(secret), `secret in a response: ${secret.slice(0, 6)}…`).toBe(false);
    }
    // The random part of the API token does not appear either (only the 4-character prefix).
    expect(logText.includes(api.token.slice(8))).toBe(false);
  });
});
