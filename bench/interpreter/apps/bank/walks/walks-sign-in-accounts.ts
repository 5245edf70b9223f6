import { type Walk, back, lastRow, nthRow, screen, shows, sub, tap, type } from '../../../walks/ops';
import { PASSWORD, balance, detail, email, in3, in4, in5, passcode, password, signInTap, total, unlock } from './flows';

/** Cases 1–22: signing in, the passcode, Accounts, an account's transactions and their details. */
export const signInAccountWalks: Walk[] = [
  {
    name: 'Sign in screen shows on launch',
    steps: [[screen('Sign in')], [shows('app-name', 'Fernbank')], [shows('tagline', 'Your money, clearly')]],
    assertions: [[shows('email', ''), shows('password', '')], [shows('sign-in', 'Sign in')]],
  },
  {
    name: 'Sign in with empty fields shows email error',
    steps: [[screen('Sign in')], [shows('email', ''), shows('password', '')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Enter your email address')]],
  },
  {
    name: 'Sign in without password asks for password',
    steps: [email, [shows('password', '')], signInTap, [shows('signin-error', 'Enter your password')]],
  },
  {
    name: 'Wrong password is rejected',
    steps: [email, [type('password', 'wrong1')], signInTap],
    assertions: [[shows('signin-error', 'Email or password is incorrect')], [screen('Sign in')]],
  },
  {
    name: 'Unknown email is rejected',
    steps: [
      [type('email', 'nobody@fernbank.test')],
      password,
      signInTap,
      [shows('signin-error', 'Email or password is incorrect')],
    ],
  },
  {
    name: 'Upper case email signs in',
    steps: [
      [type('email', 'ALEX@FERNBANK.TEST')],
      password,
      signInTap,
      [screen('Passcode'), shows('passcode-intro', 'Enter your 4-digit passcode to open Fernbank.')],
      passcode,
      unlock,
    ],
    assertions: [[shows('greeting', 'Good morning, Alex')]],
  },
  {
    name: 'Correct password goes to passcode step',
    steps: [email, [type('password', PASSWORD)], signInTap],
    assertions: [
      [screen('Passcode')],
      [shows('passcode-intro', 'Enter your 4-digit passcode to open Fernbank.')],
      [shows('unlock', 'Unlock')],
    ],
  },
  {
    name: 'Unlock with empty passcode',
    steps: [email, password, signInTap, [shows('passcode-input', ''), tap('unlock')]],
    assertions: [[shows('passcode-error', 'Enter your 4-digit passcode')]],
  },
  {
    name: 'Wrong passcode then right passcode',
    steps: [
      [...email, ...password, ...signInTap],
      [type('passcode-input', '1111')],
      [tap('unlock')],
      [shows('passcode-error', 'Wrong passcode. Try again.')],
      passcode,
      [tap('unlock')],
      [screen('Accounts')],
    ],
    assertions: [[total('£2,780.10')]],
  },
  {
    name: 'Happy path sign in lands on Accounts',
    steps: in5,
    assertions: [
      [shows('greeting', 'Good morning, Alex')],
      [shows('total-label', 'Total balance')],
      [total('£2,780.10')],
    ],
  },
  {
    name: 'Accounts rows show seeded balances',
    steps: [
      ...in4,
      [nthRow('account-', 1, 'Current account'), sub('account-current', '£1,842.50')],
      [nthRow('account-', 2, 'Savings account'), sub('account-savings', '£1,250.00')],
    ],
    assertions: [[nthRow('account-', 3, 'Credit card'), sub('account-card', '−£312.40')]],
  },
  {
    name: 'Total balance explanation note',
    steps: [...in3, []],
    assertions: [
      [
        shows(
          'total-note',
          'Total balance is your current and savings balances minus what you owe on your credit card.',
        ),
      ],
    ],
  },
  {
    name: 'Open current account details',
    steps: [...in5, [tap('account-current')]],
    assertions: [
      [screen('Current account')],
      [balance('£1,842.50')],
      [shows('account-number', '20-44-17 · 41268830')],
      [shows('transactions-heading', 'Transactions')],
    ],
  },
  {
    name: 'Current account transaction rows',
    steps: [
      ...in4,
      [tap('account-current')],
      [nthRow('txn-', 1, 'Greenleaf Grocers'), sub('txn-c1', '12 Mar · Groceries · −£46.20')],
      [nthRow('txn-', 2, 'Northline Rail')],
      [nthRow('txn-', 3, 'Salary — Brightwater Ltd'), sub('txn-c3', '10 Mar · Income · +£2,450.00')],
    ],
  },
  {
    name: 'Current account list scrolls to the oldest transaction',
    steps: [...in3, [tap('account-current')], []],
    assertions: [[lastRow('txn-', 'Bookshop on the Corner')], [sub('txn-c12', '1 Mar · Shopping · −£15.99')]],
  },
  {
    name: 'Transaction details for first current account transaction',
    steps: [...in5, [tap('account-current')], [tap('txn-c1')]],
    assertions: [
      [screen('Transaction'), shows('detail-title', 'Greenleaf Grocers')],
      [shows('detail-amount', '−£46.20')],
      [detail('date', '12 Mar 2025')],
      [detail('category', 'Groceries')],
      [detail('account', 'Current account')],
      [detail('reference', 'Card payment')],
      [detail('status', 'Completed')],
    ],
  },
  {
    name: 'Transaction details back returns to list',
    steps: [
      ...in4,
      [tap('account-current')],
      [tap('txn-c2')],
      [detail('category', 'Transport'), shows('detail-amount', '−£23.80')],
      [back],
    ],
    assertions: [[screen('Current account'), shows('transactions-heading', 'Transactions')], [balance('£1,842.50')]],
  },
  {
    name: 'Salary transaction shows income',
    steps: [...in3, [tap('account-current')], [tap('txn-c3')]],
    assertions: [
      [shows('detail-amount', '+£2,450.00')],
      [detail('category', 'Income')],
      [detail('date', '10 Mar 2025')],
      [detail('status', 'Completed')],
    ],
  },
  {
    name: 'Savings account shows three transactions',
    steps: [...in5, [tap('account-savings')]],
    assertions: [
      [balance('£1,250.00')],
      [shows('account-number', '20-44-17 · 73019254')],
      [nthRow('txn-', 1, 'Interest'), sub('txn-s1', '1 Mar · Interest · +£14.62')],
      [nthRow('txn-', 2, 'From Current account'), sub('txn-s2', '10 Feb · Transfer · +£500.00')],
      [nthRow('txn-', 3, 'Interest'), sub('txn-s3', '1 Feb · Interest · +£12.90')],
    ],
  },
  {
    name: 'Savings transaction detail',
    steps: [...in4, [tap('account-savings')], [tap('txn-s2')]],
    assertions: [
      [shows('detail-amount', '+£500.00')],
      [detail('category', 'Transfer')],
      [detail('account', 'Savings account')],
      [detail('date', '10 Feb 2025')],
    ],
  },
  {
    name: 'Credit card account screen',
    steps: [...in3, [tap('account-card')]],
    assertions: [
      [balance('−£312.40')],
      [shows('account-number', 'Visa ending 4417 · Limit £3,000')],
      [nthRow('txn-', 1, 'Skyway Airlines'), sub('txn-k1', '9 Mar · Travel · −£189.00')],
      [nthRow('txn-', 3, 'Trattoria Roma'), sub('txn-k3', '2 Mar · Eating out · −£59.00')],
    ],
  },
  {
    name: 'Credit card transaction detail and back to accounts',
    steps: [
      ...in5,
      [tap('account-card')],
      [tap('txn-k2')],
      [shows('detail-amount', '−£64.40'), detail('category', 'Shopping')],
      [back],
      [back],
    ],
    assertions: [[screen('Accounts')], [total('£2,780.10')]],
  },
];
