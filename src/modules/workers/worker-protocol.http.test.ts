import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_CATALOG_VERSION } from '../../worker/device-catalog';
import { decodeFrame, encodeFrame, INCOMPATIBLE_CATALOG_CLOSE_CODE } from '../../worker/protocol';
import { describeAuthCases, type AuthCaseEnv } from '../../../test/harness/auth-cases';
import { createOrgWithRoles } from '../../../test/harness/factories';
import { api, createLiveApp, waitFor, WsPeer, wsUrl, type LiveApp } from '../../../test/harness/sessions-factories';

describe('worker protocol edge cases', () => {
  let t: LiveApp;
  let env: AuthCaseEnv;
  const deviceId = randomUUID();
  let raw: WsPeer;
  const logLines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        logLines.push(String(chunk));
        cb();
      },
    });
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise', LOG_LEVEL: 'warn' }, logStream });
    env = { t, a: await createOrgWithRoles(t, 'A'), b: await createOrgWithRoles(t, 'B') };
    // A hand-written worker that registers a device and then never answers a command.
    raw = await WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), {
      headers: { authorization: `Bearer ${t.container.secrets.workerToken}` },
    });
    raw.send({
      type: 'hello',
      worker_id: 'mute',
      catalog_version: DEVICE_CATALOG_VERSION,
      devices: [
        {
          device_id: deviceId,
          name: 'Mute Pixel',
          model: 'Pixel 8',
          type: 'android',
          category: 'phone',
          os_version: '14',
        },
      ],
    });
    await raw.next((m) => m.text?.type === 'welcome');
  });
  afterAll(async () => {
    await raw?.close();
    await t?.close();
  });

  it('frames round-trip through the binary header', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 1, 2, 3, 0xff, 0xd9]);
    const buf = encodeFrame(
      deviceId,
      { screen: { width: 390, height: 844, rotation: 90 }, at: 123, keyframe: true },
      jpeg,
    );
    expect(buf[0]).toBe(1);
    const back = decodeFrame(buf);
    expect(back.deviceId).toBe(deviceId);
    expect(back.meta).toEqual({ screen: { width: 390, height: 844, rotation: 90 }, at: 123, keyframe: true });
    expect(back.data.equals(jpeg)).toBe(true);
    expect(() => decodeFrame(Buffer.from([2, 0, 0, 0, 0, 0]))).toThrow(/version/);
    // Metadata of another shape is refused like any malformed message.
    const meta = Buffer.from(JSON.stringify({ screen: { width: 'wide' }, at: 1, keyframe: true }));
    const head = Buffer.from([1, 1, 0x41, 0, 0, 0, meta.length]);
    expect(() => decodeFrame(Buffer.concat([head, meta, jpeg]))).toThrow('bad frame metadata');
  });

  it('a command the worker never answers fails with a clear timeout; the worker sees the command', async () => {
    const router = t.container.services.router;
    await expect(router.command(deviceId, 'ui_tree', {}, { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      detail: expect.stringMatching(/ui_tree .* timed out after 0 s|timed out/),
    });
    const cmd = await raw.next<{ op: string; device_id: string; request_id: string }>(
      (m) => m.text?.type === 'command',
    );
    expect(cmd).toMatchObject({ op: 'ui_tree', device_id: deviceId });
    // A late answer is ignored; an answered command resolves with its data.
    raw.send({ type: 'result', request_id: cmd.request_id, ok: true, data: { late: true } });
    const pending = router.command(deviceId, 'list_apps', {});
    const next = await raw.next<{ request_id: string }>((m) => m.text?.type === 'command' && m.text.op === 'list_apps');
    raw.send({ type: 'result', request_id: next.request_id, ok: false, error: 'adb is gone' });
    await expect(pending).rejects.toMatchObject({ detail: 'Device list_apps failed: adb is gone' });
  });

  it('a worker that does not say hello is closed; a bad hello is refused', async () => {
    const bad = await WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), {
      headers: { authorization: `Bearer ${t.container.secrets.workerToken}` },
    });
    const closed = new Promise<number>((r) => bad.socket.once('close', (code) => r(code)));
    bad.send({ type: 'hello', worker_id: 'x', devices: [{ device_id: 'd', type: 'windows' }] });
    expect(await closed).toBe(4002);
    const silent = await WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), {
      headers: { authorization: `Bearer ${t.container.secrets.workerToken}` },
    });
    const closed2 = new Promise<number>((r) => silent.socket.once('close', (code) => r(code)));
    silent.send({ type: 'heartbeat' });
    expect(await closed2).toBe(4001);
  });

  it('refuses a worker that speaks another device-command catalog, says why and logs it', async () => {
    const refusal = async (hello: Record<string, unknown>) => {
      const peer = await WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), {
        headers: { authorization: `Bearer ${t.container.secrets.workerToken}` },
      });
      const closed = new Promise<{ code: number; reason: string }>((r) =>
        peer.socket.once('close', (code, reason) => r({ code, reason: reason.toString() })),
      );
      const device = { device_id: randomUUID(), name: 'Old', model: 'Pixel 8', type: 'android', category: 'phone' };
      peer.send({ type: 'hello', worker_id: 'old-worker', devices: [{ ...device, os_version: '14' }], ...hello });
      return closed;
    };
    expect(await refusal({ catalog_version: DEVICE_CATALOG_VERSION + 1 })).toEqual({
      code: INCOMPATIBLE_CATALOG_CLOSE_CODE,
      reason: `this worker speaks device-command catalog ${DEVICE_CATALOG_VERSION + 1}; this server speaks ${DEVICE_CATALOG_VERSION}: upgrade the worker or the server`,
    });
    // A worker from before the catalog announces none.
    expect(await refusal({})).toMatchObject({
      code: INCOMPATIBLE_CATALOG_CLOSE_CODE,
      reason: expect.stringMatching(/^this worker announces no device-command catalog; this server speaks \d+/),
    });
    const refused = logLines.filter((l) => l.includes('worker refused: it speaks another device-command catalog'));
    expect(refused).toHaveLength(2);
    expect(JSON.parse(refused[0]!)).toMatchObject({
      workerId: 'old-worker',
      workerCatalogVersion: DEVICE_CATALOG_VERSION + 1,
      catalogVersion: DEVICE_CATALOG_VERSION,
    });
    // Neither registered its device.
    expect(t.container.services.router.connectedWorkers()).not.toContain('old-worker');
  });

  it('a result of another shape than the catalog says is an upstream error, not data', async () => {
    const router = t.container.services.router;
    const from = raw.messages.length;
    const pending = router.command(deviceId, 'rotate', { rotation: 90 });
    const cmd = await raw.next<{ request_id: string }>(
      (m) => m.text?.type === 'command' && m.text.op === 'rotate',
      10_000,
      from,
    );
    raw.send({ type: 'result', request_id: cmd.request_id, ok: true, data: { width: 'wide' } });
    await expect(pending).rejects.toMatchObject({
      code: 'UPSTREAM_ERROR',
      detail: 'Device rotate failed: the worker answered with an unexpected result',
    });
  });

  it('a command that changes the screen drops a cached frame nobody is watching; a look does not', async () => {
    const router = t.container.services.router;
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    /** Answers the next command `op` sent after message number `from`. */
    const answer = async (op: string, from: number, data: unknown) => {
      const pred = (m: { text?: { type?: string; op?: string } }) => m.text?.type === 'command' && m.text.op === op;
      const cmd = await raw.next<{ request_id: string }>(pred, 10_000, from);
      raw.send({ type: 'result', request_id: cmd.request_id, ok: true, data });
    };
    const frame = encodeFrame(
      deviceId,
      { screen: { width: 390, height: 844, rotation: 0 }, at: 1, keyframe: true },
      jpeg,
    );
    raw.socket.send(frame, { binary: true });
    await waitFor(async () => router.lastFrame(deviceId) !== undefined, 'frame cached');
    const tree = { ref: 'e1', role: 'screen', text: null, id: null, bounds: { x: 0, y: 0, width: 390, height: 844 } };
    let from = raw.messages.length;
    const looked = router.command(deviceId, 'ui_tree', {});
    await answer('ui_tree', from, { ...tree, enabled: true, focused: false, children: [] });
    expect((await looked).role).toBe('screen');
    expect(router.lastFrame(deviceId)).toBeDefined();
    from = raw.messages.length;
    const rotated = router.command(deviceId, 'rotate', { rotation: 90 });
    await answer('rotate', from, { width: 844, height: 390, rotation: 90 });
    expect(await rotated).toEqual({ width: 844, height: 390, rotation: 90 });
    expect(router.lastFrame(deviceId)).toBeUndefined();
  });

  it('lists the hand-written worker device and serves packages only through signed links', async () => {
    await waitFor(
      async () => (await api(t, env.a.viewer.token, 'GET', `/devices/${deviceId}`)).statusCode === 200,
      'device listed',
    );
    await t.container.storage.put('session-uploads/x/pkg.apk', Buffer.from('package-bytes'));
    const link = t.container.services.fileLinks.sign('session-uploads/x/pkg.apk', t.clock.now());
    const auth = { authorization: `Bearer ${t.container.secrets.workerToken}` };
    const ok = await t.app.inject({ method: 'GET', url: `/api/v1/workers/files/${link}`, headers: auth });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('package-bytes');
    const forged = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/workers/files/${forged}`, headers: auth })).statusCode,
    ).toBe(404);
    const expired = t.container.services.fileLinks.sign(
      'session-uploads/x/pkg.apk',
      new Date(t.clock.now().getTime() - 2 * 3600_000),
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/workers/files/${expired}`, headers: auth })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/workers/files/${link}`,
          headers: { authorization: `Bearer ${env.a.admin.token}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  describeAuthCases(
    () => env,
    [
      { method: 'GET', url: () => '/api/v1/devices/', minRole: 'viewer' },
      { method: 'GET', url: () => '/api/v1/devices/pools', minRole: 'viewer' },
      { method: 'GET', url: () => '/api/v1/sessions/', minRole: 'viewer' },
      { method: 'POST', url: () => '/api/v1/sessions/', body: () => ({ device_type: 'ios' }), minRole: 'viewer' },
      {
        method: 'GET',
        url: async (e) =>
          `/api/v1/sessions/${(await api(e.t, e.a.admin.token, 'POST', '/sessions/', { device_type: 'ios' })).json().session_id}`,
        otherOrgUrl: async (e) =>
          `/api/v1/sessions/${(await api(e.t, e.b.admin.token, 'POST', '/sessions/', { device_type: 'ios' })).json().session_id}`,
        minRole: 'viewer',
      },
      {
        method: 'DELETE',
        url: async (e) =>
          `/api/v1/sessions/${(await api(e.t, e.a.admin.token, 'POST', '/sessions/', { device_type: 'ios' })).json().session_id}`,
        otherOrgUrl: async (e) =>
          `/api/v1/sessions/${(await api(e.t, e.b.admin.token, 'POST', '/sessions/', { device_type: 'ios' })).json().session_id}`,
        minRole: 'viewer',
      },
      { method: 'GET', url: () => '/api/v1/sessions/export/csv', minRole: 'viewer' },
    ],
  );
});
