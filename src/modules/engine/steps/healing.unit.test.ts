import { describe, expect, it } from 'vitest';
import { RecordingAction } from '../../catalogue/recording';
import { isRecordable, recordingActionsOf, type HealingSuggestion } from './healing';

const suggestion: HealingSuggestion = {
  index: 0,
  step_index: 2,
  step_text: 'Sign in',
  status: 'offered',
  screen: { width: 400, height: 800 },
  actions: [
    { type: 'tap', x: 200, y: 400, selector: { class: 'input', id: 'username', text: undefined } },
    { type: 'key', key: 'DEL', selector: { class: 'input', id: 'username' } },
    { type: 'type_text', text: 'demo', selector: { class: 'input', id: 'username' } },
    { type: 'swipe', x: 200, y: 600, x2: 200, y2: 200, duration_ms: 300, selector: null, matched_by: 'coordinates' },
  ],
};

describe('a suggestion as recorded actions', () => {
  it("points are scaled to the case's recording device, times follow the recording, selectors kept", () => {
    const actions = recordingActionsOf(suggestion, { width: 1200, height: 2400 }, 5000);
    expect(actions).toEqual([
      { type: 'tap', t_ms: 5000, x: 600, y: 1200, selector: { class: 'input', id: 'username' } },
      { type: 'key', t_ms: 5500, key: 'DEL', selector: { class: 'input', id: 'username' } },
      { type: 'type_text', t_ms: 6000, text: 'demo', selector: { class: 'input', id: 'username' } },
      { type: 'swipe', t_ms: 6500, x: 600, y: 1800, x2: 600, y2: 600, duration_ms: 300 },
    ]);
    for (const a of actions) expect(RecordingAction.safeParse(a).success).toBe(true);
  });

  it('only taps, swipes, text, keys and the like can be recorded, and a suggestion needs at least one action', () => {
    expect(isRecordable(suggestion.actions)).toBe(true);
    expect(isRecordable([{ type: 'touch_start', x: 1, y: 1 }])).toBe(false);
    expect(isRecordable([])).toBe(false);
  });
});
