import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSpec } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { iosAppFiles, multipartBody, packIosZip, settingsApk, zipWithRenamedEntries } from '../harness/app-packages';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitForStatus,
  type LiveApp,
} from '../harness/sessions-factories';

const pixel: DeviceSpec = {
  deviceId: randomUUID(),
  name: 'Pixel 8',
  model: 'Pixel 8',
  type: 'android',
  category: 'phone',
  osVersion: '14',
};

/** Device commands with hostile arguments and packages never reach a device, and device failures keep their meaning. */
describe('device commands: arguments, packages and failures', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let driver: ReturnType<typeof createVirtualDriver>;
  let worker: WorkerClient;
  let sessionId: string;

  const installApp = (name: string, data: Buffer) => {
    const body = multipartBody({ name, data });
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${sessionId}/install-app`,
      headers: { authorization: `Bearer ${a.developer.token}`, ...body.headers },
      payload: body.payload,
    });
  };
  const installedPackages = async () => (await driver.listApps(pixel.deviceId)).map((p) => p.packageName);

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Org A');
    driver = createVirtualDriver({ devices: [pixel], dataDir: t.dataDir });
    worker = await connectWorker(t, driver, 'commands-worker');
    ({ sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android', device_category: 'phone' }));
    await waitForStatus(t, a.developer.token, sessionId, 'active');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('install-app parses the package as untrusted input: crafted ones are 400 and never reach the device', async () => {
    const before = await installedPackages();
    const escaping = await zipWithRenamedEntries(
      [
        { name: 'AndroidManifest.xml', data: Buffer.from('x') },
        { name: 'xx/evil.so', data: Buffer.from('y') },
      ],
      { 'xx/evil.so': '../evil.so' },
    );
    const res = await installApp('evil.apk', escaping);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().detail).toMatch(/\.\.\/evil\.so/);
    const ios = await installApp('demo.zip', await packIosZip(await iosAppFiles()));
    expect(ios.statusCode).toBe(400);
    expect(ios.json().detail).toMatch(/cannot be installed on an Android device/);
    expect(await installedPackages()).toEqual(before);
    const ok = await installApp('settings.apk', settingsApk());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await installedPackages()).toContain(ok.json().package_name);
  });

  it('install-app leaves no spooled file and no staged package behind, whatever the body, and the session keeps serving', async () => {
    const spool = path.join(t.dataDir, 'tmp', 'uploads');
    const staged = path.join(t.dataDir, 'storage', 'session-uploads');
    // Files only: an emptied staging directory may stay.
    const leftovers = () =>
      [spool, staged].flatMap((dir) =>
        fs.existsSync(dir)
          ? fs
              .readdirSync(dir, { recursive: true, withFileTypes: true })
              .filter((e) => e.isFile())
              .map((e) => e.name)
          : [],
      );
    // 12 MB of noise named like an APK: read through several young-GC intervals, then refused.
    const noise = await installApp('noise.apk', randomBytes(12 * 1024 * 1024));
    expect(noise.statusCode, noise.body).toBe(400);
    expect(noise.json().detail).toMatch(/noise\.apk is not an Android/);
    // A body cut off inside the file part.
    const full = multipartBody({ name: 'settings.apk', data: settingsApk() });
    const cut = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${sessionId}/install-app`,
      headers: { authorization: `Bearer ${a.developer.token}`, ...full.headers },
      payload: full.payload.subarray(0, full.payload.length - 1000),
    });
    expect(cut.statusCode, cut.body).toBe(400);
    expect(leftovers()).toEqual([]);
    // A good package is moved to staging, installed, and the staged copy removed.
    const ok = await installApp('settings.apk', settingsApk());
    expect(ok.statusCode, ok.body).toBe(200);
    expect(leftovers()).toEqual([]);
    expect((await api(t, a.developer.token, 'GET', `/sessions/${sessionId}`)).json().status).toBe('active');
  });

  it('package names, activities, launch params and keys with shell metacharacters are 422 before any device sees them', async () => {
    const bad = [
      ['POST', `/sessions/${sessionId}/launch-app`, { package_name: 'com.example.app; reboot' }],
      ['POST', `/sessions/${sessionId}/launch-app`, { package_name: 'com.example.app', activity_name: '.Main$(id)' }],
      ['POST', `/sessions/${sessionId}/launch-app`, { package_name: 'com.example.app', params: { 'a b': 'x' } }],
      ['POST', `/sessions/${sessionId}/control`, { action: 'key', keycode: 'HOME;reboot' }],
      ['POST', `/sessions/${sessionId}/control`, { action: 'button', button: '`id`' }],
      ['DELETE', `/sessions/${sessionId}/apps/${encodeURIComponent('a.b && rm -rf /')}`, undefined],
      ['POST', '/sessions/', { device_type: 'android', app_id: 'app_x', launch_params: { 'x;y': 1 } }],
    ] as const;
    for (const [method, url, body] of bad) {
      const res = await api(t, a.developer.token, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(422);
      expect(res.json().detail).toMatch(/^[a-z_ ]+(: | must )/i);
    }
  });

  it('a point outside the screen is clamped to its edge, inside the API range of 0 to 10000', async () => {
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 10000, y: 10000 }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
          action: 'swipe',
          x: 5,
          y: 9000,
          x2: 9000,
          y2: 5,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 10001, y: 1 }))
        .statusCode,
    ).toBe(400);
  });

  it('device failures keep their meaning: an app that is not installed is 422, a gone worker 503, without host names', async () => {
    const missing = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/launch-app`, {
      package_name: 'com.example.missing',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toBe('Device launch failed: com.example.missing is not installed on this device');
    worker.kill();
    const gone = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, {
      action: 'tap',
      x: 1,
      y: 1,
    });
    expect(gone.statusCode).toBe(503);
    expect(gone.json().detail).not.toMatch(/commands-worker|localhost|127\.0\.0\.1/);
  });
});
