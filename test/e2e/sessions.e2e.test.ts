import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSampleApk } from '../../examples/build-sample-app';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitForStatus,
  WsPeer,
  wsUrl,
  type LiveApp,
} from '../harness/sessions-factories';
import { byId, center, maybeById } from '../virtual/ui';

describe('end to end: a remote session runs the sample app', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let worker: WorkerClient;
  let apk: string;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t);
    apk = await buildSampleApk(path.join(t.dataDir, 'sample.apk'));
    worker = await connectWorker(
      t,
      createVirtualDriver({ devices: 'Pixel 8:android:phone:14', dataDir: t.dataDir, hostSeed: 'e2e' }),
      'e2e-worker',
    );
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('installs the APK, launches it, signs in through control actions and shows the result on a screenshot and in the UI tree', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token, { device_type: 'android' });
    const session = await waitForStatus(t, a.developer.token, sessionId, 'active');
    const tree = () => t.container.services.router.command(session.device_id, 'ui_tree', {});
    const control = async (body: Record<string, unknown>) => {
      const r = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, body);
      expect(r.statusCode, r.body).toBe(200);
    };
    const tapId = async (id: string) => control({ action: 'tap', ...center(byId(await tree(), id)) });

    const boundary = '----simdeck-e2e';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sample.apk"\r\nContent-Type: application/vnd.android.package-archive\r\n\r\n`,
      ),
      fs.readFileSync(apk),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const installed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sessions/${sessionId}/install-app`,
      headers: {
        authorization: `Bearer ${a.developer.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
    expect(installed.statusCode, installed.body).toBe(200);
    expect(installed.json()).toMatchObject({
      package_name: 'dev.simdeck.sample',
      name: 'Simdeck Sample',
      version: '1.2.0',
      launched: false,
    });
    const launched = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/launch-app`, {
      package_name: 'dev.simdeck.sample',
    });
    expect(launched.statusCode, launched.body).toBe(200);
    expect((await tree()).id).toBe('dev.simdeck.sample');

    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${a.developer.token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    const screenshot = async () => {
      const from = ws.messages.length;
      await control({ action: 'screenshot' });
      const msg = await ws.next<{ image: string }>((m) => m.text?.type === 'session.screenshot', 10_000, from);
      return Buffer.from(msg.image.split(',')[1]!, 'base64');
    };
    const before = await screenshot();

    await tapId('username');
    for (const k of ['D', 'E', 'M', 'O']) await control({ action: 'key', keycode: k });
    await tapId('password');
    await control({ action: 'text', text: 'secret' });
    await tapId('sign-in');

    const signedIn = await tree();
    expect(byId(signedIn, 'welcome').text).toBe('Welcome, demo');
    expect(maybeById(signedIn, 'sign-in')).toBeUndefined();
    const after = await screenshot();
    const meta = await sharp(after).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', session.screen.width, session.screen.height]);
    expect(after.equals(before)).toBe(false);
    const apps = await api(t, a.developer.token, 'GET', `/sessions/${sessionId}/apps`);
    expect(apps.statusCode).toBe(200);
    expect(
      (await ws.next<{ apps: Array<{ package_name: string }> }>((m) => m.text?.type === 'session.apps')).apps.map(
        (x) => x.package_name,
      ),
    ).toContain('dev.simdeck.sample');
    await ws.close();
    expect((await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`)).json()).toEqual({ status: 'ok' });
  });

  it('a session queued for the device gets it booted when the one before ends, and keeps it', async () => {
    const first = await createAndStart(t, a.developer.token, { device_type: 'android' });
    await waitForStatus(t, a.developer.token, first.sessionId, 'active');
    const next = await createAndStart(t, a.developer.token, { device_type: 'android' });
    expect((await api(t, a.developer.token, 'GET', `/sessions/${next.sessionId}`)).json()).toMatchObject({
      status: 'pending',
      queue_position: 1,
    });
    // Ending the first session reads its last log lines and shuts the device down after the
    // device went back to the pool; the queued session's boot must come after that, not before.
    expect((await api(t, a.developer.token, 'DELETE', `/sessions/${first.sessionId}`)).statusCode).toBe(200);
    const session = await waitForStatus(t, a.developer.token, next.sessionId, 'active');
    await t.container.services.lifecycle.idle();
    await expect(t.container.services.router.command(session.device_id, 'ui_tree', {})).resolves.toBeTruthy();
    const tap = await api(t, a.developer.token, 'POST', `/sessions/${next.sessionId}/control`, {
      action: 'tap',
      x: 10,
      y: 10,
    });
    expect(tap.statusCode, tap.body).toBe(200);
    expect((await api(t, a.developer.token, 'DELETE', `/sessions/${next.sessionId}`)).statusCode).toBe(200);
  });
});
