import { describe, expect, it } from 'vitest';
import { homeModel } from '../../examples/home-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('home', homeModel);
const { app: homely, walk, withBug, rowIds } = h;

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'sam@homely.test' },
  { type: 'password', text: 'home2024' },
  { tap: 'sign-in' },
];

describe('the smart-home app (Homely)', () => {
  itShipsItsModel(h, [
    'activity',
    'add-schedule',
    'energy',
    'home',
    'members',
    'new-scene',
    'profile',
    'room',
    'scene',
    'scenes',
    'schedule',
    'schedules',
    'settings',
    'signin',
  ]);

  itBuildsReadablePackages(h, { name: 'Homely', version: '3.4.1', screen: 'home', title: 'Home' });

  it('signs in, controls rooms, runs and creates scenes, schedules, energy, settings, members and signs out as its tour says', async () => {
    await walk(appModel(homely, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'kitchen-count-stale': { check: 'room-summary', text: '3 devices · 1 light on' },
    'good-night-message-wrong': { check: 'scene-message', text: 'Good night is on' },
    'schedule-days-not-saved': { check: 'schedule-days', text: 'Mon, Wed, Fri' },
    'energy-week-total-wrong': { check: 'energy-total', text: '96.3 kWh' },
    'notifications-springs-back': { check: 'set-notifications', on: false },
    'fahrenheit-rounds-down': { check: 'thermo-target', text: '70°F' },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['deleted-schedule-stays', 'activity-out-of-order'];

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT, others: OTHERS });

  it('lists activity newest first, and the bug activity-out-of-order puts 17:30 before 18:05', async () => {
    const steps: TourStep[] = [...SIGN_IN, { tap: 'open-activity' }, { screen: 'Activity' }];
    const newestFirst = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'].map((n) => `event-${n}`);
    expect(await rowIds(appModel(homely, 'correct'), steps, /^event-a\d$/)).toEqual(newestFirst);
    const [a, b, c, ...rest] = newestFirst;
    expect(await rowIds(withBug('activity-out-of-order'), steps, /^event-a\d$/)).toEqual([a, c, b, ...rest]);
  });

  it('takes a deleted schedule off the list, and the bug deleted-schedule-stays keeps Lights out', async () => {
    const steps: TourStep[] = [
      ...SIGN_IN,
      { tap: 'open-schedules' },
      { tap: 'schedule-lights' },
      { tap: 'delete-schedule' },
      { tap: 'alert-delete' },
      { check: 'schedules-message', text: '“Lights out” was deleted' },
    ];
    const rows = /^schedule-(wake|weekend|lights)$/;
    expect(await rowIds(appModel(homely, 'correct'), steps, rows)).toEqual(['schedule-wake', 'schedule-weekend']);
    expect(await rowIds(withBug('deleted-schedule-stays'), steps, rows)).toEqual([
      'schedule-wake',
      'schedule-weekend',
      'schedule-lights',
    ]);
  });

  it('names weekday sets as people say them, and keeps counts and temperatures in step', async () => {
    await walk(appModel(homely, 'correct'), [
      ...SIGN_IN,
      { tap: 'open-schedules' },
      { tap: 'add-schedule' },
      ...['mon', 'tue', 'wed', 'thu', 'fri'].map((d): TourStep => ({ tap: `day-${d}` })),
      { check: 'days-selected', text: 'Repeats: Weekdays' },
      { tap: 'day-sat' },
      { tap: 'day-sun' },
      { check: 'days-selected', text: 'Repeats: Every day' },
      ...['mon', 'tue', 'wed', 'thu', 'fri'].map((d): TourStep => ({ tap: `day-${d}` })),
      { check: 'days-selected', text: 'Repeats: Weekends' },
      { tap: 'day-sat' },
      { tap: 'day-sun' },
      { check: 'days-selected', text: 'No days chosen' },
      { back: true },
      { back: true },
      { tap: 'scene-chip-leaving' },
      { tap: 'room-office' },
      { check: 'room-summary', text: '2 devices · All lights off' },
      { check: 'plug-of-printer', on: false },
      { back: true },
      { tap: 'room-living' },
      ...Array.from({ length: 9 }, (): TourStep => ({ tap: 'thermo-plus' })),
      { check: 'thermo-target', text: '28°C' },
      { tap: 'light-lr-ceiling' },
      ...Array.from({ length: 9 }, (): TourStep => ({ tap: 'light-lr-ceiling-plus' })),
      { check: 'light-lr-ceiling-level', text: 'Brightness 100%' },
    ]);
  });
});
