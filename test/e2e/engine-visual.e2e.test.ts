import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type RunJson,
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  runCase,
  sampleModel,
  uploadSample,
  type EngineFixture,
} from '../harness/engine-fixture';
import type { BaselineResponse as Baseline } from '../../src/modules/catalogue/baselines.schemas';
import type { StepEntry } from '../../src/modules/engine/execution/case-outcome';
import { runLogsKey } from '../../src/modules/engine/execution/run-logs';
import { api } from '../harness/sessions-factories';
import { eq } from 'drizzle-orm';
import { testBaselines, testRunScreens, testRuns } from '../../src/db/schema';

/** The items screen with `n` filled buttons added under the welcome line: each covers about 5 % of a phone screen. */
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

const STEPS = [
  'type demo into Username',
  { text: 'type secret into Password', visual: { mode: 'skip' } },
  'Tap Sign in',
  { text: 'verify "Settings" is visible', visual: { mode: 'custom', warn_pct: null } },
];

describe('visual regression in runs', () => {
  let f: EngineFixture;
  let sessionId: string;
  let caseId: string;
  let baselineRun: RunJson;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1) });
    sessionId = await activeSession(f);
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    caseId = await createCase(f, suiteId, { mode: 'ai', steps: STEPS });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('the first run writes a baseline for every compared step', async () => {
    baselineRun = await runCase(f, caseId, sessionId);
    expect(baselineRun).toMatchObject({ status: 'passed', result: { visual_regression_status: 'ok' } });
    expect(baselineRun.result.steps.map((s) => s.visual)).toEqual([
      { diff_pct: 0, verdict: 'ok' },
      null,
      { diff_pct: 0, verdict: 'ok' },
      { diff_pct: 0, verdict: 'ok' },
    ]);
    const baselines = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines`)).json();
    expect(baselines.map((b: Baseline) => [b.step_index, b.width, b.height, b.source_run_id])).toEqual([
      [0, 393, 852, baselineRun.public_id],
      [2, 393, 852, baselineRun.public_id],
      [3, 393, 852, baselineRun.public_id],
    ]);
    expect(baselines[0].device_name).toMatch(/^Pixel 8/);
    const image = await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines/step_2.jpg`);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const shot = await api(
      f.t,
      f.org.viewer.token,
      'GET',
      `/tests/runs/${baselineRun.public_id}/screenshots/step_2.jpg`,
    );
    expect(shot.rawPayload.equals(image.rawPayload)).toBe(true);
    const events = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.type === 'visual.baseline_updated');
    expect(events.map((e) => e.data.step_index)).toEqual([0, 2, 3]);
  });

  it("a change over the suite's warn tier (10 %) is a warning: the run passes with visual warn", async () => {
    const build = await uploadSample(f.t, f.org.developer.token, withBanners(2));
    const run = await runCase(f, caseId, sessionId, { build_id: build.buildId });
    expect(run.status, JSON.stringify(run.result.steps.map((s) => s.visual))).toBe('passed');
    expect(run.result.visual_regression_status).toBe('warn');
    const [s0, s1, s2, s3] = run.result.steps as [
      StepEntry,
      StepEntry,
      StepEntry & { visual: NonNullable<StepEntry['visual']> },
      StepEntry,
    ];
    expect(s0.visual).toMatchObject({ verdict: 'ok' });
    expect(s1.visual).toBeNull();
    expect(s2.visual).toEqual({
      diff_pct: expect.any(Number),
      verdict: 'warn',
      diff_image: `/api/v1/tests/runs/${run.public_id}/screenshots/step_2_diff.jpg`,
    });
    expect(s2.visual.diff_pct).toBeGreaterThanOrEqual(10);
    expect(s2.visual.diff_pct).toBeLessThan(25);
    // Step 3 has no warn tier of its own.
    expect(s3.visual).toMatchObject({ verdict: 'ok', diff_pct: s2.visual.diff_pct });
    const diff = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${run.public_id}/screenshots/step_2_diff.jpg`);
    expect(diff.statusCode).toBe(200);
    expect(diff.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const events = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.data.run_public_id === run.public_id);
    expect(events.map((e) => [e.type, e.data.step_index ?? null])).toEqual([
      ['run.started', null],
      ['run.passed', null],
      ['visual.regression_warning', 2],
      ['visual.run_completed_with_regressions', null],
    ]);
    // A warning does not move the baseline.
    const baselines = (await api(f.t, f.org.viewer.token, 'GET', `/tests/cases/${caseId}/baselines`)).json();
    expect(baselines.map((b: Baseline) => b.source_run_id)).toEqual(Array(3).fill(baselineRun.public_id));

    // What the run stored (screenshots, diff images, its device log, its video and the screens its
    // lines were read on) counts against the storage quota, to the byte.
    const files = [
      ...run.result.steps.flatMap((s) => [
        ...(s.screenshot ? [s.screenshot] : []),
        ...(s.visual?.diff_image ? [s.visual.diff_image] : []),
      ]),
      `/api/v1/tests/runs/${run.public_id}/video`,
    ];
    let stored = (await f.t.container.storage.getBuffer(runLogsKey(run.public_id)))!.length;
    for (const url of files)
      stored += (await api(f.t, f.org.viewer.token, 'GET', url.replace('/api/v1', ''))).rawPayload.length;
    const [row] = await f.t.container.db
      .select({ id: testRuns.id, bytes: testRuns.artifactBytes })
      .from(testRuns)
      .where(eq(testRuns.publicId, run.public_id));
    const [screens] = await f.t.container.db
      .select({ bytes: testRunScreens.sizeBytes })
      .from(testRunScreens)
      .where(eq(testRunScreens.runId, row!.id));
    expect(screens!.bytes).toBeGreaterThan(0);
    expect(row!.bytes).toBe(stored + screens!.bytes);
    const baselineBytes = await f.t.container.db
      .select({ bytes: testBaselines.sizeBytes })
      .from(testBaselines)
      .where(eq(testBaselines.organizationId, f.org.orgId));
    expect(baselineBytes.map((b) => b.bytes).every((n) => n > 0)).toBe(true);
  });

  it('a change over the fail tier (25 %) fails the step, which stops the run', async () => {
    const build = await uploadSample(f.t, f.org.developer.token, withBanners(6));
    const run = await runCase(f, caseId, sessionId, { build_id: build.buildId });
    expect(run.status).toBe('failed');
    expect(run.result.visual_regression_status).toBe('fail');
    const s2 = run.result.steps[2] as StepEntry & { visual: NonNullable<StepEntry['visual']> };
    expect(s2).toMatchObject({ status: 'failed', resolved_by: 'interpreter', visual: { verdict: 'fail' } });
    expect(s2.visual.diff_pct).toBeGreaterThanOrEqual(25);
    expect(run.error_message).toBe(
      `Step 3 failed: Visual regression: ${s2.visual.diff_pct}% of the screen differs from the baseline (fail at 25%)`,
    );
    expect(run.result.steps[3]).toMatchObject({ status: 'skipped', visual: null });
    const events = (await eventsOf(f.t, f.org.orgId)).filter((e) => e.data.run_public_id === run.public_id);
    expect(events.map((e) => [e.type, e.data.step_index ?? e.data.failed_step_index ?? null])).toEqual([
      ['run.started', null],
      ['run.failed', null],
      ['case.failed', 2],
      ['visual.regression_detected', 2],
      ['visual.run_completed_with_regressions', null],
    ]);
  });
});
