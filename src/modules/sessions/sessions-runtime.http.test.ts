import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../clock';
import { createOrgWithRoles, type OrgWithRoles } from '../../../test/harness/factories';
import { api, createLiveApp, waitForStatus, type LiveApp } from '../../../test/harness/sessions-factories';
import { startInProcessWorker } from './sessions.runtime';

describe('the in-process worker of npm start', () => {
  let t: LiveApp;
  let a: OrgWithRoles;
  let worker: Awaited<ReturnType<typeof startInProcessWorker>>;

  beforeAll(async () => {
    t = await createLiveApp({
      env: { DEFAULT_PLAN: 'enterprise', VIRTUAL_DEVICES: 'Galaxy S24:android:phone:14:2,iPhone SE:ios:phone:17.0' },
    });
    a = await createOrgWithRoles(t);
    worker = await startInProcessWorker(t.container, t.baseUrl);
  });
  afterAll(async () => {
    await worker?.stop();
    await t?.close();
  });

  it('registers the VIRTUAL_DEVICES fleet over the worker protocol and serves sessions on a chosen device', async () => {
    const list = (await api(t, a.viewer.token, 'GET', '/devices/')).json();
    expect(list.map((d: { name: string }) => d.name).sort()).toEqual(['Galaxy S24 (1)', 'Galaxy S24 (2)', 'iPhone SE']);
    expect(new Set(list.map((d: { worker_id: string }) => d.worker_id))).toEqual(
      new Set([`in-process-${os.hostname()}`]),
    );
    const second = list.find((d: { name: string }) => d.name === 'Galaxy S24 (2)');
    const created = (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android' })).json();
    const started = await api(t, a.developer.token, 'POST', `/sessions/${created.session_id}/start`, {
      device_id: second.device_id,
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().device_id).toBe(second.device_id);
    await waitForStatus(t, a.developer.token, created.session_id, 'active');
    // A second request for the same device waits for it, even though another Galaxy is free.
    const other = (await api(t, a.developer.token, 'POST', '/sessions/', { device_type: 'android' })).json();
    const queued = await api(t, a.developer.token, 'POST', `/sessions/${other.session_id}/start`, {
      device_id: second.device_id,
    });
    expect(queued.statusCode).toBe(202);
    await api(t, a.developer.token, 'DELETE', `/sessions/${created.session_id}`);
    expect((await waitForStatus(t, a.developer.token, other.session_id, 'active')).device_id).toBe(second.device_id);
    // The sweeper keeps a heart-beating worker.
    (t.clock as ManualClock).advance(1000);
    expect((await t.container.services.workers.sweepLostWorkers()).lostDevices).toBe(0);
    await api(t, a.developer.token, 'DELETE', `/sessions/${other.session_id}`);
  });
});
