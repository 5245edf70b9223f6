import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Checks QA engineers write about a value and its name, a row by its place, a screen and a text on it,
 * and the end of a named list, on hand-built screens. Each form has a near miss that must fail or stay
 * not settled.
 */

const row = (title: string, subtitle: string, y: number, id: string) =>
  node('list_item', title, y, {
    id,
    bounds: { x: 0, y, width: 393, height: 56 },
    children: [node('text', subtitle, y + 30, { bounds: { x: 16, y: y + 30, width: 340, height: 16 } })],
  });

/** A shop's order history: the amount spent shown alone (its id names it), then the orders. */
const orders = screen('Orders', [
  node('text', '€212.90', 70, { id: 'total-spent', bounds: { x: 16, y: 70, width: 200, height: 40 } }),
  node('text', '€40.00', 110, { id: 'store-credit-value', bounds: { x: 16, y: 110, width: 200, height: 20 } }),
  node('text', 'Recent orders', 140),
  node('list', null, 180, {
    bounds: { x: 0, y: 180, width: 393, height: 180 },
    children: [
      row('Desk lamp', 'Today · Home · €40.00', 180, 'order-1'),
      row('Garden hose', '2 May · Garden · €23.50', 240, 'order-2'),
      row('Desk lamp', '28 Apr · Home · €38.00', 300, 'order-3'),
    ],
  }),
]);

/** An order's details: labels with their values beside them, the price alone with an id that names it. */
const detail = screen('Order', [
  node('text', 'Desk lamp', 70, { id: 'order-title' }),
  node('text', '€40.00', 110, { id: 'order-price' }),
  node('text', 'Carrier', 160, { id: 'carrier-label', bounds: { x: 16, y: 160, width: 150, height: 30 } }),
  node('text', 'Parcelpost', 160, { id: 'carrier-value', bounds: { x: 200, y: 160, width: 150, height: 30 } }),
  node('text', 'Status', 200, { id: 'status-label', bounds: { x: 16, y: 200, width: 150, height: 30 } }),
  node('text', 'Shipped', 200, { id: 'status-value', bounds: { x: 200, y: 200, width: 150, height: 30 } }),
]);

const verdict = (text: string, obs: Observation) => {
  const r = interpretAssertion(text, obs);
  return r.settled ? r.passed : 'not settled';
};
const stepVerdict = (text: string, obs: Observation) => {
  const r = interpretStep(text, obs);
  return r.settled && r.kind === 'check' ? r.passed : r.settled ? r.kind : 'not settled';
};

describe('a value with its name, the name only in the id of what shows it', () => {
  it('"Total spent €212.90 is shown" reads the text whose id names it', () => {
    expect(verdict('Total spent €212.90 is shown', orders)).toBe(true);
    expect(verdict('Store credit €40.00', orders)).toBe(true);
  });

  it('near misses: another value, or the value under another name, fail', () => {
    expect(verdict('Total spent €212.00 is shown', orders)).toBe(false);
    expect(verdict('Total spent €40.00 is shown', orders)).toBe(false);
    expect(verdict('Discount €40.00 is shown', orders)).toBe(false);
    expect(verdict('Total spent −€212.90 is shown', orders)).toBe(false);
  });
});

describe('names and values joined by "and" after Verify', () => {
  it('"Verify price €40.00 and Carrier Parcelpost" reads each pair', () => {
    expect(stepVerdict('Verify price €40.00 and Carrier Parcelpost', detail)).toBe(true);
    expect(stepVerdict('Verify Carrier Parcelpost and Status Shipped', detail)).toBe(true);
    expect(verdict('Carrier Parcelpost and Status Shipped', detail)).toBe(true);
  });

  it('"Verify the Carrier is Parcelpost and the price €40.00": a name and an amount after a check', () => {
    expect(stepVerdict('Verify the Carrier is Parcelpost and the price €40.00', detail)).toBe(true);
    expect(stepVerdict('Verify the Carrier is Parcelpost and the price €41.00', detail)).toBe(false);
  });

  it('near misses: a value beside another label fails; words without values are not such a list', () => {
    expect(stepVerdict('Verify price €40.00 and Carrier Shipped', detail)).toBe(false);
    expect(stepVerdict('Verify Status Parcelpost and price €40.00', detail)).not.toBe(true);
    expect(parseStep('Verify the app feels fast and works').understood).toBe(false);
  });
});

describe('a row by its place, with its title and its second line', () => {
  it('"First order is Desk lamp "…"" and "First order Desk lamp "…"" read the row at that place', () => {
    expect(verdict('First order is Desk lamp "Today · Home · €40.00"', orders)).toBe(true);
    expect(verdict('First order Desk lamp "Today · Home · €40.00"', orders)).toBe(true);
    expect(verdict('The third order is Desk lamp "28 Apr · Home · €38.00"', orders)).toBe(true);
  });

  it('near misses: the line of another row with that title, or another title at that place, fail', () => {
    expect(verdict('First order is Desk lamp "28 Apr · Home · €38.00"', orders)).toBe(false);
    expect(verdict('First order Garden hose "Today · Home · €40.00"', orders)).toBe(false);
    expect(verdict('Second order is Desk lamp "2 May · Garden · €23.50"', orders)).toBe(false);
  });

  it('"The first order should be dated Today" reads the date on its second line; "first" there is no filler', () => {
    expect(stepVerdict('The first order should be dated Today', orders)).toBe(true);
    expect(verdict('The first order is dated Today and shows €40.00', orders)).toBe(true);
    expect(verdict('First order is Desk lamp dated Today with €40.00', orders)).toBe(true);
    expect(parseStep('First tap Desk lamp').understood && parseStep('First tap Desk lamp')).toMatchObject({
      intent: { kind: 'tap' },
    });
  });

  it('"Third order is Desk lamp €38.00" and "… with €38.00" read the amount on that row\'s second line', () => {
    expect(verdict('Third order is Desk lamp €38.00', orders)).toBe(true);
    expect(verdict('Second order is Garden hose with €23.50', orders)).toBe(true);
  });

  it('a second line without quotes after the title, "with" before a quoted one, "row" after the noun', () => {
    expect(verdict('Second order is Garden hose 2 May · Garden · €23.50', orders)).toBe(true);
    expect(verdict('The first order is Desk lamp with "Today · Home · €40.00"', orders)).toBe(true);
    expect(verdict('The first order row is Desk lamp with €40.00', orders)).toBe(true);
    expect(verdict('Garden hose with €23.50 is listed', orders)).toBe(true);
    expect(verdict('Second row Garden hose shows €23.50', orders)).toBe(true);
    expect(stepVerdict('Check the third row is Desk lamp showing €40.00', orders)).toBe(false);
    expect(verdict('Garden hose with €40.00 is listed', orders)).toBe(false);
  });

  it('near misses: an amount of another row, or the same amount with another sign, fail', () => {
    expect(verdict('Third order is Desk lamp €40.00', orders)).toBe(false);
    expect(verdict('Second order is Garden hose with −€23.50', orders)).toBe(false);
    expect(verdict('First order is Desk lamp "Today · Home · −€40.00"', orders)).toBe(false);
  });

  it('near misses: the second row dated Today, another amount, or another title fail', () => {
    expect(stepVerdict('The second order should be dated Today', orders)).toBe(false);
    expect(verdict('The first order is dated Today and shows €38.00', orders)).toBe(false);
    expect(verdict('First order is Garden hose dated Today with €40.00', orders)).toBe(false);
  });
});

describe('a screen and a text on it', () => {
  it('"Orders screen with "Recent orders" is shown" reads the screen and the text', () => {
    expect(verdict('Orders screen with "Recent orders" is shown', orders)).toBe(true);
  });

  it('near misses: another screen, or a text that is not there, fail', () => {
    expect(verdict('Order screen with "Recent orders" is shown', orders)).toBe(false);
    expect(verdict('Orders screen with "Saved addresses" is shown', orders)).toBe(false);
  });
});

describe('a short statement the screen shows as one text', () => {
  const shipped = screen('Order', [node('text', 'Order is shipped', 100)]);

  it('"Order is shipped" as an assertion passes when a text reads so', () => {
    expect(verdict('Order is shipped', shipped)).toBe(true);
  });

  it('near misses: another state on screen is not settled, never passed; a step is not read so', () => {
    expect(verdict('Order is cancelled', shipped)).toBe('not settled');
    expect(parseStep('Order is cancelled').understood).toBe(false);
  });
});

describe('scrolling to the end of a named list', () => {
  it('"Scroll down to the bottom of the Recent orders list" scrolls until the content stops moving', () => {
    const r = interpretStep('Scroll down to the bottom of the Recent orders list', orders);
    expect(r.settled && r.kind === 'scroll_until' && r.plan.toEnd).toBe(true);
  });

  it('near miss: a list whose name is not on screen is not settled', () => {
    expect(interpretStep('Scroll down to the bottom of the Saved addresses list', orders).settled).toBe(false);
    expect(parseStep('Scroll up to the bottom of the Recent orders list').understood).toBe(false);
  });
});
