import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../../examples/build-sample-app';
import { multipartBody } from '../../../test/harness/app-packages';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from '../../../test/harness/sessions-factories';
import { byId, center } from '../../../test/virtual/ui';
import { auditEvents } from '../../db/schema';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';

const PKG = 'dev.simdeck.sample';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]);

const spec = (name: string, type: 'ios' | 'android'): DeviceSpec => ({
  deviceId: randomUUID(),
  name,
  model: name,
  type,
  category: 'phone',
  osVersion: type === 'ios' ? '17.5' : '14',
});

describe('device capabilities over HTTP', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let android: DeviceSpec;
  let simulator: DeviceSpec;
  let driver: ReturnType<typeof createVirtualDriver>;
  const workers: WorkerClient[] = [];
  let apk: Buffer;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Caps Org');
    android = spec('Pixel 8 caps', 'android');
    simulator = spec('iPhone caps', 'ios');
    driver = createVirtualDriver({ devices: [android], dataDir: t.dataDir });
    workers.push(await connectWorker(t, driver));
    // A worker that announces itself as the simulator driver: what the control plane offers follows the kind.
    const sim = createVirtualDriver({ devices: [simulator], dataDir: path.join(t.dataDir, 'sim') });
    workers.push(await connectWorker(t, { ...sim, kind: 'ios' }));
    apk = fs.readFileSync(await buildSampleApk(path.join(t.dataDir, 'sample.apk')));
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await t?.close();
  });

  async function startOn(device: DeviceSpec) {
    const { sessionId } = await createAndStart(t, a.developer.token, {
      device_type: device.type,
      specific_device_id: device.deviceId,
    });
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    return sessionId;
  }

  const upload = (sessionId: string, route: string, file: { name: string; data: Buffer }, fields = {}) => {
    const body = multipartBody(file, fields);
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${sessionId}/${route}`,
      headers: { authorization: `Bearer ${a.developer.token}`, ...body.headers },
      payload: body.payload,
    });
  };

  it('drives every capability of a virtual device, refuses bad values with 400 and audits each', async () => {
    const sid = await startOn(android);
    const got = await api(t, a.viewer.token, 'GET', `/sessions/${sid}`);
    expect(got.json().capabilities).toEqual([
      'open_url',
      'location',
      'permissions',
      'clipboard',
      'media',
      'appearance',
      'push',
      'network',
    ]);
    const installed = await upload(
      sid,
      'install-app',
      { name: 'sample.apk', data: apk },
      { launch_after_install: 'true' },
    );
    expect(installed.statusCode, installed.body).toBe(200);
    const dev = driver.device(android.deviceId);
    const text = (id: string) => byId(dev.uiTree(), id).text;
    const post = (route: string, body: unknown, token = a.developer.token) =>
      api(t, token, 'POST', `/sessions/${sid}/${route}`, body);

    expect((await post('open-url', { url: 'sample://items/3' })).statusCode).toBe(200);
    expect(text('detail-title')).toBe('Item 3');
    for (const [route, body, why] of [
      ['open-url', { url: 'javascript:alert(1)' }, /^url: javascript links cannot be opened/],
      ['open-url', { url: `https://x.test/${'a'.repeat(2100)}` }, /2 KB/],
      ['open-url', { url: 'sample://a b' }, /^url must not contain spaces/],
      ['location', { latitude: 91, longitude: 0 }, /latitude/],
      ['location', { latitude: 0, longitude: -181 }, /longitude/],
      ['permissions', { permission: 'bluetooth', state: 'granted' }, /permission/],
      ['permissions', { permission: 'camera', state: 'maybe' }, /state/],
      ['clipboard', { text: 'x'.repeat(64 * 1024 + 1) }, /64 KB/],
      ['appearance', { mode: 'blue' }, /mode/],
      ['network', { mode: 'airplane' }, /mode/],
      ['push', { title: 't', body: 'b', data: { nested: { a: 1 } } }, /data/],
      ['push', { title: 't', body: 'x'.repeat(4090) }, /4 KB/],
    ] as const) {
      const r = await post(route, body);
      expect(r.statusCode, `${route} ${r.body}`).toBe(400);
      expect(r.json().detail).toMatch(why);
    }
    expect((await post('location', { latitude: 0, longitude: 0 }, a.viewer.token)).statusCode).toBe(403);

    expect((await post('open-url', { url: 'sample://device' })).statusCode).toBe(200);
    expect((await post('location', { latitude: 52.52, longitude: 13.4 })).statusCode).toBe(200);
    expect((await post('appearance', { mode: 'dark' })).statusCode).toBe(200);
    expect((await post('network', { mode: 'offline' })).statusCode).toBe(200);
    expect(text('location')).toBe('Location: 52.52, 13.4');
    expect(text('appearance')).toBe('Appearance: dark');
    expect(text('network-offline')).toBe('Offline: changes will sync later');
    expect((await post('clipboard', { text: "it's $(here)" })).statusCode).toBe(200);
    expect((await api(t, a.developer.token, 'GET', `/sessions/${sid}/clipboard`)).json()).toEqual({
      text: "it's $(here)",
    });
    expect((await post('permissions', { package_name: PKG, permission: 'camera', state: 'reset' })).statusCode).toBe(
      200,
    );
    await dev.input({ kind: 'tap', ...center(byId(dev.uiTree(), 'take-photo')) });
    expect(byId(dev.uiTree(), 'alert').text).toBe('Allow Simdeck Sample to take pictures and record video?');
    const unknownApp = await post('permissions', {
      package_name: 'com.not.there',
      permission: 'camera',
      state: 'denied',
    });
    expect(unknownApp.statusCode).toBe(422);
    const hostile = await post('permissions', { package_name: "x'; reboot", permission: 'camera', state: 'denied' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().detail).toMatch(/package_name must be an Android package name/);

    const media = await upload(sid, 'media', { name: 'beach.jpg', data: JPEG });
    expect(media.statusCode, media.body).toBe(200);
    expect(media.json()).toEqual({ status: 'ok', name: 'beach.jpg' });
    const fake = await upload(sid, 'media', { name: 'fake.jpg', data: Buffer.from('<?php system($_GET[1]); ?>') });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toMatch(/JPEG, PNG, HEIC or MP4/);
    expect((await upload(sid, 'media', { name: '../x.jpg', data: JPEG })).statusCode).toBe(200);
    expect(dev.conditions.media.map((m) => m.name)).toEqual(['beach.jpg', 'x.jpg']);

    expect((await post('push', { title: 'Order shipped', body: 'Soon', data: { orderId: 'A-1' } })).statusCode).toBe(
      200,
    );
    expect(byId(dev.uiTree(), 'notification-banner').text).toBe('Order shipped');

    const audited = await t.container.db.select().from(auditEvents).where(eq(auditEvents.resourceId, sid));
    const caps = audited
      .filter((e) => e.action === 'session.device_capability')
      .map((e) => (e.details as { capability: string }).capability);
    expect(new Set(caps)).toEqual(
      new Set(['open_url', 'location', 'appearance', 'network', 'clipboard', 'permissions', 'media', 'push']),
    );

    // The next session on this device starts with the defaults.
    expect((await api(t, a.developer.token, 'DELETE', `/sessions/${sid}`)).statusCode).toBe(200);
    await waitFor(() => !dev.booted, 'the device to shut down');
    const next = await startOn(android);
    expect(dev.conditions.values).toEqual({
      latitude: 37.3349,
      longitude: -122.009,
      appearance: 'light',
      online: true,
      clipboard: '',
    });
    expect((await api(t, a.developer.token, 'GET', `/sessions/${next}/clipboard`)).json()).toEqual({ text: '' });
    expect(dev.conditions.media).toEqual([]);
    await api(t, a.developer.token, 'DELETE', `/sessions/${next}`);
  });

  it('answers 409 naming the device kind for what it cannot do, and lists only what it can', async () => {
    const sid = await startOn(simulator);
    const got = await api(t, a.developer.token, 'GET', `/sessions/${sid}`);
    expect(got.json().capabilities).not.toContain('network');
    expect(got.json().capabilities).toContain('open_url');
    const r = await api(t, a.developer.token, 'POST', `/sessions/${sid}/network`, { mode: 'offline' });
    expect(r.statusCode).toBe(409);
    expect(r.json()).toEqual({
      detail: 'UNSUPPORTED: an iOS simulator does not support network',
      code: 'UNSUPPORTED',
    });
    // A simulator needs the app named to send it a notification or to grant a permission.
    const push = await api(t, a.developer.token, 'POST', `/sessions/${sid}/push`, { title: 't', body: 'b' });
    expect([push.statusCode, push.json().detail]).toEqual([
      400,
      'package_name: required to send a notification to an iOS simulator',
    ]);
    const grant = await api(t, a.developer.token, 'POST', `/sessions/${sid}/permissions`, {
      permission: 'photos',
      state: 'granted',
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().detail).toMatch(/^package_name: required to grant or deny a permission on an iOS simulator/);
    await api(t, a.developer.token, 'DELETE', `/sessions/${sid}`);
  });
});
