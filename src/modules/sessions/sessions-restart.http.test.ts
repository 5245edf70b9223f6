import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { ManualClock } from '../../clock';
import { createContainer, type Container } from '../../container';
import type { App } from '../../http/types';
import { createLogger } from '../../logging';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';
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

const phone = (name: string): DeviceSpec[] => [
  { deviceId: randomUUID(), name, model: 'iPhone 15 Pro', type: 'ios', category: 'phone', osVersion: '17.5' },
];

describe('control-plane restart', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let stays: WorkerClient;
  let goes: WorkerClient;
  let app2: App | undefined;
  let container2: Container | undefined;
  const clock = () => t.clock as ManualClock;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t);
    stays = await connectWorker(t, createVirtualDriver({ devices: phone('Stays'), dataDir: t.dataDir }), 'stays');
    goes = await connectWorker(t, createVirtualDriver({ devices: phone('Goes'), dataDir: t.dataDir }), 'goes');
  });
  afterAll(async () => {
    await stays?.close();
    goes?.kill();
    await app2?.close();
    await container2?.close();
    await t?.close();
  });

  it('keeps the queue, continues sessions whose worker returns, fails the others and leaves no device leased', async () => {
    const s1 = await createAndStart(t, a.developer.token);
    const s2 = await createAndStart(t, a.developer.token);
    const q = await createAndStart(t, a.developer.token);
    expect(q.started.statusCode).toBe(202);
    const a1 = await waitForStatus(t, a.developer.token, s1.sessionId, 'active');
    const a2 = await waitForStatus(t, a.developer.token, s2.sessionId, 'active');
    const onStays = a1.device_name === 'Stays' ? s1 : s2;
    const onGoes = a1.device_name === 'Stays' ? s2 : s1;
    expect([a1.device_name, a2.device_name].sort()).toEqual(['Goes', 'Stays']);

    // The control plane goes down; one worker host dies with it.
    goes.kill();
    const port = Number(new URL(t.baseUrl).port);
    await t.app.close();
    container2 = createContainer(t.container.config, t.container.secrets, {
      clock: t.clock,
      log: createLogger('silent'),
      jobPollingIntervalSeconds: 0.5,
    });
    app2 = await buildApp(container2);
    await app2.listen({ port, host: '127.0.0.1' });
    const t2 = { ...t, app: app2, container: container2 };

    // The queue entry survived.
    const queued = (await api(t2, a.developer.token, 'GET', `/sessions/${q.sessionId}`)).json();
    expect(queued).toMatchObject({
      status: 'pending',
      queue_entry_id: q.started.json().queue_entry_id,
      queue_position: 1,
    });

    // The surviving worker reconnects by itself; its session continues.
    await stays.waitWelcome();
    await waitFor(
      async () =>
        (
          await api(t2, a.developer.token, 'POST', `/sessions/${onStays.sessionId}/control`, {
            action: 'tap',
            x: 3,
            y: 3,
          })
        ).statusCode === 200,
      'control after restart',
    );
    expect((await api(t2, a.developer.token, 'GET', `/sessions/${onStays.sessionId}`)).json().status).toBe('active');

    // The other worker never comes back: 20 s later its session fails and its device leaves the lists.
    clock().advance(21_000);
    await waitFor(
      async () =>
        (
          await container2!.db.execute(
            `SELECT 1 FROM workers WHERE worker_id = 'stays' AND last_seen_at >= '${clock().now().toISOString()}'`,
          )
        ).rows.length > 0,
      'heartbeat of the surviving worker',
    );
    const swept = await container2.services.workers.sweepLostWorkers(clock().now());
    expect(swept).toMatchObject({ lostDevices: 1, failedSessions: 1 });
    expect((await api(t2, a.developer.token, 'GET', `/sessions/${onGoes.sessionId}`)).json()).toMatchObject({
      status: 'failed',
      end_reason: 'worker_lost',
    });
    expect((await api(t2, a.developer.token, 'GET', '/devices/')).json().map((d: { name: string }) => d.name)).toEqual([
      'Stays',
    ]);

    // Ending the surviving session hands its device to the queued one.
    await api(t2, a.developer.token, 'DELETE', `/sessions/${onStays.sessionId}`);
    const started = await waitForStatus(t2, a.developer.token, q.sessionId, 'active');
    expect(started.device_name).toBe('Stays');
    await api(t2, a.developer.token, 'DELETE', `/sessions/${q.sessionId}`);
    await container2.services.lifecycle.idle();
    const leased = await container2.db.execute(
      `SELECT device_id FROM devices WHERE leased_session_id IS NOT NULL OR status = 'busy'`,
    );
    expect(leased.rows).toEqual([]);
  });
});

describe('a worker that registers again', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a worker that comes back afresh (a restarted npm start) ends the sessions it no longer holds at once, saying why', async () => {
    const fresh = await connectWorker(t, createVirtualDriver({ devices: phone('Fresh'), dataDir: t.dataDir }), 'fresh');
    const owner = a.developer.token;
    let session = await createAndStart(t, owner);
    await waitForStatus(t, owner, session.sessionId, 'active');
    const deviceId: string = (await api(t, owner, 'GET', `/sessions/${session.sessionId}`)).json().device_id;
    expect((await api(t, owner, 'GET', `/sessions/${session.sessionId}`)).json().device_name).toBe('Fresh');

    // The worker process dies and a new one registers the same devices, none of them booted.
    fresh.kill();
    const spec = (await api(t, owner, 'GET', '/devices/')).json().find((d: { name: string }) => d.name === 'Fresh');
    expect(spec.device_id).toBe(deviceId);
    const again = await connectWorker(
      t,
      createVirtualDriver({
        devices: [
          { deviceId, name: 'Fresh', model: 'iPhone 15 Pro', type: 'ios', category: 'phone', osVersion: '17.5' },
        ],
        dataDir: t.dataDir,
      }),
      'fresh',
    );
    try {
      // No sweep and no clock: the hello itself settles it.
      const ended = await waitForStatus(t, owner, session.sessionId, 'failed', 5_000);
      expect(ended).toMatchObject({
        end_reason: 'worker_lost',
        error_message:
          "The device's worker restarted and no longer has this session (the device was reset); start a new session",
        stream_url: null,
      });
      // The device stays in the pool: the next session gets it.
      session = await createAndStart(t, owner);
      expect((await waitForStatus(t, owner, session.sessionId, 'active')).device_name).toBe('Fresh');
      await api(t, owner, 'DELETE', `/sessions/${session.sessionId}`);
    } finally {
      await again.close();
    }
  });
});
