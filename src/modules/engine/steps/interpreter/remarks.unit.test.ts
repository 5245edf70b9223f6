import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

/** A stationery shop's basket: a button with its count, a tip chosen, the total. */
const basket = (count: string) =>
  screen('Basket', [
    node('button', `View basket · ${count} · £7.50`, 100),
    node('text', 'Tip', 150, { bounds: { x: 16, y: 150, width: 90, height: 40 } }),
    node('text', '£2.00', 150, { id: 'tip-value', bounds: { x: 280, y: 150, width: 90, height: 40 } }),
    node('text', 'Total', 200, { bounds: { x: 16, y: 200, width: 90, height: 40 } }),
    node('text', '£12.78', 200, { id: 'total-value', bounds: { x: 280, y: 200, width: 90, height: 40 } }),
    node('text', 'Something went wrong with your card', 300, { id: 'card-error' }),
  ]);

describe('remarks that are no part of what the screen shows', () => {
  it('a parenthesised sum after an amount is set aside', () => {
    expect(verdict(interpretAssertion('Verify Total £12.78 (12.00 − 1.20 + 0.99 + 0.99)', basket('1 item')))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Verify Total £12.87 (12.00 − 1.20 + 0.99 + 0.99)', basket('1 item')))).toBe(
      false,
    );
  });

  it('a note on a quoted text it already pins down is set aside; one it contradicts is not', () => {
    const claim = 'Basket shows "View basket · 1 item · £7.50" ("item", not "items")';
    expect(verdict(interpretAssertion(claim, basket('1 item')))).toBe(true);
    expect(verdict(interpretAssertion(claim, basket('1 items')))).not.toBe(true);
  });

  it('"option -> values": the values read on the screen the steps end on', () => {
    expect(verdict(interpretAssertion('£2 -> Tip £2.00 and Total £12.78', basket('1 item')))).toBe(true);
    expect(verdict(interpretAssertion('£3 -> Tip £3.00 and Total £12.78', basket('1 item')))).toBe(false);
  });

  it('"the error is showing": an error the app marks as one', () => {
    expect(verdict(interpretAssertion('Check the error is showing', basket('1 item')))).toBe(true);
    const calm = screen('Basket', [node('text', 'Total', 200)]);
    expect(verdict(interpretAssertion('Check the error is showing', calm))).toBe(false);
    const worded = screen('Basket', [node('text', 'That code is invalid', 200)]);
    expect(verdict(interpretAssertion('An error message is shown', worded))).toBe('not settled');
  });
});

describe('what an action is done for, said after it', () => {
  const home = screen('Home', [
    node('button', 'Leaving home', 300, { id: 'scene-leaving' }),
    node('button', 'Good night', 360, { id: 'scene-night' }),
  ]);
  const taps = (text: string) => {
    const r = interpretStep(text, home);
    return r.settled && r.kind === 'actions' ? r.actions.map((a) => (a.op === 'input' ? a.selector?.id : a.op)) : r;
  };

  it('"Tap Leaving home so everything is off" taps the button; the effect is for the checks', () => {
    expect(taps('Tap Leaving home on Home so everything is off')).toEqual(['scene-leaving']);
    expect(taps('Tap Good night so that the lights are off')).toEqual(['scene-night']);
  });

  it('near miss: a quoted name after "so" is no purpose, and a check keeps its words', () => {
    expect(taps('Tap "Leaving home so everything is off"')).not.toEqual(['scene-leaving']);
    const claim = interpretStep('Verify Leaving home is shown so everything is off', home);
    expect(claim.settled && claim.kind === 'actions').toBe(false);
  });
});
