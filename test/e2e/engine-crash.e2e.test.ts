import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { createJobHandlers } from '../../src/jobs/handlers';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { createTestApp, type TestApp } from '../harness/app';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import {
  activeSession,
  androidPhones,
  createCase,
  createSuite,
  eventsOf,
  getRun,
  runCase,
  runLeaseOf,
  startRun,
  stepSummary,
  uploadSample,
  waitForRun,
  waitForSteps,
} from '../harness/engine-fixture';
import { connectWorker, createLiveApp, waitFor, type LiveApp } from '../harness/sessions-factories';

/**
 * Runs whose executor goes away. The database and data directory belong to `holder`, an app that
 * never executes anything; the control planes that do are its replicas, so that one can crash
 * (lose its database connections without a goodbye) and another take over.
 */
describe('runs whose worker or control plane goes away', () => {
  let holder: TestApp;
  let first: LiveApp;
  let second: LiveApp | undefined;
  let org: OrgWithRoles;
  let appId: string;
  let suiteId: string;
  const workers: WorkerClient[] = [];
  const clock = () => holder.clock as ManualClock;
  /** The live control plane, for the fixture helpers. */
  const at = (t: LiveApp) => ({ t, org, appId });

  beforeAll(async () => {
    holder = await createTestApp({ jobs: false, env: { DEFAULT_PLAN: 'enterprise' } });
    org = await createOrgWithRoles(holder, 'Crash Org');
    ({ appId } = await uploadSample(holder, org.developer.token));
    first = await createLiveApp({ replicaOf: holder, env: { DEFAULT_PLAN: 'enterprise' } });
    suiteId = await createSuite(at(first), {}, { reset_strategy: 'clear_data' });
  });
  afterAll(async () => {
    for (const w of workers) await w.close();
    await second?.close();
    await holder?.close();
  });

  it('a worker killed mid-run ends the run as error at once, with the cause', async () => {
    const doomed = await connectWorker(
      first,
      createVirtualDriver({ devices: androidPhones(1, 'Doomed'), dataDir: first.dataDir }),
      `doomed-${randomUUID().slice(0, 6)}`,
    );
    const sessionId = await activeSession(at(first));
    const caseId = await createCase(at(first), suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait until "Nothing" appears, up to 30 seconds'],
    });
    const runId = await startRun(at(first), caseId, sessionId);
    await waitForSteps(at(first), runId, 1);
    doomed.kill();
    const ended = await waitForRun(at(first), runId, 5_000);
    expect(ended).toMatchObject({
      status: 'error',
      error_message: expect.stringMatching(
        /^The device was lost: The (device's worker is not reachable|worker of device .* is not connected)|^The device was lost: Could not reach the worker of device/,
      ),
    });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect(
      (await eventsOf(holder, org.orgId)).filter((e) => e.data.run_public_id === runId).map((e) => e.type),
    ).toEqual(['run.started', 'run.failed']);
    expect(await runLeaseOf(holder, sessionId)).toBeNull();
  });

  it('a control plane that crashes mid-run leaves the run to the interrupted sweep of another, which ends it within two minutes', async () => {
    const driver = createVirtualDriver({ devices: androidPhones(1, 'Survivor'), dataDir: first.dataDir });
    const worker = await connectWorker(first, driver, `survivor-${randomUUID().slice(0, 6)}`);
    workers.push(worker);
    const sessionId = await activeSession(at(first));
    const caseId = await createCase(at(first), suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s', 'Tap Sign in'],
    });
    const runId = await startRun(at(first), caseId, sessionId);
    await waitForSteps(at(first), runId, 1);

    // The crash: the first control plane can write nothing more, takes no more jobs and answers nothing.
    const port = Number(new URL(first.baseUrl).port);
    await first.container.database.pool.end();
    const jobsStopped = first.container.jobs.stop();
    await first.app.close();
    first.container.services.credentialWatch.close();

    // Another control plane comes up on the same database and address; the worker finds it again.
    second = Object.assign(await createTestApp({ replicaOf: holder, env: { DEFAULT_PLAN: 'enterprise' } }), {
      baseUrl: `http://127.0.0.1:${port}`,
    });
    await second.app.listen({ port, host: '127.0.0.1' });
    await worker.waitWelcome();
    const sweep = () => createJobHandlers(second!.container)['engine.sweep_interrupted']();

    expect((await getRun(at(second), runId)).status).toBe('running');
    clock().advance(60_000);
    await sweep();
    expect((await getRun(at(second), runId)).status).toBe('running');
    clock().advance(31_000);
    await sweep();
    const ended = await getRun(at(second), runId);
    expect(ended).toMatchObject({ status: 'error', error_message: 'interrupted', finished_at: expect.any(String) });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect(
      (await eventsOf(holder, org.orgId)).filter((e) => e.data.run_public_id === runId).map((e) => e.type),
    ).toEqual(['run.started', 'run.failed']);

    // The session is free again and the new control plane runs on it.
    expect(await runLeaseOf(holder, sessionId)).toBeNull();
    const next = await runCase(
      at(second),
      await createCase(at(second), suiteId, { mode: 'ai', steps: ['type demo into Username'] }),
      sessionId,
    );
    expect(next.status, next.error_message ?? '').toBe('passed');
    await jobsStopped;
  });

  it('a control plane that shuts down mid-run ends its runs as interrupted before it stops', async () => {
    const live = second!;
    const sessionId = await waitFor(async () => {
      const sessions = (
        await live.app.inject({
          method: 'GET',
          url: '/api/v1/sessions/?status=active',
          headers: { authorization: `Bearer ${org.developer.token}` },
        })
      ).json();
      return sessions.find((s: { status: string }) => s.status === 'active')?.session_id as string | undefined;
    }, 'an active session');
    const caseId = await createCase(at(live), suiteId, { mode: 'ai', steps: ['type demo into Username', 'wait 10 s'] });
    const runId = await startRun(at(live), caseId, sessionId);
    await waitForSteps(at(live), runId, 1);
    second = undefined;
    // Closing the server stops the runs first, before the workers' sockets go.
    await live.app.close();
    const read = async () =>
      (
        await holder.app.inject({
          method: 'GET',
          url: `/api/v1/tests/runs/${runId}`,
          headers: { authorization: `Bearer ${org.developer.token}` },
        })
      ).json();
    const ended = await waitFor(
      async () => ((await read()).status === 'running' ? undefined : read()),
      'the run to end',
      2_000,
    );
    expect(ended).toMatchObject({ status: 'error', error_message: 'interrupted: the control plane stopped' });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect(await runLeaseOf(holder, sessionId)).toBeNull();
    await live.close();
  });
});
