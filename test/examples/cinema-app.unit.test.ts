import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CINEMA_APP } from '../../examples/build-cinema-app';
import { CINEMA_MODEL_PATH, cinemaModel } from '../../examples/cinema-app/model';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp, type AppOnDevice } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';
import { findAll } from '../virtual/ui';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-cinema-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const cinema = exampleApp('cinema');

/** Opens `model` on a fresh virtual phone. */
async function open(model: Buffer): Promise<AppOnDevice> {
  const apk = path.join(tmp, `reelhouse-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(cinema.spec, apk, model);
  return openVirtualApp({ packagePath: apk, packageName: cinema.spec.packageName });
}

/** Walks `steps` (the tour, unless told) on a fresh virtual phone running `model`. */
async function walk(model: Buffer, steps: TourStep[] = readTour(cinema.tourPath)): Promise<void> {
  const device = await open(model);
  try {
    await runTour(device, steps);
  } finally {
    await device.close();
  }
}

const withBug = (id: string) => {
  const bug = appBugs(cinema).find((b) => b.id === id)!;
  return Buffer.from(JSON.stringify(plantBugs(cinemaModel(), [bug])));
};

/** The past bookings' rows as the Past segment shows them, top to bottom. */
async function pastRows(model: Buffer): Promise<string[]> {
  const app = await open(model);
  try {
    await app.type('email', 'mia@reelhouse.test');
    await app.type('password', 'reel2024');
    await app.tap('sign-in');
    await app.tap('tab-tickets');
    await app.tap('seg-past');
    const ids: string[] = [];
    for (let page = 0; page < 6; page++) {
      for (const n of findAll(await app.tree(), (node) => /^past-rh-\d+$/.test(node.id ?? '')))
        if (!ids.includes(n.id!)) ids.push(n.id!);
      if (!(await app.scrollDown())) break;
    }
    return ids;
  } finally {
    await app.close();
  }
}

const SIGN_IN: TourStep[] = [
  { type: 'email', text: 'mia@reelhouse.test' },
  { type: 'password', text: 'reel2024' },
  { tap: 'sign-in' },
];

describe('the cinema ticket app (Reelhouse)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(CINEMA_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(cinemaModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
        'account',
        'booked',
        'checkout',
        'film',
        'home',
        'my-tickets',
        'past-ticket',
        'search',
        'seats',
        'signin',
        'snacks',
        'ticket',
        'tickets',
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(cinema, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['reelhouse.apk', 'android'],
      ['Reelhouse.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(cinema, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({
        platform,
        packageName: CINEMA_APP.packageName,
        name: 'Reelhouse',
        version: '3.4.1',
      });
      expect(info.model?.screens.seats?.title).toBe('Choose seats');
    }
  });

  it('signs in, books seats with tickets, snacks and a voucher, cancels, searches and signs out as its tour says', async () => {
    await walk(appModel(cinema, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'seat-count-stuck': { check: 'seat-count', text: '2 seats selected · £25.00' },
    'senior-priced-as-adult': { check: 'tickets-total-value', text: '£22.00' },
    'voucher-message-amount': { check: 'voucher-message', text: 'REEL5 applied: £5.00 off' },
    'cancelled-booking-stays-upcoming': { check: 'no-upcoming', text: 'No upcoming bookings' },
    'paper-moons-not-found': { check: 'results-count', text: '1 film' },
    'points-not-added': { check: 'account-points', text: '1,290 points' },
    'offers-switch-springs-back': { check: 'set-offers', on: true },
  };
  /** Bugs the tour cannot see, since it finds rows by id: each has its own check below. */
  const OTHERS = ['past-bookings-out-of-order'];

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(cinema);
    expect(bugs.map((b) => b.id).sort()).toEqual([...Object.keys(CAUGHT_AT), ...OTHERS].sort());
    for (const b of bugs) expect(Object.keys(cinemaModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(cinema, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const at = readTour(cinema.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(walk(withBug(id))).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

  it('lists past bookings newest first, and the bug past-bookings-out-of-order lists RH-46658 second', async () => {
    const newestFirst = ['47730', '47102', '46658', '46011', '45397'].map((n) => `past-rh-${n}`);
    expect(await pastRows(appModel(cinema, 'correct'))).toEqual(newestFirst);
    const [a, b, c, ...rest] = newestFirst;
    expect(await pastRows(withBug('past-bookings-out-of-order'))).toEqual([a, c, b, ...rest]);
  });

  it('keeps the totals right with six seats, every ticket type, snacks to the limit and the voucher', async () => {
    await walk(appModel(cinema, 'correct'), [
      ...SIGN_IN,
      { tap: 'film-velocity-run' },
      { tap: 'day-sun' },
      { tap: 'show-sun-2110' },
      ...['A3', 'A4', 'A5', 'A6', 'A7', 'A8', 'B1'].map((s): TourStep => ({ tap: `seat-${s}` })),
      { check: 'seat-error', text: 'You can choose up to 6 seats at a time' },
      { check: 'seat-count', text: '6 seats selected · £75.00' },
      { tap: 'seats-continue' },
      { tap: 'ticket-adult-plus' },
      { check: 'ticket-adult-count', text: '6' },
      ...['adult', 'adult', 'adult', 'adult'].map((t): TourStep => ({ tap: `ticket-${t}-minus` })),
      { tap: 'ticket-child-plus' },
      { tap: 'ticket-child-plus' },
      { tap: 'ticket-senior-plus' },
      { tap: 'ticket-senior-plus' },
      { check: 'tickets-chosen', text: '6 of 6 tickets chosen' },
      { check: 'tickets-total-value', text: '£61.00' },
      { tap: 'tickets-continue' },
      ...Array.from({ length: 5 }, (): TourStep => ({ tap: 'snack-nachos-plus' })),
      { check: 'snack-nachos-count', text: '4' },
      { check: 'snacks-total-value', text: '£24.00' },
      { tap: 'snacks-continue' },
      { check: 'checkout-total-value', text: '£86.50' },
      { type: 'voucher-code', text: 'reel5' },
      { tap: 'apply-voucher' },
      { tap: 'apply-voucher' },
      { check: 'voucher-message', text: 'REEL5 is already applied' },
      { check: 'checkout-total-value', text: '£81.50' },
      { back: true },
      { tap: 'snack-nachos-minus' },
      { back: true },
      { tap: 'ticket-child-minus' },
      { tap: 'ticket-adult-plus' },
      { check: 'tickets-total-value', text: '£65.00' },
      { tap: 'tickets-continue' },
      { tap: 'snacks-continue' },
      { check: 'checkout-total-value', text: '£79.50' },
      { check: 'pay', text: 'Pay £79.50' },
    ]);
  });
});
