import { describe, expect, it } from 'vitest';
import { bankModel } from '../../examples/bank-app/model';
import { appModel } from '../../examples/virtual-apps';
import type { TourStep } from '../virtual/app-tour';
import {
  exampleAppHarness,
  itBuildsReadablePackages,
  itPlantsBugsTheTourCatches,
  itShipsItsModel,
} from './example-app-harness';

const h = exampleAppHarness('bank', bankModel);
const { app: bank, open, walk } = h;

describe('the banking app (Fernbank)', () => {
  itShipsItsModel(h, [
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
  ]);

  itBuildsReadablePackages(h, { name: 'Fernbank', version: '4.2.1', screen: 'accounts', title: 'Accounts' });

  it('signs in, moves money, pays, adds a payee, freezes the card and signs out as its tour says', async () => {
    await walk(appModel(bank, 'correct'));
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

  itPlantsBugsTheTourCatches(h, { count: 'eight', caughtAt: CAUGHT_AT });

  it('moves whole pounds digit by digit: a transfer of the whole Savings balance leaves £0.00', async () => {
    const app = await open(appModel(bank, 'correct'));
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
