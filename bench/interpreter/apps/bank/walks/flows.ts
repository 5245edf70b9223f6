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

/** Email, password, Sign in. */
export const signIn: Op[][] = [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in')]];
/** The passcode, Unlock. */
export const unlock: Op[][] = [[type('passcode-input', PASSCODE)], [tap('unlock')]];
/** All of it in one step: signed in and on Accounts. */
export const signedIn: Op[] = [...signIn.flat(), ...unlock.flat(), screen('Accounts')];

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
