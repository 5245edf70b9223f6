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

/** The past appointments' rows as the Past segment shows them, top to bottom. */
async function pastRows(model: Buffer): Promise<string[]> {
  const app = await open(model);
  try {
    await app.type('email', 'sam@carewell.test');
    await app.type('password', 'care2024');
    await app.tap('sign-in');
    await app.tap('tab-appointments');
    await app.tap('seg-past');
    const ids: string[] = [];
    for (let page = 0; page < 6; page++) {
      for (const n of findAll(await app.tree(), (node) => /^past-p\d+$/.test(node.id ?? '')))
        if (!ids.includes(n.id!)) ids.push(n.id!);
      if (!(await app.scrollDown())) break;
    }
    return ids;
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
});
