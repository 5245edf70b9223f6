import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Stepper lines named by their title ("Standard − once", "Take standard down to 0") and their counts read by the
 * line ("Standard 2", "Tea shows 1"): the count between − and +, never the price beside the title. Each form has a
 * near miss that must be refused, not settled, or failing.
 */

const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

const small = (y: number) => ({ bounds: { x: 30, y, width: 40, height: 40 } });

/** One admission line: its title, its price, then − count + (the buttons named for the line), as a gallery sells them. */
const admission = (id: string, label: string, price: string, count: number, y: number, plusEnabled = true) => [
  node('text', label, y, { id: `${id}-label` }),
  node('text', price, y + 45, { id: `${id}-price` }),
  node('button', `One ${label.toLowerCase()} fewer`, y + 90, {
    id: `${id}-minus`,
    enabled: count > 0,
    ...small(y + 90),
  }),
  node('text', String(count), y + 90, { id: `${id}-count`, bounds: { x: 80, y: y + 90, width: 30, height: 40 } }),
  node('button', `One more ${label.toLowerCase()}`, y + 90, {
    id: `${id}-plus`,
    enabled: plusEnabled,
    bounds: { x: 120, y: y + 90, width: 40, height: 40 },
  }),
];

const gallery = (standard = 2, reduced = 0, member = 0) =>
  screen('Admission', [
    node('text', 'Late opening · 2 visitors', 60),
    ...admission('std', 'Standard', '£14.00', standard, 100, standard + reduced + member < 2),
    ...admission('red', 'Reduced', '£9.00 · Students', reduced, 250, standard + reduced + member < 2),
    ...admission('mem', 'Member', '£2.00 · With card', member, 400, standard + reduced + member < 2),
    node('text', `${standard + reduced + member} of 2 chosen`, 560),
    node('button', 'Continue', 700, { id: 'continue' }),
  ]);

/** A café's extras: bare − and + after each title. */
const extras = () =>
  screen('Extras', [
    node('text', 'Iced tea', 100),
    node('text', '£3.00 · Large', 124),
    node('button', '−', 150, { id: 'tea-minus', ...small(150) }),
    node('text', '1', 150, { id: 'tea-count', bounds: { x: 80, y: 150, width: 30, height: 40 } }),
    node('button', '+', 150, { id: 'tea-plus', bounds: { x: 120, y: 150, width: 40, height: 40 } }),
    node('text', 'Almond croissant', 220),
    node('text', '£2.00', 244),
    node('button', '−', 270, { id: 'cro-minus', ...small(270) }),
    node('text', '2', 270, { id: 'cro-count', bounds: { x: 80, y: 270, width: 30, height: 40 } }),
    node('button', '+', 270, { id: 'cro-plus', bounds: { x: 120, y: 270, width: 40, height: 40 } }),
  ]);

describe('a stepper line named with its sign and a count', () => {
  it('"Standard − once, Reduced + once, Continue": one tap here, the rest read after it', () => {
    const r = interpretStep('Standard − once, Reduced + once, Continue', gallery());
    expect(ids(r)).toEqual(['std-minus']);
    expect(r.settled && r.then).toBe('Reduced + once, then tap Continue');
    const next = interpretStep('Reduced + once, then tap Continue', gallery(1, 0));
    expect(ids(next)).toEqual(['red-plus']);
    expect(next.settled && next.then).toBe('tap Continue');
  });
  it('"Standard −1" and "Iced tea +2": the sign with a number of taps', () => {
    expect(ids(interpretStep('Standard −1', gallery()))).toEqual(['std-minus']);
    const r = interpretStep('Iced tea +2', extras());
    expect(ids(r)).toEqual(['tea-plus']);
    expect(r.settled && r.then).toBe('Iced tea + 1 more times');
  });
  it('"Add one croissant": a word of the line names it', () => {
    expect(ids(interpretStep('Add one croissant', extras()))).toEqual(['cro-plus']);
  });
  it('"On Extras add 1 Iced tea and 2 Almond croissant": the verb goes on to the second count', () => {
    const r = interpretStep('On Extras add 1 Iced tea and 2 Almond croissant', extras());
    expect(ids(r)).toEqual(['tea-plus']);
    expect(r.settled && r.then).toBe('add 2 Almond croissant');
    expect(ids(interpretStep('On Basket add 1 Iced tea', extras()))).toEqual([]);
  });
  it('"Tap + on Almond croissant once": the line\'s +, never its title read loosely', () => {
    expect(ids(interpretStep('Tap + on Almond croissant once', extras()))).toEqual(['cro-plus']);
  });
  it("near miss: a line that is not on screen is never given another line's button", () => {
    expect(ids(interpretStep('Senior − once, Continue', gallery()))).toEqual([]);
  });
  it('near miss: a − that is disabled (the count at 0) is not tapped', () => {
    const r = interpretStep('Member − once', gallery());
    expect(r.settled).toBe(false);
  });
});

describe('a stepper line taken to a count', () => {
  it('"Take standard down to 0": the − tapped twice, the count read back', () => {
    const r = interpretStep('Take standard down to 0', gallery());
    expect(ids(r)).toEqual(['std-minus', 'std-minus']);
    expect(r.settled && r.then).toBe('verify the count of the "standard" line reads 0');
    expect(verdict(interpretStep('verify the count of the "standard" line reads 0', gallery(1)) as never)).toBe(false);
    expect(verdict(interpretStep('verify the count of the "standard" line reads 0', gallery(0)) as never)).toBe(true);
  });
  it('"Make it 1 standard, 1 reduced": the line going down first', () => {
    const r = interpretStep('Make it 1 reduced, 1 standard', gallery());
    expect(ids(r)).toEqual(['std-minus']);
    expect(r.settled && r.then).toBe('verify the count of the "standard" line reads 1, then set reduced to 1');
  });
  it('near miss: "Take standard up to 1" from 2 fails (the count is past it already)', () => {
    const r = interpretStep('Take standard up to 1', gallery());
    expect(r.settled && r.kind === 'check' ? r.passed : 'other').toBe(false);
  });
});

describe("a stepper line's count", () => {
  it('"Standard count 2, Reduced 0, Member 0": the counts, not the prices', () => {
    expect(verdict(interpretAssertion('Standard count 2, Reduced 0, Member 0', gallery()))).toBe(true);
  });
  it('"Standard shows 1" and "Tea 1, croissants 2"', () => {
    expect(verdict(interpretAssertion('Standard shows 2', gallery()))).toBe(true);
    expect(verdict(interpretAssertion('Tea 1, croissants 2', extras()))).toBe(true);
  });
  it('near miss: a wrong count fails', () => {
    expect(verdict(interpretAssertion('Standard shows 1', gallery()))).toBe(false);
    expect(verdict(interpretAssertion('Tea 1, croissants 1', extras()))).toBe(false);
    expect(verdict(interpretAssertion('Reduced 9', gallery()))).toBe(false);
  });
  it('near miss: the price beside the title still reads as the price', () => {
    expect(verdict(interpretAssertion('Standard £14.00', gallery()))).toBe(true);
  });
});

describe('stepper lines said together', () => {
  it('"Standard 2 with − enabled", "All counts 0", "− buttons disabled"', () => {
    expect(verdict(interpretAssertion('Standard 2 with − enabled', gallery()))).toBe(true);
    expect(verdict(interpretAssertion('All counts 0', gallery(0)))).toBe(true);
    expect(verdict(interpretAssertion('All counts 0, − buttons disabled', gallery(0)))).toBe(true);
  });
  it('near miss: a button in the other state, or one count that is not 0, fails', () => {
    expect(verdict(interpretAssertion('Standard 2 with − disabled', gallery()))).toBe(false);
    expect(verdict(interpretAssertion('All counts 0', gallery(1)))).toBe(false);
    expect(verdict(interpretAssertion('− buttons disabled', gallery(1)))).toBe(false);
  });
  it('"Swap a standard for a reduced (Standard −, Reduced +), Continue": the steps in brackets', () => {
    const r = interpretStep('Swap a standard for a reduced (Standard −, Reduced +), Continue', gallery());
    expect(ids(r)).toEqual(['std-minus']);
    expect(r.settled && r.then).toBe('Reduced +, then tap Continue');
  });
  it('near miss: brackets that are no stepper steps leave the step to the other forms', () => {
    const r = interpretStep('Swap a standard for a reduced (see the price list), Continue', gallery());
    expect(ids(r)).toEqual([]);
  });
});
