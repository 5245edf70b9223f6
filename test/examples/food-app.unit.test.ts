import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FOOD_APP } from '../../examples/build-food-app';
import { FOOD_MODEL_PATH, foodModel } from '../../examples/food-app/model';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp, type AppOnDevice } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-food-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const food = exampleApp('food');

/** Opens `model` on a fresh virtual phone. */
async function open(model: Buffer): Promise<AppOnDevice> {
  const apk = path.join(tmp, `forkly-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(food.spec, apk, model);
  return openVirtualApp({ packagePath: apk, packageName: food.spec.packageName });
}

/** Walks `steps` (the tour, unless told) on a fresh virtual phone running `model`. */
async function walk(model: Buffer, steps: TourStep[] = readTour(food.tourPath)): Promise<void> {
  const device = await open(model);
  try {
    await runTour(device, steps);
  } finally {
    await device.close();
  }
}

const withBug = (id: string) => {
  const bug = appBugs(food).find((b) => b.id === id)!;
  return Buffer.from(JSON.stringify(plantBugs(foodModel(), [bug])));
};

/** The past orders' rows as the Past segment shows them, top to bottom. */
async function pastRows(model: Buffer): Promise<string[]> {
  const app = await open(model);
  try {
    await app.type('email', 'jo@forkly.test');
    await app.type('password', 'fork2024');
    await app.tap('sign-in');
    await app.tap('tab-orders');
    await app.tap('seg-past');
    const ids: string[] = [];
    for (let page = 0; page < 6; page++) {
      for (const n of findAll(await app.tree(), (node) => /^past-fk-\d+$/.test(node.id ?? '')))
        if (!ids.includes(n.id!)) ids.push(n.id!);
      if (!(await app.scrollDown())) break;
    }
    return ids;
  } finally {
    await app.close();
  }
}

describe('the food delivery app (Forkly)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(FOOD_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(foodModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
        'account',
        'addresses',
        'basket',
        'checkout',
        'dish',
        'edit-details',
        'home',
        'order',
        'order-placed',
        'orders',
        'past-order',
        'rate',
        'restaurant',
        'search',
        'signin',
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(food, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['forkly.apk', 'android'],
      ['Forkly.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(food, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: FOOD_APP.packageName, name: 'Forkly', version: '5.0.2' });
      expect(info.model?.screens.basket?.title).toBe('Basket');
    }
  });

  it('signs in, fills a basket, applies a promo code, orders, cancels, rates, searches, edits details and signs out as its tour says', async () => {
    await walk(appModel(food, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'promo-code-rejected': { check: 'promo-message', text: 'SAVE10 applied: 10% off your food' },
    'plus-keeps-line-price': { check: 'line-margherita-price', text: '£28.50' },
    'tip-drops-discount': { check: 'checkout-total-value', text: '£18.93' },
    'cancelled-still-preparing': { check: 'order-status', text: 'Cancelled' },
    'offers-switch-springs-back': { check: 'set-offers', on: true },
    'falafel-wrap-not-found': { check: 'results-count', text: '1 result' },
    'phone-not-saved': { check: 'account-phone', text: '07700 900999' },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['past-orders-out-of-order'];

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(food);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(CAUGHT_AT), ...OTHERS].sort());
    for (const b of bugs) expect(Object.keys(foodModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(food, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const at = readTour(food.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(walk(withBug(id))).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

  it('lists past orders newest first, and the bug past-orders-out-of-order lists FK-19940 second', async () => {
    const newestFirst = ['20391', '20177', '19940', '19702', '19455', '19210', '18963', '18724'].map(
      (n) => `past-fk-${n}`,
    );
    expect(await pastRows(appModel(food, 'correct'))).toEqual(newestFirst);
    const [a, b, c, ...rest] = newestFirst;
    expect(await pastRows(withBug('past-orders-out-of-order'))).toEqual([a, c, b, ...rest]);
  });

  it('keeps the subtotal and the total right as dishes come and go, up to a full basket', async () => {
    const sheet = (dish: string, plus: number): TourStep[] => [
      { tap: `dish-${dish}` },
      ...Array.from({ length: plus }, (): TourStep => ({ tap: 'sheet-plus' })),
      { tap: 'add-to-basket' },
    ];
    await walk(appModel(food, 'correct'), [
      { type: 'email', text: 'jo@forkly.test' },
      { type: 'password', text: 'fork2024' },
      { tap: 'sign-in' },
      { tap: 'restaurant-luigi' },
      ...sheet('formaggi', 2),
      ...sheet('formaggi', 2),
      { check: 'view-basket-top', text: 'View basket · 6 items · £72.00' },
      ...sheet('cola', 0),
      { check: 'sheet-error', text: 'Your basket can hold up to 6 dishes' },
      { back: true },
      { tap: 'view-basket-top' },
      { check: 'basket-total-value', text: '£74.98' },
      { tap: 'line-formaggi-plus' },
      { check: 'basket-error', text: 'Your basket can hold up to 6 dishes' },
      ...Array.from({ length: 5 }, (): TourStep => ({ tap: 'line-formaggi-minus' })),
      { check: 'basket-subtotal-value', text: '£12.00' },
      { type: 'promo-code', text: 'save10' },
      { tap: 'apply-promo' },
      { check: 'basket-discount-value', text: '−£1.20' },
      { check: 'basket-total-value', text: '£13.78' },
      { tap: 'line-formaggi-minus' },
      { check: 'basket-empty', text: 'Your basket is empty' },
    ]);
  });
});
