import { describe, expect, it } from 'vitest';
import { assertionMoment, readAssertionText, stepPoints, type TimelinePoint } from './index';

/**
 * Claims that say at which moment of the case they hold are placed on the case's timeline by its own
 * steps: `at` is the screen step `at` (0-based) was read on, the one step `at - 1` left.
 */

const at = (text: string, steps: string[] | TimelinePoint[], from = 0) => {
  const points = steps.map((s, i) => (typeof s === 'string' ? stepPoints(steps as string[])[i]! : s));
  const r = assertionMoment(text, points, from);
  if (r === null) return null;
  return 'moment' in r ? { at: r.moment.at, claim: r.moment.claim } : 'unresolved';
};

const checkout = [
  'Sign in with jo@x.test / pw',
  'Get to Checkout with 2 Margherita',
  'Tap Apple Pay',
  'Tap Cash on delivery',
];

describe('a claim after a step the lead-in names', () => {
  it('"After Apple Pay: …": the screen the step naming it left', () => {
    expect(at('After Apple Pay: "Paying with Apple Pay"', checkout)).toEqual({
      at: 3,
      claim: '"Paying with Apple Pay"',
    });
    expect(at('After Cash on delivery: "Paying with Cash"', checkout)).toEqual({ at: 4, claim: '"Paying with Cash"' });
    // Near miss: a name no step has is refused, never judged on another screen.
    expect(at('After PayPal: "Paying with PayPal"', checkout)).toBe('unresolved');
  });

  it('a lead-in without a colon ends where a step is named: "After Not now the switch is off again"', () => {
    const steps = ['Profile > Settings', 'Switch on Face ID', 'Tap Not now'];
    expect(at('After Not now the Face ID switch is off again', steps)).toEqual({
      at: 3,
      claim: 'the Face ID switch is off again',
    });
  });

  it('a verb in "-ing": "After saving", "Before saving the screen shows …", "After signing back in"', () => {
    const steps = ['Open Dr Webb', 'Tap Reschedule', 'Pick Mon 20 Apr', 'Check the summary, then tap Save new time'];
    expect(at('Before saving the screen shows "New time: Mon 20 Apr"', steps)).toEqual({
      at: 3,
      claim: 'the screen shows "New time: Mon 20 Apr"',
    });
    expect(at('After saving we are back on the details', steps)).toEqual({
      at: 4,
      claim: 'we are back on the details',
    });
    const again = ['Sign in with jo@x.test / pw', 'Tap Sign out and confirm with Sign out', 'Sign in again'];
    expect(at('After signing out the Sign in screen shows empty fields', again)).toEqual({
      at: 2,
      claim: 'the Sign in screen shows empty fields',
    });
    // Claims follow the steps' order: "signing back in" after the sign-out, not the first sign-in.
    expect(at('After signing back in, Home shows "View basket"', again, 1)).toEqual({
      at: 3,
      claim: 'Home shows "View basket"',
    });
  });

  it('signs and counts: "After +: …", "After the − taps …"', () => {
    const steps = ['Open the basket', 'Tap + on Garlic Bread', 'Tap - on Margherita'];
    expect(at('After +: "2 × Garlic Bread"', steps)).toEqual({ at: 2, claim: '"2 × Garlic Bread"' });
    expect(at('After the − taps the quantity is 1', steps)).toEqual({ at: 3, claim: 'the quantity is 1' });
  });

  it('a moment inside a step: "After Drama" in "Tap Drama, then tap All" is where "tap All" was read', () => {
    const steps = ['Open Films', 'Tap Drama, then tap All'];
    // Without the run's parts of the step (the case editor's reading), the moment is refused.
    expect(at('After Drama only 2 films show', steps)).toBe('unresolved');
    expect(at('After All, all 6 films are back', steps)).toEqual({ at: 2, claim: 'all 6 films are back' });
    // A run read the step in two parts, each on a screen of its own.
    const run = [
      { step: 0, text: 'Open Films' },
      { step: 1, text: 'Tap Drama, then tap All' },
      { step: 1, text: 'tap All' },
    ];
    expect(at('After Drama only 2 films show', run)).toEqual({ at: 2, claim: 'only 2 films show' });
    expect(at('After All, all 6 films are back', run)).toEqual({ at: 3, claim: 'all 6 films are back' });
    expect(at('Before: 6 films', run)).toEqual({ at: 1, claim: '6 films' });
  });

  it('"after the tap" names no step of its own', () => {
    expect(at('After the tap: "Your rating: 4 out of 5"', ['Open Orders, tap Past', 'Tap the 4th star'])).toBe(
      'unresolved',
    );
  });

  it('a time of day no step names stays part of the claim', () => {
    expect(at('After 20:00 the list is empty', checkout)).toBeNull();
    expect(at('After 20:00: "Scheduled for 20:00"', ['Open Checkout', 'Tap Schedule, then 20:00'])).toEqual({
      at: 2,
      claim: '"Scheduled for 20:00"',
    });
  });
});

describe('a claim at a counted moment', () => {
  it('"After the first try" / "After the second try": the step the case repeats', () => {
    const steps = [
      'Open the app',
      'Sign in with jo@x.test and a wrong password',
      'Clear the password and type pw',
      'Tap Sign in',
    ];
    expect(at('After the first try "Email or password is incorrect" is displayed', steps)).toEqual({
      at: 2,
      claim: '"Email or password is incorrect" is displayed',
    });
    expect(at('After the second try Home opens', steps)).toEqual({ at: 4, claim: 'Home opens' });
    expect(at('After the third try Home opens', steps)).toBe('unresolved');
  });

  it('"First tap: …", "After two bookings …", "After the first change: …"', () => {
    const taps = ['Open the app and tap Sign in with both fields empty', 'Fill in jo@x.test and pw and tap Sign in'];
    expect(at('First tap: both errors are shown', taps)).toEqual({ at: 1, claim: 'both errors are shown' });
    expect(at('Second tap: Home opens', taps)).toEqual({ at: 2, claim: 'Home opens' });
    const bookings = ['Sign in', 'Book Dr Shah Mon 13 Apr 09:00', 'Book Dr Naidoo Mon 20 Apr 14:15', 'Check the count'];
    expect(at('After two bookings Upcoming shows "4 upcoming"', bookings)).toEqual({
      at: 3,
      claim: 'Upcoming shows "4 upcoming"',
    });
    const changes = ['Sign in', 'Change address -> Work', 'Change address again -> Home'];
    expect(at('After the first change: "Deliver to Work"', changes)).toEqual({ at: 2, claim: '"Deliver to Work"' });
  });

  it('an ordinal with a noun of a thing is a row, not a moment: "First payee: Jamie Chen"', () => {
    expect(at('First payee: Jamie Chen', ['Open Payments', 'Pay Jamie Chen'])).toBeNull();
    expect(at('First transaction is Interest', ['Open Savings'])).toBeNull();
  });
});

describe('before the last step, and a closing "before …"', () => {
  it('"Before: …" is the screen the last step was read on', () => {
    const steps = ['Prescriptions > Salbutamol', 'Request refill -> Request'];
    expect(at('Before: Refills left 1', steps)).toEqual({ at: 1, claim: 'Refills left 1' });
  });

  it('"… before the tip" names the step that adds it; a word no step names is left to the claim', () => {
    const steps = ['Add 1 Pepperoni, open basket', 'Go to checkout', 'Tap the £2 tip'];
    expect(at('Checkout shows Total £16.93 before the tip', steps)).toEqual({
      at: 2,
      claim: 'Checkout shows Total £16.93',
    });
    expect(at('The total is €97.40 before paying', steps)).toBeNull();
  });

  it('the case editor reads the claim of a moment the steps name, and refuses one they do not', () => {
    expect(readAssertionText('After Apple Pay: "Paying with Apple Pay"', checkout).understood).toBe(true);
    expect(readAssertionText('After PayPal: "Paying with PayPal"', checkout).understood).toBe(false);
  });
});

describe('hostile text: long lead-ins and long step lists are read, never hang, never resolve by accident', () => {
  const long = (w: string, n: number) => Array(n).fill(w).join(' ');
  const steps = stepPoints(
    Array.from({ length: 500 }, (_, i) => `Tap Save ${i}, then tap Next and sign in again ${long('x', 50)}`),
  );

  it('each reading answers (a moment, refused, or none), and a lead-in of nonsense is refused', () => {
    const texts = [
      `After ${long('saving', 400)}: done`,
      `Before ${long('a', 2000)}`,
      `After the ${long('first', 300)} try Home opens`,
      `First ${long('tap', 500)}: x`,
      `${long('Total', 500)} before ${long('the tip', 20)}`,
      `After ${'"'.repeat(1000)}`,
      `After ${long('Save,', 1000)}`,
      `It ${long('was shown', 500)}`,
    ];
    for (const t of texts) {
      const r = assertionMoment(t, steps);
      expect(r === null || 'moment' in r || 'unresolved' in r).toBe(true);
      // The case editor's reading of the same text answers too, with a reason when it refuses.
      const read = readAssertionText(t, ['Tap Save']);
      expect(read.understood || read.reason.length > 0).toBe(true);
    }
    expect(assertionMoment(`After ${long('zzz', 300)}: "x"`, steps)).toMatchObject({ unresolved: expect.any(String) });
  });
});
