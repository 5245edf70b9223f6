import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSampleApps, openSampleApp } from '../../src/modules/engine/steps/interpreter/sample-app-device.fixture';
import { byId, byText, center } from '../virtual/ui';
import {
  activeSession,
  androidPhones,
  androidTablet,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  runCase,
  sampleModel,
  stepSummary,
  uploadSample,
  type EngineFixture,
} from '../harness/engine-fixture';

/** The recording device: a phone at its native 1179×2556 pixels (the virtual phone renders 393×852 points at 1 px each). */
const NATIVE = 3;
const SOURCE = { source_device_width: 393 * NATIVE, source_device_height: 852 * NATIVE };

interface Points {
  username: { x: number; y: number };
  password: { x: number; y: number };
  signIn: { x: number; y: number };
  settings: { x: number; y: number };
  darkMode: { x: number; y: number };
}

/** Where the sample app's elements are on a phone, read from its real UI tree, in native pixels. */
async function phonePoints(): Promise<Points> {
  const phone = await openSampleApp({ model: 'Pixel 8' });
  const native = (p: { x: number; y: number }) => ({ x: p.x * NATIVE, y: p.y * NATIVE });
  const signInTree = await phone.tree();
  const points = {
    username: native(center(byId(signInTree, 'username'))),
    password: native(center(byId(signInTree, 'password'))),
    signIn: native(center(byId(signInTree, 'sign-in'))),
  };
  await phone.tapId('username');
  await phone.driver.input(phone.deviceId, { kind: 'text', text: 'demo' });
  await phone.tapId('password');
  await phone.driver.input(phone.deviceId, { kind: 'text', text: 'secret' });
  await phone.tapId('sign-in');
  const items = await phone.tree();
  const settings = native(center(byText(items, 'Settings')));
  await phone.tapId('open-settings');
  const darkMode = native(center(byId(await phone.tree(), 'dark-mode')));
  await closeSampleApps();
  return { ...points, settings, darkMode };
}

/** A recording made on the phone: with selectors, as the recorder writes them, or with coordinates only. */
function recording(p: Points, withSelectors: boolean) {
  const sel = (selector: Record<string, string>) => (withSelectors ? { selector } : {});
  return [
    { type: 'tap', t_ms: 0, ...p.username, ...sel({ id: 'username', class: 'android.widget.EditText' }) },
    { type: 'type_text', t_ms: 400, text: 'demo' },
    { type: 'tap', t_ms: 900, ...p.password, ...sel({ id: 'password', class: 'android.widget.EditText' }) },
    { type: 'type_text', t_ms: 1300, text: 'secret' },
    { type: 'tap', t_ms: 2000, ...p.signIn, ...sel({ text: 'Sign in', class: 'android.widget.Button' }) },
    { type: 'swipe', t_ms: 3000, x: 590, y: 2000, x2: 590, y2: 1000, duration_ms: 300 },
    { type: 'swipe', t_ms: 3800, x: 590, y: 1000, x2: 590, y2: 2000, duration_ms: 300 },
    { type: 'tap', t_ms: 4600, ...p.settings, ...sel({ text: 'Settings', class: 'android.widget.Button' }) },
    { type: 'tap', t_ms: 5400, ...p.darkMode, ...sel({ id: 'dark-mode', class: 'android.widget.Switch' }) },
  ];
}

const STEPS = [
  { text: 'type demo into Username', action_indices: [0, 1] },
  { text: 'type secret into Password', action_indices: [2, 3] },
  { text: 'Tap Sign in', action_indices: [4] },
  { text: 'scroll down', action_indices: [5] },
  { text: 'scroll up', action_indices: [6] },
  { text: 'Tap Settings', action_indices: [7] },
  { text: 'turn on Dark mode', action_indices: [8] },
];
const ASSERTIONS = ['"Dark mode" is on', 'the screen title is Settings'];

describe('replaying recorded cases', () => {
  let f: EngineFixture;
  let points: Points;
  let suiteId: string;

  beforeAll(async () => {
    points = await phonePoints();
    f = await createEngineFixture({ devices: [...androidPhones(1), androidTablet()] });
    suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  });
  afterAll(async () => {
    await f?.close();
    await closeSampleApps();
  });

  it('a case recorded on a phone replays green on a tablet, finding each element again by its selector', async () => {
    const tablet = await activeSession(f, { device_type: 'android', device_category: 'tablet' });
    const caseId = await createCase(f, suiteId, {
      mode: 'recorded',
      steps: STEPS,
      assertions: ASSERTIONS,
      source_recording: recording(points, true),
      ...SOURCE,
    });
    const run = await runCase(f, caseId, tablet, { mode: 'replay' });
    expect(run.status, JSON.stringify(run.result?.steps?.find((s) => s.status !== 'passed') ?? run.error_message)).toBe(
      'passed',
    );
    expect(stepSummary(run)).toEqual(STEPS.map((_, i) => [i, 'passed', 'replay']));
    expect(run.result.assertions.map((a) => a.passed)).toEqual([true, true]);
    const taps = run.result.steps.flatMap((s) => s.actions).filter((a) => a.type === 'tap');
    expect(taps.map((a) => a.matched_by)).toEqual(['id', 'id', 'text', 'text', 'id']);
    // The tablet's sign-in button is not where the phone's scaled point falls: the selector found it.
    const scaled = {
      x: Math.round((points.signIn.x * 800) / SOURCE.source_device_width),
      y: Math.round((points.signIn.y * 1280) / SOURCE.source_device_height),
    };
    expect(Math.abs(taps[2]!.y! - scaled.y)).toBeGreaterThan(40);
    expect(run.result.steps[3]!.actions[0]).toMatchObject({
      type: 'swipe',
      matched_by: 'coordinates',
      y: Math.round((2000 * 1280) / SOURCE.source_device_height),
    });
  });

  it('hybrid heals a step whose recorded point no longer hits its element; replay alone misses it and the assertions fail', async () => {
    // The next build moves the Sign in button down.
    const model = sampleModel();
    const elements = model.screens.signin.elements as Array<{ id?: string }>;
    elements.splice(
      elements.findIndex((e) => e.id === 'sign-in'),
      0,
      { type: 'spacer', height: 160 } as never,
    );
    const moved = await uploadSample(f.t, f.org.developer.token, model);
    const phone = await activeSession(f);
    const caseId = await createCase(f, suiteId, {
      mode: 'recorded',
      steps: STEPS,
      assertions: ASSERTIONS,
      source_recording: recording(points, false),
      ...SOURCE,
    });

    const healed = await runCase(f, caseId, phone, { mode: 'hybrid', build_id: moved.buildId });
    expect(
      healed.status,
      JSON.stringify(healed.result?.steps?.find((s) => s.status !== 'passed') ?? healed.error_message),
    ).toBe('passed');
    expect(stepSummary(healed)).toEqual(STEPS.map((_, i) => [i, 'passed', i === 2 ? 'interpreter' : 'replay']));
    expect(healed.result.steps[2]).toMatchObject({
      healed: true,
      actions: [expect.objectContaining({ type: 'tap', selector: expect.objectContaining({ id: 'sign-in' }) })],
    });
    expect(healed.reasoning_log).toContainEqual(
      expect.objectContaining({
        step_index: 2,
        tool: 'replay',
        outcome: 'failed',
        thought: expect.stringMatching(/^Replay stopped: the recorded point .* hits no element that can be acted on/),
      }),
    );
    const warning = (await eventsOf(f.t, f.org.orgId)).find(
      (e) => e.type === 'run.warning.ai_fallback_used' && e.data.run_public_id === healed.public_id,
    );
    expect(warning?.data).toMatchObject({ step_indexes: [2] });

    // Replay alone plays the recording as it is: the taps land on nothing, and the assertions catch it.
    const replayed = await runCase(f, caseId, phone, { mode: 'replay', build_id: moved.buildId });
    expect(replayed.status).toBe('failed');
    expect(stepSummary(replayed)).toEqual(STEPS.map((_, i) => [i, 'passed', 'replay']));
    expect(replayed.error_message).toMatch(/^Assertion failed: "Dark mode" is on/);

    // On the build it was recorded on, the same case replays without help.
    const original = await runCase(f, caseId, phone, { mode: 'hybrid', build_id: f.buildId });
    expect(stepSummary(original)).toEqual(STEPS.map((_, i) => [i, 'passed', 'replay']));
  });
});
