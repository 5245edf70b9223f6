import { describe, expect, it } from 'vitest';
import { keyCodeFor, keyCodeOf, normalizeKeyCode } from '../../../../worker/key-names';
import { interpretAssertion, interpretStep, parseStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Everyday QA forms said of several things at once, on hand-built screens: switches together,
 * lists of checks, a form's part, rows by place, steps that describe instead of naming.
 */

const extras = (insurance: boolean, bag: boolean, bagEnabled = true) =>
  screen('Extras', [
    node('toggle', 'Travel insurance', 100, { id: 'insurance', checked: insurance }),
    node('toggle', 'Extra checked bag', 150, { id: 'bag', checked: bag, enabled: bagEnabled }),
    node('text', 'Extras total', 200),
    node('text', '€30.00', 200, { bounds: { x: 300, y: 200, width: 60, height: 40 } }),
    node('button', 'Continue', 400, { id: 'continue' }),
  ]);

const taps = (r: Resolution) => (r.settled && r.kind === 'actions' ? r.actions.length : -1);
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : `not settled: ${r.reason}`);

describe('switches together', () => {
  it('turns on both switches, tapping only the ones that are off', () => {
    expect(taps(interpretStep('Turn on both extras', extras(false, true)))).toBe(1);
    expect(taps(interpretStep('Switch both switches off', extras(true, true)))).toBe(2);
  });

  it('"both" on a screen without exactly two switches is not settled', () => {
    const one = screen('Settings', [node('toggle', 'Dark mode', 100, { checked: false })]);
    const r = interpretStep('Turn on both switches', one);
    expect(r.settled).toBe(false);
  });

  it('a disabled switch is not tapped by "turn on both", but "try to turn X on" touches it', () => {
    expect(interpretStep('Turn on both extras', extras(false, false, false)).settled).toBe(false);
    expect(taps(interpretStep('Try to turn Extra checked bag on', extras(false, false, false)))).toBe(1);
  });

  it('"Both switches are on" and "Leave both extras off" are checks that can fail', () => {
    expect(verdict(interpretAssertion('Both switches are on', extras(true, true)))).toBe(true);
    expect(verdict(interpretAssertion('Both switches are on', extras(true, false)))).toBe(false);
    // Without the verb, of switches by that name only.
    expect(verdict(interpretAssertion('Both switches on', extras(true, true)))).toBe(true);
    expect(verdict(interpretAssertion('All switches off', extras(true, false)))).toBe(false);
    expect(verdict(interpretAssertion('All switches off', extras(false, false)))).toBe(true);
    const leave = interpretStep('Leave both extras off', extras(false, true));
    expect(leave.settled && leave.kind === 'check' && leave.passed).toBe(false);
  });
});

describe('checks said of several things', () => {
  const profile = screen('Profile', [
    node('text', 'Email', 100),
    node('text', 'alex@x.test', 140),
    node('text', 'Phone', 190),
    node('text', '+44 7700 900123', 230),
    node('button', 'Edit profile', 300),
    node('button', 'Settings', 350),
    node('button', 'Sign out', 400),
  ]);

  it('"Buttons A, B and C are available" checks each button', () => {
    expect(verdict(interpretAssertion('Buttons Edit profile, Settings and Sign out are available', profile))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Buttons Edit profile, Help and Sign out are available', profile))).toBe(false);
  });

  it('"X (V) and Y (W) are unchanged" reads each value', () => {
    expect(verdict(interpretAssertion('Email (alex@x.test) and phone (+44 7700 900123) are unchanged', profile))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Email (alex@x.test) and phone (+44 7700 900124) are unchanged', profile))).toBe(
      false,
    );
  });

  it('a name with a comma stays one name: "Welcome, demo is visible" is not two checks', () => {
    const parsed = parseStep('Welcome, demo is visible');
    expect(parsed.understood && parsed.intent.kind === 'check' && parsed.intent.check.kind).toBe('visible');
  });

  it('"X is off and disabled" gives the second state the same subject', () => {
    expect(verdict(interpretAssertion('Extra checked bag is off and disabled', extras(false, false, false)))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Extra checked bag is off and disabled', extras(false, false, true)))).toBe(
      false,
    );
  });
});

describe("a form's part and rows by place", () => {
  const passengers = screen('Passenger details', [
    node('text', 'Passenger 1 (lead passenger)', 80),
    node('input', 'Alex', 120, { id: 'p1-first' }),
    node('input', 'Morgan', 170, { id: 'p1-last' }),
    node('text', 'Passenger 2', 230),
    node('input', '', 270, { id: 'p2-first' }),
    node('input', 'Sam', 320, { id: 'p2-last' }),
    node('button', 'Continue', 400),
  ]);

  it('"The lead passenger is Alex Morgan" reads the fields under that heading in order', () => {
    expect(verdict(interpretAssertion('The lead passenger is Alex Morgan', passengers))).toBe(true);
    expect(verdict(interpretAssertion('The lead passenger is Alex Morgen', passengers))).toBe(false);
  });

  it('"Leave Passenger 2 empty" fails when one of its fields holds text', () => {
    const r = interpretStep('Leave Passenger 2 empty', passengers);
    expect(r.settled && r.kind === 'check' && r.passed).toBe(false);
  });

  it('"The first row is …" compares the first row of the list', () => {
    const flights = screen('Flights', [
      node('list', null, 100, {
        bounds: { x: 0, y: 100, width: 393, height: 300 },
        children: [node('list_item', '18:45 → 21:00', 100), node('list_item', '07:10 → 09:25', 150)],
      }),
    ]);
    expect(verdict(interpretAssertion('The first row is "18:45 → 21:00"', flights))).toBe(true);
    expect(verdict(interpretAssertion('The second row is "18:45 → 21:00"', flights))).toBe(false);
  });
});

describe('a label with a qualifier in parentheses', () => {
  const b = (x: number, y: number, width: number) => ({ bounds: { x, y, width, height: 20 } });
  const review = (base: string) =>
    screen('Review booking', [
      node('text', 'Base fare (2 × €79.00)', 200, { id: 'base-fare-label', ...b(16, 200, 200) }),
      node('text', base, 200, { id: 'base-fare-value', ...b(300, 200, 77) }),
      node('text', 'Taxes and fees', 230, { id: 'taxes-label', ...b(16, 230, 200) }),
      node('text', '€36.80', 230, { id: 'taxes-value', ...b(300, 230, 77) }),
      node('text', 'Total', 260, { id: 'total-label', ...b(16, 260, 200) }),
      node('text', '€194.80', 260, { id: 'total-value', ...b(300, 260, 77) }),
    ]);

  it('"Base fare €158.00" reads the value beside "Base fare (2 × €79.00)"', () => {
    const text = 'Check the Total is €194.80 (Base fare €158.00, Taxes and fees €36.80)';
    expect(verdict(interpretAssertion(text, review('€158.00')))).toBe(true);
    expect(verdict(interpretAssertion(text, review('€168.00')))).toBe(false);
    expect(verdict(interpretAssertion('Base fare is €158.00', review('€158.00')))).toBe(true);
    // The qualifier is not read as the value.
    expect(verdict(interpretAssertion('Base fare is €79.00', review('€158.00')))).toBe(false);
  });
});

describe('a note to self after a check', () => {
  it('"Verify "A" and "B", and write down the booking reference" checks both, the note is a clause of its own', () => {
    const done = (total: string) =>
      screen('Booking confirmed', [node('text', "You're going to Paris!", 100), node('text', total, 150)]);
    const text = 'Verify "You\'re going to Paris!" and "Total paid: €278.80", and write down the booking reference';
    const r = interpretStep(text, done('Total paid: €278.80'));
    expect(r.settled && r.kind === 'check' && r.passed).toBe(true);
    expect(r.settled && r.then).toBe('write down the booking reference');
    const wrong = interpretStep(text, done('Total paid: €218.80'));
    expect(wrong.settled && wrong.kind === 'check' && wrong.passed).toBe(false);
  });
});

describe('steps that name nothing, keys', () => {
  it.each([
    'Enter valid credentials',
    'I enter my email',
    'Fill the password field with a wrong password',
    'I should see all videos',
    'User has a "tv" product in "active" status',
  ])('"%s" is not understood rather than guessed', (text) => {
    expect(parseStep(text).understood).toBe(false);
  });

  it('a quoted value, or one in capitals, is typed as written, whatever its words', () => {
    const parsed = parseStep('Enter "my email" in the Notes field');
    expect(parsed.understood && parsed.intent.kind).toBe('type');
    const capitals = parseStep('Type NEW YORK (all capitals) in To');
    expect(capitals.understood && capitals.intent.kind === 'type' && capitals.intent.text).toBe('NEW YORK');
  });

  it('a whole booking in one phrase says why it is left to a model', () => {
    const parsed = parseStep('Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare, no extras');
    expect(parsed.understood ? null : parsed.reason).toMatch(/whole flow in one phrase/);
  });

  it('key names are one list: prose, keycodes and alternatives', () => {
    expect(keyCodeFor('Enter / Done')).toBe('ENTER');
    expect(keyCodeFor('the Return key')).toBe('ENTER');
    expect(normalizeKeyCode('KEYCODE_DPAD_UP')).toBe('DPAD_UP');
    expect(normalizeKeyCode('backspace')).toBe('DEL');
    expect(normalizeKeyCode('rm -rf /')).toBeNull();
    expect(keyCodeOf('rm -rf /')).toBeNull();
    expect(keyCodeOf('keycode_media_play_pause')).toBe('MEDIA_PLAY_PAUSE');
    expect(keyCodeFor('Submit')).toBeNull();
    const parsed = parseStep('Press the Enter / Done key on the on-screen keyboard');
    expect(parsed.understood && parsed.intent.kind === 'key' && parsed.intent.key).toBe('ENTER');
  });
});
