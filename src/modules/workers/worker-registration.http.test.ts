import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
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

const phone = (name: string): DeviceSpec => ({
  deviceId: randomUUID(),
  name,
  model: 'iPhone 15 Pro',
  type: 'ios',
  category: 'phone',
  osVersion: '17.5',
});

/**
 * A worker process restarted while its sessions are in use registers again and ends those
 * sessions (their devices were reset): it locks its devices, then each session. A session's own
 * end locks the session, then its device. When both happen at once PostgreSQL breaks the
 * deadlock by aborting one of them; the soak saw the registration aborted, the worker turned away
 * and its devices out of reach for a minute of reconnect attempts.
 */
describe('a worker registering while its sessions are being ended', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  const devices = [phone('Twin A'), phone('Twin B')];

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is registered when PostgreSQL aborts it to break a deadlock, and ends the sessions of the reset devices', async () => {
    const first = await connectWorker(t, createVirtualDriver({ devices, dataDir: t.dataDir }), 'twin');
    const s1 = await createAndStart(t, a.developer.token);
    const s2 = await createAndStart(t, a.developer.token);
    const active = await waitForStatus(t, a.developer.token, s2.sessionId, 'active');
    await waitForStatus(t, a.developer.token, s1.sessionId, 'active');
    // The worker process dies; a new one will register the same devices, none of them booted.
    first.kill();

    const db = await t.container.database.pool.connect();
    try {
      // This transaction must not be the one PostgreSQL aborts: it looks for the deadlock long after the
      // registration does (a loaded machine could otherwise run this side's check first).
      await db.query(`SET deadlock_timeout = '30s'`).catch(() => {}); // a role that may not set it keeps the default
      // What a session's end does: the session first, then its device.
      await db.query('BEGIN');
      await db.query('SELECT 1 FROM sessions WHERE session_id = $1 FOR UPDATE', [s2.sessionId]);
      const registered = t.container.services.workers.registerWorker({
        input: { workerId: 'twin', devices, driver: 'virtual', booted: [] },
      });
      const settled = registered.then(
        () => 'registered',
        (err: Error) => `refused: ${err.message}`,
      );
      // The registration holds the devices and waits for the session.
      await waitFor(async () => {
        const { rows } = await t.container.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%from "sessions"%for update%'`,
        );
        return rows[0]!.n > 0;
      }, 'the registration waiting for the session');
      await db.query('UPDATE devices SET updated_at = now() WHERE device_id = $1', [active.device_id]);
      await db.query('COMMIT');
      expect(await settled).toBe('registered');
    } finally {
      await db.query('ROLLBACK').catch(() => {});
      await db.query('RESET deadlock_timeout').catch(() => {});
      db.release();
    }

    for (const s of [s1, s2])
      expect(await waitForStatus(t, a.developer.token, s.sessionId, 'failed')).toMatchObject({
        end_reason: 'worker_lost',
      });
    // The devices serve the next session once the new worker process is connected.
    const again = await connectWorker(t, createVirtualDriver({ devices, dataDir: t.dataDir }), 'twin');
    try {
      const next = await createAndStart(t, a.developer.token);
      expect((await waitForStatus(t, a.developer.token, next.sessionId, 'active')).device_name).toMatch(/^Twin /);
      await api(t, a.developer.token, 'DELETE', `/sessions/${next.sessionId}`);
    } finally {
      await again.close();
    }
  });
});
