import { describe, expect, it } from 'vitest';
import { interpretAssertion, type CheckResolution, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims said of the screen showing: several labels with their values ("Date is Mon 4 May and Time is 16:40"), a
 * details screen named as the subject ("Booking details still show …"), a title and what it holds after a colon,
 * a value and a message that must not show, and a screen with a button on it. Each has a near miss that must fail
 * or stay unsettled.
 */

const verdict = (r: CheckResolution) => (r.settled ? (r.passed ? 'passed' : 'failed') : 'not settled');

/** A label on the left and its value on the right, on one line. */
const pair = (label: string, value: string, y: number) => [
  node('text', label, y, { bounds: { x: 16, y, width: 120, height: 30 } }),
  node('text', value, y, { bounds: { x: 200, y, width: 170, height: 30 } }),
];

const details = (): Observation => {
  const obs = screen('Booking', [
    node('text', 'Kim Lee', 80),
    ...pair('Date', 'Mon 4 May', 140),
    ...pair('Time', '16:40', 180),
    ...pair('Type', 'Video', 220),
    ...pair('Phone', '07700 900111', 260),
    node('button', 'Change time', 320),
  ]);
  // The top bar holds a way back: the screen was opened from another.
  const bar = obs.tree.children[0]!.children[0]!;
  bar.children = [node('button', 'Back', 0, { id: 'nav-back', bounds: { x: 0, y: 8, width: 60, height: 40 } })];
  return obs;
};

const home = () =>
  screen('Home', [node('button', 'Bookings', 60), node('text', 'Hello, Kim', 120), ...pair('Time', '16:40', 180)]);

describe('several labels and values in one claim', () => {
  it('"Date is Mon 4 May and Time is 16:40": each label with its value (a time is no label and value)', () => {
    expect(verdict(interpretAssertion('Date is Mon 4 May and Time is 16:40', details()))).toBe('passed');
    expect(verdict(interpretAssertion('Time is 16:40', details()))).toBe('passed');
  });

  it('near miss: a wrong time fails', () => {
    expect(verdict(interpretAssertion('Date is Mon 4 May and Time is 16:45', details()))).toBe('failed');
  });
});

describe('a details screen named as the subject', () => {
  it('"Booking details still show Date … and Time …" on that screen', () => {
    const r = interpretAssertion('Booking details still show Date Mon 4 May and Time 16:40', details());
    expect(verdict(r)).toBe('passed');
    expect(verdict(interpretAssertion('Details show Date Mon 4 May and Time 16:40', details()))).toBe('passed');
  });

  it('near miss: a wrong value fails', () => {
    const r = interpretAssertion('Booking details still show Date Mon 4 May and Time 09:30', details());
    expect(verdict(r)).toBe('failed');
  });

  it('near miss: said of details on a top screen (no way back) is not judged there', () => {
    expect(verdict(interpretAssertion('Details show Date Mon 4 May and Time 16:40', home()))).toBe('not settled');
    expect(verdict(interpretAssertion('Booking details show Date Mon 4 May and Time 16:40', home()))).toBe(
      'not settled',
    );
  });
});

describe('a title and what it holds after a colon', () => {
  it('"Booking: Kim Lee, Mon 4 May, 16:40, Video, Phone 07700 900111": each text or label and value', () => {
    const r = interpretAssertion('Booking: Kim Lee, Mon 4 May, 16:40, Video, Phone 07700 900111', details());
    expect(verdict(r)).toBe('passed');
  });

  it('"Details: Date Mon 4 May, Time 16:40, Type Video": a label that is also a verb ("Type") names a value', () => {
    expect(verdict(interpretAssertion('Details: Date Mon 4 May, Time 16:40, Type Video', details()))).toBe('passed');
  });

  it('near miss: a value the screen does not show is not passed', () => {
    expect(verdict(interpretAssertion('Booking: Kim Lee, Mon 4 May, 09:30, Video', details()))).not.toBe('passed');
    expect(verdict(interpretAssertion('Details: Date Mon 4 May, Time 16:40, Type In person', details()))).toBe(
      'failed',
    );
  });
});

describe('a value and a message that must not show', () => {
  const profile = (notice: boolean) =>
    screen('Profile', [
      ...(notice ? [node('text', 'Profile updated', 80)] : []),
      ...pair('Phone', '07700 900111', 140),
    ]);

  it('"Profile still shows 07700 900111 and no "Profile updated" message"', () => {
    const r = interpretAssertion('Profile still shows 07700 900111 and no "Profile updated" message', profile(false));
    expect(verdict(r)).toBe('passed');
  });

  it('near miss: the message shows, or the number differs', () => {
    const claim = 'Profile still shows 07700 900111 and no "Profile updated" message';
    expect(verdict(interpretAssertion(claim, profile(true)))).toBe('failed');
    const other = 'Profile still shows 07700 900999 and no "Profile updated" message';
    expect(verdict(interpretAssertion(other, profile(false)))).not.toBe('passed');
  });
});

describe('a screen and a button on it', () => {
  it('"Booking still has the Change time button"', () => {
    expect(verdict(interpretAssertion('Booking still has the Change time button', details()))).toBe('passed');
    expect(verdict(interpretAssertion('Booking no longer has the Change time button', details()))).toBe('failed');
  });

  it('near miss: said of another screen is not judged; a button that is not there fails', () => {
    expect(verdict(interpretAssertion('Booking still has the Change time button', home()))).toBe('not settled');
    expect(verdict(interpretAssertion('Booking still has the Cancel button', details()))).toBe('failed');
  });
});

describe('two claims split by a semicolon', () => {
  it('near miss: "Only A remains (…); B is gone" is never one element\'s absence', () => {
    const r = interpretAssertion('Only Kim Lee remains (Video · Mon 4 May); Sam Park is gone', details());
    expect(verdict(r)).not.toBe('passed');
  });
});

describe('buttons that must not be there, and a described text said "shown"', () => {
  it('"No Change time / Cancel buttons", "No Cancel button": none of them, as a button', () => {
    expect(verdict(interpretAssertion('No Delete / Cancel buttons', details()))).toBe('passed');
    expect(verdict(interpretAssertion('No Cancel button', details()))).toBe('passed');
  });

  it('near miss: one of them on screen fails', () => {
    expect(verdict(interpretAssertion('No Delete / Change time buttons', details()))).toBe('failed');
    expect(verdict(interpretAssertion('No Change time or Delete button', details()))).toBe('failed');
  });

  it('"Caller note "Kim Lee" shown": the quoted text is on screen; another text fails', () => {
    expect(verdict(interpretAssertion('Caller note "Kim Lee" shown', details()))).toBe('passed');
    expect(verdict(interpretAssertion('Caller note "Sam Park" shown', details()))).toBe('failed');
  });
});

describe('a part of the screen, or a screen by its title, as the subject', () => {
  const checkout = () =>
    screen('Checkout', [
      node('text', 'Deliver to Work', 80),
      ...pair('Voucher REEL5', '−£5.00', 140),
      ...pair('Total', '£18.48', 180),
    ]);
  const greeting = () => screen('Home', [node('text', 'Good evening, Sammy', 80), node('button', 'Home', 780)]);
  const orders = () =>
    screen('Orders', [
      node('text', 'Active orders', 60),
      node('list', null, 100, {
        bounds: { x: 0, y: 100, width: 393, height: 120 },
        children: [node('list_item', 'Luigi', 100), node('list_item', 'Green Bowl', 150)],
      }),
    ]);

  it('"Summary shows "Voucher REEL5" −£5.00 and Total £18.48": a part word, then each part on this screen', () => {
    expect(verdict(interpretAssertion('Summary shows "Voucher REEL5" −£5.00 and Total £18.48', checkout()))).toBe(
      'passed',
    );
    expect(verdict(interpretAssertion('Summary shows "Deliver to Work"', checkout()))).toBe('passed');
  });

  it('near miss: another amount fails; a part that reads as nothing is left to the model', () => {
    expect(verdict(interpretAssertion('Summary shows "Voucher REEL5" −£6.00', checkout()))).toBe('failed');
    expect(verdict(interpretAssertion('Summary shows the voucher and more', checkout()))).not.toBe('passed');
  });

  it('a remark in brackets after the quote is no value of it', () => {
    const remark = (n: number) => `Summary still reads "Deliver to Work${n ? ` ${n}` : ''}" (plugs are not counted)`;
    expect(verdict(interpretAssertion(remark(0), checkout()))).toBe('passed');
    expect(verdict(interpretAssertion(remark(2), checkout()))).not.toBe('passed');
  });

  it('"Home greeting: "Good evening, Sammy"": the screen by its title and a part of it', () => {
    expect(verdict(interpretAssertion('Home greeting: "Good evening, Sammy"', greeting()))).toBe('passed');
  });

  it('near miss: another name is not passed; said on another screen it is not judged', () => {
    expect(verdict(interpretAssertion('Home greeting: "Good evening, Sam"', greeting()))).not.toBe('passed');
    expect(verdict(interpretAssertion('Home greeting: "Good evening, Sammy"', checkout()))).toBe('not settled');
  });

  it('"Orders is shown again with "Active orders" and all two orders": that screen, the text, the rows counted', () => {
    expect(verdict(interpretAssertion('Orders is shown again with "Active orders" and all two orders', orders()))).toBe(
      'passed',
    );
  });

  it('near miss: another count fails; said of another screen it is not judged', () => {
    const three = 'Orders is shown again with "Active orders" and all three orders';
    expect(verdict(interpretAssertion(three, orders()))).toBe('failed');
    const two = 'Orders is shown again with "Active orders" and all two orders';
    expect(verdict(interpretAssertion(two, greeting()))).toBe('not settled');
  });
});
