import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import type { DeviceSpec } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
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
} from '../harness/sessions-factories';

/**
 * Two control-plane replicas on one database and one Redis, the worker connected to the second:
 * everything a client does through the first must reach the device, and everything the device
 * and the sessions say must reach the clients of both.
 */
describe.skipIf(!process.env.TEST_REDIS_URL)('two replicas over Redis (TEST_REDIS_URL)', () => {
  let one: LiveApp;
  let two: LiveApp;
  let org: OrgWithRoles;
  let worker: WorkerClient;
  /**
   * The worker's log reads wait for this: a session's end reads its last log lines before it
   * shuts the device down, so a slow read (as on a busy host) sends the shutdown late.
   */
  let endGate: Promise<void> = Promise.resolve();
  const prefix = `simdeck-test-${randomUUID().slice(0, 8)}:`;
  const devices: DeviceSpec[] = [
    {
      deviceId: randomUUID(),
      name: 'Pixel 8 (replica two)',
      model: 'Pixel 8',
      type: 'android',
      category: 'phone',
      osVersion: '14',
    },
  ];

  beforeAll(async () => {
    // A prefix of its own, so that concurrent test files sharing the Redis do not hear each other.
    const env = { REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_PREFIX: prefix, DEFAULT_PLAN: 'enterprise' as const };
    one = await createLiveApp({ env });
    two = await createLiveApp({ env, replicaOf: one });
    org = await createOrgWithRoles(one, 'Replicated');
    const driver = createVirtualDriver({ devices, dataDir: one.dataDir });
    const readLogs = driver.readLogs.bind(driver);
    driver.readLogs = async (...args) => {
      await endGate;
      return readLogs(...args);
    };
    worker = await connectWorker(one, driver, 'worker-on-two', two.baseUrl);
    // Replica one learns the device's owner from the announcement.
    await waitFor(
      () => one.container.services.router.isDeviceConnected(devices[0]!.deviceId),
      'replica one to hear of the device',
    );
  });
  afterAll(async () => {
    await worker?.close();
    await two?.close();
    await one?.close();
  });

  it('boots, controls and streams a device held by the other replica, and fans session events out to both', async () => {
    const token = org.developer.token;
    const eventsOnTwo = await WsPeer.open(wsUrl(two, `/api/v1/ws?token=${token}`));
    const { sessionId, started } = await createAndStart(one, token, { device_type: 'android' });
    expect(started.statusCode, started.body).toBe(200);
    eventsOnTwo.send({ type: 'subscribe', session_id: sessionId });
    await eventsOnTwo.next((m) => m.text?.type === 'subscribed');
    // The boot command went from replica one to the worker on replica two and back.
    const active = await waitForStatus(one, token, sessionId, 'active');
    expect(active.device_id).toBe(devices[0]!.deviceId);

    // Frames of the device reach a viewer connected to replica one.
    const stream = await WsPeer.open(wsUrl(one, `/api/v1/sessions/${sessionId}/stream`), {
      protocols: [`bearer.${token}`],
    });
    expect(await stream.next((m) => m.text?.type === 'hello')).toMatchObject({
      width: active.screen.width,
      height: active.screen.height,
    });
    const first = await stream.next<Buffer>((m) => !!m.binary);
    expect(first.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const before = stream.messages.length;
    const tap = await api(one, token, 'POST', `/sessions/${sessionId}/control`, { action: 'tap', x: 100, y: 200 });
    expect(tap.statusCode, tap.body).toBe(200);
    await stream.next((m) => !!m.binary, 5000, before);

    // The answer to a screenshot, published where the command ran, reaches /ws on both replicas.
    const eventsOnOne = await WsPeer.open(wsUrl(one, `/api/v1/ws?token=${token}`));
    eventsOnOne.send({ type: 'subscribe', session_id: sessionId });
    await eventsOnOne.next((m) => m.text?.type === 'subscribed');
    expect((await api(two, token, 'POST', `/sessions/${sessionId}/control`, { action: 'screenshot' })).statusCode).toBe(
      200,
    );
    for (const peer of [eventsOnOne, eventsOnTwo]) {
      const shot = await peer.next<{ image: string }>((m) => m.text?.type === 'session.screenshot');
      expect(shot.image).toMatch(/^data:image\/jpeg;base64,/);
    }

    // Ending the session on replica two closes the stream on replica one and tells both.
    expect((await api(two, token, 'DELETE', `/sessions/${sessionId}`)).statusCode).toBe(200);
    await waitFor(() => stream.socket.readyState === stream.socket.CLOSED, 'the stream on replica one to close');
    for (const peer of [eventsOnOne, eventsOnTwo]) {
      await peer.next(
        (m) =>
          m.text?.type === 'session.updated' &&
          (m.text as { session: { status: string } }).session.status === 'stopped',
      );
    }
    // The device was shut down and is free for the next session, which any replica can start.
    await waitFor(
      async () => (await api(two, token, 'GET', `/devices/${devices[0]!.deviceId}`)).json().status === 'available',
      'the device to be free',
    );
    await Promise.all([stream.close(), eventsOnOne.close(), eventsOnTwo.close()]);
  });

  it('both replicas sweep, and a session.ending warning still goes out once', async () => {
    const token = org.developer.token;
    const { sessionId } = await createAndStart(one, token, { device_type: 'android' });
    await waitForStatus(one, token, sessionId, 'active');
    const events = await WsPeer.open(wsUrl(one, `/api/v1/ws?token=${token}`));
    events.send({ type: 'subscribe', session_id: sessionId });
    await events.next((m) => m.text?.type === 'subscribed');
    // Never used: it ends 3 minutes after it became active, with a warning in the last 60 s.
    (one.clock as ManualClock).advance(2 * 60_000 + 10_000);
    const now = one.clock.now();
    await Promise.all([
      one.container.services.lifetime.sweepLifetimes(now),
      two.container.services.lifetime.sweepLifetimes(now),
    ]);
    await events.next((m) => m.text?.type === 'session.ending');
    // Replica two relays in order over one connection: once its news of the stop (published after
    // both sweeps) has arrived, a second warning from its sweep would have arrived before it.
    await api(two, token, 'DELETE', `/sessions/${sessionId}`);
    await events.next(
      (m) =>
        m.text?.type === 'session.updated' && (m.text as { session: { status: string } }).session.status === 'stopped',
    );
    expect(
      events.messages.filter((m) => (m.text as { type?: string } | undefined)?.type === 'session.ending'),
    ).toHaveLength(1);
    await events.close();
  });

  it('a session started on one replica boots the device only after the other replica has finished ending the last one', async () => {
    const token = org.developer.token;
    const first = await createAndStart(one, token, { device_type: 'android' });
    await waitForStatus(one, token, first.sessionId, 'active');
    let release!: () => void;
    endGate = new Promise((r) => {
      release = r;
    });
    // Replica one ends the session: the device goes back to the pool at once, its end is slow.
    expect((await api(one, token, 'DELETE', `/sessions/${first.sessionId}`)).statusCode).toBe(200);
    // Replica two takes the free device for a new session while that end is still under way.
    const next = await createAndStart(two, token, { device_type: 'android' });
    expect(next.started.statusCode, next.started.body).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect((await api(two, token, 'GET', `/sessions/${next.sessionId}`)).json()).toMatchObject({ status: 'starting' });
    release();
    endGate = Promise.resolve();
    await waitForStatus(two, token, next.sessionId, 'active');
    // The late shutdown did not land on the device the new session booted.
    await one.container.services.lifecycle.idle();
    const tap = await api(two, token, 'POST', `/sessions/${next.sessionId}/control`, { action: 'tap', x: 10, y: 10 });
    expect(tap.statusCode, tap.body).toBe(200);
    expect((await api(two, token, 'DELETE', `/sessions/${next.sessionId}`)).statusCode).toBe(200);
    await waitFor(
      async () => (await api(one, token, 'GET', `/devices/${devices[0]!.deviceId}`)).json().status === 'available',
      'the device to be free',
    );
  });

  it('answers 503 for a device whose worker is gone, from either replica', async () => {
    const { sessionId } = await createAndStart(one, org.developer.token, { device_type: 'android' });
    await waitForStatus(one, org.developer.token, sessionId, 'active');
    await worker.close();
    await waitFor(
      () => !one.container.services.router.isDeviceConnected(devices[0]!.deviceId),
      'replica one to hear the worker left',
    );
    for (const replica of [one, two]) {
      const res = await api(replica, org.developer.token, 'POST', `/sessions/${sessionId}/control`, {
        action: 'tap',
        x: 1,
        y: 1,
      });
      expect(res.statusCode, res.body).toBe(503);
    }
    await api(one, org.developer.token, 'DELETE', `/sessions/${sessionId}`);
  });

  it('a device whose replica is gone (no heartbeat) fails at once, and its stale owner entry goes', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    try {
      const ghost = randomUUID();
      await redis.hset(`${prefix}device-owners`, ghost, 'a-replica-that-crashed');
      await expect(one.container.services.router.command(ghost, 'screenshot', {})).rejects.toMatchObject({
        code: 'UNAVAILABLE',
      });
      expect(await redis.hget(`${prefix}device-owners`, ghost)).toBeNull();
      // The live replicas keep their heartbeat.
      expect(await redis.keys(`${prefix}replica:*`)).toHaveLength(2);
    } finally {
      await redis.quit();
    }
  });
});
