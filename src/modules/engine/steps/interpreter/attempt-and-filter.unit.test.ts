import { describe, expect, it } from 'vitest';
import { interpretStep, parseStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * "Try tapping X" (the attempt, as "Try to tap X"), "Filter by Comedy" / "Sort by Price" (that chip or option), and
 * "No thanks" as a whole step below the fold (a button of that very name). Each has a near miss.
 */

const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];

describe('"Try tapping X"', () => {
  it('is the attempt "Try to tap X", made even on a disabled control', () => {
    const p = parseStep('Try tapping "20:30 · Sold out"');
    expect(p.understood && p.intent.kind === 'tap' && p.intent.target).toEqual({
      text: '20:30 · Sold out',
      attempt: true,
    });
  });
  it('near miss: "Try typing 5" is no tap', () => {
    const p = parseStep('Try typing 5');
    expect(p.understood && p.intent.kind === 'tap').toBe(false);
  });
});

describe('"Filter by X"', () => {
  const chips = screen('Now showing', [
    node('button', 'All', 100, { id: 'chip-all' }),
    node('button', 'Comedy', 100, { id: 'chip-comedy', bounds: { x: 120, y: 100, width: 80, height: 40 } }),
  ]);
  it('taps the chip of that name', () => {
    expect(ids(interpretStep('Filter by Comedy', chips))).toEqual(['chip-comedy']);
  });
  it('near miss: a name no chip has taps nothing', () => {
    const r = interpretStep('Filter by Horror', chips);
    expect(r.settled && r.kind === 'actions').toBe(false);
  });
});

describe('"No thanks" below the fold', () => {
  const snacks = (name: string) =>
    screen('Snacks', [
      node('list', null, 60, {
        bounds: { x: 0, y: 60, width: 393, height: 1200 },
        children: [node('text', 'Salted popcorn', 100), node('button', name, 1100, { id: 'skip' })],
      }),
    ]);
  it('is scrolled to, then the button of that very name is tapped', () => {
    const r = interpretStep('No thanks', snacks('No thanks'));
    expect(r.settled && r.kind).toBe('scroll_until');
    expect(r.settled && r.then).toMatch(/^(?:tap )?No thanks$/);
  });
  it('near miss: "No snacks" as a claim-like step on a screen that does not scroll is not read', () => {
    const flat = screen('Snacks', [node('button', 'Skip', 300)]);
    expect(interpretStep('No snacks', flat).settled).toBe(false);
  });
});
