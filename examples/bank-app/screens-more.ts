import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  back,
  button,
  choose,
  empty,
  filled,
  go,
  input,
  is,
  notice,
  reset,
  row,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import { ACCOUNT, CARD, CURRENT, NEW_PAYEE_SLOTS, PAYEES } from './data';
import { amountAbove, applyAmount, formatAmount, formatBalance, parseAmount } from './money';
import { tabRow } from './parts';

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

export const moreScreens: Record<string, Screen> = { payees, 'add-payee': addPayee, pay, cards, profile };
