import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * "The appointment is cancelled": the state an action left a thing in, said by the thing's kind. A text holding
 * both words says so, or the thing's own screen showing the state alone; nothing that says so is not settled.
 */
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');
const upcoming = (message: string) =>
  screen('Appointments', [node('text', message, 80), node('list_item', 'Dr Priya Shah', 140)]);
const order = (status: string) =>
  screen('Order FK-20418', [node('text', 'Status', 80), node('text', status, 125), node('text', 'Total £21.98', 170)]);

describe('a thing in the state an action left it in', () => {
  it('is so when a text holds the thing and the state', () => {
    expect(verdict(interpretAssertion('The appointment is cancelled', upcoming('Appointment cancelled')))).toBe(true);
    expect(verdict(interpretAssertion('Your appointment has been canceled', upcoming('Appointment cancelled')))).toBe(
      true,
    );
  });

  it('is so on the thing’s own screen showing the state alone', () => {
    expect(verdict(interpretAssertion('The order is cancelled', order('Cancelled')))).toBe(true);
  });

  it('near misses: another state, or another thing, say nothing', () => {
    expect(verdict(interpretAssertion('The appointment is cancelled', upcoming('Appointment booked')))).toBe(
      'not settled',
    );
    expect(verdict(interpretAssertion('The booking is cancelled', order('Cancelled')))).toBe('not settled');
    expect(verdict(interpretAssertion('The order is cancelled', order('Preparing')))).toBe('not settled');
  });

  it('is not so on the thing’s own screen whose status reads another state', () => {
    expect(verdict(interpretAssertion('The order is cancelled', order('Placed')))).toBe(false);
  });
});
