import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PARCEL_APP } from '../../examples/build-parcel-app';
import { PARCEL_MODEL_PATH, parcelModel } from '../../examples/parcel-app/model';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp, type AppOnDevice } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-parcel-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const shipwise = exampleApp('parcel');

/** Opens `model` on a fresh virtual phone. */
async function open(model: Buffer): Promise<AppOnDevice> {
  const apk = path.join(tmp, `shipwise-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(shipwise.spec, apk, model);
  return openVirtualApp({ packagePath: apk, packageName: shipwise.spec.packageName });
}

/** Walks `steps` (the tour, unless told) on a fresh virtual phone running `model`. */
async function walk(model: Buffer, steps: TourStep[] = readTour(shipwise.tourPath)): Promise<void> {
  const device = await open(model);
  try {
    await runTour(device, steps);
  } finally {
    await device.close();
  }
}

const withBug = (id: string) => {
  const bug = appBugs(shipwise).find((b) => b.id === id)!;
  return Buffer.from(JSON.stringify(plantBugs(parcelModel(), [bug])));
};

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'priya@shipwise.test' },
  { type: 'password', text: 'ship2024' },
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

describe('the parcel delivery app (Shipwise)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(PARCEL_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(parcelModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
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
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(shipwise, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['shipwise.apk', 'android'],
      ['Shipwise.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(shipwise, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: PARCEL_APP.packageName, name: 'Shipwise', version: '2.8.0' });
      expect(info.model?.screens.home?.title).toBe('Home');
    }
  });

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

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(shipwise);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(CAUGHT_AT), ...OTHERS].sort());
    for (const b of bugs) expect(Object.keys(parcelModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(shipwise, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const at = readTour(shipwise.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(walk(withBug(id))).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

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
