import { describe, expect, it } from 'vitest';
import type { RunTimeline } from './assertion-judge';
import { interpretAssertion, interpretStep, type Observation, type Resolution } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import { judgedInRun as judged } from './run-timeline.fixture';

/**
 * Taps said past a cap ("Tap + on Soft drink five times" where four is the most): the button a cap disables after
 * earlier taps takes the rest in vain, as a phone does, while a button disabled before the first tap fails the
 * step. Then "Count stops at 4" is the count of the line the step tapped.
 */

const at = (x: number, y: number, width = 40) => ({ bounds: { x, y, width, height: 40 } });

/** A snack line: title, price, then − count +, the + disabled at the cap. */
const line = (label: string, count: number, y: number, cap = 4) => [
  node('text', label, y),
  node('text', '£3.50', y + 30),
  node('button', `One ${label.toLowerCase()} fewer`, y + 60, { enabled: count > 0, ...at(20, y + 60) }),
  node('text', String(count), y + 60, at(80, y + 60, 30)),
  node('button', `One more ${label.toLowerCase()}`, y + 60, { enabled: count < cap, ...at(120, y + 60) }),
];
const snacks = (drinks: number, popcorn = 0) =>
  screen('Snacks', [...line('Salted popcorn', popcorn, 100), ...line('Soft drink', drinks, 250)]);

const said = (r: Resolution) =>
  r.settled ? (r.kind === 'actions' ? `${r.actions.length} tap(s)${r.then ? ` → ${r.then}` : ''}` : r.kind) : r.reason;

describe('taps said past a cap', () => {
  it('taps once and says the rest go on from there', () => {
    expect(said(interpretStep('Tap + on Soft drink five times', snacks(3)))).toBe(
      '1 tap(s) → tap "One more soft drink" 4 more times',
    );
  });

  it('takes the taps left in vain once the cap has disabled the button', () => {
    const r = interpretStep('tap "One more soft drink" 1 more times', snacks(4));
    expect(said(r)).toBe('0 tap(s)');
    expect(r.settled && r.kind === 'actions' && r.reasoning).toMatch(/turned disabled/);
  });

  it('fails a button disabled before any tap', () => {
    expect(said(interpretStep('Tap + on Soft drink five times', snacks(4)))).toMatch(/disabled/);
    expect(said(interpretStep('tap "One more soft drink" 3 times', snacks(4)))).toMatch(/disabled/);
  });

  it('does the same for a line said with its sign', () => {
    expect(said(interpretStep('Soft drink + 3 times', snacks(3)))).toBe('1 tap(s) → Soft drink + 2 more times');
    expect(said(interpretStep('Soft drink + 2 more times', snacks(4)))).toBe('0 tap(s)');
    expect(said(interpretStep('Soft drink + 2 times', snacks(4)))).toMatch(/disabled/);
  });
});

describe('a count said of no line by name', () => {
  const timeline = (last: string, now: Observation): RunTimeline => ({
    points: [
      { step: 0, text: 'Tap Continue on Tickets', screen: snacks(0) },
      { step: 1, text: last, screen: now },
    ],
  });
  const verdict = (claim: string, last: string, now: Observation) => judged(claim, timeline(last, now), now);

  it('is the count of the line the last step tapped', async () => {
    expect(await verdict('Count stops at 4', 'Tap + on Soft drink five times', snacks(4, 1))).toBe('pass');
    expect(await verdict('The quantity is 4', 'tap "One more soft drink" 1 more times', snacks(4, 1))).toBe('pass');
  });

  it('fails when that line reads another count', async () => {
    expect(await verdict('Count stops at 4', 'Tap + on Soft drink five times', snacks(3, 4))).toBe('fail');
  });

  it('is not guessed when the step named no line or two', async () => {
    expect(await verdict('Count stops at 4', 'Tap Snacks', snacks(4))).toBe('not settled');
    expect(await verdict('Count stops at 4', 'Add a soft drink and a salted popcorn', snacks(4, 4))).toBe(
      'not settled',
    );
  });
});

describe('a count said with the line’s name and the word count', () => {
  const v = (claim: string) => {
    const r = interpretAssertion(claim, snacks(4, 1));
    return r.settled ? r.passed : 'not settled';
  };
  it('reads the line’s count, not a label', () => {
    expect(v('Soft drink count is 4')).toBe(true);
    expect(v('The popcorn quantity is 1')).toBe(true);
    expect(v('The popcorn quantity is 2')).toBe(false);
    expect(v('Nachos count is 1')).toBe('not settled');
  });

  it('"is 4, not 5": the number it holds is no other; quoted words are left as written', () => {
    expect(v('Soft drink count is 4, not 5')).toBe(true);
    expect(v('Soft drink count is 5, not 4')).toBe(false);
    expect(v('Soft drink count is 4, never 5, and the popcorn quantity is 1')).toBe(true);
    expect(v('Soft drink count is 4, and the popcorn quantity is 2')).toBe(false);
    expect(v('"Soft drink is 4, not 5" is shown')).toBe(false);
  });

  it('"and does not go above it": the bound it stops at is the value it reads, no second value', () => {
    expect(v('Soft drink count is 4 and does not go above it')).toBe(true);
    expect(v('Soft drink count is 3 and does not go above it')).toBe(false);
    expect(v('"Soft drink is 4 and does not go above it" is shown')).toBe(false);
  });
});

describe('a moment counted in taps', () => {
  const light = (level: number) =>
    screen('Ceiling light', [
      node('text', `Brightness ${level}%`, 100),
      node('button', 'Dim Ceiling light', 150, { ...at(20, 150) }),
      node('button', 'Brighten Ceiling light', 150, { enabled: level < 100, ...at(120, 150) }),
    ]);
  const timeline: RunTimeline = {
    points: [
      { step: 0, text: 'Open Ceiling light', screen: light(80) },
      { step: 1, text: 'Tap Brighten Ceiling light three times', screen: light(80) },
      { step: 1, text: 'tap "Brighten Ceiling light" 2 more times', screen: light(90) },
      { step: 1, text: 'tap "Brighten Ceiling light" 1 more times', screen: light(100) },
    ],
  };
  const verdict = (claim: string) => judged(claim, timeline, light(100));

  it('is the screen the step left after that many taps', async () => {
    expect(await verdict('After two taps it reads "Brightness 100%"')).toBe('pass');
    expect(await verdict('After one tap: "Brightness 90%"')).toBe('pass');
    expect(await verdict('After the first tap: "Brightness 100%"')).toBe('fail');
    expect(await verdict('After the taps: "Brightness 100%"')).toBe('pass');
    expect(await verdict('It reads "Brightness 90%" after one tap')).toBe('pass');
    expect(await verdict('It reads "Brightness 100%" after 1 tap')).toBe('fail');
  });

  it('is no moment past the taps the step made', async () => {
    expect(await verdict('After five taps: "Brightness 100%"')).toBe('not settled');
  });
});

describe('a moment counted in the taps of a control named', () => {
  const dish = (n: number) =>
    screen('Pepperoni', [node('text', String(n), 100), node('text', `Add ${n} to basket`, 200)]);
  const timeline: RunTimeline = {
    points: [
      { step: 0, text: 'Tap + four times', screen: dish(1) },
      { step: 0, text: 'tap "+" 3 more times', screen: dish(2) },
      { step: 0, text: 'tap "+" 2 more times', screen: dish(3) },
      { step: 0, text: 'tap "+" 1 more times', screen: dish(3) },
      { step: 1, text: 'Then tap - twice', screen: dish(3) },
      { step: 1, text: 'tap "−" 1 more times', screen: dish(2) },
    ],
  };
  const verdict = (claim: string) => judged(claim, timeline, dish(1));

  it('is after that control’s taps, not the last taps of the case', async () => {
    expect(await verdict('After the + taps: "Add 3 to basket"')).toBe('pass');
    expect(await verdict('After the − taps: "Add 1 to basket"')).toBe('pass');
    expect(await verdict('After the − taps: "Add 3 to basket"')).toBe('fail');
  });
});
