import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TRAVEL_APP, TRAVEL_MODEL_PATH, buildTravelApk, buildTravelIosZip } from '../../examples/build-travel-app';
import { plantBugs } from '../../examples/planted-bugs';
import { travelModel } from '../../examples/travel-app/model';
import { EXAMPLE_APPS, appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { buildVirtualApk, EXAMPLE_BUILD_DIR } from '../../examples/virtual-app-package';
import { readDevicePackage } from '../../src/packages/device-package';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-examples-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const travel = exampleApp('travel');

/** Walks the app's tour on a fresh virtual phone running `model`. */
async function tour(app: typeof travel, model: Buffer): Promise<void> {
  const apk = path.join(tmp, `${app.name}-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(app.spec, apk, model);
  const device = await openVirtualApp({ packagePath: apk, packageName: app.spec.packageName });
  try {
    await runTour(device, readTour(app.tourPath));
  } finally {
    await device.close();
  }
}

describe('the travel app (Wayfarer)', () => {
  it('ships the model its sources generate, and the model is valid', () => {
    const committed = fs.readFileSync(TRAVEL_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(travelModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
        'confirmation',
        'edit-profile',
        'extras',
        'flight',
        'home',
        'passengers',
        'profile',
        'results',
        'settings',
        'signin',
        'summary',
        'trip',
        'trips',
      ].sort(),
    );
  });

  it('builds an APK and an iOS bundle that the package reader reads with their model, byte-identical each time', async () => {
    const apk = await buildTravelApk(path.join(tmp, 'a.apk'));
    const again = await buildTravelApk(path.join(tmp, 'b.apk'));
    expect(fs.readFileSync(apk).equals(fs.readFileSync(again))).toBe(true);
    const ios = await buildTravelIosZip(path.join(tmp, 'a.zip'));
    for (const [file, platform] of [
      [apk, 'android'],
      [ios, 'ios'],
    ] as const) {
      const info = await readDevicePackage(file, platform);
      expect(info).toMatchObject({
        platform,
        packageName: TRAVEL_APP.packageName,
        name: 'Wayfarer',
        version: '3.4.1',
        build: '341',
      });
      expect(info.model?.screens.summary?.title).toBe('Review booking');
    }
  });

  it('books, prices, cancels and keeps settings as its tour says, on a virtual phone', async () => {
    await tour(travel, appModel(travel, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the last step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'swap-keeps-destination': { check: 'to', text: 'Paris' },
    'total-ignores-bag': { check: 'total-value', text: '€278.80' },
    'missing-midday-flight': { check: 'flight-au316', text: '12:40 → 14:55 · from €72' },
    'email-offers-not-saved': { check: 'email-offers', on: true },
    'first-name-message': { check: 'passengers-error', text: 'Enter the first name of passenger 1' },
    'cancel-lands-on-search': { screen: 'My trips' },
    'summary-title-typo': { screen: 'Review booking' },
  };

  it('plants at least six bugs, each with an id and a description', () => {
    const bugs = appBugs(travel);
    expect(bugs.length).toBeGreaterThanOrEqual(6);
    expect(bugs.map((b) => b.id).sort()).toEqual(Object.keys(CAUGHT_AT).sort());
    for (const b of bugs)
      expect(Object.keys(parseAppModel(JSON.stringify(plantBugs(travelModel(), [b]))).screens)).toContain(b.screen);
    // All of them together make the buggy build, which is still a valid model.
    expect(() => parseAppModel(appModel(travel, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const bug = appBugs(travel).find((b) => b.id === id)!;
    const model = Buffer.from(JSON.stringify(plantBugs(travelModel(), [bug])));
    const tourSteps = readTour(travel.tourPath);
    const at = tourSteps.findLastIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(tour(travel, model)).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

  it('refuses a bug whose patch no longer matches the model', () => {
    const [bug] = appBugs(travel);
    const stale = { ...bug!, patch: [{ op: 'test' as const, path: '/screens/home/title', value: 'Home' }] };
    expect(() => plantBugs(travelModel(), [stale])).toThrow(`planted bug "${bug!.id}" does not apply`);
  });
});

describe('every example app', () => {
  it.each(Object.keys(EXAMPLE_APPS))(
    '%s: its planted bugs apply and its tour passes on the correct build',
    async (name) => {
      const app = exampleApp(name);
      expect(appBugs(app).length).toBeGreaterThan(0);
      expect(appModel(app, 'buggy').equals(appModel(app, 'correct'))).toBe(false);
      await tour(app, appModel(app, 'correct'));
      const apk = await buildExampleApp(app, 'buggy', path.join(tmp, `${name}-buggy.apk`));
      expect((await readDevicePackage(apk, 'android')).packageName).toBe(app.spec.packageName);
    },
  );
});

describe('building the example apps', () => {
  it('writes its packages where git does not track them, so a clone stays clean', () => {
    const probe = path.join(EXAMPLE_BUILD_DIR, 'simdeck-sample.apk');
    // `git check-ignore` exits 0 for an ignored path and 1 for one git would show as untracked.
    const ignored = spawnSync('git', ['check-ignore', '-q', probe], { cwd: path.resolve('.') }).status;
    expect(ignored, `${probe} would be untracked`).toBe(0);
    expect(spawnSync('git', ['check-ignore', '-q', 'build/simdeck-sample.apk']).status).toBe(0);
  });
});
