import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceSpec } from '../../worker/driver';
import { createVirtualDriver } from '../../worker/drivers/virtual-driver';
import type { WorkerClient } from '../../worker/worker-client';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import {
  api,
  connectWorker,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from '../../../test/harness/sessions-factories';

const phones = (n: number, tag: string): DeviceSpec[] =>
  Array.from({ length: n }, (_, i) => ({
    deviceId: randomUUID(),
    name: `Pixel ${tag} (${i + 1})`,
    model: 'Pixel 8',
    type: 'android' as const,
    category: 'phone' as const,
    osVersion: '14',
  }));

/**
 * Allocation under contention: many sessions of one organization asking for devices at the same
 * moment (what parallel CI runs and suite shards do), and devices whose worker went away.
 */
describe('session allocation', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let worker: WorkerClient;

  beforeAll(async () => {
    t = await createLiveApp({ env: { DEFAULT_PLAN: 'enterprise' } });
    a = await createOrgWithRoles(t, 'Busy Org');
    worker = await connectWorker(t, createVirtualDriver({ devices: phones(4, 'w1'), dataDir: t.dataDir }), 'alloc-1');
  });
  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const create = async () => {
    const res = await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().session_id as string;
  };

  it('sessions of one organization started at the same moment all get a device or a queue place, never a deadlock', async () => {
    for (let round = 0; round < 6; round++) {
      const ids = await Promise.all(Array.from({ length: 6 }, create));
      const starts = await Promise.all(ids.map((id) => api(t, a.developer.token, 'POST', `/sessions/${id}/start`)));
      for (const s of starts) expect([200, 202], s.body).toContain(s.statusCode);
      expect(starts.filter((s) => s.statusCode === 200)).toHaveLength(4);
      await Promise.all(ids.map((id) => api(t, a.developer.token, 'DELETE', `/sessions/${id}`)));
      await t.container.services.lifecycle.idle();
    }
  });

  it("a stopped worker's free devices leave the pool the moment its socket closes", async () => {
    const specs = phones(2, 'gone');
    const w = await connectWorker(t, createVirtualDriver({ devices: specs, dataDir: t.dataDir }), 'alloc-gone');
    const listed = async () =>
      ((await api(t, a.viewer.token, 'GET', '/devices/')).json() as Array<{ device_id: string }>).map(
        (d) => d.device_id,
      );
    expect(await listed()).toEqual(expect.arrayContaining(specs.map((s) => s.deviceId)));
    // The clock does not move: the 20-s sweep cannot be what removes them.
    w.kill();
    await waitFor(async () => !(await listed()).includes(specs[0]!.deviceId), 'the devices to leave the list');
    expect(await listed()).not.toContain(specs[1]!.deviceId);
  });

  it('a session allocated to a device whose worker vanished goes back to the queue and starts on the next device', async () => {
    // Busy every connected phone, so the only free one is the vanished device.
    const holders = await Promise.all(Array.from({ length: 4 }, create));
    for (const id of holders) await api(t, a.developer.token, 'POST', `/sessions/${id}/start`);
    for (const id of holders) await waitForStatus(t, a.developer.token, id, 'active');
    // The database lists a device that no connected worker holds (its socket is gone).
    const ghost = phones(1, 'ghost');
    await t.container.services.workers.registerWorker({
      input: { workerId: 'alloc-ghost', devices: ghost, driver: 'virtual' },
    });
    const id = await create();
    const started = await api(t, a.developer.token, 'POST', `/sessions/${id}/start`);
    expect([200, 202]).toContain(started.statusCode);
    await t.container.services.lifecycle.idle();
    const after = (await api(t, a.developer.token, 'GET', `/sessions/${id}`)).json();
    expect(after).toMatchObject({ status: 'pending', queue_position: 1 });
    expect((await api(t, a.viewer.token, 'GET', `/devices/${ghost[0]!.deviceId}`)).statusCode).toBe(404);
    // A device frees up: the session starts there.
    await api(t, a.developer.token, 'DELETE', `/sessions/${holders[0]}`);
    const active = await waitForStatus(t, a.developer.token, id, 'active');
    expect(active.device_name).toMatch(/^Pixel w1/);
    for (const h of [...holders.slice(1), id]) await api(t, a.developer.token, 'DELETE', `/sessions/${h}`);
    await t.container.services.lifecycle.idle();
  });
});
