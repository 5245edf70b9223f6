import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../worker/driver';
import { interpretStep } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import {
  compactObservation,
  expandScreen,
  MAX_ELEMENT_ID,
  MAX_ELEMENT_TEXT,
  MAX_RUN_SCREEN_BYTES,
  MAX_SCREEN_DEPTH,
  MAX_SCREEN_ELEMENTS,
  ScreenRecorder,
  screenForLine,
  type CompactNode,
} from './recorded-screens';

const count = (n: CompactNode): number => 1 + (n.k ?? []).reduce((sum, c) => sum + count(c), 0);
const depth = (n: CompactNode): number => 1 + Math.max(0, ...(n.k ?? []).map(depth));

const settings = screen('Settings', [
  node('toggle', 'Dark mode', 100, { id: 'dark-mode', checked: false }),
  node('button', 'Sign out', 160, { id: 'sign-out', enabled: false }),
  node('input', 'Nickname', 220, { id: 'nickname', focused: true }),
]);

describe('a recorded screen', () => {
  it('keeps what the interpreter reads (roles, texts, ids, bounds, states), and reads as the screen did', () => {
    const back = expandScreen(compactObservation(settings));
    const strip = (n: UiNode): unknown => ({ ...n, ref: undefined, children: n.children.map(strip) });
    expect(strip(back.tree)).toEqual(strip(settings.tree));
    expect(back.screen).toEqual(settings.screen);
    expect(interpretStep('Turn on Dark mode', back)).toEqual(interpretStep('Turn on Dark mode', settings));
  });

  it('is capped: elements, nesting, text and id lengths; NUL characters never reach the database', () => {
    const many = screen(
      'Huge',
      Array.from({ length: 5000 }, (_, i) =>
        node('text', `${'x'.repeat(10_000)}\u0000${i}`, i, { id: `${'i'.repeat(5000)}${i}` }),
      ),
    );
    const c = compactObservation(many);
    expect(count(c.tree)).toBe(MAX_SCREEN_ELEMENTS);
    expect(c.cut).toBe(true);
    const row = c.tree.k![0]!.k![1]!;
    expect(row.t!.length).toBe(MAX_ELEMENT_TEXT);
    expect(row.i!.length).toBe(MAX_ELEMENT_ID);
    expect(JSON.stringify(c)).not.toContain('\\u0000');
    expect(JSON.stringify(c).length).toBeLessThan(MAX_SCREEN_ELEMENTS * (MAX_ELEMENT_TEXT + MAX_ELEMENT_ID + 100));

    let deep = node('text', 'bottom', 0);
    for (let i = 0; i < 500; i++) deep = node('group', null, 0, { children: [deep] });
    const d = compactObservation({ tree: deep, screen: settings.screen });
    expect(depth(d.tree)).toBe(MAX_SCREEN_DEPTH);
    expect(d.cut).toBe(true);
    expect(compactObservation(settings).cut).toBeUndefined();
  });

  it('a run keeps a screen seen again once, and no more screens once its bytes are spent', () => {
    const rec = new ScreenRecorder();
    const added = rec.record('step', 0, 'Turn on Dark mode', settings);
    expect(added).toBeGreaterThan(0);
    expect(rec.record('assertion', 0, 'Dark mode is on', settings)).toBe(0);
    expect(rec.record('assertion', 1, 'Sign out is disabled', settings)).toBe(0);
    expect(rec.saved()!.screens).toHaveLength(1);
    const big = (i: number) =>
      screen(
        `Big ${i}`,
        Array.from({ length: 900 }, (_, j) => node('text', `${i} ${j} ${'y'.repeat(400)}`, j)),
      );
    for (let i = 1; i < 30; i++) rec.record('step', i, `Step ${i}`, big(i));
    expect(rec.bytes).toBeLessThanOrEqual(MAX_RUN_SCREEN_BYTES);
    const saved = rec.saved()!;
    expect(saved.screens.length).toBeGreaterThan(2);
    expect(saved.screens.length).toBeLessThan(30);
    expect(screenForLine(saved, 'step', 1, 'Step 1')).not.toBeNull();
    expect(screenForLine(saved, 'step', 29, 'Step 29')).toBeNull();
    expect(rec.record('step', 40, 'Tap Sign out', null)).toBe(0);
  });

  it('is read for a line only while the line reads as it ran', () => {
    const rec = new ScreenRecorder();
    rec.record('step', 2, 'Turn on Dark mode', settings);
    const saved = rec.saved();
    expect(saved!.steps).toEqual([null, null, { text_sha: expect.any(String), screen: 0 }]);
    expect(screenForLine(saved, 'step', 2, 'Turn on Dark mode')).toBe(saved!.screens[0]);
    expect(screenForLine(saved, 'step', 2, 'Turn off Dark mode')).toBeNull();
    expect(screenForLine(saved, 'assertion', 2, 'Turn on Dark mode')).toBeNull();
    expect(screenForLine(saved, 'step', 0, 'Turn on Dark mode')).toBeNull();
    expect(screenForLine(null, 'step', 2, 'Turn on Dark mode')).toBeNull();
    expect(new ScreenRecorder().saved()).toBeNull();
  });
});
