import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CiRunPayload } from '../../src/modules/ci/ci.schemas';
import type { DeviceSpec } from '../../src/worker/driver';
import {
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api, waitFor } from '../harness/sessions-factories';

/**
 * Device matrices on the virtual fleet: the whole suite once per target, each target a CI run of
 * its own with its sessions, results grouped per target in the matrix's payload.
 */
const TERMINAL = ['passed', 'failed', 'error', 'cancelled'];
const ipad: DeviceSpec = {
  deviceId: randomUUID(),
  name: 'iPad Air (1)',
  model: 'iPad Air',
  type: 'ios',
  category: 'tablet',
  osVersion: '17.5',
};

describe('device matrix', () => {
  let f: EngineFixture;
  const dev = () => f.org.developer.token;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: [...androidPhones(2), ipad] });
  });
  afterAll(async () => {
    await f?.close();
  });

  async function untilEnd(runId: string): Promise<CiRunPayload> {
    return waitFor(
      async () => {
        const p = (await api(f.t, dev(), 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
        return TERMINAL.includes(p.status) ? p : undefined;
      },
      `CI run ${runId}`,
      120_000,
    );
  }

  /** A suite with no app: its cases read the home screen every platform has. */
  async function homeSuite(n: number) {
    const suiteId = await createSuite(f, { app_public_id: undefined });
    const cases: string[] = [];
    for (let i = 0; i < n; i++)
      cases.push(
        await createCase(f, suiteId, { name: `Home ${i + 1}`, mode: 'ai', steps: ['verify "Settings" is visible'] }),
      );
    return { suiteId, cases };
  }

  it('an Android phone and an iOS tablet each run the whole suite; results, roll-ups and devices per target', async () => {
    const { suiteId, cases } = await homeSuite(3);
    const started = await api(f.t, dev(), 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      parallelism: 2,
      devices: [
        { device_type: 'android', category: 'phone', os_version: '14' },
        { device_type: 'ios', category: 'tablet', model: 'iPad Air' },
      ],
    });
    expect(started.statusCode, started.body).toBe(200);
    const done = await untilEnd(started.json().run_id);
    expect(done.status, JSON.stringify(done.progress.slice(-8))).toBe('passed');
    expect(done.targets).toHaveLength(2);
    const [android, ios] = done.targets!;
    expect(android).toMatchObject({ index: 0, device_type: 'android', category: 'phone', status: 'passed', passed: 3 });
    expect(ios).toMatchObject({ index: 1, device_type: 'ios', model: 'iPad Air', status: 'passed', passed: 3 });
    // The Android target spread its cases over two phones; the iPad is the only iOS tablet.
    expect(new Set(android!.shards!.filter((s) => s.cases > 0).map((s) => s.device_id)).size).toBe(2);
    expect(ios!.shards!.map((s) => s.device_name)).toContain('iPad Air (1)');
    const results = done.results as Array<{ case_id: string; target: number; device_name: string; status: string }>;
    expect(results).toHaveLength(6);
    for (const t of [0, 1])
      expect(
        results
          .filter((r) => r.target === t)
          .map((r) => r.case_id)
          .sort(),
      ).toEqual([...cases].sort());
    for (const r of results.filter((x) => x.target === 1)) expect(r.device_name).toBe('iPad Air (1)');
    for (const r of results.filter((x) => x.target === 0)) expect(r.device_name).toMatch(/^Pixel 8/);
    // Each target is a CI run of its own, pointing back at the matrix.
    const child = (await api(f.t, dev(), 'GET', `/ci/runs/${ios!.run_id}`)).json() as CiRunPayload;
    expect(child).toMatchObject({ status: 'passed', matrix_run_id: done.run_id, targets: null });
  });

  it('refuses up front a target the fleet cannot serve (409) and malformed matrices (400)', async () => {
    const { suiteId } = await homeSuite(1);
    const run = (body: Record<string, unknown>) =>
      api(f.t, dev(), 'POST', '/ci/run-suite', { suite_id: suiteId, mode: 'ai', ...body });
    const none = await run({ devices: [{ device_type: 'android' }, { device_type: 'ios', model: 'iPhone 99' }] });
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toMatch(/devices\[1\].*iPhone 99/);
    expect((await run({ devices: [{ device_type: 'android', os_version: '9' }] })).statusCode).toBe(409);
    expect((await run({ devices: [] })).statusCode).toBe(400);
    expect((await run({ devices: Array.from({ length: 11 }, () => ({ device_type: 'android' })) })).statusCode).toBe(
      400,
    );
    expect((await run({ devices: [{ device_type: 'android' }], device_category: 'phone' })).statusCode).toBe(400);
    expect((await run({ devices: [{ device_type: 'android', shell: '$(reboot)' }] })).statusCode).toBe(400);
    // The fixture's sample app is an Android app: an iOS target cannot install it.
    const appSuite = await createSuite(f);
    await createCase(f, appSuite, { name: 'x', mode: 'ai', steps: ['verify "Items" is visible'] });
    const wrong = await api(f.t, dev(), 'POST', '/ci/run-suite', {
      suite_id: appSuite,
      devices: [{ device_type: 'ios' }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toMatch(/devices\[0\]/);
    const many = await api(f.t, dev(), 'POST', '/ci/run-suites', {
      tags: ['nothing-matches-this'],
      devices: [{ device_type: 'ios', category: 'phone' }],
    });
    expect(many.statusCode).toBe(409);
  });

  it('run-suites with devices runs each matched suite as a matrix, one suite after another', async () => {
    const tag = `matrix-${randomUUID().slice(0, 6)}`;
    const suites: string[] = [];
    for (let i = 0; i < 2; i++) {
      const suiteId = await createSuite(f, { app_public_id: undefined, tags: [tag] });
      await createCase(f, suiteId, { name: `Tagged ${i + 1}`, mode: 'ai', steps: ['verify "Settings" is visible'] });
      suites.push(suiteId);
    }
    const started = await api(f.t, dev(), 'POST', '/ci/run-suites', {
      tags: [tag],
      mode: 'ai',
      devices: [{ device_type: 'android' }, { device_type: 'ios', category: 'tablet' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const multi = await waitFor(
      async () => {
        const m = (await api(f.t, dev(), 'GET', `/ci/multi-suite-runs/${started.json().aggregate_id}`)).json();
        return TERMINAL.includes(m.status) ? m : undefined;
      },
      'the multi-suite run',
      120_000,
    );
    expect(multi.status).toBe('passed');
    expect(multi.suite_runs).toHaveLength(2);
    // Each suite ran once per target: two case runs each.
    for (const s of multi.suite_runs) expect(s.case_runs).toHaveLength(2);
    for (const s of multi.suite_runs) {
      const p = (await api(f.t, dev(), 'GET', `/ci/runs/${s.run_id}`)).json() as CiRunPayload;
      expect(p.targets!.map((t) => [t.device_type, t.status])).toEqual([
        ['android', 'passed'],
        ['ios', 'passed'],
      ]);
    }
  });

  it('a cancel reaches every target', async () => {
    const { suiteId } = await homeSuite(6);
    const started = await api(f.t, dev(), 'POST', '/ci/run-suite', {
      suite_id: suiteId,
      mode: 'ai',
      devices: [{ device_type: 'android' }, { device_type: 'ios' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const runId = started.json().run_id;
    await waitFor(async () => {
      const p = (await api(f.t, dev(), 'GET', `/ci/runs/${runId}`)).json() as CiRunPayload;
      return p.targets?.some((t) => t.status === 'running');
    }, 'a target running');
    expect((await api(f.t, dev(), 'POST', `/ci/runs/${runId}/cancel`)).statusCode).toBe(200);
    const done = await untilEnd(runId);
    expect(done.status).toBe('cancelled');
    for (const t of done.targets!) expect(TERMINAL).toContain(t.status);
  });
});
