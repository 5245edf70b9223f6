import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  back,
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
  toggle,
  validate,
} from '../model-parts';
import {
  ACCOUNT,
  CARD,
  CARD_TXNS,
  CURRENT,
  CURRENT_TXNS,
  NEW_PAYEE_SLOTS,
  PAYEES,
  SAVINGS,
  SAVINGS_TXNS,
  type Txn,
} from './data';
import { amountAbove, applyAmount, copyDigits, formatAmount, formatBalance, parseAmount } from './money';

/** Fernbank's screens. */

const NOTICES = { card_notice: '', settings_notice: '', payees_notice: '', pay_notice: '' };

const TABS = [
  { id: 'tab-accounts', label: 'Accounts', screen: 'accounts', extra: {} },
  { id: 'tab-transfer', label: 'Transfer', screen: 'transfer', extra: { amount: '', tx_reference: '', tx_error: '' } },
  { id: 'tab-payments', label: 'Payments', screen: 'payees', extra: {} },
  { id: 'tab-cards', label: 'Cards', screen: 'cards', extra: {} },
  { id: 'tab-profile', label: 'Profile', screen: 'profile', extra: {} },
] as const;

const tabRow = (): Element[] =>
  TABS.map((tab) => button(tab.id, tab.label, [set({ ...NOTICES, ...tab.extra }), reset(tab.screen)], 'link'));

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

/* Transfers between the two own accounts that hold money: Current and Savings. */

const ACCTS = [
  { key: 'current', name: 'Current account', v: 'cur', pence: CURRENT.pence },
  { key: 'savings', name: 'Savings account', v: 'sav', pence: SAVINGS.pence },
] as const;

const reviewTransfer: Action[] = [
  set({ tx_error: '' }),
  ...parseAmount('amount'),
  ...ACCTS.flatMap((a) => [{ if: is('tx_from', a.key), then: amountAbove(a.v, 'too_much') }]),
  ...choose(
    [
      [empty('amount'), [set({ tx_error: 'Enter an amount' })]],
      [is('amt_ok', false), [set({ tx_error: 'Enter a whole amount up to £2,000' })]],
      [is('amt_zero', true), [set({ tx_error: 'Amount must be more than £0' })]],
      [is('too_much', true), [set({ tx_error: 'Amount is more than the available balance' })]],
    ],
    [...formatAmount, go('transfer-review')],
  ),
];

const transfer: Screen = {
  title: 'Transfer',
  elements: [
    ...tabRow(),
    text('transfer-intro', 'Move money between your own accounts, up to £2,000 at a time, in whole pounds.', 'caption'),
    ...row('transfer-from', 'From', '{{tx_from_name}}'),
    ...ACCTS.map(
      (a): Element => ({
        type: 'text',
        id: 'from-available',
        style: 'caption',
        text: `Available: {{${a.v}_label}}`,
        visibleIf: is('tx_from', a.key),
      }),
    ),
    button('choose-from', 'Change account to send from', [set({ picking: 'from' }), go('pick-account')], 'secondary'),
    ...row('transfer-to', 'To', '{{tx_to_name}}'),
    button('choose-to', 'Change account to send to', [set({ picking: 'to' }), go('pick-account')], 'secondary'),
    input('amount', 'amount', 'Amount (£)', { placeholder: '0', maxLength: 12 }),
    input('reference', 'tx_reference', 'Reference (optional)', { placeholder: 'e.g. Holiday fund', maxLength: 18 }),
    notice('transfer-error', 'tx_error', 'error'),
    button('review-transfer', 'Review transfer', reviewTransfer, 'primary'),
  ],
};

const pickAccount: Screen = {
  title: 'Choose account',
  elements: [
    { type: 'text', id: 'pick-heading', style: 'headline', text: 'Send from', visibleIf: is('picking', 'from') },
    { type: 'text', id: 'pick-heading', style: 'headline', text: 'Send to', visibleIf: is('picking', 'to') },
    {
      type: 'list',
      id: 'pick-list',
      items: ACCTS.map((a) => ({
        id: `pick-${a.key}`,
        title: a.name,
        subtitle: `{{${a.v}_label}}`,
        action: [
          ...choose(
            [
              [
                is('picking', 'from'),
                [
                  set({
                    tx_from: a.key,
                    tx_from_name: a.name,
                    tx_to: a.key === 'current' ? 'savings' : 'current',
                    tx_to_name: a.key === 'current' ? 'Savings account' : 'Current account',
                  }),
                ],
              ],
            ],
            [
              set({
                tx_to: a.key,
                tx_to_name: a.name,
                tx_from: a.key === 'current' ? 'savings' : 'current',
                tx_from_name: a.key === 'current' ? 'Savings account' : 'Current account',
              }),
            ],
          ),
          set({ tx_error: '' }),
          back,
        ],
      })),
    },
  ],
};

const confirmTransfer: Action[] = [
  // The two accounts' digits go through scratch balances, so one subtraction and one addition serve every pair.
  ...ACCTS.flatMap((a): Action[] => [
    { if: is('tx_from', a.key), then: copyDigits(a.v, 'src') },
    { if: is('tx_to', a.key), then: copyDigits(a.v, 'dst') },
  ]),
  ...applyAmount('src', 'sub'),
  ...applyAmount('dst', 'add'),
  ...ACCTS.flatMap((a): Action[] => [
    { if: is('tx_from', a.key), then: [...copyDigits('src', a.v), ...formatBalance(a.v, a.pence)] },
    { if: is('tx_to', a.key), then: [...copyDigits('dst', a.v), ...formatBalance(a.v, a.pence)] },
  ]),
  set({
    last_out_acct: '{{tx_from}}',
    last_in_acct: '{{tx_to}}',
    tx_from_done: '{{tx_from_name}}',
    tx_to_done: '{{tx_to_name}}',
    last_transfer: 'To {{tx_to_name}}',
    last_transfer_sub: 'Today · Transfer · −{{amt_label}}',
    last_transfer_sub_amount: '−{{amt_label}}',
    last_transfer_sub_ref: '{{tx_reference}}',
    last_in: 'From {{tx_from_name}}',
    last_in_sub: 'Today · Transfer · +{{amt_label}}',
    last_in_sub_amount: '+{{amt_label}}',
    last_in_sub_ref: '{{tx_reference}}',
  }),
  { if: empty('tx_reference'), then: [set({ last_transfer_sub_ref: 'None', last_in_sub_ref: 'None' })] },
  // A sent transfer cannot be gone back to and sent again.
  reset('transfer-done'),
];

const transferReview: Screen = {
  title: 'Review transfer',
  elements: [
    text('review-heading', 'Check the details before you send', 'caption'),
    ...row('review-from', 'From', '{{tx_from_name}}'),
    ...row('review-to', 'To', '{{tx_to_name}}'),
    ...row('review-amount', 'Amount', '{{amt_label}}', 'headline'),
    {
      type: 'text',
      id: 'review-reference-label',
      style: 'caption',
      text: 'Reference',
      visibleIf: filled('tx_reference'),
    },
    { type: 'text', id: 'review-reference-value', text: '{{tx_reference}}', visibleIf: filled('tx_reference') },
    ...row('review-when', 'When', 'Now'),
    button('confirm-transfer', 'Confirm transfer', confirmTransfer, 'primary'),
    button('edit-transfer', 'Edit', [back], 'link'),
  ],
};

const transferDone: Screen = {
  title: 'Transfer sent',
  elements: [
    { type: 'text', id: 'transfer-success', style: 'success', text: 'Transfer complete' },
    text('transfer-summary', '{{amt_label}} moved from your {{tx_from_name}} to your {{tx_to_name}}.', 'body'),
    ...ACCTS.map(
      (a): Element => ({
        type: 'text',
        id: 'new-from-balance',
        text: `New ${a.name.toLowerCase()} balance: {{${a.v}_label}}`,
        visibleIf: is('tx_from', a.key),
      }),
    ),
    button(
      'done-transfer',
      'Back to accounts',
      [set({ amount: '', tx_reference: '', tx_error: '' }), reset('accounts')],
      'primary',
    ),
    button(
      'another-transfer',
      'Make another transfer',
      [set({ amount: '', tx_reference: '', tx_error: '' }), reset('transfer')],
      'link',
    ),
  ],
};

/* Payments to saved payees, from the Current account. */

const slotsN = Array.from({ length: NEW_PAYEE_SLOTS }, (_, i) => i + 1);

const openPayee = (name: string, sort: string, number: string): Action[] => [
  set({
    payee_name: name,
    payee_sort: sort,
    payee_number: number,
    pay_amount: '',
    pay_error: '',
    pay_notice: '',
    pay_reference: '',
  }),
  go('pay'),
];

const payees: Screen = {
  title: 'Payments',
  elements: [
    ...tabRow(),
    notice('payees-notice', 'payees_notice', 'success'),
    text('payees-heading', 'Saved payees', 'headline'),
    {
      type: 'list',
      id: 'payee-list',
      items: PAYEES.map((p) => ({
        id: p.id,
        title: p.name,
        subtitle: `${p.sortCode} · ${p.accountNumber}`,
        action: openPayee(p.name, p.sortCode, p.accountNumber),
      })),
    },
    ...slotsN.map(
      (n): Element => ({
        type: 'list',
        id: `new-payee-list-${n}`,
        visibleIf: filled(`np${n}_name`),
        items: [
          {
            id: `payee-new-${n}`,
            title: `{{np${n}_name}}`,
            subtitle: `{{np${n}_sort}} · {{np${n}_number}}`,
            action: openPayee(`{{np${n}_name}}`, `{{np${n}_sort}}`, `{{np${n}_number}}`),
          },
        ],
      }),
    ),
    button(
      'add-payee',
      'Add new payee',
      [set({ np_name: '', np_sort: '', np_number: '', np_error: '', payees_notice: '' }), go('add-payee')],
      'secondary',
    ),
  ],
};

/** Sort codes written 6 digits with or without dashes; the model checks the shape by length cases. */
const savePayee: Action[] = validate(
  'np_error',
  [
    [empty('np_name'), 'Enter the payee’s name'],
    [empty('np_sort'), 'Enter a sort code'],
    [empty('np_number'), 'Enter an account number'],
  ],
  choose(
    slotsN.map((n) => [
      empty(`np${n}_name`),
      [
        set({
          [`np${n}_name`]: '{{np_name}}',
          [`np${n}_sort`]: '{{np_sort}}',
          [`np${n}_number`]: '{{np_number}}',
          payees_notice: 'Payee added: {{np_name}}',
        }),
        back,
      ],
    ]),
    [set({ np_error: 'You can add up to 3 payees in the app' })],
  ),
);

const addPayee: Screen = {
  title: 'Add payee',
  elements: [
    input('payee-name', 'np_name', 'Name', { placeholder: 'Full name or business', maxLength: 40 }),
    input('payee-sort-code', 'np_sort', 'Sort code', { placeholder: '00-00-00', maxLength: 8 }),
    input('payee-account-number', 'np_number', 'Account number', {
      placeholder: '8 digits',
      maxLength: 8,
      submit: savePayee,
    }),
    notice('add-payee-error', 'np_error', 'error'),
    button('save-payee', 'Save payee', savePayee, 'primary'),
  ],
};

const sendPayment: Action[] = [
  set({ pay_error: '' }),
  ...parseAmount('pay_amount'),
  ...amountAbove('cur', 'too_much'),
  ...choose(
    [
      [empty('pay_amount'), [set({ pay_error: 'Enter an amount' })]],
      [is('amt_ok', false), [set({ pay_error: 'Enter a whole amount up to £2,000' })]],
      [is('amt_zero', true), [set({ pay_error: 'Amount must be more than £0' })]],
      [is('too_much', true), [set({ pay_error: 'Amount is more than the available balance' })]],
    ],
    [
      ...formatAmount,
      ...applyAmount('cur', 'sub'),
      ...formatBalance('cur', CURRENT.pence),
      ...applyAmount('tot', 'sub'),
      ...formatBalance('tot', '10'),
      set({
        last_payment: '{{payee_name}}',
        last_payment_sub: 'Today · Payment · −{{amt_label}}',
        last_payment_sub_amount: '−{{amt_label}}',
        last_payment_sub_ref: '{{pay_reference}}',
        pay_amount: '',
        pay_reference: '',
        pay_notice: '{{amt_label}} sent to {{payee_name}}',
      }),
      { if: empty('last_payment_sub_ref'), then: [set({ last_payment_sub_ref: 'None' })] },
    ],
  ),
];

const pay: Screen = {
  title: 'Pay {{payee_name}}',
  elements: [
    ...row('pay-payee', 'Payee', '{{payee_name}}'),
    ...row('pay-details', 'Sort code · Account', '{{payee_sort}} · {{payee_number}}'),
    ...row('pay-from', 'From', 'Current account ({{cur_label}})'),
    text('pay-limit', 'Up to £2,000 per payment, in whole pounds.', 'caption'),
    input('pay-amount', 'pay_amount', 'Amount (£)', { placeholder: '0', maxLength: 12 }),
    input('pay-reference', 'pay_reference', 'Reference (optional)', { maxLength: 18 }),
    notice('pay-error', 'pay_error', 'error'),
    notice('pay-notice', 'pay_notice', 'success'),
    button('send-payment', 'Send payment', sendPayment, 'primary'),
  ],
};

const cards: Screen = {
  title: 'Cards',
  elements: [
    ...tabRow(),
    text('card-name', 'Fernbank Visa Credit', 'headline'),
    text('card-number', CARD.number, 'caption'),
    { type: 'text', id: 'card-status', text: 'Card is active', visibleIf: is('card_frozen', false) },
    { type: 'text', id: 'card-status', style: 'error', text: 'Card is frozen', visibleIf: is('card_frozen', true) },
    notice('card-notice', 'card_notice', 'success'),
    toggle('freeze-card', 'card_frozen', 'Freeze card', [
      {
        if: is('card_frozen', true),
        then: [
          set({ card_frozen: false }),
          {
            alert: {
              title: 'Freeze card?',
              message: 'Payments, withdrawals and contactless will be declined until you unfreeze it.',
              buttons: [
                { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
                {
                  label: 'Freeze',
                  id: 'alert-freeze',
                  style: 'destructive',
                  action: [set({ card_frozen: true, card_notice: 'Card frozen' })],
                },
              ],
            },
          },
        ],
        else: [set({ card_notice: 'Card unfrozen' })],
      },
    ]),
    toggle('contactless', 'contactless', 'Contactless payments'),
    ...row('card-limit', 'Credit limit', CARD.limit),
    ...row('card-balance', 'Balance owed', '{{card_label}}'),
    ...row('card-available', 'Available credit', '£2,687.60'),
  ],
};

const profile: Screen = {
  title: 'Profile',
  elements: [
    ...tabRow(),
    text('profile-name', ACCOUNT.name, 'headline'),
    text('profile-email', ACCOUNT.email),
    text('customer-since', 'Customer since June 2019', 'caption'),
    notice('settings-notice', 'settings_notice', 'success'),
    text('notifications-heading', 'Notifications', 'headline'),
    toggle('notify-payments', 'notif_payments', 'Payments and transfers'),
    toggle('notify-low-balance', 'notif_low_balance', 'Low balance alerts'),
    text('low-balance-note', 'We tell you when your current account falls below £100.', 'caption'),
    toggle('notify-offers', 'notif_offers', 'Offers and news'),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out?',
            message: 'You will need your email, password and passcode to sign in again.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, password: '', signin_error: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
    text('version', 'Fernbank 4.2.1 (421)', 'caption'),
  ],
};

export const bankScreens: Record<string, Screen> = {
  signin,
  passcode,
  accounts,
  account,
  transaction,
  transfer,
  'pick-account': pickAccount,
  'transfer-review': transferReview,
  'transfer-done': transferDone,
  payees,
  'add-payee': addPayee,
  pay,
  cards,
  profile,
};
