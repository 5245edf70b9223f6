import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLINIC_MODEL_PATH, clinicModel } from '../../examples/clinic-app/model';
import { CLINIC_APP } from '../../examples/build-clinic-app';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp, type AppOnDevice } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-clinic-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const clinic = exampleApp('clinic');

/** Opens `model` on a fresh virtual phone. */
async function open(model: Buffer): Promise<AppOnDevice> {
  const apk = path.join(tmp, `clinic-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(clinic.spec, apk, model);
  return openVirtualApp({ packagePath: apk, packageName: clinic.spec.packageName });
}

/** Walks the tour on a fresh virtual phone running `model`. */
async function tour(model: Buffer): Promise<void> {
  const device = await open(model);
  try {
    await runTour(device, readTour(clinic.tourPath));
  } finally {
    await device.close();
  }
}

/** The ids of the rows on screen whose id matches `pattern`, top to bottom, scrolling to the end. */
async function rowIds(app: AppOnDevice, pattern: RegExp): Promise<string[]> {
  await app.scrollToTop();
  const ids: string[] = [];
  for (let page = 0; page < 6; page++) {
    for (const n of findAll(await app.tree(), (node) => pattern.test(node.id ?? '')))
      if (!ids.includes(n.id!)) ids.push(n.id!);
    if (!(await app.scrollDown())) break;
  }
  return ids;
}

async function signIn(app: AppOnDevice): Promise<void> {
  await app.type('email', 'sam@carewell.test');
  await app.type('password', 'care2024');
  await app.tap('sign-in');
}

/** The past appointments' rows as the Past segment shows them, top to bottom. */
async function pastRows(model: Buffer): Promise<string[]> {
  const app = await open(model);
  try {
    await signIn(app);
    await app.tap('tab-appointments');
    await app.tap('seg-past');
    return await rowIds(app, /^past-p\d+$/);
  } finally {
    await app.close();
  }
}

describe('the clinic appointments app (Carewell)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(CLINIC_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(clinicModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
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
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(clinic, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['carewell.apk', 'android'],
      ['Carewell.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(clinic, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: CLINIC_APP.packageName, name: 'Carewell', version: '3.1.0' });
      expect(info.model?.screens.appointments?.title).toBe('Appointments');
    }
  });

  it('signs in, reschedules, books, cancels, requests a refill, edits the profile and signs out as its tour says', async () => {
    await tour(appModel(clinic, 'correct'));
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

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(clinic);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(CAUGHT_AT), ...OTHERS].sort());
    for (const b of bugs) expect(Object.keys(clinicModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(clinic, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const bug = appBugs(clinic).find((b) => b.id === id)!;
    const model = Buffer.from(JSON.stringify(plantBugs(clinicModel(), [bug])));
    const at = readTour(clinic.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(tour(model)).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

  it('lists past appointments newest first, and the bug past-oldest-first puts the oldest on top', async () => {
    const newestFirst = ['past-p1', 'past-p2', 'past-p3', 'past-p4', 'past-p5', 'past-p6', 'past-p7', 'past-p8'];
    expect(await pastRows(appModel(clinic, 'correct'))).toEqual(newestFirst);
    const bug = appBugs(clinic).find((b) => b.id === 'past-oldest-first')!;
    const buggy = Buffer.from(JSON.stringify(plantBugs(clinicModel(), [bug])));
    expect(await pastRows(buggy)).toEqual(['past-p8', ...newestFirst.slice(0, 7)]);
  });

  it('lists upcoming appointments by day and then by time, and Home shows the earliest', async () => {
    const app = await open(appModel(clinic, 'correct'));
    try {
      await signIn(app);
      await app.tap('tab-appointments');
      expect(await rowIds(app, /^appt-\d$/)).toEqual(['appt-1', 'appt-2']);
      // Dr Webb moves to the morning of Dr Shah's day, half an hour before her.
      await app.tap('appt-2');
      await app.tap('reschedule');
      await app.tap('day-2');
      await app.tap('time-0900');
      await app.tap('save-new-time');
      await app.back();
      expect(await rowIds(app, /^appt-\d$/)).toEqual(['appt-2', 'appt-1']);
      await app.tap('tab-home');
      expect(await app.textOf('next-doctor')).toBe('Dr Marcus Webb');
      expect(await app.textOf('next-when')).toBe('Tue 14 Apr at 09:00');
    } finally {
      await app.close();
    }
  });
});
