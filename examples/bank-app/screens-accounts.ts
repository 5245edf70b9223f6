import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  button,
  choose,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  reset,
  row,
  set,
  text,
  validate,
} from '../model-parts';
import { ACCOUNT, CARD, CARD_TXNS, CURRENT, CURRENT_TXNS, SAVINGS, SAVINGS_TXNS, type Txn } from './data';
import { tabRow } from './parts';

/** Sign in, the passcode, Accounts, an account's transactions and a transaction's details. */

const signIn: Action[] = validate(
  'signin_error',
  [
    [empty('email'), 'Enter your email address'],
    [empty('password'), 'Enter your password'],
  ],
  choose(
    [
      [
        all(
          any(is('email', ACCOUNT.email), is('email', ACCOUNT.email.toUpperCase()), is('email', 'Alex@fernbank.test')),
          is('password', ACCOUNT.password),
        ),
        [set({ password: '', passcode: '', passcode_error: '' }), go('passcode')],
      ],
    ],
    [set({ signin_error: 'Email or password is incorrect' })],
  ),
);

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    { type: 'spacer', height: 40 },
    text('app-name', 'Fernbank', 'title'),
    text('tagline', 'Your money, clearly', 'caption'),
    { type: 'spacer', height: 8 },
    input('email', 'email', 'Email', { placeholder: 'you@example.com', maxLength: 100 }),
    input('password', 'password', 'Password', { secure: true, submit: signIn }),
    notice('signin-error', 'signin_error', 'error'),
    button('sign-in', 'Sign in', signIn, 'primary'),
  ],
};

const checkPasscode: Action[] = validate(
  'passcode_error',
  [
    [empty('passcode'), 'Enter your 4-digit passcode'],
    [not(is('passcode', ACCOUNT.passcode)), 'Wrong passcode. Try again.'],
  ],
  [set({ signed_in: true, passcode: '' }), reset('accounts')],
);

const passcode: Screen = {
  title: 'Passcode',
  elements: [
    text('passcode-intro', 'Enter your 4-digit passcode to open Fernbank.', 'body'),
    input('passcode-input', 'passcode', 'Passcode', { secure: true, maxLength: 4, submit: checkPasscode }),
    notice('passcode-error', 'passcode_error', 'error'),
    button('unlock', 'Unlock', checkPasscode, 'primary'),
  ],
};

const openAccount = (acct: string, name: string): Action[] => [set({ acct, acct_name: name }), go('account')];

const accounts: Screen = {
  title: 'Accounts',
  elements: [
    ...tabRow(),
    text('greeting', `Good morning, ${ACCOUNT.name.split(' ')[0]}`, 'headline'),
    ...row('total', 'Total balance', '{{tot_label}}', 'headline'),
    {
      type: 'list',
      id: 'account-list',
      items: [
        {
          id: 'account-current',
          title: 'Current account',
          subtitle: '{{cur_label}}',
          action: openAccount('current', 'Current account'),
        },
        {
          id: 'account-savings',
          title: 'Savings account',
          subtitle: '{{sav_label}}',
          action: openAccount('savings', 'Savings account'),
        },
        {
          id: 'account-card',
          title: 'Credit card',
          subtitle: '{{card_label}}',
          action: openAccount('card', 'Credit card'),
        },
      ],
    },
    text(
      'total-note',
      'Total balance is your current and savings balances minus what you owe on your credit card.',
      'caption',
    ),
  ],
};

const txnItem = (t: Txn, account: string) => ({
  id: `txn-${t.id}`,
  title: t.title,
  subtitle: `${t.date} · ${t.category} · ${t.amount}`,
  action: [
    set({
      d_title: t.title,
      d_amount: t.amount,
      d_date: `${t.date} 2025`,
      d_category: t.category,
      d_status: t.status,
      d_reference: t.reference,
      d_account: account,
    }),
    go('transaction'),
  ],
});

/** The newest movement of an account made in the app, above the seeded ones. */
const recentRow = (
  id: string,
  titleVar: string,
  subVar: string,
  shown: Element['visibleIf'],
  account: string,
  category: string,
): Element => ({
  type: 'list',
  id: `${id}-list`,
  visibleIf: shown,
  items: [
    {
      id,
      title: `{{${titleVar}}}`,
      subtitle: `{{${subVar}}}`,
      action: [
        set({
          d_title: `{{${titleVar}}}`,
          d_amount: `{{${subVar}_amount}}`,
          d_date: 'Today',
          d_category: category,
          d_status: 'Completed',
          d_reference: `{{${subVar}_ref}}`,
          d_account: account,
        }),
        go('transaction'),
      ],
    },
  ],
});

const account: Screen = {
  title: '{{acct_name}}',
  elements: [
    { type: 'text', id: 'account-balance', style: 'title', text: '{{cur_label}}', visibleIf: is('acct', 'current') },
    { type: 'text', id: 'account-balance', style: 'title', text: '{{sav_label}}', visibleIf: is('acct', 'savings') },
    { type: 'text', id: 'account-balance', style: 'title', text: '{{card_label}}', visibleIf: is('acct', 'card') },
    { type: 'text', id: 'account-number', style: 'caption', text: CURRENT.number, visibleIf: is('acct', 'current') },
    { type: 'text', id: 'account-number', style: 'caption', text: SAVINGS.number, visibleIf: is('acct', 'savings') },
    {
      type: 'text',
      id: 'account-number',
      style: 'caption',
      text: `${CARD.number} · Limit ${CARD.limit}`,
      visibleIf: is('acct', 'card'),
    },
    text('transactions-heading', 'Transactions', 'headline'),
    recentRow(
      'txn-payment',
      'last_payment',
      'last_payment_sub',
      all(is('acct', 'current'), filled('last_payment')),
      'Current account',
      'Payment',
    ),
    recentRow(
      'txn-transfer-out',
      'last_transfer',
      'last_transfer_sub',
      any(
        all(is('acct', 'current'), is('last_out_acct', 'current')),
        all(is('acct', 'savings'), is('last_out_acct', 'savings')),
      ),
      '{{tx_from_done}}',
      'Transfer',
    ),
    recentRow(
      'txn-transfer-in',
      'last_in',
      'last_in_sub',
      any(
        all(is('acct', 'current'), is('last_in_acct', 'current')),
        all(is('acct', 'savings'), is('last_in_acct', 'savings')),
      ),
      '{{tx_to_done}}',
      'Transfer',
    ),
    {
      type: 'list',
      id: 'current-transactions',
      visibleIf: is('acct', 'current'),
      items: CURRENT_TXNS.map((t) => txnItem(t, 'Current account')),
    },
    {
      type: 'list',
      id: 'savings-transactions',
      visibleIf: is('acct', 'savings'),
      items: SAVINGS_TXNS.map((t) => txnItem(t, 'Savings account')),
    },
    {
      type: 'list',
      id: 'card-transactions',
      visibleIf: is('acct', 'card'),
      items: CARD_TXNS.map((t) => txnItem(t, 'Credit card')),
    },
  ],
};

const transaction: Screen = {
  title: 'Transaction',
  elements: [
    text('detail-title', '{{d_title}}', 'headline'),
    text('detail-amount', '{{d_amount}}', 'title'),
    ...row('detail-date', 'Date', '{{d_date}}'),
    ...row('detail-category', 'Category', '{{d_category}}'),
    ...row('detail-account', 'Account', '{{d_account}}'),
    ...row('detail-reference', 'Reference', '{{d_reference}}'),
    ...row('detail-status', 'Status', '{{d_status}}'),
  ],
};

export const accountScreens: Record<string, Screen> = { signin, passcode, accounts, account, transaction };
