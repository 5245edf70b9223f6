import { spawnSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../paths';
import { createLiveApp, WsPeer, wsUrl, type LiveApp } from '../../../test/harness/sessions-factories';
import { DEVICE_CATALOG_VERSION } from '../../worker/device-catalog';

const phone = (deviceId = randomUUID()) => ({
  device_id: deviceId,
  name: 'Pixel 8',
  model: 'Pixel 8',
  type: 'android',
  category: 'phone',
  os_version: '14',
});

describe('worker credentials', () => {
  let t: LiveApp;
  const connect = (token: string) =>
    WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), { headers: { authorization: `Bearer ${token}` } });
  const createToken = (workerId: string) => t.container.services.workerCredentials.createToken({ input: { workerId } });
  /** Says hello and resolves with `welcome` or the close code. */
  async function hello(peer: WsPeer, workerId: string, devices: unknown[]): Promise<'welcome' | number> {
    peer.send({ type: 'hello', worker_id: workerId, catalog_version: DEVICE_CATALOG_VERSION, devices });
    return Promise.race([peer.next((m) => m.text?.type === 'welcome').then(() => 'welcome' as const), peer.closed]);
  }

  beforeAll(async () => {
    t = await createLiveApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a worker token registers only its own worker id', async () => {
    const { token } = await createToken('host-a');
    expect(await hello(await connect(token), 'host-b', [phone()])).toBe(4003);
    const ok = await connect(token);
    expect(await hello(ok, 'host-a', [phone()])).toBe('welcome');
    await ok.close();
  });

  it('unknown and revoked tokens are refused before the upgrade', async () => {
    await expect(connect('wkt_not-a-token')).rejects.toThrow(/401/);
    const created = await createToken('host-c');
    await t.container.services.workerCredentials.revokeToken({ input: { id: created.id } });
    await expect(connect(created.token)).rejects.toThrow(/401/);
  });

  it('a worker may register only device ids it owns', async () => {
    const owned = randomUUID();
    const first = await connect((await createToken('owner')).token);
    expect(await hello(first, 'owner', [phone(owned)])).toBe('welcome');
    const thief = await connect((await createToken('thief')).token);
    expect(await hello(thief, 'thief', [phone(), phone(owned)])).toBe(4003);
    expect(t.container.services.router.isDeviceConnected(owned)).toBe(true);
    await first.close();
  });

  it('a second connection for a live worker id is refused unless it presents the same credential', async () => {
    const one = await createToken('twin');
    const two = await createToken('twin');
    const live = await connect(one.token);
    const devices = [phone()];
    expect(await hello(live, 'twin', devices)).toBe('welcome');
    expect(await hello(await connect(two.token), 'twin', devices)).toBe(4009);
    expect(await hello(await connect(t.container.secrets.workerToken), 'twin', devices)).toBe(4009);
    // The same credential reconnecting (a network blip) replaces the old connection.
    const again = await connect(one.token);
    expect(await hello(again, 'twin', devices)).toBe('welcome');
    expect(await live.closed).toBe(4000);
    await again.close();
  });

  it('revoking a token closes its worker within 5 s', async () => {
    const created = await createToken('revoked-live');
    const peer = await connect(created.token);
    expect(await hello(peer, 'revoked-live', [phone()])).toBe('welcome');
    await t.container.services.workerCredentials.revokeToken({ input: { id: created.id } });
    const code = await Promise.race([peer.closed, new Promise((r) => setTimeout(() => r('still open'), 5000))]);
    expect(code).toBe(4401);
  });

  it('package links are signed with their own key, not a worker credential, and need a worker credential to redeem', async () => {
    await t.container.storage.put('session-uploads/x/pkg.apk', Buffer.from('PK package'));
    const now = t.container.clock.now();
    const link = t.container.services.fileLinks.sign('session-uploads/x/pkg.apk', now);
    const { token } = await createToken('downloader');
    const get = (l: string, bearer?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/workers/files/${l}`,
        headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      });
    expect((await get(link, token)).body).toBe('PK package');
    expect((await get(link)).statusCode).toBe(401);
    // A link forged with the shared worker token as the key is worthless.
    const body = link.split('.')[0]!;
    const forged = `${body}.${createHmac('sha256', t.container.secrets.workerToken).update(`file:${body}`).digest('base64url')}`;
    expect((await get(forged, token)).statusCode).toBe(404);
  });

  it('the operator command creates, lists and revokes tokens on the database', () => {
    const cli = (...args: string[]) => {
      const r = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'simdeck.js'), 'worker-token', ...args], {
        env: { ...process.env, DATABASE_URL: t.databaseUrl },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout, err: r.stderr };
    };
    const created = cli('create', 'cli-host', '--label', 'rack 2', '--json');
    expect(created.code, created.err).toBe(0);
    const token = JSON.parse(created.out) as { id: number; token: string; worker_id: string; token_prefix: string };
    expect(token).toMatchObject({ worker_id: 'cli-host', label: 'rack 2' });
    expect(token.token).toMatch(/^wkt_[A-Za-z0-9_-]{43}$/);
    const listed = JSON.parse(cli('list', '--json').out) as Array<Record<string, unknown>>;
    const entry = listed.find((e) => e.id === token.id)!;
    expect(entry).toMatchObject({ worker_id: 'cli-host', revoked_at: null, token_prefix: token.token_prefix });
    expect(JSON.stringify(listed)).not.toContain(token.token);
    expect(cli('revoke', String(token.id)).code).toBe(0);
    const second = cli('revoke', String(token.id));
    expect(second.code).toBe(2);
    expect(second.err).toMatch(/No active worker token/);
  });
});
