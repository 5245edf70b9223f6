import { describe, expect, it } from 'vitest';
import { stepMove } from './agent-tools';
import type { ScreenView } from './screen-view';

const view: ScreenView = {
  jpeg: Buffer.alloc(0),
  width: 500,
  height: 1000,
  scale: 0.5,
  elements: '',
  refs: new Set(['e3', 'e4']),
};
const move = (name: string, input: unknown) => stepMove({ name, input }, view);

describe('tool calls as device actions', () => {
  it('refs must be on the listed screen', () => {
    expect(move('tap', { ref: 'e3' })).toEqual({ kind: 'act', action: { kind: 'tap', ref: 'e3' } });
    expect(move('tap', { ref: 'e9' })).toEqual({
      kind: 'invalid',
      problem: 'there is no element e9 on this screen; use a ref from the element list',
    });
    expect(move('type', { text: 'demo', ref: 'e4' })).toEqual({
      kind: 'act',
      action: { kind: 'type', text: 'demo', ref: 'e4' },
    });
    expect(move('type', { text: 'demo' })).toEqual({ kind: 'act', action: { kind: 'type', text: 'demo', ref: null } });
    expect(move('swipe', { direction: 'up', ref: 'e1' })).toMatchObject({ kind: 'invalid' });
  });

  it('points are in screenshot pixels, mapped to the device; outside the screenshot they are refused', () => {
    expect(move('tap', { x: 100, y: 250 })).toEqual({ kind: 'act', action: { kind: 'tap_point', x: 200, y: 500 } });
    expect(move('tap', { x: 500, y: 10 })).toEqual({
      kind: 'invalid',
      problem: '(500, 10) is outside the 500x1000 screenshot',
    });
    expect(move('tap', { x: 10 })).toEqual({ kind: 'invalid', problem: 'tap needs a ref, or both x and y' });
  });

  it('key names are normalised; what is not a key name is refused', () => {
    expect(move('press_key', { key: 'return' })).toEqual({ kind: 'act', action: { kind: 'press_key', key: 'ENTER' } });
    expect(move('press_key', { key: 'KEYCODE_DPAD_UP' })).toEqual({
      kind: 'act',
      action: { kind: 'press_key', key: 'DPAD_UP' },
    });
    expect(move('press_key', { key: 'backspace' })).toEqual({ kind: 'act', action: { kind: 'press_key', key: 'DEL' } });
    expect(move('press_key', { key: 'ctrl+c' })).toEqual({ kind: 'invalid', problem: 'ctrl+c is not a key name' });
  });

  it('scroll_until scrolls down unless told; waits are in milliseconds; done and failed carry the reasoning', () => {
    expect(move('scroll_until', { text: 'Item 30' })).toEqual({
      kind: 'act',
      action: { kind: 'scroll_until', text: 'Item 30', direction: 'down' },
    });
    expect(move('wait', { seconds: 1.5 })).toEqual({ kind: 'act', action: { kind: 'wait', ms: 1500 } });
    expect(move('go_back', {})).toEqual({ kind: 'act', action: { kind: 'go_back' } });
    expect(move('step_done', { reasoning: 'ok' })).toEqual({ kind: 'done', reasoning: 'ok' });
    expect(move('step_failed', { reasoning: 'no' })).toEqual({ kind: 'failed', reasoning: 'no' });
    expect(move('launch_rockets', {})).toEqual({ kind: 'invalid', problem: 'there is no tool launch_rockets' });
  });
});
