import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BANK_MODEL_PATH, bankModel } from '../../examples/bank-app/model';
import { BANK_APP } from '../../examples/build-bank-app';
import { plantBugs } from '../../examples/planted-bugs';
import { buildVirtualApk } from '../../examples/virtual-app-package';
import { appBugs, appModel, buildExampleApp, exampleApp } from '../../examples/virtual-apps';
import { readDevicePackage } from '../../src/packages/device-package';
import { DEFAULT_PACKAGE_LIMITS } from '../../src/packages/package-limits';
import { parseAppModel } from '../../src/virtual/app-model';
import { openVirtualApp } from '../virtual/app-driver';
import { readTour, runTour, type TourStep } from '../virtual/app-tour';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-bank-app-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const bank = exampleApp('bank');

/** Walks the tour on a fresh virtual phone running `model`. */
async function tour(model: Buffer): Promise<void> {
  const apk = path.join(tmp, `bank-${Math.random().toString(36).slice(2, 8)}.apk`);
  await buildVirtualApk(bank.spec, apk, model);
  const device = await openVirtualApp({ packagePath: apk, packageName: bank.spec.packageName });
  try {
    await runTour(device, readTour(bank.tourPath));
  } finally {
    await device.close();
  }
}

describe('the banking app (Fernbank)', () => {
  it('ships the model its sources generate, and the model is valid and fits a package', () => {
    const committed = fs.readFileSync(BANK_MODEL_PATH, 'utf8');
    expect(JSON.parse(committed)).toEqual(bankModel());
    const model = parseAppModel(committed);
    expect(Object.keys(model.screens).sort()).toEqual(
      [
        'account',
        'accounts',
        'add-payee',
        'cards',
        'passcode',
        'pay',
        'payees',
        'pick-account',
        'profile',
        'signin',
        'transaction',
        'transfer',
        'transfer-done',
        'transfer-review',
      ].sort(),
    );
    for (const variant of ['correct', 'buggy'] as const)
      expect(appModel(bank, variant).length).toBeLessThan(DEFAULT_PACKAGE_LIMITS.maxAppModelBytes);
  });

  it('builds packages that the package reader reads with their model', async () => {
    for (const [file, platform] of [
      ['fernbank.apk', 'android'],
      ['Fernbank.app.zip', 'ios'],
    ] as const) {
      const built = await buildExampleApp(bank, 'correct', path.join(tmp, file));
      const info = await readDevicePackage(built, platform);
      expect(info).toMatchObject({ platform, packageName: BANK_APP.packageName, name: 'Fernbank', version: '4.2.1' });
      expect(info.model?.screens.accounts?.title).toBe('Accounts');
    }
  });

  it('signs in, moves money, pays, adds a payee, freezes the card and signs out as its tour says', async () => {
    await tour(appModel(bank, 'correct'));
  });

  /** Where the tour, walked on a build with one planted bug, must stop (the first step of the tour like it). */
  const CAUGHT_AT: Record<string, TourStep> = {
    'passcode-wrong-message': { check: 'passcode-error', text: 'Wrong passcode. Try again.' },
    'total-ignores-card': { check: 'total-value', text: '£2,780.10' },
    'missing-city-energy': { check: 'txn-c5', text: 'City Energy' },
    'too-much-wrong-message': { check: 'transfer-error', text: 'Amount is more than the available balance' },
    'confirm-renamed': { check: 'confirm-transfer', text: 'Confirm transfer' },
    'savings-not-credited': { check: 'account-balance', text: '£1,500.00' },
    'freeze-does-nothing': { check: 'freeze-card', on: true },
    'low-balance-switch-reverts': { check: 'notify-low-balance', on: true },
  };

  it('plants eight bugs, each on a screen of the app, and all of them together still make a valid model', () => {
    const bugs = appBugs(bank);
    expect(bugs.map((b) => b.id).sort()).toEqual(Object.keys(CAUGHT_AT).sort());
    for (const b of bugs) expect(Object.keys(bankModel().screens)).toContain(b.screen);
    expect(() => parseAppModel(appModel(bank, 'buggy').toString('utf8'))).not.toThrow();
  });

  it.each(Object.entries(CAUGHT_AT))('the bug %s stops the tour where it shows', async (id, step) => {
    const bug = appBugs(bank).find((b) => b.id === id)!;
    const model = Buffer.from(JSON.stringify(plantBugs(bankModel(), [bug])));
    const at = readTour(bank.tourPath).findIndex((s) => JSON.stringify(s) === JSON.stringify(step));
    expect(at).toBeGreaterThanOrEqual(0);
    await expect(tour(model)).rejects.toThrow(`tour step ${at + 1} ${JSON.stringify(step)}:`);
  });

  it('moves whole pounds digit by digit: a transfer of the whole Savings balance leaves £0.00', async () => {
    const apk = path.join(tmp, 'bank-arith.apk');
    await buildVirtualApk(bank.spec, apk, appModel(bank, 'correct'));
    const app = await openVirtualApp({ packagePath: apk, packageName: bank.spec.packageName });
    try {
      await app.type('email', 'alex@fernbank.test');
      await app.type('password', 'fern2024');
      await app.tap('sign-in');
      await app.type('passcode-input', '2468');
      await app.tap('unlock');
      await app.tap('tab-transfer');
      await app.tap('choose-from');
      await app.tap('pick-savings');
      await app.type('amount', '1251');
      await app.tap('review-transfer');
      expect(await app.textOf('transfer-error')).toBe('Amount is more than the available balance');
      await app.type('amount', '1250.00');
      await app.tap('review-transfer');
      await app.tap('confirm-transfer');
      expect(await app.textOf('new-from-balance')).toBe('New savings account balance: £0.00');
      await app.tap('done-transfer');
      expect(await app.textOf('account-current')).toBe('Current account');
      await app.tap('account-current');
      // 1,842.50 + 1,250: a carry through three columns.
      expect(await app.textOf('account-balance')).toBe('£3,092.50');
    } finally {
      await app.close();
    }
  });
});
