import { describe, expect, it } from 'vitest';
import { androidKeyCodeName, androidKeyCodeNumber } from './android-keycodes';
import { chainMs, extendPath, gestureItems, pathItems, type TouchPath, touchActions } from './android-uia2-input';

describe('UiAutomator2 input: W3C action chains', () => {
  it('a tap is a move to the point, down, a short hold and up, on one touch pointer', () => {
    expect(touchActions(gestureItems({ kind: 'tap', x: 10.4, y: 20.6 }))).toEqual({
      actions: [
        {
          type: 'pointer',
          id: 'finger1',
          parameters: { pointerType: 'touch' },
          actions: [
            { type: 'pointerMove', duration: 0, x: 10, y: 21, origin: 'viewport' },
            { type: 'pointerDown', button: 0 },
            { type: 'pause', duration: 20 },
            { type: 'pointerUp', button: 0 },
          ],
        },
      ],
    });
  });

  it('double tap, long press and swipe keep their timing', () => {
    const types = (e: Parameters<typeof gestureItems>[0]) => gestureItems(e).map((i) => i.type);
    expect(types({ kind: 'double_tap', x: 1, y: 1 })).toEqual([
      'pointerMove',
      'pointerDown',
      'pause',
      'pointerUp',
      'pause',
      'pointerDown',
      'pause',
      'pointerUp',
    ]);
    expect(gestureItems({ kind: 'long_press', x: 1, y: 1 })[2]).toEqual({ type: 'pause', duration: 800 });
    expect(gestureItems({ kind: 'long_press', x: 1, y: 1, durationMs: 1500 })[2]).toEqual({
      type: 'pause',
      duration: 1500,
    });
    expect(gestureItems({ kind: 'swipe', x: 5, y: 500, x2: 5, y2: 100, durationMs: 250 })[2]).toEqual({
      type: 'pointerMove',
      duration: 250,
      x: 5,
      y: 100,
      origin: 'viewport',
    });
  });

  it('a streamed touch replays its path with the time each move took, bounded', () => {
    const path: TouchPath = { startedAt: 1000, points: [] };
    extendPath(path, 10, 500, 1000);
    extendPath(path, 10, 400, 1030);
    extendPath(path, 10, 300, 60_000);
    expect(pathItems(path)).toEqual([
      { type: 'pointerMove', duration: 0, x: 10, y: 500, origin: 'viewport' },
      { type: 'pointerDown', button: 0 },
      { type: 'pointerMove', duration: 30, x: 10, y: 400, origin: 'viewport' },
      // A gap of almost a minute is replayed as 10 s.
      { type: 'pointerMove', duration: 10_000, x: 10, y: 300, origin: 'viewport' },
      { type: 'pointerUp', button: 0 },
    ]);
    // Past the point cap the last point moves, so the chain stays bounded and ends where the finger did.
    const long: TouchPath = { startedAt: 0, points: [] };
    for (let i = 0; i < 1000; i++) extendPath(long, 1, i, i);
    expect(long.points).toHaveLength(240);
    expect(long.points.at(-1)).toEqual({ x: 1, y: 999, at: 999 });
    // A path held for ten minutes runs at most 60 s on the device.
    const held: TouchPath = { startedAt: 0, points: [] };
    for (let i = 0; i <= 60; i++) extendPath(held, 1, i, i * 10_000);
    expect(chainMs(pathItems(held))).toBe(60_000);
  });
});

describe('Android key code numbers', () => {
  it('follow android.view.KeyEvent for the names simdeck sends', () => {
    expect(androidKeyCodeNumber('KEYCODE_HOME')).toBe(3);
    expect(androidKeyCodeNumber('KEYCODE_BACK')).toBe(4);
    expect(androidKeyCodeNumber('KEYCODE_0')).toBe(7);
    expect(androidKeyCodeNumber('KEYCODE_A')).toBe(29);
    expect(androidKeyCodeNumber('KEYCODE_Z')).toBe(54);
    expect(androidKeyCodeNumber('KEYCODE_ENTER')).toBe(66);
    expect(androidKeyCodeNumber('KEYCODE_DEL')).toBe(67);
    expect(androidKeyCodeNumber('KEYCODE_ESCAPE')).toBe(111);
    expect(androidKeyCodeNumber('KEYCODE_F12')).toBe(142);
    expect(androidKeyCodeNumber('KEYCODE_NOT_A_KEY')).toBeNull();
    expect(androidKeyCodeName(4)).toBe('KEYCODE_BACK');
    expect(androidKeyCodeName(9999)).toBeNull();
  });
});
