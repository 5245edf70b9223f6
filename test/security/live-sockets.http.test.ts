import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { sessions } from '../../src/db/schema';
import type { DeviceSpec } from '../../src/worker/driver';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createApiToken } from '../harness/accounts-factories';
import { addMember, createOrgWithRoles, PASSWORD, type Member, type OrgWithRoles } from '../harness/factories';
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

const phone: DeviceSpec = {
  deviceId: randomUUID(),
  name: 'iPhone 15 Pro',
  model: 'iPhone 15 Pro',
  type: 'ios',
  category: 'phone',
  osVersion: '17.5',
};
/** Resolves with the close code, or null if the socket is still open after `ms`. */
function closeCode(peer: WsPeer, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  return Promise.race([peer.closed, open]).finally(() => clearTimeout(timer));
}

/**
 * Not a wait: the stream is opened 0–10 ms into the session's end, so that the 50 rounds land on
 * different points of it (before the end is committed, while the device is released, after).
 */
const jitter = (i: number) => new Promise((r) => setTimeout(r, i % 11));

describe('live sockets belong to one session and follow their credentials', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let b: OrgWithRoles;
  let driver: ReturnType<typeof createVirtualDriver>;
  let worker: WorkerClient;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' }, smtp: true });
    a = await createOrgWithRoles(t, 'Org A');
    b = await createOrgWithRoles(t, 'Org B');
    driver = createVirtualDriver({ devices: [phone], dataDir: t.dataDir });
    worker = await connectWorker(t, driver, 'socket-worker');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('a stream opened while its session ends is closed, and no frame of a later session reaches it, also after the worker reconnects', async () => {
    const streams: Array<{ peer: WsPeer; sessionId: string }> = [];
    for (let i = 0; i < 50; i++) {
      const { sessionId } = await createAndStart(t, a.developer.token);
      await waitForStatus(t, a.developer.token, sessionId, 'active');
      const ended = api(t, a.developer.token, 'DELETE', `/sessions/${sessionId}`);
      await jitter(i);
      const peer = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?token=${a.developer.token}`));
      streams.push({ peer, sessionId });
      expect((await ended).statusCode).toBe(200);
      // Before the device goes to the next session, the viewer of this one is gone.
      expect([4409, 4410]).toContain(await closeCode(peer, 5000));
      await t.container.services.lifecycle.idle();
    }
    // The device goes to another organization, and its worker reconnects mid-session.
    const { sessionId: other } = await createAndStart(t, b.developer.token);
    await waitForStatus(t, b.developer.token, other, 'active');
    const bStartedAt = Date.now();
    const watcher = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${other}/stream?token=${b.developer.token}`));
    await watcher.next((m) => !!m.binary);
    await worker.close();
    worker = await connectWorker(t, driver, 'socket-worker');
    await waitFor(() => t.container.services.router.isDeviceConnected(phone.deviceId), 'worker back');
    await api(t, b.developer.token, 'POST', `/sessions/${other}/control`, { action: 'tap', x: 100, y: 400 });
    const frames = watcher.binaries().length;
    await waitFor(() => watcher.binaries().length > frames, 'frames after the reconnect');
    for (const s of streams) {
      expect(s.peer.socket.readyState).toBe(s.peer.socket.CLOSED);
      expect(s.peer.messages.filter((m) => m.binary && m.at >= bStartedAt)).toEqual([]);
    }
    await watcher.close();
    await api(t, b.developer.token, 'DELETE', `/sessions/${other}`);
    await t.container.services.lifecycle.idle();
  });

  /** An active session of `member`, with a /ws subscription and a stream open on it. */
  async function openSockets(member: Member, token = member.token) {
    const { sessionId } = await createAndStart(t, member.token);
    await waitForStatus(t, member.token, sessionId, 'active');
    const ws = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${token}`));
    ws.send({ type: 'subscribe', session_id: sessionId });
    await ws.next((m) => m.text?.type === 'subscribed');
    const stream = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?token=${token}`));
    await stream.next((m) => m.text?.type === 'hello');
    return { sessionId, ws, stream };
  }

  async function expectBothClosed(sockets: { ws: WsPeer; stream: WsPeer; sessionId: string }) {
    const [ws, stream] = await Promise.all([closeCode(sockets.ws, 5000), closeCode(sockets.stream, 5000)]);
    expect({ ws, stream }).toEqual({ ws: 4401, stream: 4401 });
    await api(t, a.admin.token, 'DELETE', `/sessions/${sockets.sessionId}`);
    await t.container.services.lifecycle.idle();
  }

  it('closes /ws and stream sockets within 5 s of the API token being revoked; a revoked token cannot subscribe', async () => {
    const token = await createApiToken(t, a.admin.token, a.orgId, { role: 'developer' });
    const sockets = await openSockets(a.developer, token.token);
    const late = await WsPeer.open(wsUrl(t, `/api/v1/ws?token=${token.token}`));
    expect((await api(t, a.admin.token, 'DELETE', `/organizations/${a.orgId}/api-tokens/${token.id}`)).statusCode).toBe(
      200,
    );
    late.send({ type: 'subscribe', session_id: sockets.sessionId });
    expect(await closeCode(late, 5000)).toBe(4401);
    expect(late.texts().filter((m) => m.type === 'subscribed')).toEqual([]);
    await expectBothClosed(sockets);
  });

  it('closes them when the member is removed', async () => {
    const member = await addMember(t, a.orgId, 'developer');
    const sockets = await openSockets(member);
    expect(
      (await api(t, a.admin.token, 'DELETE', `/organizations/${a.orgId}/members/${member.userId}`)).statusCode,
    ).toBe(200);
    await expectBothClosed(sockets);
  });

  it('closes them when the password is changed', async () => {
    const member = await addMember(t, a.orgId, 'developer');
    const sockets = await openSockets(member);
    const changed = await api(t, member.token, 'POST', '/auth/change-password', {
      current_password: PASSWORD,
      new_password: 'another-password-9',
    });
    expect(changed.statusCode).toBe(200);
    await expectBothClosed(sockets);
  });

  it('closes them when the password is reset', async () => {
    const member = await addMember(t, a.orgId, 'developer');
    const sockets = await openSockets(member);
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: member.email } });
    const mail = await t.smtp!.waitFor((m) => m.to.includes(member.email) && /reset-password\?token=/.test(m.text));
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-password',
      payload: { token: resetToken, new_password: 'reset-password-9' },
    });
    expect(reset.statusCode).toBe(200);
    await expectBothClosed(sockets);
  });

  it("closes them when the account is deleted, and the account's session ends through the normal path", async () => {
    const member = await addMember(t, a.orgId, 'developer');
    const sockets = await openSockets(member);
    const queued = await createAndStart(t, member.token);
    expect(queued.started.statusCode).toBe(202);
    expect((await api(t, member.token, 'DELETE', '/auth/account')).statusCode).toBe(200);
    // The session ended first (4410); the channel follows the credentials (4401).
    const [ws, stream] = await Promise.all([closeCode(sockets.ws, 5000), closeCode(sockets.stream, 5000)]);
    expect({ ws, stream }).toEqual({ ws: 4401, stream: 4410 });
    const ended = (await api(t, a.admin.token, 'GET', `/sessions/${sockets.sessionId}`)).json();
    expect(ended).toMatchObject({ status: 'stopped', end_reason: 'user' });
    expect((await api(t, a.admin.token, 'GET', `/sessions/${queued.sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      queue_entry_id: null,
    });
    await t.container.services.lifecycle.idle();
    expect((await api(t, a.admin.token, 'GET', `/devices/${phone.deviceId}`)).json().status).toBe('available');
  });

  it("deleting the only member's account ends the sessions of the organization it takes along", async () => {
    const solo = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          email: `solo-${randomUUID().slice(0, 8)}@example.test`,
          password: PASSWORD,
          organization_name: 'Solo',
        },
      })
    ).json();
    const { sessionId } = await createAndStart(t, solo.access_token);
    await waitForStatus(t, solo.access_token, sessionId, 'active');
    const stream = await WsPeer.open(wsUrl(t, `/api/v1/sessions/${sessionId}/stream?token=${solo.access_token}`));
    await stream.next((m) => m.text?.type === 'hello');
    expect((await api(t, solo.access_token, 'DELETE', '/auth/account')).statusCode).toBe(200);
    expect(await closeCode(stream, 5000)).toBe(4410);
    await t.container.services.lifecycle.idle();
    expect((await api(t, a.admin.token, 'GET', `/devices/${phone.deviceId}`)).json().status).toBe('available');
    // And the device serves the next organization.
    const next = await createAndStart(t, a.developer.token);
    expect(next.started.statusCode).toBe(200);
    await waitForStatus(t, a.developer.token, next.sessionId, 'active');
    await api(t, a.developer.token, 'DELETE', `/sessions/${next.sessionId}`);
    await t.container.services.lifecycle.idle();
  });

  it('a sweep releases a device lease whose session no longer exists', async () => {
    const { sessionId } = await createAndStart(t, a.developer.token);
    await waitForStatus(t, a.developer.token, sessionId, 'active');
    // A row removed behind the service's back (as a cascade from a deleted organization did).
    await t.container.db.delete(sessions).where(eq(sessions.sessionId, sessionId));
    expect((await api(t, a.admin.token, 'GET', `/devices/${phone.deviceId}`)).json().status).toBe('busy');
    (t.clock as ManualClock).advance(61_000);
    expect(await t.container.services.lifetime.releaseOrphanLeases()).toEqual([phone.deviceId]);
    expect((await api(t, a.admin.token, 'GET', `/devices/${phone.deviceId}`)).json().status).toBe('available');
    await t.container.services.lifecycle.idle();
  });
});
