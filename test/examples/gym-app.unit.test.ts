import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GYM_APP } from '../../examples/build-gym-app';
import { GYM_MODEL_PATH, gymModel } from '../../examples/gym-app/model';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp, type AppOnDevice } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-gym-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const pulsefit = exampleApp('gym');

/** Opens `model` on a fresh virtual phone. */
async function open(model: Buffer): Promise<AppOnDevice> {
  const apk = path.join(tmp, `pulsefit-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(pulsefit.spec, apk, model);
  return openVirtualApp({ packagePath: apk, packageName: pulsefit.spec.packageName });
}

/** Walks `steps` (the tour, unless told) on a fresh virtual phone running `model`. */
async function walk(model: Buffer, steps: TourStep[] = readTour(pulsefit.tourPath)): Promise<void> {
  const device = await open(model);
  try {
    await runTour(device, steps);
  } finally {
    await device.close();
  }
}

const withBug = (id: string) => {
  const bug = appBugs(pulsefit).find((b) => b.id === id)!;
  return Buffer.from(JSON.stringify(plantBugs(gymModel(), [bug])));
};

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'jordan@pulsefit.test' },
  { type: 'password', text: 'pulse2024' },
  { tap: 'sign-in' },
];

/** After `steps`, the ids matching `pattern` on the screen, top to bottom. */
async function rowIds(model: Buffer, steps: TourStep[], pattern: RegExp): Promise<string[]> {
  const app = await open(model);
  try {
    await runTour(app, steps);
    await app.scrollToTop();
    const ids: string[] = [];
    for (let page = 0; page < 6; page++) {
      for (const n of findAll(await app.tree(), (node) => pattern.test(node.id ?? '')))
        if (!ids.includes(n.id!)) ids.push(n.id!);
      if (!(await app.scrollDown())) break;
    }
    return ids;
  } finally {
    await app.close();
  }
}

describe('the gym member app (Pulsefit)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(GYM_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(gymModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
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
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(pulsefit, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['pulsefit.apk', 'android'],
      ['Pulsefit.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(pulsefit, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: GYM_APP.packageName, name: 'Pulsefit', version: '3.4.1' });
      expect(info.model?.screens.classes?.title).toBe('Classes');
    }
  });

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

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(pulsefit);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(CAUGHT_AT), ...OTHERS].sort());
    for (const b of bugs) expect(Object.keys(gymModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(pulsefit, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const at = readTour(pulsefit.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(walk(withBug(id))).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

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
