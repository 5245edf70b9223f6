import { type Op, screen, shows, tap, type } from '../../../walks/ops';

/**
 * Fernbank's ways through its screens that many cases share (ids of `examples/bank-app/`).
 * Accounts rows: `account-current`, `account-savings`, `account-card`; transactions `txn-c1`…`txn-c12`
 * (Current, newest first), `txn-s1`…`txn-s3`, `txn-k1`…`txn-k3`; transfers and payments made on the
 * phone: `txn-transfer-out`, `txn-transfer-in`, `txn-payment`. Payees `payee-1`…`payee-3`
 * (Jamie Chen, Riverside Lettings, Sophie Morgan), added ones `payee-new-1`….
 */

export const EMAIL = 'alex@fernbank.test';
export const PASSWORD = 'fern2024';
export const PASSCODE = '2468';

/** The writer signs in three ways: */

export const email: Op[] = [type('email', EMAIL)];
export const password: Op[] = [type('password', PASSWORD)];
export const signInTap: Op[] = [tap('sign-in')];
export const passcode: Op[] = [type('passcode-input', PASSCODE)];
export const unlock: Op[] = [tap('unlock'), screen('Accounts')];
/** Email, password, Sign in, the passcode, Unlock: five steps. */
export const in5: Op[][] = [email, password, signInTap, passcode, unlock];
/** Email, password, Sign in, "enter 2468 and tap Unlock": four steps. */
export const in4: Op[][] = [email, password, signInTap, [...passcode, ...unlock]];
/** "Sign in with alex@fernbank.test / fern2024", the passcode, Unlock: three steps. */
export const in3: Op[][] = [[...email, ...password, ...signInTap], passcode, unlock];

export const detail = (field: string, text: string) => shows(`detail-${field}-value`, text);

/** Taps a labelled button: its label must read as the step names it. */
export const press = (id: string, label: string): Op[] => [shows(id, label), tap(id)];

export const total = (text: string) => shows('total-value', text);
export const balance = (text: string) => shows('account-balance', text);
export const transferError = (text: string) => shows('transfer-error', text);
export const payError = (text: string) => shows('pay-error', text);

/** On Transfer: the From (or To) account chosen on Choose account. */
export const from = (acct: 'current' | 'savings'): Op[] => [tap('choose-from'), tap(`pick-${acct}`)];
export const to = (acct: 'current' | 'savings'): Op[] => [tap('choose-to'), tap(`pick-${acct}`)];
export const review: Op[] = press('review-transfer', 'Review transfer');
export const confirm: Op[] = press('confirm-transfer', 'Confirm transfer');
