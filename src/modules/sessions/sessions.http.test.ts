import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import type { DeviceSpec } from '../../worker/driver';
import { createOrgWithRoles, addMember, type OrgWithRoles } from '../../../test/harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  WsPeer,
  wsUrl,
  type LiveApp,
} from '../../../test/harness/sessions-factories';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';

const fleet = (tag: string): DeviceSpec[] => [
  {
    deviceId: randomUUID(),
    name: `iPhone 15 Pro (1) ${tag}`,
    model: 'iPhone 15 Pro',
    type: 'ios',
    category: 'phone',
    osVersion: '17.5',
  },
  {
    deviceId: randomUUID(),
    name: `iPhone 15 Pro (2) ${tag}`,
    model: 'iPhone 15 Pro',
    type: 'ios',
    category: 'phone',
    osVersion: '17.5',
  },
  {
    deviceId: randomUUID(),
    name: `Pixel 8 ${tag}`,
    model: 'Pixel 8',
    type: 'android',
    category: 'phone',
    osVersion: '14',
  },
  {
    deviceId: randomUUID(),
    name: `Android TV ${tag}`,
    model: 'Android TV',
    type: 'android',
    category: 'tv',
    osVersion: '13',
  },
];

describe('sessions and devices over HTTP and WebSocket', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let b: OrgWithRoles;
  let devices: DeviceSpec[];
  let worker: WorkerClient;
  const clock = () => t.clock as ManualClock;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Org A');
    b = await createOrgWithRoles(t, 'Org B');
    devices = fleet('w1');
    worker = await connectWorker(t, createVirtualDriver({ devices, dataDir: t.dataDir }), 'worker-1');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('lists registered devices, filters them, groups them into pools and gets one by id', async () => {
    const all = await api(t, a.viewer.token, 'GET', '/devices/');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toHaveLength(4);
    // The built-in fleet says it is virtual, device by device and pool by pool.
    expect(all.json()[0]).toMatchObject({ worker_id: 'worker-1', status: 'available', virtual: true });
    const tv = await api(t, a.viewer.token, 'GET', '/devices/?device_type=android&category=tv');
    expect(tv.json().map((d: { name: string }) => d.name)).toEqual(['Android TV w1']);
    const pools = (await api(t, a.viewer.token, 'GET', '/devices/pools')).json();
    const iphones = pools.find((p: { model: string }) => p.model === 'iPhone 15 Pro');
    expect(iphones).toMatchObject({
      device_type: 'ios',
      category: 'phone',
      os_version: '17.5',
      total: 2,
      free: 2,
      virtual: true,
    });
    expect(pools).toHaveLength(3);
    const one = await api(t, a.viewer.token, 'GET', `/devices/${devices[2]!.deviceId}`);
    expect(one.json()).toMatchObject({
      device_id: devices[2]!.deviceId,
      type: 'android',
      category: 'phone',
      os_version: '14',
      virtual: true,
    });
    expect((await api(t, a.viewer.token, 'GET', `/devices/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api(t, a.viewer.token, 'GET', '/devices/?category=watch')).statusCode).toBe(400);
  });

  it('creates a pending session, starts it on a free device and reaches active', async () => {
    const created = await api(t, a.developer.token, 'POST', '/sessions/', {
      device_type: 'android',
      device_category: 'phone',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      status: 'pending',
      device_id: null,
      device_name: null,
      os_version: null,
      webrtc_room_id: null,
      stream_url: null,
      start_time: null,
      end_time: null,
      duration_minutes: null,
      user_email: null,
    });
    const sid = created.json().session_id;
    const started = await api(t, a.developer.token, 'POST', `/sessions/${sid}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      status: 'starting',
      device_id: devices[2]!.deviceId,
      device_name: 'Pixel 8 w1',
      os_version: '14',
      user_email: a.developer.email,
    });
    expect(started.json().stream_url).toBe(`ws://simdeck.test/api/v1/sessions/${sid}/stream`);
    const active = await waitForStatus(t, a.developer.token, sid, 'active');
    expect(active.screen).toMatchObject({ rotation: 0 });
    expect(active.screen.height).toBeGreaterThan(active.screen.width);
    const again = await api(t, a.developer.token, 'POST', `/sessions/${sid}/start`);
    expect(again.statusCode).toBe(400);
    const dev = (await api(t, a.viewer.token, 'GET', `/devices/${devices[2]!.deviceId}`)).json();
    expect(dev.status).toBe('busy');
    // Another org cannot see it.
    expect((await api(t, b.admin.token, 'GET', `/sessions/${sid}`)).statusCode).toBe(404);
    expect(
      (await api(t, b.admin.token, 'POST', `/sessions/${sid}/control`, { action: 'tap', x: 1, y: 1 })).statusCode,
    ).toBe(404);
    const del = await api(t, a.developer.token, 'DELETE', `/sessions/${sid}`);
    expect(del.json()).toEqual({ status: 'ok' });
    const stopped = (await api(t, a.developer.token, 'GET', `/sessions/${sid}`)).json();
    expect(stopped).toMatchObject({ status: 'stopped', end_reason: 'user', stream_url: null });
    expect(stopped.end_time).not.toBeNull();
    expect((await api(t, a.viewer.token, 'GET', `/devices/${devices[2]!.deviceId}`)).json().status).toBe('available');
  });

  it('answers 404 for an unknown specific device and 409 for a busy one', async () => {
    expect(
      (await api(t, a.admin.token, 'POST', '/sessions/', { device_type: 'ios', specific_device_id: randomUUID() }))
        .statusCode,
    ).toBe(404);
    const { sessionId } = await createAndStart(t, a.admin.token, {
      device_type: 'android',
      specific_device_id: devices[3]!.deviceId,
      device_category: 'tv',
    });
    await waitForStatus(t, a.admin.token, sessionId, 'active');
    const busy = await api(t, a.admin.token, 'POST', '/sessions/', {
      device_type: 'android',
      specific_device_id: devices[3]!.deviceId,
    });
    expect(busy.statusCode, busy.body).toBe(409);
    expect(
      (await api(t, a.admin.token, 'POST', '/sessions/', { device_type: 'ios', specific_device_id: 'nope' }))
        .statusCode,
    ).toBe(400);
    await api(t, a.admin.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('starts on a named device of any category, with or without device_category, and says which', async () => {
    // A TV named without device_category is that TV, not "any handheld".
    const tv = await createAndStart(t, a.developer.token, {
      device_type: 'android',
      specific_device_id: devices[3]!.deviceId,
    });
    expect(tv.started.statusCode, tv.started.body).toBe(200);
    expect(tv.started.json()).toMatchObject({
      status: 'starting',
      device_id: devices[3]!.deviceId,
      device_category: 'tv',
    });
    await waitForStatus(t, a.developer.token, tv.sessionId, 'active');
    await api(t, a.developer.token, 'DELETE', `/sessions/${tv.sessionId}`);
    // Start's device_id: any device of the type when the session named no category…
    const any = (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android' })).json();
    const onTv = await api(t, a.developer.token, 'POST', `/sessions/${any.session_id}/start`, {
      device_id: devices[3]!.deviceId,
    });
    expect(onTv.statusCode, onTv.body).toBe(200);
    expect(onTv.json()).toMatchObject({ device_id: devices[3]!.deviceId, device_category: 'tv' });
    await waitForStatus(t, a.developer.token, any.session_id, 'active');
    await api(t, a.developer.token, 'DELETE', `/sessions/${any.session_id}`);
    // …and a 400 for a device outside the category the session asked for.
    const phone = (
      await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android', device_category: 'phone' })
    ).json();
    const wrong = await api(t, a.developer.token, 'POST', `/sessions/${phone.session_id}/start`, {
      device_id: devices[3]!.deviceId,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('device_id: the device is a tv, not a phone');
    await api(t, a.developer.token, 'DELETE', `/sessions/${phone.session_id}`);
  });

  it('queues when the pool is full, keeps positions current and hands devices over in order', async () => {
    const first = await createAndStart(t, a.developer.token);
    const second = await createAndStart(t, a.developer.token);
    expect(first.started.statusCode).toBe(200);
    expect(second.started.statusCode).toBe(200);
    const q1 = await createAndStart(t, a.developer.token);
    const q2 = await createAndStart(t, a.viewer.token);
    expect(q1.started.statusCode).toBe(202);
    expect(q1.started.json()).toMatchObject({ status: 'queued', position: 1, session_id: q1.sessionId });
    expect(q2.started.json()).toMatchObject({ status: 'queued', position: 2 });
    const pending = (await api(t, a.viewer.token, 'GET', `/sessions/${q2.sessionId}`)).json();
    expect(pending).toMatchObject({
      status: 'pending',
      queue_entry_id: q2.started.json().queue_entry_id,
      queue_position: 2,
    });
    // A queued session started again answers with its entry.
    const requeue = await api(t, a.viewer.token, 'POST', `/sessions/${q2.sessionId}/start`);
    expect(requeue.statusCode).toBe(202);
    expect(requeue.json().queue_entry_id).toBe(q2.started.json().queue_entry_id);
    // Another user of the org cannot remove someone else's entry.
    expect(
      (await api(t, a.admin.token, 'DELETE', `/sessions/queue/${q1.started.json().queue_entry_id}`)).statusCode,
    ).toBe(404);
    expect(
      (await api(t, b.admin.token, 'POST', `/sessions/queue/${q1.started.json().queue_entry_id}/leave`)).statusCode,
    ).toBe(404);
    // q2 watches its position over the real-time channel.
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${a.viewer.token}`));
    ws.send({ type: 'subscribe', session_id: q2.sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    await waitForStatus(t, a.developer.token, first.sessionId, 'active');
    await api(t, a.developer.token, 'DELETE', `/sessions/${first.sessionId}`);
    // The freed device went to the oldest entry, which starts by itself.
    const s1 = await waitForStatus(t, a.developer.token, q1.sessionId, 'active');
    expect(s1.device_id).toBeTruthy();
    expect(
      (
        await ws.next<{ position: number }>(
          (m) => m.text?.type === 'queue.updated' && m.text.session_id === q2.sessionId,
        )
      ).position,
    ).toBe(1);
    expect((await api(t, a.viewer.token, 'GET', `/sessions/${q2.sessionId}`)).json().queue_position).toBe(1);
    // q2 leaves the queue itself with a beacon: no Authorization header (a beacon cannot set one),
    // the token in the query, and whatever body the page sent.
    const leaveUrl = `/api/v1/sessions/queue/${q2.started.json().queue_entry_id}/leave`;
    const beacon = (url: string) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'text/plain;charset=UTF-8' }, payload: 'bye' });
    expect((await beacon(leaveUrl)).statusCode).toBe(401);
    expect((await beacon(`${leaveUrl}?token=${b.admin.token}`)).statusCode).toBe(404);
    const left = await beacon(`${leaveUrl}?token=${a.viewer.token}`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toEqual({ status: 'ok' });
    expect(
      (await api(t, a.viewer.token, 'DELETE', `/sessions/queue/${q2.started.json().queue_entry_id}`)).statusCode,
    ).toBe(404);
    expect((await api(t, a.viewer.token, 'GET', `/sessions/${q2.sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'user',
    });
    await ws.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${second.sessionId}`);
    await api(t, a.developer.token, 'DELETE', `/sessions/${q1.sessionId}`);
  });

  it('counts in a queue position every older entry that could take the same device', async () => {
    const phone = await createAndStart(t, a.developer.token, { device_type: 'android', device_category: 'phone' });
    const tv = await createAndStart(t, a.developer.token, { device_type: 'android', device_category: 'tv' });
    expect([phone.started.statusCode, tv.started.statusCode]).toEqual([200, 200]);
    const anyHandheld = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const phoneOnly = await createAndStart(t, a.developer.token, { device_type: 'android', device_category: 'phone' });
    const tvOnly = await createAndStart(t, a.developer.token, { device_type: 'android', device_category: 'tv' });
    const iosPhone = await createAndStart(t, a.developer.token, { device_type: 'ios', device_category: 'phone' });
    // The phone entry waits behind the "any handheld" one, which a freed phone would go to first;
    // the TV entry and the iOS session compete with neither.
    expect(anyHandheld.started.json()).toMatchObject({ status: 'queued', position: 1 });
    expect(phoneOnly.started.json()).toMatchObject({ status: 'queued', position: 2 });
    expect(tvOnly.started.json()).toMatchObject({ status: 'queued', position: 1 });
    expect(iosPhone.started.statusCode).toBe(200);
    for (const s of [anyHandheld, phoneOnly, tvOnly, phone, tv, iosPhone])
      await api(t, a.developer.token, 'DELETE', `/sessions/${s.sessionId}`);
  });

  it('sends control actions to the device, streams frames and delivers screenshots and apps over /ws', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active');
    const stream = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream`), {
      protocols: [`bearer.${a.developer.token}`],
    });
    const hello = await stream.next((m) => m.text?.type === 'hello');
    expect(hello).toMatchObject({ width: active.screen.width, height: active.screen.height, rotation: 0 });
    const firstFrame = await stream.next<Buffer>((m) => !!m.binary);
    expect(firstFrame.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const before = stream.messages.length;
    const tap = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
      action: 'tap',
      x: 10,
      y: 20,
    });
    expect(tap.json()).toEqual({ status: 'ok' });
    await stream.next((m) => !!m.binary, 5000, before);
    for (const bad of [
      { action: 'tap', x: 10 },
      { action: 'tap', x: 10001, y: 1 },
      { action: 'rotate', rotation: 45 },
      { action: 'fly' },
      { action: 'key' },
    ]) {
      expect(
        (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, bad)).statusCode,
        JSON.stringify(bad),
      ).toBe(400);
    }
    expect(
      (
        await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
          action: 'swipe',
          x: 1,
          y: 2,
          x2: 3,
          y2: 4,
          duration: 100,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'key', keycode: 'BACK' }))
        .statusCode,
    ).toBe(200);
    const rot = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
      action: 'rotate',
      rotation: 90,
    });
    expect(rot.statusCode).toBe(200);
    expect(await stream.next((m) => m.text?.type === 'hello' && m.text.rotation === 90)).toMatchObject({
      width: active.screen.height,
      height: active.screen.width,
    });
    expect(rot.statusCode).toBe(200);
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${a.developer.token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'screenshot' });
    const shot = await ws.next<{ image: string; session_id: string }>((m) => m.text?.type === 'session.screenshot');
    expect(shot.session_id).toBe(sessionId);
    expect(shot.image.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
    const apps = await api(t, a.developer.token, 'GET', `/sessions/${sessionId}/apps`);
    expect(apps.statusCode).toBe(200);
    expect(Array.isArray((await ws.next<{ apps: unknown[] }>((m) => m.text?.type === 'session.apps')).apps)).toBe(true);
    const un = await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}/apps/com.example.none`);
    expect(un.statusCode).toBe(422);
    // Another org's token cannot subscribe or stream.
    const other = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${b.admin.token}`));
    other.send({ type: 'subscribe', session_id: sessionId });
    expect(await other.next((m) => m.text?.type === 'error')).toMatchObject({ detail: 'Session not found' });
    await expect(WsPeer.open(wsUrl(t, `/api/v1/ws?token=garbage`))).rejects.toThrow(/401/);
    await Promise.all([ws.close(), other.close()]);
    expect(active.device_id).toBeTruthy();
    // Ending the session closes its stream, so no one watches the device's next session.
    const streamClosed = new Promise<number>((r) => stream.socket.once('close', (code) => r(code)));
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
    expect(await streamClosed).toBe(4410);
    await expect(
      WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?token=${a.developer.token}`)).then(
        (p) => new Promise<number>((r) => p.socket.once('close', (c) => r(c))),
      ),
    ).resolves.toBe(4409);
  });

  it('lists with filters, paginates and exports CSV', async () => {
    const list = await api(t, a.viewer.token, 'GET', '/sessions/?limit=2');
    expect(list.json()).toHaveLength(2);
    const stopped = (await api(t, a.viewer.token, 'GET', '/sessions/?status=stopped&limit=200')).json();
    expect(stopped.length).toBeGreaterThan(2);
    expect(stopped.every((s: { status: string }) => s.status === 'stopped')).toBe(true);
    const mine = (await api(t, a.viewer.token, 'GET', `/sessions/?user_id=${a.viewer.userId}`)).json();
    expect(mine.every((s: { user_email: string }) => s.user_email === a.viewer.email)).toBe(true);
    expect(mine.length).toBeGreaterThan(0);
    const android = (await api(t, a.viewer.token, 'GET', '/sessions/?device_type=android')).json();
    expect(android.every((s: { device_type: string }) => s.device_type === 'android')).toBe(true);
    const searched = (await api(t, a.viewer.token, 'GET', '/sessions/?search=Pixel')).json();
    expect(searched.length).toBeGreaterThan(0);
    expect(searched.every((s: { device_name: string }) => s.device_name?.includes('Pixel'))).toBe(true);
    const offset = (await api(t, a.viewer.token, 'GET', '/sessions/?limit=1&offset=1')).json();
    expect(offset[0].session_id).toBe(list.json()[1].session_id);
    expect((await api(t, a.viewer.token, 'GET', '/sessions/?time_range=last-hour')).json().length).toBeGreaterThan(0);
    clock().advance(2 * 3600_000);
    expect((await api(t, a.viewer.token, 'GET', '/sessions/?time_range=last-hour')).json()).toHaveLength(0);
    expect((await api(t, a.viewer.token, 'GET', '/sessions/?limit=201')).statusCode).toBe(400);
    expect((await api(t, a.viewer.token, 'GET', '/sessions/?time_range=yesterday')).statusCode).toBe(400);
    expect((await api(t, b.viewer.token, 'GET', '/sessions/')).json()).toHaveLength(0);
    const csv = await api(t, a.viewer.token, 'GET', '/sessions/export/csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('session_id,status,end_reason');
    expect(lines.length).toBe(1 + (await api(t, a.viewer.token, 'GET', '/sessions/?limit=200')).json().length);
  });

  it('a worker killed mid-session fails its sessions with worker_lost; its devices return when it reconnects', async () => {
    const spec: DeviceSpec[] = [
      {
        deviceId: randomUUID(),
        name: 'Lonely iPad',
        model: 'iPad Air',
        type: 'ios',
        category: 'tablet',
        osVersion: '17.5',
      },
    ];
    const driver = createVirtualDriver({ devices: spec, dataDir: t.dataDir });
    const w2 = await connectWorker(t, driver, 'worker-2');
    const { sessionId } = await createAndStart(t, a.admin.token, { device_type: 'ios', device_category: 'tablet' });
    await waitForStatus(t, a.admin.token, sessionId, 'active');
    w2.kill();
    await waitFor(
      async () =>
        (await api(t, a.admin.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 1, y: 1 }))
          .statusCode === 503,
      'commands fail at once',
    );
    clock().advance(21_000);
    // worker-1 keeps heart-beating; only worker-2's devices are lost.
    await waitFor(
      async () =>
        (
          await t.container.db.execute(
            `SELECT 1 FROM workers WHERE worker_id = 'worker-1' AND last_seen_at >= '${clock().now().toISOString()}'`,
          )
        ).rows.length > 0,
      'worker-1 heartbeat',
    );
    const swept = await t.container.services.workers.sweepLostWorkers(clock().now());
    expect(swept).toMatchObject({ lostDevices: 1, failedSessions: 1 });
    expect((await api(t, a.admin.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'failed',
      end_reason: 'worker_lost',
    });
    expect((await api(t, a.admin.token, 'GET', `/devices/${spec[0]!.deviceId}`)).statusCode).toBe(404);
    expect(
      (await api(t, a.admin.token, 'GET', '/devices/pools'))
        .json()
        .some((p: { model: string }) => p.model === 'iPad Air'),
    ).toBe(false);
    expect((await api(t, a.admin.token, 'GET', '/devices/')).json()).toHaveLength(4);
    const back = await connectWorker(t, driver, 'worker-2');
    expect((await api(t, a.admin.token, 'GET', `/devices/${spec[0]!.deviceId}`)).json()).toMatchObject({
      status: 'available',
    });
    await back.close();
  });

  it('rejects a worker without the worker token', async () => {
    await expect(
      WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), { headers: { authorization: 'Bearer nope-nope-nope-nope' } }),
    ).rejects.toThrow(/401/);
    await expect(
      WsPeer.open(wsUrl(t, '/api/v1/workers/connect'), { headers: { authorization: `Bearer ${a.admin.token}` } }),
    ).rejects.toThrow(/401/);
    const file = await t.app.inject({
      method: 'GET',
      url: '/api/v1/workers/files/abc.def',
      headers: { authorization: `Bearer ${t.container.secrets.workerToken}` },
    });
    expect(file.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/workers/files/abc.def' })).statusCode).toBe(401);
  });

  it('404s for unknown sessions and queue entries, 401 without a token', async () => {
    expect((await api(t, a.admin.token, 'GET', `/sessions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api(t, a.admin.token, 'POST', `/sessions/${randomUUID()}/start`)).statusCode).toBe(404);
    expect((await api(t, a.admin.token, 'DELETE', `/sessions/${randomUUID()}`)).statusCode).toBe(404);
    expect((await api(t, a.admin.token, 'DELETE', '/sessions/queue/999999')).statusCode).toBe(404);
    // The session is looked up first, whatever the body names.
    expect(
      (await api(t, a.admin.token, 'POST', `/sessions/${randomUUID()}/install-build`, { build_id: 2_000_000_000 }))
        .statusCode,
    ).toBe(404);
    // Other routes take the token from the Authorization header only.
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/sessions/?token=${a.admin.token}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sessions/' })).statusCode).toBe(401);
    expect((await api(t, a.admin.token, 'POST', '/sessions/', { device_type: 'windows' })).statusCode).toBe(400);
    const m = await addMember(t, a.orgId, 'viewer');
    expect((await api(t, m.token, 'GET', '/sessions/')).statusCode).toBe(200);
  });
});
