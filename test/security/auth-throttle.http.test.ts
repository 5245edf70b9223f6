import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { tokenFromMail } from '../harness/accounts-factories';
import { createTestApp, type TestApp } from '../harness/app';
import { PASSWORD, signup, uniqueEmail } from '../harness/factories';

/**
 * Password guessing against one account from many addresses, enumeration through registration,
 * and the emailed links: counters per account, per target address and per link, kept in the
 * database so that every replica sees them, with growing but bounded delays.
 */
let t: TestApp;
let replica: TestApp;
const clock = () => t.clock as ManualClock;
let ip = 0;
/** Each request from another address, as a distributed guesser would send them. */
const post = (app: TestApp, url: string, payload: object, remoteAddress = `198.51.100.${(ip++ % 250) + 1}`) =>
  app.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
const login = (email: string, password: string, app = t) => post(app, '/auth/login', { email, password });

beforeAll(async () => {
  t = await createTestApp({ smtp: true, jobs: true });
  // Without job workers: the mails of this file go out through the first app's SMTP.
  replica = await createTestApp({ replicaOf: t, jobs: false });
});
afterAll(async () => {
  await replica?.close();
  await t?.close();
});

describe('sign-in throttle per account', () => {
  it('12 wrong passwords from 12 addresses: after the 5th, 429 with Retry-After, the right password too; it passes once the block is over', async () => {
    const { email } = await signup(t);
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await login(email, `wrong-password-${i}`)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    const right = await login(email, PASSWORD);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe('30');
    expect(right.json().detail).toBe(
      'Too many failed sign-ins for this account: try again in 30 s, or reset the password',
    );
    clock().advance(30_000);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
    // A success clears the count: five more mistakes are allowed again.
    for (let i = 0; i < 5; i++) expect((await login(email, 'wrong-again-1')).statusCode).toBe(401);
  });

  it('each failure after a block doubles the next one, up to 15 minutes; the count fades after a quiet hour', async () => {
    const { email } = await signup(t);
    for (let i = 0; i < 5; i++) await login(email, 'nope-nope-1');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const blocked = await login(email, PASSWORD);
      expect(blocked.statusCode).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      waits.push(wait);
      clock().advance(wait * 1000);
      expect((await login(email, 'nope-nope-1')).statusCode).toBe(401);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900, 900]);
    clock().advance(60 * 60_000);
    // Blocked no longer, and the count starts again.
    expect((await login(email, 'nope-nope-1')).statusCode).toBe(401);
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown address is throttled alike (the answer tells nothing), and another replica sees the same count', async () => {
    const ghost = uniqueEmail('ghost');
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await login(ghost, 'whatever-1', i % 2 ? replica : t)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const { email } = await signup(t);
    for (let i = 0; i < 5; i++) await login(email, 'nope-nope-2', t);
    expect((await login(email, PASSWORD, replica)).statusCode).toBe(429);
  });

  it('the owner gets back in at once through a password reset, however long someone keeps guessing', async () => {
    const { email } = await signup(t);
    for (let i = 0; i < 12; i++) await login(email, 'guess-guess-3');
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
    const mails = t.smtp!.messages.length;
    expect((await post(t, '/auth/forgot-password', { email })).statusCode).toBe(200);
    const token = await tokenFromMail(t, email, 'reset-password', mails);
    expect((await post(t, '/auth/reset-password', { token, new_password: 'a-brand-new-password' })).statusCode).toBe(
      200,
    );
    expect((await login(email, 'a-brand-new-password')).statusCode).toBe(200);
  });
});

describe('registration per target address', () => {
  it('at most 3 attempts an hour for one address, whatever the answer: then 429 with Retry-After; other addresses go on', async () => {
    const { email } = await signup(t);
    const again = () => post(t, '/auth/register', { email, password: PASSWORD, organization_name: 'X' });
    // The signup above was the first attempt.
    expect((await again()).statusCode).toBe(409);
    expect((await again()).statusCode).toBe(409);
    const refused = await again();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.json().detail).toMatch(/^Too many sign-up attempts for this address: try again in \d+ s$/);
    const other = await post(t, '/auth/register', {
      email: uniqueEmail('fresh'),
      password: PASSWORD,
      organization_name: 'Y',
    });
    expect(other.statusCode).toBe(200);
    clock().advance(60 * 60_000);
    expect((await again()).statusCode).toBe(409);
  });
});

describe('the emailed links', () => {
  it('one reset or verification link is tried at most 5 times in 15 minutes: then 429, from any address', async () => {
    for (const [url, body] of [
      ['/auth/reset-password', (token: string) => ({ token, new_password: 'another-password-1' })],
      ['/auth/verify-email', (token: string) => ({ token })],
    ] as const) {
      const token = `guessed-${uniqueEmail()}`;
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push((await post(t, url, body(token))).statusCode);
      expect(answers, url).toEqual([400, 400, 400, 400, 400, 429]);
      clock().advance(15 * 60_000);
      expect((await post(t, url, body(token))).statusCode, url).toBe(400);
    }
  });

  it('per client address: 10 a minute on each link endpoint, 429 with Retry-After', async () => {
    const limited = await createTestApp({ jobs: false, env: { RATE_LIMIT: 'true' } });
    try {
      for (const url of ['/auth/reset-password', '/auth/verify-email']) {
        const answers: number[] = [];
        for (let i = 0; i < 11; i++)
          answers.push(
            (await post(limited, url, { token: `t-${i}-${url}`, new_password: 'x-long-password' }, '203.0.113.9'))
              .statusCode,
          );
        expect(answers.slice(0, 10).every((s) => s === 400)).toBe(true);
        expect(answers[10], url).toBe(429);
      }
    } finally {
      await limited.close();
    }
  });
});
