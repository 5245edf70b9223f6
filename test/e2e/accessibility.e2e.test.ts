import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/clock';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  getRun,
  runCase,
  sampleModel,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

/**
 * Accessibility findings of runs on the virtual fleet (docs/accessibility.md): the sample app
 * gains a screen with an unlabeled icon button, a small button, light grey text and two buttons
 * of one name; a run that shows it reports each finding on that step, and the suite's setting
 * decides whether findings warn, fail the run, or are not looked for.
 */
function plantedModel() {
  const model = sampleModel();
  model.screens.audit = {
    title: 'Audit',
    elements: [
      { type: 'text', text: 'Everything below is planted', id: 'intro' },
      { type: 'text', text: 'Faint grey hint', color: '#c7c7cc', id: 'grey-hint' },
      { type: 'button', icon: 'plus', id: 'add-item', action: [{ set: { added: true } }] },
      { type: 'button', label: 'Tiny', size: 'small', id: 'tiny', action: [{ set: { tiny: true } }] },
      { type: 'button', label: 'Remove', id: 'remove-item', action: [{ set: { removed: 'item' } }] },
      { type: 'button', label: 'Remove', id: 'remove-all', style: 'secondary', action: [{ set: { removed: 'all' } }] },
    ],
  };
  model.screens.items.elements.unshift({
    type: 'button',
    id: 'open-audit',
    label: 'Audit',
    action: [{ navigate: 'audit' }],
  });
  return model;
}

const STEPS = ['type demo into Username', 'type secret into Password', 'Tap Sign in', 'Tap Audit'];

type Finding = {
  rule: string;
  severity: string;
  element: { role: string; name: string | null; id: string | null };
  bounds: Record<string, number>;
  message: string;
};
type A11yStep = { index: number; status: string; accessibility?: Finding[] };

describe('accessibility findings of runs', () => {
  let f: EngineFixture;
  let sessionId: string;

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(1), model: plantedModel(), app: { clock: systemClock } });
    sessionId = await activeSession(f);
  });
  afterAll(async () => {
    await f?.close();
  });

  const planted = (steps: A11yStep[]) => steps[3]!.accessibility!.map((x) => [x.rule, x.element.id]);

  it('warn (the default): the run passes and carries the findings of the screen that has them', async () => {
    const suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
    const suite = await api(f.t, f.org.viewer.token, 'GET', `/tests/suites/${suiteId}`);
    expect(suite.json().accessibility).toBe('warn');
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: STEPS });
    const run = await runCase(f, caseId, sessionId, {}, 60_000);
    expect(run.status, run.error_message ?? '').toBe('passed');
    const result = run.result as unknown as { steps: A11yStep[]; accessibility_status: string };
    expect(result.accessibility_status).toBe('warn');
    expect(result.steps.every((s) => Array.isArray(s.accessibility))).toBe(true);
    expect(planted(result.steps)).toEqual([
      ['missing_label', 'add-item'],
      ['small_target', 'tiny'],
      ['duplicate_label', 'remove-item'],
      ['duplicate_label', 'remove-all'],
      ['low_contrast', 'grey-hint'],
    ]);
    const grey = result.steps[3]!.accessibility!.find((x) => x.rule === 'low_contrast')!;
    expect(grey).toMatchObject({
      severity: 'error',
      element: { role: 'text', name: 'Faint grey hint', id: 'grey-hint' },
      bounds: { x: expect.any(Number), y: expect.any(Number), width: expect.any(Number), height: expect.any(Number) },
    });
    expect(grey.message).toMatch(/^Text contrast 1\.\d+:1 \(#[0-9a-f]{6} on #[0-9a-f]{6}\) is under 4\.5:1$/);
    const tiny = result.steps[3]!.accessibility!.find((x) => x.rule === 'small_target')!;
    expect(tiny.message).toMatch(/^Tap target \d+×30 dp is under 48×48 dp$/);
  });

  it('fail: the findings fail the run, which says why; off: none are looked for', async () => {
    const strict = await createSuite(f, { accessibility: 'fail' }, { reset_strategy: 'clear_data' });
    const caseId = await createCase(f, strict, { mode: 'ai', steps: STEPS });
    const failed = await runCase(f, caseId, sessionId, {}, 60_000);
    expect(failed.status).toBe('failed');
    // The sign-in screen's fields are 44 dp high, under Android's 48: findings on steps 1–3 too.
    expect(failed.error_message).toMatch(
      /^Accessibility check failed: \d+ findings \(small_target, missing_label, duplicate_label, low_contrast\) on steps 1, 2, 3, 4; the suite's accessibility setting is "fail"$/,
    );
    const result = failed.result as unknown as { steps: A11yStep[]; accessibility_status: string };
    expect(result.accessibility_status).toBe('fail');
    expect(result.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
    expect(planted(result.steps)).toContainEqual(['missing_label', 'add-item']);

    const bad = await api(f.t, f.org.developer.token, 'PATCH', `/tests/suites/${strict}`, {
      accessibility: 'sometimes',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/accessibility/);
    const off = await api(f.t, f.org.developer.token, 'PATCH', `/tests/suites/${strict}`, { accessibility: 'off' });
    expect(off.json().accessibility).toBe('off');
    const quiet = await runCase(f, caseId, sessionId, {}, 60_000);
    expect(quiet.status, quiet.error_message ?? '').toBe('passed');
    const q = (await getRun(f, quiet.public_id)).result as unknown as {
      steps: A11yStep[];
      accessibility_status: string | null;
    };
    expect(q.accessibility_status).toBeNull();
    expect(q.steps.some((s) => 'accessibility' in s)).toBe(false);
  });
});
