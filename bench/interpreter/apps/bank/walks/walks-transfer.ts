import { type Walk, back, nthRow, screen, shows, sub, tap, type } from '../../../walks/ops';
import { balance, confirm, from, in3, in4, in5, press, review, total, transferError } from './flows';

/** Cases 23–40: Transfer, Choose account, Review transfer, Transfer sent. */
export const transferWalks: Walk[] = [
  {
    name: 'Transfer screen defaults',
    steps: [...in4, [tap('tab-transfer')]],
    assertions: [
      [shows('transfer-from-value', 'Current account')],
      [shows('from-available', 'Available: £1,842.50')],
      [shows('transfer-to-value', 'Savings account')],
      [shows('amount', '')],
      [shows('transfer-intro', 'Move money between your own accounts, up to £2,000 at a time, in whole pounds.')],
    ],
  },
  {
    name: 'Transfer with no amount',
    steps: [...in3, [tap('tab-transfer')], [shows('amount', ''), ...review]],
    assertions: [[transferError('Enter an amount')]],
  },
  {
    name: 'Transfer amount zero',
    steps: [...in5, [tap('tab-transfer')], [type('amount', '0')], review],
    assertions: [[transferError('Amount must be more than £0')]],
  },
  {
    name: 'Transfer more than available balance',
    steps: [...in4, [tap('tab-transfer')], [type('amount', '1900')], review],
    assertions: [[transferError('Amount is more than the available balance')], [screen('Transfer')]],
  },
  {
    name: 'Transfer amount with pence rejected',
    steps: [
      ...in3,
      [tap('tab-transfer')],
      [type('amount', '12.50')],
      review,
      [transferError('Enter a whole amount up to £2,000')],
    ],
  },
  {
    name: 'Transfer amount with letters rejected',
    steps: [...in5, [tap('tab-transfer')], [type('amount', 'abc')], review],
    assertions: [[transferError('Enter a whole amount up to £2,000')]],
  },
  {
    name: 'Review transfer shows details',
    steps: [...in4, [tap('tab-transfer')], [type('amount', '250')], [type('reference', 'Holiday fund')], review],
    assertions: [
      [screen('Review transfer'), shows('review-heading', 'Check the details before you send')],
      [shows('review-from-value', 'Current account')],
      [shows('review-to-value', 'Savings account')],
      [shows('review-amount-value', '£250.00')],
      [shows('review-reference-value', 'Holiday fund')],
      [shows('review-when-value', 'Now')],
    ],
  },
  {
    name: 'Transfer 250 end to end and check balances',
    steps: [
      ...in3,
      [tap('tab-transfer')],
      [type('amount', '250')],
      [type('reference', 'Holiday fund')],
      review,
      confirm,
      [shows('transfer-success', 'Transfer complete')],
      [shows('transfer-summary', '£250.00 moved from your Current account to your Savings account.')],
      [shows('new-from-balance', 'New current account balance: £1,592.50')],
      press('done-transfer', 'Back to accounts'),
    ],
    assertions: [[sub('account-current', '£1,592.50')], [sub('account-savings', '£1,500.00')], [total('£2,780.10')]],
  },
  {
    name: 'Transfer amount typed with decimals .00 accepted',
    steps: [...in5, [tap('tab-transfer')], [type('amount', '250.00')], review],
    assertions: [[screen('Review transfer')], [shows('review-amount-value', '£250.00')]],
  },
  {
    name: 'Edit on review goes back to transfer',
    steps: [
      ...in4,
      [tap('tab-transfer')],
      [type('amount', '100')],
      review,
      [shows('review-amount-value', '£100.00')],
      press('edit-transfer', 'Edit'),
    ],
    assertions: [[screen('Transfer')], [shows('review-transfer', 'Review transfer')]],
  },
  {
    name: "Transfer appears in both accounts' transactions",
    steps: [
      ...in3,
      [tap('tab-transfer')],
      [type('amount', '300')],
      review,
      confirm,
      [tap('done-transfer')],
      [tap('account-savings')],
      [nthRow('txn-', 1, 'From Current account'), sub('txn-transfer-in', 'Today · Transfer · +£300.00')],
      [balance('£1,550.00')],
      [back],
      [tap('account-current')],
    ],
    assertions: [
      [balance('£1,542.50')],
      [nthRow('txn-', 1, 'To Savings account'), sub('txn-transfer-out', 'Today · Transfer · −£300.00')],
    ],
  },
  {
    name: 'Transfer from savings to current',
    steps: [
      ...in5,
      [tap('tab-transfer')],
      [tap('choose-from')],
      [screen('Choose account'), shows('pick-heading', 'Send from')],
      [tap('pick-savings')],
      [shows('transfer-from-value', 'Savings account'), shows('transfer-to-value', 'Current account')],
      [type('amount', '100')],
      review,
      confirm,
    ],
    assertions: [
      [shows('transfer-success', 'Transfer complete')],
      [shows('transfer-summary', '£100.00 moved from your Savings account to your Current account.')],
    ],
  },
  {
    name: 'Choose account lists both accounts with balances',
    steps: [...in4, [tap('tab-transfer')], [tap('choose-from')]],
    assertions: [
      [screen('Choose account')],
      [shows('pick-current', 'Current account'), sub('pick-current', '£1,842.50')],
      [shows('pick-savings', 'Savings account'), sub('pick-savings', '£1,250.00')],
    ],
  },
  {
    name: 'Changing To account swaps From',
    steps: [...in3, [tap('tab-transfer')], [tap('choose-to')], [tap('pick-current')]],
    assertions: [
      [shows('transfer-to-value', 'Current account')],
      [shows('transfer-from-value', 'Savings account')],
      [shows('from-available', 'Available: £1,250.00')],
    ],
  },
  {
    name: 'Savings transfer over savings balance rejected',
    steps: [...in5, [tap('tab-transfer')], from('savings'), [type('amount', '1300')], review],
    assertions: [[transferError('Amount is more than the available balance')]],
  },
  {
    name: 'Make another transfer starts fresh',
    steps: [
      ...in4,
      [tap('tab-transfer')],
      [type('amount', '50')],
      review,
      confirm,
      press('another-transfer', 'Make another transfer'),
    ],
    assertions: [[screen('Transfer')], [shows('amount', '')], [shows('from-available', 'Available: £1,792.50')]],
  },
  {
    name: 'Switching tabs clears transfer amount',
    steps: [...in3, [tap('tab-transfer')], [type('amount', '75')], [tap('tab-payments')], [tap('tab-transfer')]],
    assertions: [[shows('amount', '')]],
  },
  {
    name: 'Back from choose account keeps defaults',
    steps: [...in5, [tap('tab-transfer')], [tap('choose-from')], [back]],
    assertions: [[shows('transfer-from-value', 'Current account')], [shows('transfer-to-value', 'Savings account')]],
  },
];
