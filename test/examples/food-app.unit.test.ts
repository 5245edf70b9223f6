import { describe, expect, it } from 'vitest';
import { foodModel } from '../../examples/food-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('food', foodModel);
const { app: food, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'jo@forkly.test' },
  { type: 'password', text: 'fork2024' },
  { tap: 'sign-in' },
];

/** The past orders' rows as the Past segment shows them, top to bottom. */
const pastRows = (model: Buffer) =>
  rowIds(model, [...SIGN_IN, { tap: 'tab-orders' }, { tap: 'seg-past' }], /^past-fk-\d+$/);

describe('the food delivery app (Forkly)', () => {
  itShipsItsModel(h, [
    'account',
    'addresses',
    'basket',
    'checkout',
    'dish',
    'edit-details',
    'home',
    'order',
    'order-placed',
    'orders',
    'past-order',
    'rate',
    'restaurant',
    'search',
    'signin',
  ]);

  itBuildsReadablePackages(h, { name: 'Forkly', version: '5.0.2', screen: 'basket', title: 'Basket' });

  it('signs in, fills a basket, applies a promo code, orders, cancels, rates, searches, edits details and signs out as its tour says', async () => {
    await walk(appModel(food, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'promo-code-rejected': { check: 'promo-message', text: 'SAVE10 applied: 10% off your food' },
    'plus-keeps-line-price': { check: 'line-margherita-price', text: '£28.50' },
    'tip-drops-discount': { check: 'checkout-total-value', text: '£18.93' },
    'cancelled-still-preparing': { check: 'order-status', text: 'Cancelled' },
    'offers-switch-springs-back': { check: 'set-offers', on: true },
    'falafel-wrap-not-found': { check: 'results-count', text: '1 result' },
    'phone-not-saved': { check: 'account-phone', text: '07700 900999' },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['past-orders-out-of-order'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('lists past orders newest first, and the bug past-orders-out-of-order lists FK-19940 second', async () => {
    const newestFirst = ['20391', '20177', '19940', '19702', '19455', '19210', '18963', '18724'].map(
      (n) => `past-fk-${n}`,
    );
    expect(await pastRows(appModel(food, 'correct'))).toEqual(newestFirst);
    const [a, b, c, ...rest] = newestFirst;
    expect(await pastRows(withBug('past-orders-out-of-order'))).toEqual([a, c, b, ...rest]);
  });

  it('keeps the subtotal and the total right as dishes come and go, up to a full basket', async () => {
    const sheet = (dish: string, plus: number): TourStep[] => [
      { tap: `dish-${dish}` },
      ...Array.from({ length: plus }, (): TourStep => ({ tap: 'sheet-plus' })),
      { tap: 'add-to-basket' },
    ];
    await walk(appModel(food, 'correct'), [
      ...SIGN_IN,
      { tap: 'restaurant-luigi' },
      ...sheet('formaggi', 2),
      ...sheet('formaggi', 2),
      { check: 'view-basket-top', text: 'View basket · 6 items · £72.00' },
      ...sheet('cola', 0),
      { check: 'sheet-error', text: 'Your basket can hold up to 6 dishes' },
      { back: true },
      { tap: 'view-basket-top' },
      { check: 'basket-total-value', text: '£74.98' },
      { tap: 'line-formaggi-plus' },
      { check: 'basket-error', text: 'Your basket can hold up to 6 dishes' },
      ...Array.from({ length: 5 }, (): TourStep => ({ tap: 'line-formaggi-minus' })),
      { check: 'basket-subtotal-value', text: '£12.00' },
      { type: 'promo-code', text: 'save10' },
      { tap: 'apply-promo' },
      { check: 'basket-discount-value', text: '−£1.20' },
      { check: 'basket-total-value', text: '£13.78' },
      { tap: 'line-formaggi-minus' },
      { check: 'basket-empty', text: 'Your basket is empty' },
    ]);
  });
});
