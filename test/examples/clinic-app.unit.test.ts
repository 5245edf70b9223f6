import { describe, expect, it } from 'vitest';
import { clinicModel } from '../../examples/clinic-app/model';
import { appModel } from '../../examples/virtual-apps';
import { runTour, type TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  idsOnScreen,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('clinic', clinicModel);
const { app: clinic, open, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'sam@carewell.test' },
  { type: 'password', text: 'care2024' },
  { tap: 'sign-in' },
];

/** The past appointments' rows as the Past segment shows them, top to bottom. */
const pastRows = (model: Buffer) =>
  rowIds(model, [...SIGN_IN, { tap: 'tab-appointments' }, { tap: 'seg-past' }], /^past-p\d+$/);

describe('the clinic appointments app (Carewell)', () => {
  itShipsItsModel(h, [
    'appointment',
    'appointments',
    'book',
    'booking-done',
    'doctor',
    'doctors',
    'edit-profile',
    'home',
    'prescription',
    'prescriptions',
    'profile',
    'reschedule',
    'settings',
    'signin',
  ]);

  itBuildsReadablePackages(h, { name: 'Carewell', version: '3.1.0', screen: 'appointments', title: 'Appointments' });

  it('signs in, reschedules, books, cancels, requests a refill, edits the profile and signs out as its tour says', async () => {
    await walk(appModel(clinic, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'signin-password-message': { check: 'password-error', text: 'Enter your password' },
    'booking-wrong-time': { check: 'next-when', text: 'Mon 13 Apr at 09:00' },
    'upcoming-count-stuck': { check: 'upcoming-count', text: '3 upcoming' },
    'cancel-does-nothing': { check: 'home-notice', text: 'Appointment cancelled' },
    'refill-count-unchanged': { check: 'rx-refills-value', text: '1' },
    'postcode-not-saved': { check: 'profile-postcode-value', text: 'LS6 3AB' },
    'reminders-switch-reverts': { check: 'appointment-reminders', on: false },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['past-oldest-first'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('lists past appointments newest first, and the bug past-oldest-first puts the oldest on top', async () => {
    const newestFirst = ['past-p1', 'past-p2', 'past-p3', 'past-p4', 'past-p5', 'past-p6', 'past-p7', 'past-p8'];
    expect(await pastRows(appModel(clinic, 'correct'))).toEqual(newestFirst);
    expect(await pastRows(withBug('past-oldest-first'))).toEqual(['past-p8', ...newestFirst.slice(0, 7)]);
  });

  it('lists upcoming appointments by day and then by time, and Home shows the earliest', async () => {
    const app = await open(appModel(clinic, 'correct'));
    try {
      await runTour(app, [...SIGN_IN, { tap: 'tab-appointments' }]);
      expect(await idsOnScreen(app, /^appt-\d$/)).toEqual(['appt-1', 'appt-2']);
      // Dr Webb moves to the morning of Dr Shah's day, half an hour before her.
      await app.tap('appt-2');
      await app.tap('reschedule');
      await app.tap('day-2');
      await app.tap('time-0900');
      await app.tap('save-new-time');
      await app.back();
      expect(await idsOnScreen(app, /^appt-\d$/)).toEqual(['appt-2', 'appt-1']);
      await app.tap('tab-home');
      expect(await app.textOf('next-doctor')).toBe('Dr Marcus Webb');
      expect(await app.textOf('next-when')).toBe('Tue 14 Apr at 09:00');
    } finally {
      await app.close();
    }
  });
});
