import { describe, expect, it } from 'vitest';
import { parcelModel } from '../../examples/parcel-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('parcel', parcelModel);
const { app: shipwise, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'priya@shipwise.test' },
  { type: 'password', text: 'ship2024' },
  { tap: 'sign-in' },
];

describe('the parcel delivery app (Shipwise)', () => {
  itShipsItsModel(h, [
    'account',
    'add-address',
    'address',
    'addresses',
    'booked',
    'checkout',
    'home',
    'parcel',
    'preferences',
    'redelivery',
    'send',
    'sent',
    'signin',
    'track',
  ]);

  itBuildsReadablePackages(h, { name: 'Shipwise', version: '2.8.0', screen: 'home', title: 'Home' });

  it('signs in, tracks parcels, books a redelivery, sends and pays, keeps addresses and preferences and signs out as its tour says', async () => {
    await walk(appModel(shipwise, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'tracking-misses-hartley': { check: 'results-count', text: '1 parcel found' },
    'redelivery-message-wrong-time': {
      check: 'parcel-message',
      text: 'Redelivery booked. We’ll deliver on Sat 23 Nov, afternoon.',
    },
    'unknown-postcode-accepted': {
      check: 'postcode-error',
      text: 'We can’t find that postcode. Check it and try again.',
    },
    'large-cover-counted-once': { check: 'quote-total', text: 'Total £18.60' },
    'sent-count-stale': { check: 'sent-count', text: '5 bookings' },
    'safe-place-not-saved': { check: 'safe-selected', text: 'Safe place: Back door' },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['sent-history-out-of-order', 'deleted-address-stays'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('lists sent parcels newest first, and the bug sent-history-out-of-order puts 8 Nov before 14 Nov', async () => {
    const steps: TourStep[] = [...SIGN_IN, { tap: 'tab-sent' }, { screen: 'Sent' }];
    const newestFirst = ['s1', 's2', 's3', 's4'].map((n) => `sent-${n}`);
    expect(await rowIds(appModel(shipwise, 'correct'), steps, /^sent-s\d$/)).toEqual(newestFirst);
    const [a, b, c, d] = newestFirst;
    expect(await rowIds(withBug('sent-history-out-of-order'), steps, /^sent-s\d$/)).toEqual([a, c, b, d]);
  });

  it('takes a deleted address off the list, and the bug deleted-address-stays keeps Work', async () => {
    const steps: TourStep[] = [
      ...SIGN_IN,
      { tap: 'tab-account' },
      { tap: 'account-addresses' },
      { tap: 'address-work' },
      { tap: 'delete-address' },
      { tap: 'alert-delete' },
      { check: 'addresses-message', text: '“Work” deleted' },
      { check: 'address-count', text: '2 saved addresses' },
    ];
    const rows = /^address-(home|work|mum)$/;
    expect(await rowIds(appModel(shipwise, 'correct'), steps, rows)).toEqual(['address-home', 'address-mum']);
    expect(await rowIds(withBug('deleted-address-stays'), steps, rows)).toEqual([
      'address-home',
      'address-work',
      'address-mum',
    ]);
  });

  it('fills the form from a saved address, prices every step of the quote, and tracks sent parcels too', async () => {
    await walk(appModel(shipwise, 'correct'), [
      ...SIGN_IN,
      { tap: 'send-parcel' },
      { tap: 'use-mum' },
      { check: 'recipient-name', text: 'Anita Shah' },
      { check: 'postcode', text: 'YO24 1AB' },
      { tap: 'size-small' },
      ...Array.from({ length: 4 }, (): TourStep => ({ tap: 'qty-plus' })),
      { check: 'qty-value', text: '5' },
      { check: 'quote-postage', text: 'Postage: 5 × £3.20 = £16.00' },
      { tap: 'extra-cover' },
      { check: 'quote-cover', text: 'Extra cover: 5 × £1.50 = £7.50' },
      { check: 'quote-total', text: 'Total £23.50' },
      { tap: 'qty-minus' },
      { tap: 'size-medium' },
      { check: 'quote-total', text: 'Total £25.60' },
      { tap: 'extra-cover' },
      { check: 'quote-total', text: 'Total £19.60' },
      { tap: 'continue' },
      { check: 'review-to-value', text: 'Anita Shah, YO24 1AB' },
      { check: 'review-size-value', text: '4 × Medium' },
      { back: true },
      { tap: 'tab-home' },
      { tap: 'open-track' },
      { type: 'track-field', text: 'SW20498810' },
      { tap: 'track-go' },
      { check: 'result-s1', text: 'To Jordan Lee' },
      { type: 'track-field', text: 'SW20510001' },
      { tap: 'track-go' },
      { check: 'no-results', text: 'No parcel found for “SW20510001”' },
    ]);
  });
});
