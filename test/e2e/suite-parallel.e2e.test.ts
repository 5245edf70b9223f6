import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import { organizations } from '../../src/db/schema';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { createOrgWithRoles } from '../harness/factories';
import { createVirtualDriver } from '../../src/worker/drivers/virtual-driver';
import type { WorkerClient } from '../../src/worker/worker-client';
import { api, connectWorker, createAndStart, waitFor, waitForStatus } from '../harness/sessions-factories';

/**
 * Parallel suite runs on the virtual fleet: the cases of one suite spread over several sessions
 * allocated through the normal queue and plan caps, each shard resetting the app before its cases.
 */
const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Items" is visible'];
const TERMINAL = ['passed', 'failed', 'error', 'cancelled'];
type Result = { case_id: string; status: string; shard: number; device_id: string; device_name: string };

describe('parallel suite runs', () => {
  let f: EngineFixture;
  const dev = () => f.org.developer.token;

  beforeAll(async () => {
    // The real clock: which runs overlapped is read from their timestamps.
    f = await createEngineFixture({ devices: androidPhones(4), app: { clock: systemClock } });
  });
  afterAll(async () => {
    await f?.close();
  });

  async function suiteOf(n: number) {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const cases: string[] = [];
    for (let i = 0; i < n; i++)
      cases.push(await createCase(f, suiteId, { name: `Case ${i + 1}`, mode: 'ai', steps: SIGN_IN }));
    return { suiteId, cases };
  }

  async function untilEnd(runId: string, token = dev()): Promise<CiRunPayload> {
    return waitFor(
      async () => {
        const p = (await api(f.t, token, 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
        return TERMINAL.includes(p.status) ? p : undefined;
      },
      `CI run ${runId}`,
      120_000,
    );
  }

  it('a 12-case suite with parallelism 3 runs on three sessions at once, every case on one of them', async () => {
    const { suiteId, cases } = await suiteOf(12);
    const started = await api(f.t, dev(), 'POST', '/ci/run-suite', { suite_id: suiteId, mode: 'ai', parallelism: 3 });
    expect(started.statusCode, started.body).toBe(200);
    const done = await untilEnd(started.json().run_id);
    expect(done.status, JSON.stringify(done.progress.slice(-5))).toBe('passed');
    const results = done.results as Result[];
    expect(results.map((r) => r.case_id).sort()).toEqual([...cases].sort());
    expect(done.shards).toHaveLength(3);
    const devices = new Set(done.shards!.map((s) => s.device_id));
    expect(devices.size).toBe(3);
    expect(done.shards!.reduce((n, s) => n + s.cases, 0)).toBe(12);
    for (const s of done.shards!) expect(s.cases).toBeGreaterThan(0);
    for (const r of results) expect(devices.has(r.device_id)).toBe(true);
    expect(done.shards!.map((s) => s.status)).toEqual(['finished', 'finished', 'finished']);

    // Three runs were in flight at one moment, on three different devices.
    const suiteRun = (await api(f.t, dev(), 'GET', `/tests/suite-runs/${done.engine_run_id}`)).json();
    expect(suiteRun.parallelism).toBe(3);
    const spans = await Promise.all(
      suiteRun.test_runs.map(async (r: { public_id: string; device_id: string }) => {
        const run = (await api(f.t, dev(), 'GET', `/tests/runs/${r.public_id}`)).json();
        return { from: Date.parse(run.started_at), to: Date.parse(run.finished_at), session: r.device_id };
      }),
    );
    const widest = Math.max(
      ...spans.map((s) => new Set(spans.filter((o) => o.from <= s.from && s.from < o.to).map((o) => o.session)).size),
    );
    expect(widest).toBe(3);

    // Every shard session is cleaned up; no device stays leased.
    for (const s of done.shards!)
      expect((await api(f.t, dev(), 'GET', `/sessions/${s.session_id}`)).json().status).toBe('stopped');
  });

  it("plan caps hold: on a plan of two sessions, parallelism 8 uses two devices; another organization's session is served meanwhile", async () => {
    await f.t.container.db.update(organizations).set({ planId: 'free' }).where(eq(organizations.id, f.org.orgId));
    try {
      const { suiteId } = await suiteOf(6);
      const started = await api(f.t, dev(), 'POST', '/ci/run-suite', {
        suite_id: suiteId,
        mode: 'ai',
        parallelism: 8,
      });
      expect(started.statusCode, started.body).toBe(200);
      // While the run holds its two devices, another organization gets one of the free ones at once.
      const other = await createOrgWithRoles(f.t, 'Fair Share');
      await waitFor(async () => {
        const p = (await api(f.t, dev(), 'GET', `/ci/runs/${started.json().run_id}`)).json() as CiRunPayload;
        return p.status === 'running';
      }, 'the run to start');
      const b = await createAndStart(f.t, other.developer.token, { device_type: 'android' });
      expect(b.started.statusCode).toBe(200);
      await waitForStatus(f.t, other.developer.token, b.sessionId, 'active');
      const live = await f.t.container.db.execute(
        sql`SELECT count(*)::int AS n FROM sessions WHERE organization_id = ${f.org.orgId} AND status IN ('starting', 'active')`,
      );
      expect(Number(live.rows[0]!.n)).toBeLessThanOrEqual(2);
      const done = await untilEnd(started.json().run_id);
      expect(done.status).toBe('passed');
      const used = done.shards!.filter((s) => s.cases > 0);
      expect(used).toHaveLength(2);
      expect(done.shards!.filter((s) => s.status === 'unused').length).toBe(done.shards!.length - 2);
      await api(f.t, other.developer.token, 'DELETE', `/sessions/${b.sessionId}`);
    } finally {
      await f.t.container.db
        .update(organizations)
        .set({ planId: 'enterprise' })
        .where(eq(organizations.id, f.org.orgId));
    }
  });

  it('a cancel reaches every shard; a pinned device with parallelism is refused', async () => {
    const { suiteId } = await suiteOf(8);
    const started = await api(f.t, dev(), 'POST', '/ci/run-suite', { suite_id: suiteId, mode: 'ai', parallelism: 3 });
    const runId = started.json().run_id;
    await waitFor(async () => {
      const p = (await api(f.t, dev(), 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
      return p.status === 'running' && (p.shards ?? []).filter((s) => s.status === 'running').length >= 2;
    }, 'two shards running');
    expect((await api(f.t, dev(), 'POST', `/ci/runs/${runId}/cancel`)).statusCode).toBe(200);
    const done = await untilEnd(runId);
    expect(done.status).toBe('cancelled');
    for (const s of done.shards!)
      expect(['stopped', 'failed']).toContain(
        (await api(f.t, dev(), 'GET', `/sessions/${s.session_id}`)).json().status,
      );
    const pinned = await api(f.t, dev(), 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      device_id: 'any',
      parallelism: 2,
    });
    expect(pinned.statusCode).toBe(400);
    expect((await api(f.t, dev(), 'POST', '/ci/run-suite', { suite_id: suiteId, parallelism: 33 })).statusCode).toBe(
      400,
    );
  });
});

describe('a device lost under a parallel suite run', () => {
  let f: EngineFixture;
  let doomed: WorkerClient;

  beforeAll(async () => {
    // The run's own session takes the first worker's phone; the shards get the second worker's.
    f = await createEngineFixture({ devices: androidPhones(1) });
    doomed = await connectWorker(
      f.t,
      createVirtualDriver({ devices: androidPhones(2, 'Doomed'), dataDir: f.t.dataDir }),
      'doomed-worker',
    );
  });
  afterAll(async () => {
    await doomed?.close();
    await f?.close();
  });

  it('re-queues the case it was running once on another shard; the suite run still passes', async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    for (let i = 0; i < 6; i++) await createCase(f, suiteId, { name: `Case ${i + 1}`, mode: 'ai', steps: SIGN_IN });
    const started = await api(f.t, f.org.developer.token, 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      parallelism: 3,
    });
    const runId = started.json().run_id;
    const runningOnDoomed = async () => {
      const p = (await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
      const sr = p.engine_run_id
        ? (await api(f.t, f.org.developer.token, 'GET', `/tests/suite-runs/${p.engine_run_id}`)).json()
        : null;
      return sr?.test_runs.some(
        (r: { status: string; device_name: string }) => r.status === 'running' && r.device_name?.startsWith('Doomed'),
      );
    };
    await waitFor(runningOnDoomed, 'a case running on the doomed worker', 60_000);
    doomed.kill();
    const done = await waitFor(
      async () => {
        const p = (await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
        return TERMINAL.includes(p.status) ? p : undefined;
      },
      'the CI run',
      120_000,
    );
    expect(done.status, JSON.stringify(done.progress.slice(-6))).toBe('passed');
    const results = done.results as Array<Result & { attempts: Array<{ status: string; error_message: string }> }>;
    expect(results).toHaveLength(6);
    const moved = results.filter((r) => r.attempts.length > 1);
    expect(moved.length).toBeGreaterThanOrEqual(1);
    for (const r of moved) {
      expect(r.attempts[0]).toMatchObject({ status: 'error', error_message: expect.stringMatching(/device was lost/) });
      expect(r).toMatchObject({ status: 'passed', flaky: false });
      expect(r.device_name).not.toMatch(/^Doomed/);
    }
  });
});

describe('a device lost while its shard gets ready', () => {
  let f: EngineFixture;
  let doomed: WorkerClient;
  let release: () => void = () => {};
  const installing = { n: 0 };

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    // The doomed worker's installs hang: its shards are caught between attach and their first case.
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const driver = createVirtualDriver({ devices: androidPhones(2, 'Doomed'), dataDir: f.t.dataDir });
    const held = new Proxy(driver, {
      get(target, prop, receiver) {
        if (prop === 'install')
          return async (...args: Parameters<typeof driver.install>) => {
            installing.n++;
            await gate;
            return target.install(...args);
          };
        const v = Reflect.get(target, prop, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    doomed = await connectWorker(f.t, held, 'doomed-setup-worker');
  });
  afterAll(async () => {
    release();
    await doomed?.close();
    await f?.close();
  });

  it('ends only that shard; the other shard runs every case and the suite run passes', async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    for (let i = 0; i < 4; i++) await createCase(f, suiteId, { name: `Case ${i + 1}`, mode: 'ai', steps: SIGN_IN });
    const started = await api(f.t, f.org.developer.token, 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      parallelism: 3,
    });
    expect(started.statusCode, started.body).toBe(200);
    const runId = started.json().run_id;
    await waitFor(() => installing.n >= 2, 'both doomed shards installing', 60_000);
    doomed.kill();
    const done = await waitFor(
      async () => {
        const p = (await api(f.t, f.org.developer.token, 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
        return TERMINAL.includes(p.status) ? p : undefined;
      },
      'the CI run',
      120_000,
    );
    expect(done.status, JSON.stringify(done.progress.slice(-6))).toBe('passed');
    const results = done.results as Result[];
    expect(results).toHaveLength(4);
    for (const r of results) expect(r.device_name).not.toMatch(/^Doomed/);
  });
});
