import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
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

// The sweeps tick every 5 s; two ticks and some slack.
const SWEPT_WITHIN_MS = 12_000;

describe('session sweeps run as recurring jobs, with the app clock', () => {
  let t: LiveApp;
  let org: OrgWithRoles;
  let steady: WorkerClient;
  const clock = () => t.clock as ManualClock;
  const phone = (name: string) => ({
    deviceId: randomUUID(),
    name,
    model: 'iPhone 15 Pro',
    type: 'ios' as 'ios' | 'android',
    category: 'phone' as const,
    osVersion: '17.5',
  });

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' }, recurringJobs: true });
    org = await createOrgWithRoles(t);
    steady = await connectWorker(
      t,
      createVirtualDriver({ devices: [phone('Steady phone')], dataDir: t.dataDir }),
      'steady-worker',
    );
  });
  afterAll(async () => {
    await steady?.close();
    await t?.close();
  });

  /** Moves the clock in steps the steady worker's heartbeats keep up with, so it is never judged lost. */
  async function advanceKeepingWorkerAlive(ms: number): Promise<void> {
    for (let left = ms; left > 0; left -= 10_000) {
      const now = clock().advance(Math.min(left, 10_000)).toISOString();
      await waitFor(
        async () =>
          (
            await t.container.db.execute(
              `SELECT 1 FROM workers WHERE worker_id = 'steady-worker' AND last_seen_at >= '${now}'`,
            )
          ).rows.length > 0,
        'a heartbeat',
      );
    }
  }

  it('the lifetime sweep ends a never-used session, without anyone calling it', async () => {
    const { sessionId } = await createAndStart(t, org.developer.token, {
      device_type: 'ios',
      device_category: 'phone',
    });
    await waitForStatus(t, org.developer.token, sessionId, 'active');
    await advanceKeepingWorkerAlive(4 * 60_000);
    await waitFor(
      async () => (await api(t, org.developer.token, 'GET', `/sessions/${sessionId}`)).json().status === 'stopped',
      'the lifetime sweep',
      SWEPT_WITHIN_MS,
    );
    expect((await api(t, org.developer.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'never_used',
    });
  });

  it('the worker sweep fails the session of a worker that went silent, without anyone calling it', async () => {
    const doomed = await connectWorker(
      t,
      createVirtualDriver({
        devices: [{ ...phone('Doomed Pixel'), model: 'Pixel 8', type: 'android' }],
        dataDir: t.dataDir,
      }),
      'doomed-worker',
    );
    const { sessionId } = await createAndStart(t, org.admin.token, {
      device_type: 'android',
      device_category: 'phone',
    });
    await waitForStatus(t, org.admin.token, sessionId, 'active');
    doomed.kill();
    clock().advance(21_000);
    await waitFor(
      async () => (await api(t, org.admin.token, 'GET', `/sessions/${sessionId}`)).json().status === 'failed',
      'the worker sweep',
      SWEPT_WITHIN_MS,
    );
    expect((await api(t, org.admin.token, 'GET', `/sessions/${sessionId}`)).json()).toMatchObject({
      status: 'failed',
      end_reason: 'worker_lost',
    });
  });
});
