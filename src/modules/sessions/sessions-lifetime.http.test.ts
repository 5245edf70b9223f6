import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { apps, organizations, sessions } from '../../db/schema';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { buildIosBundleZip, insertAppWithBuild } from '../../../test/harness/session-app-factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitForStatus,
  WsPeer,
  wsUrl,
  type LiveApp,
} from '../../../test/harness/sessions-factories';

const phones = (n: number): DeviceSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    deviceId: randomUUID(),
    name: `iPhone 15 Pro (${i + 1})`,
    model: 'iPhone 15 Pro',
    type: 'ios' as const,
    category: 'phone' as const,
    osVersion: '17.5',
  }));

describe('session lifetime, plan caps and apps', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let b: OrgWithRoles;
  let worker: WorkerClient;
  let driver: ReturnType<typeof createVirtualDriver>;
  const clock = () => t.clock as ManualClock;
  const setOrg = (orgId: number, patch: Partial<typeof organizations.$inferInsert>) =>
    t.container.db.update(organizations).set(patch).where(eq(organizations.id, orgId));
  // As the jobs do: each replica marks its viewed sessions used, then the lifetime rules run.
  const sweep = async () => {
    await t.container.services.lifetime.touchViewedSessions(clock().now());
    return t.container.services.lifetime.sweepLifetimes(clock().now());
  };

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Org A');
    b = await createOrgWithRoles(t, 'Org B');
    driver = createVirtualDriver({ devices: phones(4), dataDir: t.dataDir });
    worker = await connectWorker(t, driver, 'lifetime-worker');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });
  beforeEach(async () => {
    // Every test starts with all devices free.
    for (const s of (await api(t, a.admin.token, 'GET', '/sessions/?limit=200')).json())
      if (['pending', 'starting', 'active'].includes(s.status))
        await api(t, a.admin.token, 'DELETE', `/sessions/${s.session_id}`);
    await t.container.services.lifecycle.idle();
  });

  it('ends a never-used session 3 minutes after it became active, with a warning 60 s before; polling does not count', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token);
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${a.developer.token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    clock().advance(60_000);
    await api(t, a.developer.token, 'GET', `/sessions/${sessionId}`); // polling
    expect((await sweep()).ended).toEqual([]);
    clock().advance(70_000);
    await sweep();
    expect(await ws.next((m) => m.text?.type === 'session.ending')).toMatchObject({
      session_id: sessionId,
      reason: 'never_used',
      in_seconds: 50,
    });
    clock().advance(50_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'never_used' }]);
    const s = (await api(t, a.developer.token, 'GET', `/sessions/${sessionId}`)).json();
    expect(s).toMatchObject({ status: 'stopped', end_reason: 'never_used', duration_minutes: 3 });
    expect(
      (
        await ws.next<{ session: { status: string } }>(
          (m) => m.text?.type === 'session.updated' && m.text.session.status === 'stopped',
        )
      ).session.status,
    ).toBe('stopped');
    await ws.close();
  });

  it("ends an API-driven session after the organization's idle timeout without use; use resets it", async () => {
    await setOrg(a.orgId, { sessionTimeoutMinutes: 5 });
    const { sessionId } = await createAndStart(t, a.developer.token);
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    const tap = () =>
      api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 5, y: 5 });
    expect((await tap()).statusCode).toBe(200);
    clock().advance(4 * 60_000 + 30_000);
    await sweep();
    expect((await api(t, a.developer.token, 'GET', `/sessions/${sessionId}`)).json().status).toBe('active');
    expect((await tap()).statusCode).toBe(200);
    clock().advance(4 * 60_000);
    expect((await sweep()).ended).toEqual([]);
    clock().advance(61_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'idle_timeout' }]);
    expect((await api(t, a.developer.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'idle_timeout',
    });
    await setOrg(a.orgId, { sessionTimeoutMinutes: 30 });
  });

  it('a connected stream viewer keeps the session alive; a /ws heartbeat counts as use', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token);
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    const stream = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?token=${a.developer.token}`));
    await stream.next((m) => !!m.binary);
    for (let i = 0; i < 4; i++) {
      clock().advance(20 * 60_000);
      expect((await sweep()).ended).toEqual([]);
    }
    await stream.close();
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws`), { protocols: [`bearer.${a.developer.token}`] });
    clock().advance(29 * 60_000);
    ws.send({ type: 'heartbeat', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'heartbeat.ack');
    clock().advance(2 * 60_000);
    expect((await sweep()).ended).toEqual([]);
    clock().advance(29 * 60_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'idle_timeout' }]);
    await ws.close();
  });

  it('free plan: 2 concurrent sessions (the third waits with 202 though devices are free) and a 5-minute cap', async () => {
    await setOrg(b.orgId, { planId: 'free' });
    const s1 = await createAndStart(t, b.developer.token);
    const s2 = await createAndStart(t, b.developer.token);
    const s3 = await createAndStart(t, b.developer.token);
    expect([s1.started.statusCode, s2.started.statusCode, s3.started.statusCode]).toEqual([200, 200, 202]);
    expect(s3.started.json()).toMatchObject({ status: 'queued', position: 1 });
    // Which limit holds it, its value, and how to lift it.
    const waiting = `The Free plan's limit of 2 sessions at a time is reached; this session starts when one of the organization's running sessions ends, and the operator of this simdeck lifts it by moving the organization to a larger plan (\`simdeck org set-plan ${b.orgId} enterprise\` has no limits).`;
    expect(s3.started.json().reason).toBe(waiting);
    expect((await api(t, b.developer.token, 'GET', `/sessions/${s3.sessionId}`)).json().queue_reason).toBe(waiting);
    expect((await api(t, b.developer.token, 'GET', `/sessions/${s1.sessionId}`)).json().queue_reason).toBeNull();
    expect((await api(t, b.developer.token, 'GET', '/devices/pools')).json()[0].free).toBe(2);
    // Another organization is not held up by b's cap.
    const other = await createAndStart(t, a.developer.token);
    expect(other.started.statusCode).toBe(200);
    await waitForStatus(t, b.developer.token, s1.sessionId, 'active');
    await waitForStatus(t, b.developer.token, s2.sessionId, 'active');
    await api(t, b.developer.token, 'POST', `/sessions/${s1.sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${b.developer.token}`));
    ws.send({ type: 'subscribe', session_id: s1.sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    clock().advance(2 * 60_000);
    await api(t, b.developer.token, 'POST', `/sessions/${s1.sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    clock().advance(2 * 60_000 + 10_000);
    await sweep(); // s2 was never used: it ends at 3 min and s3 takes its slot.
    expect((await api(t, b.developer.token, 'GET', `/sessions/${s2.sessionId}`)).json().end_reason).toBe('never_used');
    await waitForStatus(t, b.developer.token, s3.sessionId, 'active');
    const capMessage = `The session reached the Free plan's limit of 5 minutes per session; the operator of this simdeck lifts it by moving the organization to a larger plan (\`simdeck org set-plan ${b.orgId} enterprise\` has no limits).`;
    expect(await ws.next((m) => m.text?.type === 'session.ending')).toMatchObject({
      reason: 'plan_limit',
      in_seconds: 50,
      message: capMessage,
    });
    clock().advance(50_000);
    const ended = (await sweep()).ended;
    expect(ended).toContainEqual({ sessionId: s1.sessionId, reason: 'plan_limit' });
    expect((await api(t, b.developer.token, 'GET', `/sessions/${s1.sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'plan_limit',
      error_message: capMessage,
    });
    await ws.close();
    await api(t, a.developer.token, 'DELETE', `/sessions/${other.sessionId}`);
    await api(t, b.developer.token, 'DELETE', `/sessions/${s3.sessionId}`);
    await setOrg(b.orgId, { planId: 'enterprise' });
  });

  it("monthly streaming minutes: without overage the running sessions get a warning and end with plan_limit when the plan's minutes are used up", async () => {
    const c = await createOrgWithRoles(t, 'Org C');
    await setOrg(c.orgId, { planId: 'starter' }); // 500 minutes a month, no per-session cap
    const now = clock().now().getTime();
    // 498 minutes already streamed this month; one session of last month does not count.
    await t.container.db.insert(sessions).values([
      {
        sessionId: randomUUID(),
        organizationId: c.orgId,
        deviceType: 'ios',
        status: 'stopped',
        startTime: new Date(now - 500 * 60_000),
        endTime: new Date(now - 2 * 60_000),
        createdAt: new Date(now - 500 * 60_000),
      },
      {
        sessionId: randomUUID(),
        organizationId: c.orgId,
        deviceType: 'ios',
        status: 'stopped',
        startTime: new Date(now - 40 * 86_400_000),
        endTime: new Date(now - 39 * 86_400_000),
        createdAt: new Date(now - 40 * 86_400_000),
      },
    ]);
    const { sessionId } = await createAndStart(t, c.developer.token);
    await waitForStatus(t, c.developer.token, sessionId, 'active');
    await api(t, c.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${c.developer.token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    expect((await sweep()).ended).toEqual([]);
    clock().advance(65_000);
    expect((await sweep()).ended).toEqual([]);
    const minutesMessage = `The organization used the Starter plan's 500 streaming minutes of this month; an admin lifts the limit by allowing streaming overage (allow_streaming_overage in the organization's settings, charged per minute from usage credit), or the operator of this simdeck lifts it by moving the organization to a larger plan (\`simdeck org set-plan ${c.orgId} enterprise\` has no limits).`;
    expect(await ws.next((m) => m.text?.type === 'session.ending')).toMatchObject({
      reason: 'plan_limit',
      in_seconds: 55,
      message: minutesMessage,
    });
    clock().advance(55_000);
    expect((await sweep()).ended).toEqual([{ sessionId, reason: 'plan_limit' }]);
    expect((await api(t, c.developer.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'plan_limit',
      error_message: minutesMessage,
    });
    await ws.close();

    // With overage allowed, the session goes on past the plan's minutes.
    await setOrg(c.orgId, { allowStreamingOverage: true });
    const more = await createAndStart(t, c.developer.token);
    await waitForStatus(t, c.developer.token, more.sessionId, 'active');
    await api(t, c.developer.token, 'POST', `/sessions/${more.sessionId}/control`, { action: 'tap', x: 1, y: 1 });
    clock().advance(5 * 60_000);
    expect((await sweep()).ended).toEqual([]);
    await api(t, c.developer.token, 'DELETE', `/sessions/${more.sessionId}`);
  });

  it('installs and launches a pinned app (with launch params) before the session becomes active', async () => {
    const zip = await buildIosBundleZip({ bundleId: 'com.example.pinned', name: 'Pinned' });
    const { app, build } = await insertAppWithBuild(t, a.orgId, {
      platform: 'ios',
      packageName: 'com.example.pinned',
      file: zip,
      fileName: 'pinned.zip',
    });
    expect(
      (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'ios', app_id: 'app_missing' })).statusCode,
    ).toBe(404);
    // app_id is the public id: the numeric id is not a body reference the spec allows.
    expect(
      (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'ios', app_id: String(app.id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android', app_id: app.publicId }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api(t, a.developer.token, 'POST', '/sessions/', {
          device_type: 'ios',
          app_id: app.publicId,
          build_id: 999999,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api(t, b.developer.token, 'POST', '/sessions/', { device_type: 'ios', app_id: app.publicId })).statusCode,
    ).toBe(404);
    const { sessionId, started } = await createAndStart(t, a.developer.token, {
      device_type: 'ios',
      app_id: app.publicId,
      build_id: build.id,
      launch_params: { user: 'ada', debug: true },
    });
    expect(started.statusCode).toBe(200);
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active');
    expect(active).toMatchObject({ app_id: app.publicId, build_id: build.id });
    const device = driver.device(active.device_id);
    expect(device.foregroundApp()).toBe('com.example.pinned');
    expect((await driver.listApps(active.device_id)).map((x) => x.packageName)).toContain('com.example.pinned');
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('a session deleted while it boots sends nothing more to the device: its pinned app never lands on the next session', async () => {
    const spec: DeviceSpec = {
      deviceId: randomUUID(),
      name: 'Slow iPhone',
      model: 'iPhone 15 Pro',
      type: 'ios',
      category: 'phone',
      osVersion: '17.5',
    };
    const slowDriver = createVirtualDriver({ devices: [spec], dataDir: t.dataDir });
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    // Boots wait for the gate; everything else is the virtual driver as it is.
    const gatedDriver = new Proxy(slowDriver, {
      get(target, prop) {
        if (prop === 'boot')
          return async (id: string) => {
            await gate;
            return target.boot(id);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const slowWorker = await connectWorker(t, gatedDriver, 'slow-worker');
    try {
      const zip = await buildIosBundleZip({ bundleId: 'com.example.private', name: 'Private' });
      const { app } = await insertAppWithBuild(t, a.orgId, {
        platform: 'ios',
        packageName: 'com.example.private',
        file: zip,
        fileName: 'private.zip',
      });
      const first = await createAndStart(t, a.developer.token, {
        device_type: 'ios',
        specific_device_id: spec.deviceId,
        app_id: app.publicId,
      });
      expect(first.started.json().status).toBe('starting');
      await api(t, a.developer.token, 'DELETE', `/sessions/${first.sessionId}`);
      // The next session (another organization) takes the device while the first boot still hangs;
      // then both boots finish, the first one's answer last to arrive or not.
      const next = await createAndStart(t, b.developer.token, {
        device_type: 'ios',
        specific_device_id: spec.deviceId,
      });
      expect(next.started.json().status).toBe('starting');
      openGate();
      await waitForStatus(t, b.developer.token, next.sessionId, 'active');
      await t.container.services.lifecycle.idle();
      expect((await slowDriver.listApps(spec.deviceId)).map((x) => x.packageName)).not.toContain('com.example.private');
      expect((await api(t, a.developer.token, 'GET', `/sessions/${first.sessionId}`)).json()).toMatchObject({
        status: 'stopped',
        end_reason: 'user',
      });
      await api(t, b.developer.token, 'DELETE', `/sessions/${next.sessionId}`);
    } finally {
      await slowWorker.close();
    }
  });

  it('install-build, install-app (multipart), launch-app and uninstall; app_only refuses sideloading with 403', async () => {
    const zip = await buildIosBundleZip({ bundleId: 'com.example.built', name: 'Built', version: '2.1' });
    const { app: builtApp, build } = await insertAppWithBuild(t, a.orgId, {
      platform: 'ios',
      packageName: 'com.example.built',
      file: zip,
      fileName: 'built.zip',
    });
    const other = await insertAppWithBuild(t, b.orgId, {
      platform: 'ios',
      packageName: 'com.example.theirs',
      file: zip,
      fileName: 'theirs.zip',
    });
    const { sessionId } = await createAndStart(t, a.developer.token);
    const active = await waitForStatus(t, a.developer.token, sessionId, 'active');
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/control`, { action: 'button', button: 'HOME' }))
        .statusCode,
    ).toBe(200);
    const ib = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/install-build`, {
      build_id: build.id,
      launch_after_install: true,
    });
    expect(ib.statusCode, ib.body).toBe(200);
    expect(ib.json()).toMatchObject({
      status: 'ok',
      package_name: 'com.example.built',
      version: '2.1',
      launched: true,
    });
    expect(driver.device(active.device_id).foregroundApp()).toBe('com.example.built');
    const [started] = await t.container.db.select().from(apps).where(eq(apps.id, builtApp.id));
    expect(started!.lastStartedAt).not.toBeNull();
    // The spec's Errors table: a build of another app or organization is 403.
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/install-build`, { build_id: other.build.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/install-build`, { build_id: 999999 }))
        .statusCode,
    ).toBe(404);

    const side = await buildIosBundleZip({ bundleId: 'com.example.side', name: 'Side' });
    const boundary = `----simdeck${randomUUID()}`;
    const multipart = (name: string, content: Buffer, extra: Record<string, string> = {}) =>
      Buffer.concat([
        ...Object.entries(extra).map(([k, v]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const upload = (name: string, content: Buffer, extra?: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/sessions/${sessionId}/install-app`,
        headers: {
          authorization: `Bearer ${a.developer.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: multipart(name, content, extra),
      });
    const ok = await upload('side.zip', side, { launch_after_install: 'true' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ package_name: 'com.example.side', launched: true });
    expect(driver.device(active.device_id).foregroundApp()).toBe('com.example.side');
    expect((await upload('notes.txt', Buffer.from('hello'))).statusCode).toBe(400);
    const broken = await upload('broken.zip', Buffer.from('not a zip'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json().detail).toMatch(/zip/i);

    clock().advance(1000);
    const launch = await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/launch-app`, {
      package_name: 'com.example.built',
      params: { mode: 'demo' },
    });
    expect(launch.statusCode, launch.body).toBe(200);
    expect(driver.device(active.device_id).foregroundApp()).toBe('com.example.built');
    // Launching one of the organization's apps by its package counts as starting it.
    const [relaunched] = await t.container.db.select().from(apps).where(eq(apps.id, builtApp.id));
    expect(relaunched!.lastStartedAt?.getTime()).toBe(clock().now().getTime());
    const un = await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}/apps/com.example.side`);
    expect(un.json()).toEqual({ status: 'ok', message: 'Uninstalling com.example.side' });
    expect((await driver.listApps(active.device_id)).map((x) => x.packageName)).not.toContain('com.example.side');

    await setOrg(a.orgId, { sessionPermissions: 'app_only' });
    const refused = await upload('side.zip', side);
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await api(t, a.developer.token, 'POST', `/sessions/${sessionId}/install-build`, {
          build_id: build.id,
          launch_after_install: false,
        })
      ).statusCode,
    ).toBe(200);
    await setOrg(a.orgId, { sessionPermissions: 'full' });
    const audit = await t.container.db.execute(
      `SELECT action FROM audit_events WHERE resource_id = '${sessionId}' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.action)).toEqual(
      expect.arrayContaining([
        'session.control',
        'session.created',
        'session.device_assigned',
        'session.started',
        'session.build_installed',
        'session.app_installed',
        'session.app_launched',
        'session.app_uninstalled',
      ]),
    );
    await api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
    const events = await t.container.db.execute(
      `SELECT type FROM domain_events WHERE data->>'session_id' = '${sessionId}' ORDER BY id`,
    );
    expect(events.rows.map((r) => r.type)).toEqual(['session.started', 'session.ended']);
  });
});
