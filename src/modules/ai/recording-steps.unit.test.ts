import { afterAll, describe, expect, it } from 'vitest';
import type { RecordingAction } from '../catalogue/recording';
import { interpretStep } from '../engine/steps/interpreter';
import { closeSampleApps, openSampleApp } from '../engine/steps/interpreter/sample-app-device.fixture';
import { screenshotFor, stepsFromRecording } from './recording-steps';

afterAll(() => closeSampleApps());

const SHOT = 'data:image/jpeg;base64,/9j/AAAA';

/** A recording of the sample app as the recorder writes it: selectors where an element was touched. */
const RECORDING: RecordingAction[] = [
  { type: 'launch_app', t_ms: 0, package_name: 'dev.simdeck.sample' },
  {
    type: 'tap',
    t_ms: 500,
    x: 196,
    y: 300,
    selector: { text: 'Username', class: 'android.widget.EditText' },
    screenshot: SHOT,
  },
  { type: 'type_text', t_ms: 900, text: 'demo' },
  { type: 'tap', t_ms: 1400, x: 196, y: 380, selector: { id: 'password', class: 'android.widget.EditText' } },
  { type: 'type_text', t_ms: 1800, text: 'secret' },
  { type: 'tap', t_ms: 2500, x: 196, y: 460, selector: { text: 'Sign in', class: 'android.widget.Button' } },
  { type: 'swipe', t_ms: 3200, x: 196, y: 700, x2: 196, y2: 300, duration_ms: 300 },
  { type: 'swipe', t_ms: 3800, x: 196, y: 300, x2: 196, y2: 700, duration_ms: 300 },
  { type: 'tap', t_ms: 4500, x: 196, y: 222, selector: { text: 'Settings', class: 'android.widget.Button' } },
  { type: 'tap', t_ms: 5200, x: 340, y: 150, selector: { id: 'dark-mode', class: 'android.widget.Switch' } },
  { type: 'key', t_ms: 5800, key: 'KEYCODE_BACK' },
  { type: 'wait', t_ms: 6000, duration_ms: 1500 },
  { type: 'tap', t_ms: 7600, x: 40, y: 40 },
  { type: 'type_text', t_ms: 8000, text: 'say "hi"' },
  { type: 'rotate', t_ms: 8600, rotation: 90 },
  { type: 'key', t_ms: 9000, key: 'ENTER' },
];

describe('steps written from a recording without a model', () => {
  it('one step per action, a tap on a named field and the text typed into it as one; coordinates where nothing was named', () => {
    expect(stepsFromRecording(RECORDING)).toEqual([
      { text: 'Open the app', source_action_index: 0, action_indices: [0] },
      { text: 'Type "demo" into "Username"', source_action_index: 1, action_indices: [1, 2] },
      { text: 'Type "secret" into "password"', source_action_index: 3, action_indices: [3, 4] },
      { text: 'Tap "Sign in"', source_action_index: 5, action_indices: [5] },
      { text: 'Swipe up', source_action_index: 6, action_indices: [6] },
      { text: 'Swipe down', source_action_index: 7, action_indices: [7] },
      { text: 'Tap "Settings"', source_action_index: 8, action_indices: [8] },
      { text: 'Tap "dark-mode"', source_action_index: 9, action_indices: [9] },
      { text: 'Go back', source_action_index: 10, action_indices: [10] },
      { text: 'Wait 1.5 s', source_action_index: 11, action_indices: [11] },
      { text: 'Tap at (40, 40)', source_action_index: 12, action_indices: [12] },
      { text: `Type 'say "hi"'`, source_action_index: 13, action_indices: [13] },
      { text: 'Rotate to 90 degrees', source_action_index: 14, action_indices: [14] },
      { text: 'Press key ENTER', source_action_index: 15, action_indices: [15] },
    ]);
  });

  it('the interpreter runs them back on the app', async () => {
    const phone = await openSampleApp();
    // From typing the user name to turning Dark mode on.
    const steps = stepsFromRecording(RECORDING).slice(1, 8);
    for (const step of steps) {
      const r = interpretStep(step.text, await phone.observe());
      if (!r.settled) throw new Error(`${step.text}: ${r.reason}`);
      expect(r.kind, step.text).toBe('actions');
      if (r.kind === 'actions') await phone.perform(r.actions);
    }
    const check = interpretStep('"Dark mode" is on', await phone.observe());
    expect(check).toMatchObject({ settled: true, kind: 'check', passed: true });
  });

  it("a step's screenshot is its action's, else the closest before, else after", async () => {
    expect(await screenshotFor(RECORDING, 1)).toBe(SHOT);
    expect(await screenshotFor(RECORDING, 5)).toBe(SHOT);
    expect(await screenshotFor(RECORDING, 0)).toBe(SHOT);
    const placeholder = await screenshotFor([{ type: 'wait', t_ms: 0, duration_ms: 5 }], 0);
    expect(placeholder).toMatch(/^data:image\/jpeg;base64,\/9j\//);
  });
});
