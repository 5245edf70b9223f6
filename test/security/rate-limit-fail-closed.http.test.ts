import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness/app';
import { PASSWORD, bearer, signup } from '../harness/factories';
import { waitFor } from '../harness/sessions-factories';

/**
 * A loopback TCP proxy in front of the real Redis that can break on demand: `refuse` drops every
 * connection and closes new ones at once, `hang` accepts new connections and never answers.
 */
async function startBreakableProxy(target: URL) {
  let mode: 'pass' | 'refuse' | 'hang' = 'pass';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return void client.destroy();
    if (mode === 'hang') return void client.resume();
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Every change drops the open connections, as a Redis restart would. */
    set(next: typeof mode) {
      mode = next;
      for (const s of sockets) s.destroy();
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A client address of its own, so rate-limit counters never collide with other tests. */
const randomIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

describe.skipIf(!process.env.TEST_REDIS_URL)('rate limits when Redis fails (TEST_REDIS_URL)', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startBreakableProxy>>;
  let account: Awaited<ReturnType<typeof signup>>;
  beforeAll(async () => {
    proxy = await startBreakableProxy(new URL(process.env.TEST_REDIS_URL!));
    t = await createTestApp({
      jobs: false,
      env: { RATE_LIMIT: 'true', REDIS_URL: proxy.url, REDIS_PREFIX: `rlfc${randomBytes(4).toString('hex')}:` },
    });
    account = await signup(t);
  });
  afterAll(async () => {
    proxy?.set('pass');
    await t?.close();
    await proxy?.close();
  });

  const login = (remoteAddress = randomIp(), password = 'wrong-password') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress,
      payload: { email: account.email, password },
    });
  const authCalls = (ip: string) => ({
    login: () => login(ip, PASSWORD),
    register: () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        remoteAddress: ip,
        payload: { email: `${randomIp()}@example.test`, password: PASSWORD, organization_name: 'Nope' },
      }),
    'change-password': () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/change-password',
        remoteAddress: ip,
        headers: bearer(account.token),
        payload: { current_password: PASSWORD, new_password: 'changed-secret-1' },
      }),
  });

  async function expectAuthRoutesClosed(): Promise<void> {
    for (const [name, call] of Object.entries(authCalls(randomIp()))) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(503);
      expect(res.json(), name).toEqual({
        detail: 'Sign-in is briefly unavailable because its rate limiter cannot be reached; retry in a few seconds.',
      });
      expect(Number(res.headers['retry-after']), name).toBeGreaterThan(0);
    }
  }

  async function expectRecovery(): Promise<void> {
    proxy.set('pass');
    const res = await waitFor(
      async () => {
        const r = await login();
        return r.statusCode !== 503 && r;
      },
      'the limiter to answer again',
      15_000,
    );
    expect(res.statusCode, res.body).toBe(401);
    expect(res.headers['x-ratelimit-limit']).toBe('5');
  }

  it('works through the proxy while Redis answers', async () => {
    const res = await login();
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-ratelimit-remaining']).toBe('4');
  });

  it('refuses register, login and change-password with 503 and Retry-After while Redis refuses connections; other routes stay open', async () => {
    proxy.set('refuse');
    await expectAuthRoutesClosed();
    // The password was not changed, and no account was created, behind the refusal.
    proxy.set('pass');
    await expectRecovery();
    expect((await login(randomIp(), PASSWORD)).statusCode).toBe(200);
    proxy.set('refuse');
    // Most routes fail open: an outage of the counters must not take the whole API down.
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/v1/organizations/',
      remoteAddress: randomIp(),
      headers: bearer(account.token),
    });
    expect(open.statusCode, open.body).toBe(200);
    await expectRecovery();
  });

  it('answers 503 in bounded time when Redis accepts connections but never replies', async () => {
    proxy.set('hang');
    await expectAuthRoutesClosed();
    await expectRecovery();
  });
});
