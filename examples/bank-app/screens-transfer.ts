import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { back, button, choose, empty, filled, go, input, is, notice, reset, row, set, text } from '../model-parts';
import { CURRENT, SAVINGS } from './data';
import { amountAbove, applyAmount, copyDigits, formatAmount, formatBalance, parseAmount } from './money';
import { tabRow } from './parts';

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

export const transferScreens: Record<string, Screen> = {
  transfer,
  'pick-account': pickAccount,
  'transfer-review': transferReview,
  'transfer-done': transferDone,
};
