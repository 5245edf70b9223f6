import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims listed with commas (`Ticket screen: Northern Lights, status Confirmed`, `Only Paper Moons shown, caption
 * "…"`) and a name with a value that ends a longer text or label (`Reference RH-48350` with "Booking reference
 * RH-48350"). Each has a near miss.
 */

const verdict = (r: { settled: boolean; passed?: boolean }) => (r.settled ? r.passed : 'not settled');

const ticket = screen('Ticket', [
  node('text', 'Northern Lights', 80),
  node('text', 'Status', 130, { bounds: { x: 16, y: 130, width: 100, height: 30 } }),
  node('text', 'Confirmed', 160, { bounds: { x: 16, y: 160, width: 300, height: 30 } }),
  node('text', 'Booking reference RH-48350', 210),
  node('text', 'Seat reference', 260, { bounds: { x: 16, y: 260, width: 200, height: 30 } }),
  node('text', 'C4-77', 290, { bounds: { x: 16, y: 290, width: 300, height: 30 } }),
]);

describe('claims listed with commas', () => {
  it('`Ticket screen: Northern Lights, status Confirmed`: that screen, then each part', () => {
    expect(verdict(interpretAssertion('Ticket screen: Northern Lights, status Confirmed', ticket))).toBe(true);
  });
  it('near miss: another screen, or a part that does not hold, fails', () => {
    expect(verdict(interpretAssertion('Checkout screen: Northern Lights, status Confirmed', ticket))).toBe(false);
    expect(verdict(interpretAssertion('Ticket screen: Northern Lights, "Paper Moons"', ticket))).toBe(false);
  });
  it('`Only Paper Moons shown, caption "Showing: Comedy"`: each claim alone', () => {
    const films = screen('Now showing', [
      node('text', 'Showing: Comedy', 80),
      node('list', null, 120, {
        bounds: { x: 0, y: 120, width: 393, height: 60 },
        children: [node('list_item', 'Paper Moons', 120)],
      }),
    ]);
    expect(verdict(interpretAssertion('Only Paper Moons shown, caption "Showing: Comedy"', films))).toBe(true);
    expect(verdict(interpretAssertion('Only Paper Moons shown, caption "Showing: Drama"', films))).toBe(false);
  });
  it('near miss: a list that starts with "No" is never split into its parts', () => {
    expect(verdict(interpretAssertion('No Northern Lights, "Confirmed"', ticket))).not.toBe(true);
  });
});

describe('a name and a value that end a longer text or label', () => {
  it('`Reference RH-48350` with "Booking reference RH-48350" passes; another value fails', () => {
    expect(verdict(interpretAssertion('Reference RH-48350', ticket))).toBe(true);
    expect(verdict(interpretAssertion('Reference RH-48357', ticket))).toBe(false);
  });
  it('`Reference C4-77` beside the label "Seat reference"; another value there fails', () => {
    const seat = screen('Seat', [
      node('text', 'Seat reference', 260, { bounds: { x: 16, y: 260, width: 200, height: 30 } }),
      node('text', 'C4-77', 290, { bounds: { x: 16, y: 290, width: 300, height: 30 } }),
    ]);
    expect(verdict(interpretAssertion('Reference C4-77', seat))).toBe(true);
    expect(verdict(interpretAssertion('Reference C4-78', seat))).toBe(false);
  });
});
