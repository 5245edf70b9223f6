import { describe, expect, it } from 'vitest';
import { assertionReveal, interpretAssertion, type CheckResolution, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A name and the value it keeps ("Status still Confirmed", "Total unchanged at £36.00"), a value that repeats its
 * label's name ("Screen 2" under "Screen"), the screen's title before a colon ("Ticket: …"), and a label at the
 * bottom edge whose value is below the fold; switches by name with a lower-case state, the screen and the session
 * in one claim, quoted texts and what they are. Each has a near miss that must fail or stay unsettled.
 */

const verdict = (r: CheckResolution) => (r.settled ? (r.passed ? 'passed' : 'failed') : 'not settled');

/** A details screen whose labels sit above their values, one under another. */
const ticket = (): Observation => {
  const text = (t: string, y: number, id: string) =>
    node('text', t, y, { id, bounds: { x: 20, y, width: 353, height: 22 } });
  return screen('Ticket', [
    text('The Quiet Harbour', 100, 'ticket-film'),
    text('Confirmed', 140, 'ticket-status'),
    text('Booking reference', 180, 'ticket-ref-label'),
    text('RH-48213', 210, 'ticket-ref-value'),
    text('Screen', 250, 'ticket-screen-label'),
    text('Screen 2', 280, 'ticket-screen-value'),
    text('Total paid', 320, 'ticket-total-label'),
    text('£26.50', 350, 'ticket-total-value'),
    node('button', 'Cancel booking', 420, { id: 'cancel-booking' }),
  ]);
};

const check = (claim: string, obs: Observation = ticket()) => verdict(interpretAssertion(claim, obs));

describe('a name and the value it keeps', () => {
  it('"Status still Confirmed" reads as "Status is still Confirmed"; another status fails', () => {
    expect(check('Status still Confirmed')).toBe('passed');
    expect(check('Status still Cancelled')).toBe('failed');
  });

  it('"Total paid unchanged at £26.50", "stays at", "remains": the label\'s value; another amount fails', () => {
    expect(check('Total paid unchanged at £26.50')).toBe('passed');
    expect(check('Total paid stays at £26.50')).toBe('passed');
    expect(check('Total paid remains £26.50')).toBe('passed');
    expect(check('Total paid unchanged at £30.00')).toBe('failed');
    expect(check('Total paid still £26.60')).toBe('failed');
  });

  it('a state or a place after "still" keeps its own reading, in a list too', () => {
    expect(check('Cancel booking still there')).toBe('passed');
    expect(check('Status still Confirmed, Cancel booking still there')).toBe('passed');
    expect(check('Status still Cancelled, Cancel booking still there')).toBe('failed');
  });
});

describe('a name and the value it changed to, a control replaced by another', () => {
  it('"Total paid goes from £20.00 to £26.50" reads the value now; the value it had, or another, fails', () => {
    expect(check('Total paid goes from £20.00 to £26.50')).toBe('passed');
    expect(check('Total paid changes to £26.50')).toBe('passed');
    expect(check('Total paid goes up from £20.00 to £26.50.')).toBe('passed');
    expect(check('Total paid goes from £26.50 to £20.00')).toBe('failed');
    expect(check('Total paid drops to £19.00')).toBe('failed');
    // A message's own words are not rewritten.
    const moved = screen('Done', [
      node('text', '£100.00 moved from your Savings account to your Current account.', 80),
    ]);
    expect(check('"£100.00 moved from your Savings account to your Current account." is displayed', moved)).toBe(
      'passed',
    );
  });

  it('near miss: a second moment, or a statement before the verb, is not read so', () => {
    expect(check('Total paid goes to £20.00 and then £26.50')).not.toBe('passed');
    expect(check('The total is shown and goes to £26.50')).not.toBe('passed');
  });

  it('"Cancel booking button is replaced by "Rebook"": the first gone and the second shown', () => {
    const rebooked = () =>
      screen('Ticket', [node('text', 'Cancelled', 140, { id: 'st' }), node('button', 'Rebook', 420, { id: 'rebook' })]);
    expect(check('Cancel booking button is replaced by "Rebook"', rebooked())).toBe('passed');
    expect(check('Cancel booking button is replaced by "Rebook"')).toBe('failed');
    expect(check('Cancel booking button is replaced with a Refund button', rebooked())).toBe('failed');
  });
});

describe('a value that repeats its label', () => {
  it('"Screen 2" under a label "Screen" whose value reads "Screen 2"; "Screen 3" fails', () => {
    expect(check('Booking reference RH-48213, Screen 2')).toBe('passed');
    expect(check('Booking reference RH-48213, Screen 3')).toBe('failed');
  });
});

describe("the screen's title before a colon", () => {
  it('"Ticket: The Quiet Harbour, Confirmed, reference RH-48213": each part on the Ticket screen', () => {
    expect(check('Ticket: The Quiet Harbour, Confirmed, reference RH-48213')).toBe('passed');
  });

  it('a part the screen does not show, or another value, is no pass', () => {
    expect(check('Ticket: The Quiet Harbour, Cancelled, reference RH-48213')).not.toBe('passed');
    expect(check('Ticket: The Quiet Harbour, Confirmed, reference RH-48214')).toBe('failed');
    expect(check('Ticket: Northern Lights')).not.toBe('passed');
  });

  it('on a screen with another title the colon is a label and its value as before', () => {
    const other = screen('Booking', [node('text', 'The Quiet Harbour', 100), node('text', 'Confirmed', 140)]);
    expect(check('Ticket: The Quiet Harbour, Confirmed', other)).not.toBe('passed');
  });
});

describe('a label at the bottom edge', () => {
  it('its value below the fold: a scroll down to the end; a label with its value shown is none', () => {
    const rows = Array.from({ length: 14 }, (_, i) => node('text', `Row ${i + 1}`, 70 + i * 50));
    const obs = screen('Tickets', [
      node('list', null, 60, { bounds: { x: 0, y: 60, width: 393, height: 800 }, children: rows }),
      node('text', 'Tickets total', 820, { bounds: { x: 20, y: 820, width: 353, height: 18 } }),
    ]);
    const plan = assertionReveal('Tickets total £12.50', obs);
    expect(plan?.toEnd).toBe(true);
    expect(plan?.direction).toBe('down');
    expect(assertionReveal('Total paid £26.50', ticket())).toBeNull();
  });

  it('a quoted label and its value below the fold: a scroll to the label', () => {
    const rows = Array.from({ length: 14 }, (_, i) => node('text', `Row ${i + 1}`, 70 + i * 50));
    const obs = screen('Checkout', [
      node('list', null, 60, { bounds: { x: 0, y: 60, width: 393, height: 800 }, children: rows }),
      node('text', 'Voucher REEL5', 1000, { bounds: { x: 20, y: 1000, width: 200, height: 18 } }),
      node('text', '−£5.00', 1000, { bounds: { x: 280, y: 1000, width: 80, height: 18 } }),
    ]);
    expect(assertionReveal('Summary shows "Voucher REEL5" −£5.00', obs)?.target.text).toBe('Voucher REEL5');
  });
});

describe('switches and the session said short', () => {
  const settings = (): Observation =>
    screen('Account', [
      node('text', 'Settings', 100),
      node('toggle', 'Booking reminders', 150, { checked: false }),
      node('toggle', 'Offers and news by email', 200, { checked: true }),
      node('toggle', 'Save payment details', 250, { checked: true }),
      node('button', 'Sign out', 320, { id: 'sign-out' }),
    ]);

  it('"Booking reminders off, Offers on, Save payment details still on": each switch by its name or first word', () => {
    expect(check('Booking reminders off, Offers on, Save payment details still on', settings())).toBe('passed');
    expect(check('Offers on', settings())).toBe('passed');
    expect(check('Booking reminders off, Offers off, Save payment details still on', settings())).toBe('failed');
    expect(check('Booking reminders on', settings())).toBe('failed');
  });

  it('a name no text on screen holds is not read as a switch', () => {
    expect(check('Log on', settings())).not.toBe('passed');
    expect(check('Newsletter on', settings())).not.toBe('passed');
  });

  it('"Dialog closes, still on Account and signed in": the screen, and the session', () => {
    expect(check('Dialog closes, still on Account and signed in', settings())).toBe('passed');
    expect(check('Still on Account and signed out', settings())).toBe('failed');
    expect(check('Still on Films and signed in', settings())).toBe('failed');
  });
});

describe('quoted texts and what they are', () => {
  const summary = () => screen('Checkout', [node('text', '1 × Popcorn', 100), node('text', '2 × Soft drink', 140)]);

  it('\'"1 × Popcorn" and "2 × Soft drink" lines\': each text shown; one missing fails', () => {
    expect(check('"1 × Popcorn" and "2 × Soft drink" lines', summary())).toBe('passed');
    expect(check('"1 × Popcorn" and "3 × Soft drink" lines', summary())).toBe('failed');
  });
});
