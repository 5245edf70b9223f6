import type { Scalar } from '../../src/virtual/app-model';
import { groupPounds, poundsState } from './money';

/** What Fernbank starts with: the test account, its three accounts, their transactions and payees. */

export const ACCOUNT = { email: 'alex@fernbank.test', password: 'fern2024', passcode: '2468', name: 'Alex Morgan' };

/** Balances in whole pounds and pence; the credit card's is what is owed. */
export const CURRENT = { pounds: 1842, pence: '50', number: '20-44-17 · 41268830' };
export const SAVINGS = { pounds: 1250, pence: '00', number: '20-44-17 · 73019254' };
export const CARD = { owed: '312.40', limit: '£3,000', number: 'Visa ending 4417' };
/** Current + Savings − card: 1842.50 + 1250.00 − 312.40. */
export const TOTAL = { pounds: 2780, pence: '10' };

export interface Txn {
  id: string;
  title: string;
  date: string;
  category: string;
  amount: string;
  /** Shown on its details screen. */
  status: string;
  reference: string;
}

const txn = (id: string, title: string, date: string, category: string, amount: string, reference: string): Txn => ({
  id,
  title,
  date,
  category,
  amount,
  status: 'Completed',
  reference,
});

export const CURRENT_TXNS: Txn[] = [
  txn('c1', 'Greenleaf Grocers', '12 Mar', 'Groceries', '−£46.20', 'Card payment'),
  txn('c2', 'Northline Rail', '11 Mar', 'Transport', '−£23.80', 'Card payment'),
  txn('c3', 'Salary — Brightwater Ltd', '10 Mar', 'Income', '+£2,450.00', 'MARCH PAY'),
  txn('c4', 'Harbour Coffee', '10 Mar', 'Eating out', '−£3.60', 'Card payment'),
  txn('c5', 'City Energy', '9 Mar', 'Bills', '−£78.00', 'Direct debit'),
  txn('c6', 'Streamly', '8 Mar', 'Entertainment', '−£10.99', 'Card payment'),
  txn('c7', 'Oakwood Pharmacy', '7 Mar', 'Health', '−£12.45', 'Card payment'),
  txn('c8', 'Rent — J. Patel', '5 Mar', 'Housing', '−£950.00', 'Standing order'),
  txn('c9', 'Greenleaf Grocers', '4 Mar', 'Groceries', '−£58.75', 'Card payment'),
  txn('c10', 'Cashpoint, High Street', '3 Mar', 'Cash', '−£40.00', 'Cash withdrawal'),
  txn('c11', 'Mobile Plus', '2 Mar', 'Bills', '−£18.00', 'Direct debit'),
  txn('c12', 'Bookshop on the Corner', '1 Mar', 'Shopping', '−£15.99', 'Card payment'),
];

export const SAVINGS_TXNS: Txn[] = [
  txn('s1', 'Interest', '1 Mar', 'Interest', '+£14.62', 'Monthly interest'),
  txn('s2', 'From Current account', '10 Feb', 'Transfer', '+£500.00', 'Holiday fund'),
  txn('s3', 'Interest', '1 Feb', 'Interest', '+£12.90', 'Monthly interest'),
];

export const CARD_TXNS: Txn[] = [
  txn('k1', 'Skyway Airlines', '9 Mar', 'Travel', '−£189.00', 'Card payment'),
  txn('k2', 'Homeware Hub', '6 Mar', 'Shopping', '−£64.40', 'Card payment'),
  txn('k3', 'Trattoria Roma', '2 Mar', 'Eating out', '−£59.00', 'Card payment'),
];

export interface Payee {
  id: string;
  name: string;
  sortCode: string;
  accountNumber: string;
}

export const PAYEES: Payee[] = [
  { id: 'payee-1', name: 'Jamie Chen', sortCode: '40-12-76', accountNumber: '31926819' },
  { id: 'payee-2', name: 'Riverside Lettings', sortCode: '60-83-71', accountNumber: '55012937' },
  { id: 'payee-3', name: 'Sophie Morgan', sortCode: '09-01-28', accountNumber: '84420166' },
];

/** Slots for payees added in the app. */
export const NEW_PAYEE_SLOTS = 3;

export const poundsLabel = (pounds: number, pence: string) => `£${groupPounds(pounds)}.${pence}`;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    signin_error: '',
    passcode: '',
    passcode_error: '',
    acct: 'current',
    acct_name: 'Current account',
    ...poundsState('cur', CURRENT.pounds),
    cur_label: poundsLabel(CURRENT.pounds, CURRENT.pence),
    ...poundsState('sav', SAVINGS.pounds),
    sav_label: poundsLabel(SAVINGS.pounds, SAVINGS.pence),
    ...poundsState('tot', TOTAL.pounds),
    tot_label: poundsLabel(TOTAL.pounds, TOTAL.pence),
    card_label: `−£${CARD.owed}`,
    tx_from: 'current',
    tx_to: 'savings',
    tx_from_name: 'Current account',
    tx_to_name: 'Savings account',
    amount: '',
    tx_reference: '',
    tx_error: '',
    amt_label: '',
    transfers: 0,
    last_transfer: '',
    last_transfer_sub: '',
    last_in: '',
    last_in_sub: '',
    d_title: '',
    d_amount: '',
    d_date: '',
    d_category: '',
    d_status: '',
    d_reference: '',
    d_account: '',
    payee_name: '',
    payee_sort: '',
    payee_number: '',
    pay_amount: '',
    pay_error: '',
    pay_notice: '',
    np_name: '',
    np_sort: '',
    np_number: '',
    np_error: '',
    payees_notice: '',
    payments_made: 0,
    last_payment: '',
    last_payment_sub: '',
    card_frozen: false,
    contactless: true,
    card_notice: '',
    notif_payments: true,
    notif_low_balance: false,
    notif_offers: false,
  };
  for (let n = 1; n <= NEW_PAYEE_SLOTS; n++) {
    state[`np${n}_name`] = '';
    state[`np${n}_sort`] = '';
    state[`np${n}_number`] = '';
  }
  return state;
}
