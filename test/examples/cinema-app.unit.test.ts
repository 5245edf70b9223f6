import { describe, expect, it } from 'vitest';
import { cinemaModel } from '../../examples/cinema-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('cinema', cinemaModel);
const { app: cinema, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'mia@reelhouse.test' },
  { type: 'password', text: 'reel2024' },
  { tap: 'sign-in' },
];

/** The past bookings' rows as the Past segment shows them, top to bottom. */
const pastRows = (model: Buffer) =>
  rowIds(model, [...SIGN_IN, { tap: 'tab-tickets' }, { tap: 'seg-past' }], /^past-rh-\d+$/);

describe('the cinema ticket app (Reelhouse)', () => {
  itShipsItsModel(h, [
    'account',
    'booked',
    'checkout',
    'film',
    'home',
    'my-tickets',
    'past-ticket',
    'search',
    'seats',
    'signin',
    'snacks',
    'ticket',
    'tickets',
  ]);

  itBuildsReadablePackages(h, { name: 'Reelhouse', version: '3.4.1', screen: 'seats', title: 'Choose seats' });

  it('signs in, books seats with tickets, snacks and a voucher, cancels, searches and signs out as its tour says', async () => {
    await walk(appModel(cinema, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'seat-count-stuck': { check: 'seat-count', text: '2 seats selected · £25.00' },
    'senior-priced-as-adult': { check: 'tickets-total-value', text: '£22.00' },
    'voucher-message-amount': { check: 'voucher-message', text: 'REEL5 applied: £5.00 off' },
    'cancelled-booking-stays-upcoming': { check: 'no-upcoming', text: 'No upcoming bookings' },
    'paper-moons-not-found': { check: 'results-count', text: '1 film' },
    'points-not-added': { check: 'account-points', text: '1,290 points' },
    'offers-switch-springs-back': { check: 'set-offers', on: true },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['past-bookings-out-of-order'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('lists past bookings newest first, and the bug past-bookings-out-of-order lists RH-46658 second', async () => {
    const newestFirst = ['47730', '47102', '46658', '46011', '45397'].map((n) => `past-rh-${n}`);
    expect(await pastRows(appModel(cinema, 'correct'))).toEqual(newestFirst);
    const [a, b, c, ...rest] = newestFirst;
    expect(await pastRows(withBug('past-bookings-out-of-order'))).toEqual([a, c, b, ...rest]);
  });

  it('keeps the totals right with six seats, every ticket type, snacks to the limit and the voucher', async () => {
    await walk(appModel(cinema, 'correct'), [
      ...SIGN_IN,
      { tap: 'film-velocity-run' },
      { tap: 'day-sun' },
      { tap: 'show-sun-2110' },
      ...['A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B1'].map((s): TourStep => ({ tap: `seat-${s}` })),
      { check: 'seat-error', text: 'You can choose up to 6 seats at a time' },
      { check: 'seat-count', text: '6 seats selected · £75.00' },
      { tap: 'seats-continue' },
      { tap: 'ticket-adult-plus' },
      { check: 'ticket-adult-count', text: '6' },
      ...['adult', 'adult', 'adult', 'adult'].map((t): TourStep => ({ tap: `ticket-${t}-minus` })),
      { tap: 'ticket-child-plus' },
      { tap: 'ticket-child-plus' },
      { tap: 'ticket-senior-plus' },
      { tap: 'ticket-senior-plus' },
      { check: 'tickets-chosen', text: '6 of 6 tickets chosen' },
      { check: 'tickets-total-value', text: '£61.00' },
      { tap: 'tickets-continue' },
      ...Array.from({ length: 5 }, (): TourStep => ({ tap: 'snack-nachos-plus' })),
      { check: 'snack-nachos-count', text: '4' },
      { check: 'snacks-total-value', text: '£24.00' },
      { tap: 'snacks-continue' },
      { check: 'checkout-total-value', text: '£86.50' },
      { type: 'voucher-code', text: 'reel5' },
      { tap: 'apply-voucher' },
      { tap: 'apply-voucher' },
      { check: 'voucher-message', text: 'REEL5 is already applied' },
      { check: 'checkout-total-value', text: '£81.50' },
      { back: true },
      { tap: 'snack-nachos-minus' },
      { back: true },
      { tap: 'ticket-child-minus' },
      { tap: 'ticket-adult-plus' },
      { check: 'tickets-total-value', text: '£65.00' },
      { tap: 'tickets-continue' },
      { tap: 'snacks-continue' },
      { check: 'checkout-total-value', text: '£79.50' },
      { check: 'pay', text: 'Pay £79.50' },
    ]);
  });
});
