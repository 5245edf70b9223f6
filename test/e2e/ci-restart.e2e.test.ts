import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { ciRuns } from '../../src/db/schema';
import { createJobHandlers } from '../../src/jobs/handlers';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createTestApp, type TestApp } from '../harness/app';
import { androidPhones, createCase, createSuite, uploadSample } from '../harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  api,
  connectWorker,
  createAndStart,
  createLiveApp,
  waitFor,
  waitForStatus,
  type LiveApp,
} from '../harness/sessions-factories';

/**
 * CI runs whose control plane goes away. The database and data directory belong to `holder`,
 * which executes nothing; the control planes that do are its replicas on one address, so that
 * one can stop (or crash) and another take over with the same worker.
 */
describe('CI runs across a control plane restart', () => {
  let holder: TestApp;
  let org: OrgWithRoles;
  let appId: string;
  let suiteId: string;
  let current: LiveApp | undefined;
  let worker: WorkerClient;
  let port: number;
  const clock = () => holder.clock as ManualClock;
  const read = async (runId: string) =>
    (await api(holder, org.developer.token, 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
  const sweepCi = (t: Pick<TestApp, 'container'>) => createJobHandlers(t.container)['ci.sweep_interrupted']();

  /** A new control plane on the same address; the worker finds it again. */
  async function restart(): Promise<LiveApp> {
    const t = Object.assign(await createTestApp({ replicaOf: holder, env: { DEFAULT_PLAN: 'enterprise' } }), {
      baseUrl: `http://127.0.0.1:${port}`,
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    await worker.waitWelcome();
    return t;
  }

  beforeAll(async () => {
    holder = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: 'enterprise' } });
    org = await createOrgWithRoles(holder, 'Restart Org');
    ({ appId } = await uploadSample(holder, org.developer.token));
    current = await createLiveApp({ replicaOf: holder, env: { DEFAULT_PLAN: 'enterprise' } });
    port = Number(new URL(current.baseUrl).port);
    worker = await connectWorker(
      current,
      createVirtualDriver({ devices: androidPhones(1), dataDir: holder.dataDir }),
      `restart-${randomUUID().slice(0, 6)}`,
    );
    suiteId = await createSuite({ t: current, org, appId }, {}, { reset_strategy: 'clear_data' });
  });
  afterAll(async () => {
    await worker?.close();
    await current?.close();
    await holder?.close();
  });

  it('a run waiting for a device when its control plane stops is taken over by the next one, and runs when the device frees up', async () => {
    await createCase({ t: current!, org }, suiteId, { mode: 'ai', steps: ['type demo into Username'] });
    const blocker = await createAndStart(current!, org.developer.token, {
      device_type: 'android',
      device_category: 'phone',
    });
    await waitForStatus(current!, org.developer.token, blocker.sessionId, 'active');
    const { run_id } = (
      await api(current!, org.developer.token, 'POST', '/ci/run-suite', { suite_id: suiteId })
    ).json();
    await waitFor(async () => (await read(run_id)).queue?.position === 1, 'the run to queue');

    await current!.close();
    current = undefined;
    // Stopping released the run: no executor holds it.
    const [released] = await holder.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, run_id));
    expect(released).toMatchObject({ status: 'pending', phase: 'queued', executorToken: null });

    current = await restart();
    expect(await sweepCi(current)).toBeUndefined();
    await waitFor(
      async () =>
        (await holder.container.db.select().from(ciRuns).where(eq(ciRuns.publicId, run_id)))[0]?.executorToken,
      'the new control plane to take the run',
    );
    expect((await read(run_id)).queue).toEqual({ position: 1 });
    expect((await api(current, org.developer.token, 'DELETE', `/sessions/${blocker.sessionId}`)).statusCode).toBe(200);
    const done = await waitFor(
      async () => {
        const p = await read(run_id);
        return ['passed', 'failed', 'error', 'cancelled'].includes(p.status) ? p : undefined;
      },
      'the run to end',
      30_000,
    );
    expect(done, JSON.stringify(done.progress)).toMatchObject({ status: 'passed' });
    expect((await api(holder, org.developer.token, 'GET', `/sessions/${done.session_id}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'ci_cleanup',
    });
  });

  it('a run whose control plane crashes mid-run is found by the sweep of another, which ends it and cleans up its session', async () => {
    await createCase({ t: current!, org }, suiteId, { mode: 'ai', steps: ['wait 10 s'] });
    const { run_id } = (
      await api(current!, org.developer.token, 'POST', '/ci/run-suite', { suite_id: suiteId })
    ).json();
    const running = await waitFor(async () => {
      const p = await read(run_id);
      return p.progress.some((x) => /Case ".*" started/.test(x.message) && p.results === null) &&
        p.progress.filter((x) => /started$/.test(x.message)).length >= 3
        ? p
        : undefined;
    }, 'the second case to be running');
    expect(running.status).toBe('running');

    // The crash: the control plane can write nothing more and answers nothing.
    const crashed = current!;
    current = undefined;
    await crashed.container.database.pool.end();
    const jobsStopped = crashed.container.jobs.stop();
    await crashed.app.close();
    crashed.container.services.credentialWatch.close();

    current = await restart();
    await sweepCi(current);
    expect((await read(run_id)).status).toBe('running');
    // Silent for over a minute: the run is orphaned; the engine's sweep ends its suite run, the CI run follows.
    clock().advance(2 * 60_000);
    await createJobHandlers(current.container)['engine.sweep_interrupted']();
    await sweepCi(current);
    const done = await waitFor(
      async () => {
        const p = await read(run_id);
        return p.status === 'running' ? undefined : p;
      },
      'the run to end',
      15_000,
    );
    expect(done).toMatchObject({ status: 'error', error_message: 'interrupted', phase: 'finished' });
    expect((await api(holder, org.developer.token, 'GET', `/sessions/${done.session_id}`)).json()).toMatchObject({
      status: 'stopped',
      end_reason: 'ci_cleanup',
    });
    await jobsStopped.catch(() => {});
  });
});
