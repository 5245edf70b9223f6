import { describe, expect, it } from 'vitest';
import { checkReveal, interpretAssertion, judgeCheck } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/**
 * Claims that something is absent, said by its kind ("No password error", "No Promo line is added", "No
 * sold-out showings", "Only A and B remain", "No order is placed - we are still on Checkout"), on hand-built
 * screens: each reading, and a near miss that fails or is left not settled.
 */

const verdict = (step: string, on: Parameters<typeof interpretAssertion>[1]) => {
  const r = interpretAssertion(step, on);
  return r.settled ? r.passed : 'not settled';
};

/** A sign-in form sent with some fields empty: an error under each, or none. */
const signIn = (emailError: boolean, passwordError: boolean) =>
  screen('Sign in', [
    ...labelled('Email', 'email', 80),
    ...(emailError ? [node('text', 'Enter your email address', 170, { id: 'email-error' })] : []),
    ...labelled('Password', 'password', 220, '••••'),
    ...(passwordError ? [node('text', 'Enter your password', 310, { id: 'password-error' })] : []),
    node('button', 'Sign in', 400, { id: 'sign-in' }),
  ]);

/** A basket's summary, with a promo line or not, and more below the fold when `long`. */
const basket = (promo: boolean, long = false) =>
  screen('Basket', [
    node('text', 'Subtotal', 100),
    node('text', '£19.00', 140),
    ...(promo ? [node('text', 'Promo SAVE10', 180), node('text', '−£1.90', 220)] : []),
    node('text', 'Total', 260),
    node('text', '£21.98', 300),
    ...labelled('Promo code', 'promo-code', 340),
    node('button', 'Apply', 440),
    ...(long ? [node('button', 'Go to checkout', 800)] : []),
  ]);

const showtimes = (soldOut: boolean) =>
  screen('Northern Lights', [
    node('text', 'Showtimes', 100),
    node('button', '14:10 · Screen 3', 150),
    soldOut ? node('button', '20:30 · Sold out', 200, { enabled: false }) : node('button', '20:30 · Screen 1', 200),
  ]);

const row = (name: string, line: string, y: number) =>
  node('list_item', name, y, {
    bounds: { x: 16, y, width: 360, height: 60 },
    children: [node('text', line, y + 30, { bounds: { x: 30, y: y + 30, width: 300, height: 20 } })],
  });
const schedules = (names: string[], y = 120) =>
  screen('Schedules', [
    node('text', '1 upcoming', 80),
    node('list', null, y, {
      bounds: { x: 16, y, width: 360, height: 70 * names.length },
      children: names.map((n, i) => row(n, `${n} at 0${i + 6}:45`, y + 70 * i)),
    }),
  ]);

describe('no error of a field', () => {
  it('"No password error" passes while only another field has its error', () => {
    expect(verdict('No password error', signIn(true, false))).toBe(true);
    expect(verdict('No password error shown', signIn(false, false))).toBe(true);
  });

  it('fails when that field shows its error, and is not settled for a field the screen lacks', () => {
    expect(verdict('No password error', signIn(true, true))).toBe(false);
    expect(verdict('No email error', signIn(true, false))).toBe(false);
    expect(verdict('No error under the Email field', signIn(true, false))).toBe(false);
    expect(verdict('No PIN error', signIn(false, false))).toBe('not settled');
  });
});

describe('no line of that name', () => {
  it('"No Promo line is added" passes without one; a field labelled "Promo code" is no line', () => {
    expect(verdict('No Promo line is added', basket(false))).toBe(true);
    expect(verdict('No promo line in the summary', basket(false))).toBe(true);
  });

  it('fails when a line starts with the name', () => {
    expect(verdict('No Promo line is added', basket(true))).toBe(false);
  });

  it('lines of a kind ("No snack lines") could look like anything: not read', () => {
    expect(verdict('No promo lines in the summary', basket(false))).toBe('not settled');
  });

  it('with content down to the foot of the screen, fails with a scroll to the end, where it is read again', () => {
    const long = basket(false, true);
    expect(verdict('No Promo line is added', long)).toBe(false);
    const reveal = checkReveal({ kind: 'absent', what: 'line', name: 'Promo' }, long);
    expect(reveal?.plan.toEnd).toBe(true);
    expect(reveal && judgeCheck(reveal.rest, long).settled && judgeCheck(reveal.rest, long)).toMatchObject({
      passed: true,
    });
    expect(reveal && judgeCheck(reveal.rest, basket(true, true))).toMatchObject({ passed: false });
  });

  it('a line the tree holds out of view (between the first screen and the end) fails the claim at the end too', () => {
    const middle = screen('Basket', [
      node('text', 'Subtotal', 100),
      node('text', 'Promo SAVE10', 1300),
      node('button', 'Go to checkout', 800),
    ]);
    const rest = checkReveal({ kind: 'absent', what: 'line', name: 'Promo' }, middle)?.rest;
    expect(verdict('No Promo line is added', middle)).toBe(false);
    expect(rest && judgeCheck(rest, middle)).toMatchObject({ passed: false });
  });
});

describe('nothing in a state', () => {
  it('"No sold-out showings that day" fails on a sold-out showing and passes without', () => {
    expect(verdict('No sold-out showings that day', showtimes(false))).toBe(true);
    expect(verdict('No sold-out showings that day', showtimes(true))).toBe(false);
  });

  it('a word that is no state the app writes is not read so', () => {
    expect(verdict('No blue showings', showtimes(false))).toBe('not settled');
  });
});

describe('only these rows left', () => {
  it('"Only Wake up and Weekend coffee remain" is every row of the list', () => {
    expect(verdict('Only Wake up and Weekend coffee remain', schedules(['Wake up', 'Weekend coffee']))).toBe(true);
    expect(
      verdict('Only Wake up and Weekend coffee remain', schedules(['Wake up', 'Weekend coffee', 'Lights out'])),
    ).toBe(false);
    expect(verdict('Only Wake up remains', schedules(['Wake up', 'Weekend coffee']))).toBe(false);
  });

  it("the one row's line in brackets must be its own; a list down to the foot is not settled", () => {
    expect(verdict('Only Wake up remains (Wake up at 06:45)', schedules(['Wake up']))).toBe(true);
    expect(verdict('Only Wake up remains (Wake up at 07:45)', schedules(['Wake up']))).toBe(false);
    expect(verdict('Only Wake up remains', schedules(['Wake up'], 790))).toBe('not settled');
  });

  it('"Still "1 upcoming" with only Wake up - the cancellation stuck": the text and the rows', () => {
    expect(verdict('Still "1 upcoming" with only Wake up - the cancellation stuck', schedules(['Wake up']))).toBe(true);
    expect(verdict('Still "1 upcoming" with only Wake up', schedules(['Wake up', 'Lights out']))).toBe(false);
  });
});

describe('what did not happen, shown by the screen that stays', () => {
  it('"No order is placed - we are still on Checkout" is the screen claim', () => {
    expect(verdict('No order is placed - we are still on Checkout', screen('Checkout', []))).toBe(true);
    expect(verdict('No order is placed - we are still on Checkout', screen('Order placed', []))).toBe(false);
  });

  it('with a claim before "and", both hold', () => {
    const basketWith = (enabled: boolean) => screen('Basket', [node('button', 'Go to checkout', 300, { enabled })]);
    const claim = 'Go to checkout is disabled and tapping it does nothing - we stay on Basket';
    expect(verdict(claim, basketWith(false))).toBe(true);
    expect(verdict(claim, basketWith(true))).toBe(false);
  });

  it('a dash followed by anything but a screen that stays is not read so', () => {
    expect(verdict('No order is placed - the total is right', screen('Checkout', []))).toBe('not settled');
    expect(verdict('Nothing is saved', screen('Checkout', []))).toBe('not settled');
  });
});

describe('a no-results message said by its kind', () => {
  const search = (message: string | null) =>
    screen('Search', [
      node('input', 'veloc', 100, { id: 'search-field' }),
      ...(message ? [node('text', message, 160, { id: 'no-results' })] : [node('list_item', 'Velocity Run', 160)]),
    ]);

  it('"No results message for "veloc" is shown" is a presence claim, never the query being absent', () => {
    expect(verdict('No results message for "veloc" is shown', search('No films match “veloc”'))).toBe(true);
    expect(verdict('No results message for "veloc" is shown', search(null))).toBe(false);
    expect(verdict('No results message for "dune" is shown', search('No films match “veloc”'))).toBe(false);
  });
});
