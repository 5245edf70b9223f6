import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaselineResponse as Baseline } from '../../src/modules/catalogue/baselines.schemas';
import {
  type EngineFixture,
  type RunJson,
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  patch,
  runCase,
  sampleModel,
  uploadSample,
} from '../harness/engine-fixture';
import { createOrgWithRoles, type OrgWithRoles } from '../harness/factories';
import { api } from '../harness/sessions-factories';

const SIGN_IN = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'verify "Settings" is visible'];

/** The items screen with `n` filled buttons under the welcome line (each about 5 % of the screen). */
function withBanners(n: number) {
  const model = sampleModel();
  const banners = Array.from({ length: n }, (_, i) => ({
    type: 'button',
    id: `promo-${i}`,
    label: `Offer ${i + 1}`,
    action: [],
  }));
  model.screens.items.elements.splice(1, 0, ...banners);
  return model;
}

describe('baselines you can trust', () => {
  let f: EngineFixture;
  let other: OrgWithRoles;
  let sessionId: string;
  let suiteId: string;
  let caseId: string;
  let passed: RunJson;
  let changed: RunJson;
  const baselines = async (): Promise<Baseline[]> =>
    (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines`)).json();
  const sources = async () => (await baselines()).map((b) => [b.step_index, b.source_run_id]);

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    other = await createOrgWithRoles(f.t, 'Other org');
    sessionId = await activeSession(f);
    // The default reset (relaunch) keeps the app's data between runs.
    suiteId = await createSuite(f);
    caseId = await createCase(f, suiteId, { mode: 'ai', steps: SIGN_IN });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a run that fails writes no baseline, though its first steps passed', async () => {
    const failing = await createCase(f, suiteId, {
      mode: 'ai',
      steps: [...SIGN_IN.slice(0, 3), 'verify "Nothing like this" is visible'],
    });
    const run = await runCase(f, failing, sessionId);
    expect(run.status).toBe('failed');
    expect(run.result.steps.map((s) => [s.status, s.visual])).toEqual([
      ['passed', null],
      ['passed', null],
      ['passed', null],
      ['failed', null],
    ]);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${failing}/baselines`)).json()).toEqual([]);
    const events = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.type === 'visual.baseline_updated');
    expect(events).toEqual([]);
  });

  it('a step that finds the app in another state says what the screen shows', async () => {
    // The app is still signed in from the run before: the sign-in screen is not there.
    const run = await runCase(f, caseId, sessionId);
    expect(run.status).toBe('failed');
    expect(run.result.steps[0]!.error).toBe('The screen shows "Items"; no element matches "Username" on this screen');
    expect(await baselines()).toEqual([]);
  });

  it('the first passed run writes the baselines, with history', async () => {
    await patch(f, `/tests/suites/${suiteId}`, { reset_strategy: 'clear_data' });
    passed = await runCase(f, caseId, sessionId);
    expect(passed.status).toBe('passed');
    expect(passed.result.steps.map((s) => s.visual)).toEqual(Array(4).fill({ diff_pct: 0, verdict: 'ok' }));
    expect(await sources()).toEqual([0, 1, 2, 3].map((i) => [i, passed.public_id]));
    const written = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.type === 'visual.baseline_updated');
    expect(written.map((e) => e.data.step_index)).toEqual([0, 1, 2, 3]);
    const history = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines/history`)).json();
    expect(history).toHaveLength(4);
    expect(history[0]).toMatchObject({ change: 'written_by_passed_run', source_run_id: passed.public_id });
  });

  it('approving a run replaces the baselines of the steps given, or of all; developers only', async () => {
    const build = await uploadSample(f.t, f.org.developer.token, withBanners(2));
    changed = await runCase(f, caseId, sessionId, { build_id: build.buildId });
    expect(changed.result.visual_regression_status).toBe('warn');
    // Nothing moved: a warning does not replace the baseline.
    expect(await sources()).toEqual([0, 1, 2, 3].map((i) => [i, passed.public_id]));

    const url = `/tests/runs/${changed.public_id}/baselines/approve`;
    expect((await api(f.t, f.org.viewer.token, 'POST', url, {})).statusCode).toBe(403);
    expect((await api(f.t, other.developer.token, 'POST', url, {})).statusCode).toBe(404);
    const bad = await api(f.t, f.org.developer.token, 'POST', url, { step_indexes: [2, 9] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(
      `step_indexes: ${changed.public_id} has no screenshot of step 9 (steps with one: 0, 1, 2, 3)`,
    );
    expect(await sources()).toEqual([0, 1, 2, 3].map((i) => [i, passed.public_id]));

    const one = await api(f.t, f.org.developer.token, 'POST', url, { step_indexes: [2] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ step_indexes: [2] });
    expect(await sources()).toEqual([
      [0, passed.public_id],
      [1, passed.public_id],
      [2, changed.public_id],
      [3, passed.public_id],
    ]);
    const image = await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines/step_2.jpg`);
    const shot = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${changed.public_id}/screenshots/step_2.jpg`);
    expect(image.rawPayload.equals(shot.rawPayload)).toBe(true);
    expect((await baselines())[2]).toMatchObject({
      width: 393,
      height: 852,
      device_name: expect.stringMatching(/^Pixel 8/),
    });

    const all = await api(f.t, f.org.developer.token, 'POST', url);
    expect(all.json()).toEqual({ step_indexes: [0, 1, 2, 3] });
    expect(await sources()).toEqual([0, 1, 2, 3].map((i) => [i, changed.public_id]));
    // The new baseline holds: the same screen compares clean.
    const again = await runCase(f, caseId, sessionId, { build_id: build.buildId });
    expect(again.result.visual_regression_status).toBe('ok');

    const audit = await api(
      f.t,
      f.org.admin.token,
      'GET',
      `/organizations/${f.org.orgId}/audit-events?action=test_baseline.approved`,
    );
    expect(audit.statusCode, audit.body).toBe(200);
    expect(JSON.stringify(audit.json())).toContain(changed.public_id);
  });

  it('a baseline can be deleted; the next passed run writes it again', async () => {
    const url = `/tests/cases/${caseId}/baselines/step_2`;
    expect((await api(f.t, f.org.viewer.token, 'DELETE', url)).statusCode).toBe(403);
    expect((await api(f.t, other.developer.token, 'DELETE', url)).statusCode).toBe(404);
    const res = await api(f.t, f.org.developer.token, 'DELETE', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'deleted' });
    expect((await baselines()).map((b) => b.step_index)).toEqual([0, 1, 3]);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines/step_2.jpg`)).statusCode).toBe(
      404,
    );
    expect((await api(f.t, f.org.developer.token, 'DELETE', url)).statusCode).toBe(404);
    expect((await api(f.t, f.org.developer.token, 'DELETE', `/tests/cases/${caseId}/baselines/two`)).statusCode).toBe(
      400,
    );

    const history = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines/history`)).json();
    expect(history[0]).toMatchObject({
      step_index: 2,
      change: 'deleted',
      source_run_id: null,
      by: f.org.developer.email,
    });
    expect(history[1]).toMatchObject({
      change: 'approved',
      source_run_id: changed.public_id,
      by: f.org.developer.email,
    });
    expect((await api(f.t, other.admin.token, 'GET', `/tests/cases/${caseId}/baselines/history`)).statusCode).toBe(404);

    const next = await runCase(f, caseId, sessionId);
    expect(next.status).toBe('passed');
    expect((await sources()).find(([i]) => i === 2)).toEqual([2, next.public_id]);
  });
});
