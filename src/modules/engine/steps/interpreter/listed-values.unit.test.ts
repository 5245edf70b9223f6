import { describe, expect, it } from 'vitest';
import { interpretAssertion, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims that list names beside quoted texts, claims without a subject ("should say Returned"), and buttons named
 * together ("Renew and Return buttons"). No name of the list is dropped: each must be on screen.
 */

const verdict = (text: string, at: Observation) => {
  const r = interpretAssertion(text, at);
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
};

const loan = () =>
  screen('Loan L-2291', [
    node('button', 'Back', 10, { id: 'back' }),
    node('text', 'Returned', 70, { id: 'loan-status' }),
    node('text', 'Oak Street Library', 120),
    node('text', 'Tue 3 Mar', 170),
    node('text', '2 × Atlas', 220),
    node('text', '€4.50', 270),
    node('button', 'Renew', 400, { id: 'renew' }),
    node('button', 'Return', 450, { id: 'return' }),
  ]);

describe('names listed beside quoted texts', () => {
  it('`should show Oak Street Library, Tue 3 Mar, "2 × Atlas" and €4.50` checks every part', () => {
    expect(verdict('should show Oak Street Library, Tue 3 Mar, "2 × Atlas" and €4.50', loan())).toBe('pass');
  });

  it('near miss: an unquoted part not on screen is never dropped', () => {
    expect(verdict('should show Oak Street Library, Wed 4 Mar, "2 × Atlas" and €4.50', loan())).not.toBe('pass');
    expect(verdict('should show Elm Library and "2 × Atlas"', loan())).not.toBe('pass');
    expect(verdict('should show "2 × Atlas" and a back arrow', loan())).not.toBe('pass');
  });

  it('`Top says "Returned" with "Oak Street Library" and a Renew button`: the control by its kind too', () => {
    expect(verdict('Top says "Returned" with "Oak Street Library" and a Renew button', loan())).toBe('pass');
    expect(verdict('Top says "Returned" with "Oak Street Library" and a Cancel button', loan())).toBe('fail');
  });
});

describe('claims without a subject', () => {
  it('"should say Returned", `should be "Loan L-2291"`', () => {
    expect(verdict('should say Returned', loan())).toBe('pass');
    expect(verdict('should be "Loan L-2291"', loan())).toBe('pass');
  });

  it('near miss: another value is not passed', () => {
    expect(verdict('should say Overdue', loan())).not.toBe('pass');
    expect(verdict('should be "Loan L-2290"', loan())).toBe('fail');
    expect(verdict('should show the loan', loan())).toBe('not settled');
  });
});

describe('buttons named together', () => {
  it('"Renew and Return buttons": both are shown', () => {
    expect(verdict('Renew and Return buttons', loan())).toBe('pass');
  });

  it('near miss: one of them missing fails', () => {
    expect(verdict('Renew and Cancel buttons', loan())).toBe('fail');
  });
});

describe('a text said to be at the top', () => {
  const branches = () =>
    screen('Home', [
      node('text', 'Pick up at Oak Street', 70),
      node('text', '3 Mill Lane, York', 110),
      node('list', null, 200, {
        bounds: { x: 16, y: 200, width: 360, height: 128 },
        children: [
          node('list_item', 'Atlas', 200, { bounds: { x: 16, y: 200, width: 360, height: 64 } }),
          node('list_item', 'Dune', 264, { bounds: { x: 16, y: 264, width: 360, height: 64 } }),
        ],
      }),
    ]);

  it('""Pick up at Oak Street" is shown at the top": the first text under the top bar', () => {
    expect(verdict('"Pick up at Oak Street" is shown at the top', branches())).toBe('pass');
  });

  it('near miss: a text further down is not at the top', () => {
    expect(verdict('"3 Mill Lane, York" is shown at the top', branches())).toBe('fail');
  });
});

describe('options under a heading, claims joined by semicolons', () => {
  const dish = () =>
    screen('Atlas', [
      node('text', 'Cover', 100),
      node('button', 'Hardback', 140),
      node('button', 'Paperback', 180),
      node('text', 'Cover: Hardback', 220),
      node('text', 'Fee', 260),
      node('text', '€0.00', 305),
      node('button', 'Renew', 400),
    ]);

  it('"Cover offers Hardback and Paperback, with "Cover: Hardback" chosen": the heading, each option, the text', () => {
    expect(verdict('Cover offers Hardback and Paperback, with "Cover: Hardback" chosen', dish())).toBe('pass');
    expect(verdict('Cover has Hardback, Paperback; Fee €0.00', dish())).toBe('pass');
  });

  it('near miss: an option or a value not so on screen fails', () => {
    expect(verdict('Cover offers Hardback and Spiral, with "Cover: Hardback" chosen', dish())).toBe('fail');
    expect(verdict('Cover offers Hardback and Paperback, with "Cover: Paperback" chosen', dish())).toBe('fail');
    expect(verdict('Cover has Hardback, Paperback; Fee €1.00', dish())).toBe('fail');
  });

  it('"Return button is gone; Renew still there": each claim', () => {
    expect(verdict('Return button is gone; Renew still there', dish())).toBe('pass');
    expect(verdict('Renew button is gone; Cover still there', dish())).toBe('fail');
  });
});

describe('a name that is one part of a text joined with " · "', () => {
  const visit = () =>
    screen('Reschedule', [node('text', 'Dr Kim Lee · Cardiology', 80), node('text', 'Now booked for Tue 3 Mar', 130)]);

  it('`Reschedule screen shows Dr Kim Lee and "Now booked for Tue 3 Mar"`', () => {
    expect(verdict('Reschedule screen shows Dr Kim Lee and "Now booked for Tue 3 Mar"', visit())).toBe('pass');
  });

  it('near miss: a name no part reads is not passed; an error message is no list of names', () => {
    expect(verdict('Reschedule screen shows Dr Kim Leeds and "Now booked for Tue 3 Mar"', visit())).not.toBe('pass');
    expect(verdict('Should not show "Cardiology or Lee is wrong"', visit())).toBe('pass');
  });
});
