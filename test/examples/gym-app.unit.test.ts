import { describe, expect, it } from 'vitest';
import { gymModel } from '../../examples/gym-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('gym', gymModel);
const { app: pulsefit, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'jordan@pulsefit.test' },
  { type: 'password', text: 'pulse2024' },
  { tap: 'sign-in' },
];

describe('the gym member app (Pulsefit)', () => {
  itShipsItsModel(h, [
    'bookings',
    'class',
    'classes',
    'club',
    'clubs',
    'goal',
    'log-workout',
    'membership',
    'profile',
    'signin',
    'workout',
    'workouts',
  ]);

  itBuildsReadablePackages(h, { name: 'Pulsefit', version: '3.4.1', screen: 'classes', title: 'Classes' });

  it('signs in, books and cancels classes, logs workouts, sets a goal, freezes, finds clubs and signs out as its tour says', async () => {
    await walk(appModel(pulsefit, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'box-fit-spaces-stale': { check: 'class-spaces', text: '4 spaces left' },
    'waitlist-place-wrong': { check: 'class-status', text: 'You’re number 4 on the waitlist' },
    'waitlist-alerts-reset': { check: 'set-waitlist', on: false },
    'workout-type-not-required': { check: 'log-error', text: 'Choose a workout type' },
    'pool-search-misses-clapham': { check: 'results-count', text: '4 clubs' },
    'freeze-renewal-wrong': { check: 'membership-renewal-value', text: '1 September 2025' },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['cancelled-booking-stays', 'workouts-out-of-order'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('takes a cancelled booking off My bookings, and the bug cancelled-booking-stays keeps Yoga Flow', async () => {
    const steps: TourStep[] = [
      ...SIGN_IN,
      { tap: 'tab-bookings' },
      { tap: 'booking-mon1830' },
      { tap: 'cancel-booking' },
      { tap: 'alert-cancel-booking' },
      { check: 'bookings-message', text: 'Yoga Flow on Mon 16 June at 18:30 was cancelled' },
    ];
    const rows = /^booking-[a-z]{3}\d{4}$/;
    expect(await rowIds(appModel(pulsefit, 'correct'), steps, rows)).toEqual(['booking-fri0700', 'booking-sat0900']);
    expect(await rowIds(withBug('cancelled-booking-stays'), steps, rows)).toEqual([
      'booking-fri0700',
      'booking-sat0900',
      'booking-mon1830',
    ]);
  });

  it('lists this week’s workouts newest first, and the bug workouts-out-of-order puts Tuesday above Wednesday', async () => {
    const steps: TourStep[] = [...SIGN_IN, { tap: 'tab-workouts' }, { screen: 'Workouts' }];
    const rows = /^workout-(wed|tue|mon|sun|fri)$/;
    const newestFirst = ['workout-wed', 'workout-tue', 'workout-mon', 'workout-sun', 'workout-fri'];
    expect(await rowIds(appModel(pulsefit, 'correct'), steps, rows)).toEqual(newestFirst);
    const [a, b, ...rest] = newestFirst;
    expect(await rowIds(withBug('workouts-out-of-order'), steps, rows)).toEqual([b, a, ...rest]);
  });

  it('keeps steppers in range, logs two workouts a day at most, and moves a second one up when the first goes', async () => {
    await walk(appModel(pulsefit, 'correct'), [
      ...SIGN_IN,
      { tap: 'tab-workouts' },
      { tap: 'change-goal' },
      ...Array.from({ length: 8 }, (): TourStep => ({ tap: 'goal-minus' })),
      { check: 'goal-value', text: '1 workout a week' },
      ...Array.from({ length: 8 }, (): TourStep => ({ tap: 'goal-plus' })),
      { check: 'goal-value', text: '7 workouts a week' },
      { back: true },
      { tap: 'log-workout' },
      ...Array.from({ length: 6 }, (): TourStep => ({ tap: 'duration-minus' })),
      { check: 'duration-value', text: '5 min' },
      { tap: 'type-run' },
      { tap: 'save-workout' },
      { tap: 'log-workout' },
      { tap: 'type-hiit' },
      { tap: 'save-workout' },
      { check: 'goal-progress', text: '5 of 4 workouts this week' },
      { check: 'goal-status', text: 'Goal reached this week. Nice work!' },
      { tap: 'log-workout' },
      { tap: 'type-yoga' },
      { tap: 'save-workout' },
      { check: 'log-error', text: 'You’ve logged 2 workouts today, the most for one day.' },
      { back: true },
      { tap: 'workout-n1' },
      { screen: 'Run' },
      { tap: 'delete-workout' },
      { tap: 'alert-delete' },
      { check: 'workout-n1', text: 'HIIT' },
      { check: 'goal-progress', text: '4 of 4 workouts this week' },
    ]);
  });
});
