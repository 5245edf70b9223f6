import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../../worker/driver';
import { interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/**
 * Adding things to a basket or cart on hand-built screens of a bakery: a list of shops, a shop's product rows
 * (one listed twice, under Favourites and its own section; one with its own "+" control), a product screen with a
 * size choice, a quantity stepper and an "Add to cart" button, a cart, and a checkout. Each form has near misses:
 * a product absent, two products sharing a prefix, a screen without an add button.
 */

const tapped = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []))
    : [];
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const reason = (r: Resolution) => (r.settled ? `settled: ${r.kind}` : r.reason);

const row = (text: string, id: string, y: number, children: UiNode[] = []) =>
  node('list_item', text, y, { id, bounds: { x: 16, y, width: 360, height: 50 }, children });

const shops = screen('Shops', [
  row('Corner Bakery', 'shop-corner', 100),
  row('Hill Street Deli', 'shop-hill', 160),
  node('button', 'Cart', 760, { id: 'tab-cart' }),
]);

const bakery = (extra: UiNode[] = []) =>
  screen('Corner Bakery', [
    ...extra,
    node('text', 'Favourites', 80),
    row('Sourdough Loaf', 'fav-sourdough', 120),
    node('text', 'Breads', 180),
    row('Sourdough Loaf', 'bread-sourdough', 220),
    row('Rye Roll', 'bread-rye', 280),
    row('Rye Roll Seeded', 'bread-rye-seeded', 340),
    row('Butter Croissant', 'pastry-croissant', 400, [
      node('button', '+', 410, { id: 'add-croissant', bounds: { x: 320, y: 410, width: 40, height: 30 } }),
    ]),
  ]);

const product = (count = 1, addButton = true) =>
  screen('Sourdough Loaf', [
    node('text', 'Sourdough Loaf', 80),
    node('text', 'Size', 140),
    node('button', 'Small', 180, { id: 'size-small', bounds: { x: 16, y: 180, width: 100, height: 36 } }),
    node('button', 'Large', 180, { id: 'size-large', bounds: { x: 130, y: 180, width: 100, height: 36 } }),
    node('button', 'Decrease quantity', 260, { id: 'qty-less', bounds: { x: 16, y: 260, width: 44, height: 44 } }),
    node('text', String(count), 260, { bounds: { x: 70, y: 260, width: 44, height: 44 } }),
    node('button', 'Increase quantity', 260, { id: 'qty-more', bounds: { x: 124, y: 260, width: 44, height: 44 } }),
    ...(addButton
      ? [node('button', `Add ${count} to cart · €${(4 * count).toFixed(2)}`, 700, { id: 'add-to-cart' })]
      : []),
  ]);

const cart = screen('Cart', [
  node('text', '2 × Sourdough Loaf', 100),
  ...labelled('Discount code', 'discount-code', 300),
  node('button', 'Apply', 400, { id: 'apply-code' }),
  node('button', 'Checkout', 700, { id: 'checkout' }),
]);

describe('adding items to a cart', () => {
  it('opens the named shop first, a short form of its row allowed when only one row fits', () => {
    const r = interpretStep('Add 2 Sourdough Loaf from Corner', shops);
    expect(tapped(r)).toEqual(['shop-corner']);
    expect(then(r)).toBe('add to the basket: 2 "Sourdough Loaf" find');
  });

  it('an item listed twice with the same text is one item: the first row is opened', () => {
    const r = interpretStep('Corner Bakery: add 2 Sourdough Loaf (Large)', bakery());
    expect(tapped(r)).toEqual(['fav-sourdough']);
    expect(then(r)).toBe('add to the basket: 2 "Sourdough Loaf" with "Large" opened');
  });

  it('on the product screen: the option, then the stepper set and read back, then the one add button', () => {
    const opened = 'add to the basket: 2 "Sourdough Loaf" with "Large" opened, then open the cart';
    const option = interpretStep(opened, product());
    expect(tapped(option)).toEqual(['size-large']);
    const counting = interpretStep(then(option)!, product());
    expect(tapped(counting)).toEqual(['qty-more']);
    expect(then(counting)).toBe('add to the basket: 2 "Sourdough Loaf" set, then open the cart');
    const add = interpretStep(then(counting)!, product(2));
    expect(tapped(add)).toEqual(['add-to-cart']);
    // The app stays on the product: back to the list, then what follows the items.
    const back = interpretStep(then(add)!, product(2));
    expect(back.settled && back.kind === 'actions' && back.actions[0]?.op).toBe('back');
    expect(then(back)).toBe('open the cart');
  });

  it('a stepper that does not reach the count fails the step', () => {
    const r = interpretStep('add to the basket: 2 "Sourdough Loaf" set', product(1));
    expect(r.settled && r.kind === 'check' && r.passed).toBe(false);
  });

  it('a row with its own add control has it tapped, once a screen, as many times as asked', () => {
    const r = interpretStep('Add 2 Butter Croissant', bakery());
    expect(tapped(r)).toEqual(['add-croissant']);
    expect(then(r)).toBe('add to the basket: 1 "Butter Croissant" row');
    expect(then(interpretStep(then(r)!, bakery()))).toBeUndefined();
  });

  it('several items, and the cart opened after them', () => {
    const r = interpretStep('Open Corner Bakery and add 1 Rye Roll and 1 Butter Croissant, open the cart', shops);
    expect(tapped(r)).toEqual(['shop-corner']);
    expect(then(r)).toBe('add to the basket: 1 "Rye Roll" find; 1 "Butter Croissant" find, then go on to the basket');
    const cartTab = interpretStep(
      'go on to the basket',
      screen('Corner Bakery', [node('button', 'View cart · 2 items', 700, { id: 'view-cart' })]),
    );
    expect(tapped(cartTab)).toEqual(['view-cart']);
  });

  it('near miss: a product not on the list is refused, naming it', () => {
    const still = screen('Corner Bakery', [row('Rye Roll', 'bread-rye', 120)]);
    expect(reason(interpretStep('Add 1 Baguette from Corner Bakery', still))).toMatch(/no row named "Baguette"/);
  });

  it('near miss: two products that share the prefix are not guessed', () => {
    const two = screen('Corner Bakery', [row('Rye Roll Seeded', 'a', 120), row('Rye Roll Plain', 'b', 180)]);
    expect(reason(interpretStep('Add 1 Rye Roll', two))).toMatch(/2 rows start with "Rye Roll"/);
    expect(
      reason(
        interpretStep(
          'Add 1 Muffin from Corner',
          screen('Shops', [row('Corner Bakery', 'x', 100), row('Corner Deli', 'y', 160)]),
        ),
      ),
    ).toMatch(/start with "Corner"/);
  });

  it('near miss: a product screen without an add button is refused, and no tap is guessed', () => {
    const r = interpretStep('add to the basket: 1 "Sourdough Loaf" opened', product(1, false));
    expect(r.settled).toBe(false);
    expect(reason(r)).toMatch(/no add button/);
  });

  it('near miss: a counter of that noun is left to the counter form; a lower-case noun is no product', () => {
    const counter = screen('Booking', [
      node('button', 'Remove adult', 100),
      node('text', '1 adult', 100),
      node('button', 'Add adult', 100),
    ]);
    expect(tapped(interpretStep('Add 2 Adults', counter))).toEqual(['Add adult', 'Add adult']);
    expect(reason(interpretStep('add 2 loaves', bakery()))).not.toMatch(/row/);
  });
});

describe('checkout and orders', () => {
  it('"Order …, Card, no tip": the items, the cart, the checkout, each choice, then the place-order button', () => {
    const r = interpretStep('Order 1 Rye Roll from Corner Bakery, apply BREAD5, paying Card, £1 tip', shops);
    expect(then(r)).toBe(
      'add to the basket: 1 "Rye Roll" find, then go on to the basket, then apply BREAD5, then go on to the checkout, then tap "Card", then tap "£1", then tap Place order',
    );
  });

  it('"Get to checkout with …" and "checkout with defaults" change nothing at the checkout', () => {
    expect(then(interpretStep('Get to checkout with 2 Rye Roll from Corner Bakery', shops))).toBe(
      'add to the basket: 2 "Rye Roll" find, then go on to the checkout',
    );
    expect(then(interpretStep('Place an order of 1 Rye Roll from Corner Bakery (defaults)', shops))).toMatch(
      /go on to the checkout, then tap Place order$/,
    );
  });

  it('"Apply CODE" types the code into the one code field, then taps Apply; the checkout button follows', () => {
    const r = interpretStep('apply BREAD5', cart);
    expect(
      r.settled && r.kind === 'actions' && r.actions.some((a) => a.op === 'input' && a.event.kind === 'text'),
    ).toBe(true);
    expect(then(r)).toBe('tap "Apply"');
    expect(tapped(interpretStep('go on to the checkout', cart))).toEqual(['checkout']);
    expect(reason(interpretStep('apply BREAD5', shops))).toMatch(/no promo or code field/);
  });

  it('near miss: a choice that names nothing is refused with the reason', () => {
    expect(reason(interpretStep('Order 1 Rye Roll from Corner Bakery, quickly please somehow', shops))).toMatch(
      /names no checkout choice/,
    );
  });
});

describe('a button named by its label before the details', () => {
  const withBar = screen('Corner Bakery', [
    node('button', 'View cart · 2 items · €8.00', 100, { id: 'view-cart' }),
    node('button', 'Pay · €8.00', 700, { id: 'pay' }),
    node('button', 'Pay later · €8.00', 760, { id: 'pay-later' }),
  ]);

  it('"View cart", "Open the cart via View cart", "View cart, apply BREAD5": the one label with that head', () => {
    expect(tapped(interpretStep('View cart', withBar))).toEqual(['view-cart']);
    expect(tapped(interpretStep('Open the cart via View cart', withBar))).toEqual(['view-cart']);
    const r = interpretStep('View cart, apply BREAD5', withBar);
    expect(tapped(r)).toEqual(['view-cart']);
    expect(then(r)).toBe('apply BREAD5');
  });

  it("near miss: a name that is no label's head is not read so", () => {
    expect(tapped(interpretStep('Tap Checkout', withBar))).toEqual([]);
    expect(tapped(interpretStep('Pay now', withBar))).toEqual([]);
  });
});
