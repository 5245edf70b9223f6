import {
  type Op,
  type Walk,
  alert,
  back,
  lastRow,
  nthRow,
  off,
  on,
  rowCount,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import {
  EMAIL,
  PASSCODE,
  PASSWORD,
  balance,
  confirm,
  from,
  payError,
  press,
  review,
  total,
  transferError,
} from './flows';

/** Every case of `../cases.json`, in order. The writer signs in three ways: */

const email: Op[] = [type('email', EMAIL)];
const password: Op[] = [type('password', PASSWORD)];
const signInTap: Op[] = [tap('sign-in')];
const passcode: Op[] = [type('passcode-input', PASSCODE)];
const unlock: Op[] = [tap('unlock'), screen('Accounts')];
/** Email, password, Sign in, the passcode, Unlock: five steps. */
const in5: Op[][] = [email, password, signInTap, passcode, unlock];
/** Email, password, Sign in, "enter 2468 and tap Unlock": four steps. */
const in4: Op[][] = [email, password, signInTap, [...passcode, ...unlock]];
/** "Sign in with alex@fernbank.test / fern2024", the passcode, Unlock: three steps. */
const in3: Op[][] = [[...email, ...password, ...signInTap], passcode, unlock];

const detail = (field: string, text: string) => shows(`detail-${field}-value`, text);

export const bankWalks: Walk[] = [
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
  {
    name: 'Payments lists saved payees',
    steps: [...in4, [tap('tab-payments')]],
    assertions: [
      [shows('payees-heading', 'Saved payees')],
      [nthRow('payee-', 1, 'Jamie Chen'), sub('payee-1', '40-12-76 · 31926819')],
      [nthRow('payee-', 2, 'Riverside Lettings'), sub('payee-2', '60-83-71 · 55012937')],
      [nthRow('payee-', 3, 'Sophie Morgan'), sub('payee-3', '09-01-28 · 84420166')],
      [shows('add-payee', 'Add new payee')],
    ],
  },
  {
    name: 'Add payee with empty form',
    steps: [...in3, [tap('tab-payments')], press('add-payee', 'Add new payee'), [tap('save-payee')]],
    assertions: [[shows('add-payee-error', 'Enter the payee’s name')]],
  },
  {
    name: 'Add payee without sort code',
    steps: [
      ...in5,
      [tap('tab-payments')],
      [tap('add-payee')],
      [type('payee-name', 'Dana Whitfield')],
      [tap('save-payee')],
      [shows('add-payee-error', 'Enter a sort code')],
    ],
  },
  {
    name: 'Add payee without account number',
    steps: [
      ...in4,
      [tap('tab-payments'), tap('add-payee')],
      [type('payee-name', 'Dana Whitfield')],
      [type('payee-sort-code', '30-95-12')],
      [tap('save-payee')],
    ],
    assertions: [[shows('add-payee-error', 'Enter an account number')]],
  },
  {
    name: 'Add new payee successfully',
    steps: [
      ...in3,
      [tap('tab-payments')],
      [tap('add-payee')],
      [type('payee-name', 'Dana Whitfield')],
      [type('payee-sort-code', '30-95-12')],
      [type('payee-account-number', '66120947')],
      [tap('save-payee')],
    ],
    assertions: [
      [screen('Payments'), shows('payees-notice', 'Payee added: Dana Whitfield')],
      [nthRow('payee-', 4, 'Dana Whitfield')],
      [sub('payee-new-1', '30-95-12 · 66120947')],
    ],
  },
  {
    name: 'Back from add payee keeps list unchanged',
    steps: [...in5, [tap('tab-payments')], [tap('add-payee')], [type('payee-name', 'Test Person')], [back]],
    assertions: [[screen('Payments'), shows('payees-heading', 'Saved payees')], [rowCount('payee-', 3)]],
  },
  {
    name: 'Pay screen for Jamie Chen',
    steps: [...in4, [tap('tab-payments')], [tap('payee-1')]],
    assertions: [
      [screen('Pay Jamie Chen')],
      [shows('pay-payee-value', 'Jamie Chen')],
      [shows('pay-details-value', '40-12-76 · 31926819')],
      [shows('pay-from-value', 'Current account (£1,842.50)')],
      [shows('pay-limit', 'Up to £2,000 per payment, in whole pounds.')],
    ],
  },
  {
    name: 'Pay Jamie Chen £40 and check balances',
    steps: [
      ...in3,
      [tap('tab-payments')],
      [nthRow('payee-', 1, 'Jamie Chen'), tap('payee-1')],
      [type('pay-amount', '40')],
      press('send-payment', 'Send payment'),
      [shows('pay-notice', '£40.00 sent to Jamie Chen')],
      [shows('pay-from-value', 'Current account (£1,802.50)')],
      [back],
      [tap('tab-accounts')],
    ],
    assertions: [[sub('account-current', '£1,802.50')], [sub('account-savings', '£1,250.00')], [total('£2,740.10')]],
  },
  {
    name: 'Payment shows at top of current account transactions',
    steps: [
      ...in5,
      [tap('tab-payments')],
      [tap('payee-2')],
      [type('pay-amount', '100')],
      [type('pay-reference', 'March rent')],
      [tap('send-payment')],
      [shows('pay-notice', '£100.00 sent to Riverside Lettings')],
      [back, tap('tab-accounts')],
      [tap('account-current')],
    ],
    assertions: [
      [balance('£1,742.50')],
      [nthRow('txn-', 1, 'Riverside Lettings'), sub('txn-payment', 'Today · Payment · −£100.00')],
    ],
  },
  {
    name: 'Payment with no amount',
    steps: [...in4, [tap('tab-payments')], [tap('payee-3')], [shows('pay-amount', ''), tap('send-payment')]],
    assertions: [[payError('Enter an amount')]],
  },
  {
    name: 'Payment amount zero',
    steps: [...in3, [tap('tab-payments')], [tap('payee-1')], [type('pay-amount', '0')], [tap('send-payment')]],
    assertions: [[payError('Amount must be more than £0')]],
  },
  {
    name: 'Payment above current balance',
    steps: [...in5, [tap('tab-payments')], [tap('payee-3')], [type('pay-amount', '1900')], [tap('send-payment')]],
    assertions: [
      [payError('Amount is more than the available balance')],
      [shows('pay-from-value', 'Current account (£1,842.50)')],
    ],
  },
  {
    name: 'Payment with pence rejected',
    steps: [...in4, [tap('tab-payments')], [tap('payee-2')], [type('pay-amount', '10.99')], [tap('send-payment')]],
    assertions: [[payError('Enter a whole amount up to £2,000')]],
  },
  {
    name: 'Pay a newly added payee',
    steps: [
      ...in3,
      [tap('tab-payments')],
      [tap('add-payee')],
      [
        type('payee-name', 'Dana Whitfield'),
        type('payee-sort-code', '30-95-12'),
        type('payee-account-number', '66120947'),
      ],
      [tap('save-payee')],
      [shows('payee-new-1', 'Dana Whitfield'), tap('payee-new-1')],
      [type('pay-amount', '25')],
      [tap('send-payment')],
    ],
    assertions: [
      [shows('pay-notice', '£25.00 sent to Dana Whitfield')],
      [shows('pay-from-value', 'Current account (£1,817.50)')],
    ],
  },
  {
    name: 'Transfer then pay shows updated From balance',
    steps: [
      ...in5,
      [tap('tab-transfer')],
      [type('amount', '250')],
      review,
      confirm,
      [tap('done-transfer')],
      [tap('tab-payments')],
      [tap('payee-1')],
    ],
    assertions: [[shows('pay-from-value', 'Current account (£1,592.50)')]],
  },
  {
    name: 'Cards screen shows card info',
    steps: [...in4, [tap('tab-cards')]],
    assertions: [
      [shows('card-name', 'Fernbank Visa Credit')],
      [shows('card-number', 'Visa ending 4417')],
      [shows('card-status', 'Card is active')],
      [off('freeze-card')],
      [on('contactless')],
    ],
  },
  {
    name: 'Card credit values',
    steps: [...in3, [tap('tab-cards')]],
    assertions: [
      [shows('card-limit-value', '£3,000')],
      [shows('card-balance-value', '−£312.40')],
      [shows('card-available-value', '£2,687.60')],
    ],
  },
  {
    name: 'Freeze card cancel keeps card active',
    steps: [...in5, [tap('tab-cards')], [tap('freeze-card')], [alert('Freeze card?')], [tap('alert-cancel')]],
    assertions: [[shows('card-status', 'Card is active')], [off('freeze-card')]],
  },
  {
    name: 'Freeze card confirm',
    steps: [...in4, [tap('tab-cards')], [tap('freeze-card')], [alert('Freeze card?'), tap('alert-freeze')]],
    assertions: [[shows('card-status', 'Card is frozen')], [shows('card-notice', 'Card frozen')], [on('freeze-card')]],
  },
  {
    name: 'Unfreeze card',
    steps: [
      ...in3,
      [tap('tab-cards')],
      [tap('freeze-card')],
      [tap('alert-freeze')],
      [shows('card-status', 'Card is frozen')],
      [tap('freeze-card'), off('freeze-card')],
    ],
    assertions: [
      [shows('card-notice', 'Card unfrozen')],
      [shows('card-status', 'Card is active')],
      [off('freeze-card')],
    ],
  },
  {
    name: 'Frozen card stays frozen after switching tabs',
    steps: [
      ...in5,
      [tap('tab-cards')],
      [tap('freeze-card'), tap('alert-freeze')],
      [tap('tab-accounts')],
      [tap('tab-cards')],
    ],
    assertions: [[shows('card-status', 'Card is frozen')], [on('freeze-card')]],
  },
  {
    name: 'Contactless switch can be turned off and stays off',
    steps: [
      ...in4,
      [tap('tab-cards')],
      [tap('contactless'), off('contactless')],
      [tap('tab-profile')],
      [tap('tab-cards')],
    ],
    assertions: [[off('contactless')], [shows('card-status', 'Card is active')]],
  },
  {
    name: 'Profile shows customer details',
    steps: [...in3, [tap('tab-profile')]],
    assertions: [
      [shows('profile-name', 'Alex Morgan')],
      [shows('profile-email', 'alex@fernbank.test')],
      [shows('customer-since', 'Customer since June 2019')],
      [shows('version', 'Fernbank 4.2.1 (421)')],
    ],
  },
  {
    name: 'Notification switches default state',
    steps: [...in5, [tap('tab-profile')]],
    assertions: [
      [on('notify-payments')],
      [off('notify-low-balance')],
      [off('notify-offers')],
      [shows('low-balance-note', 'We tell you when your current account falls below £100.')],
    ],
  },
  {
    name: 'Low balance alerts stays on after navigating',
    steps: [
      ...in4,
      [tap('tab-profile')],
      [tap('notify-low-balance'), on('notify-low-balance')],
      [tap('tab-accounts')],
      [tap('tab-profile')],
    ],
    assertions: [[on('notify-low-balance')], [off('notify-offers')]],
  },
  {
    name: 'Turn off payments notifications and turn on offers',
    steps: [
      ...in3,
      [tap('tab-profile')],
      [tap('notify-payments'), off('notify-payments')],
      [tap('notify-offers'), on('notify-offers')],
      [tap('tab-cards')],
      [tap('tab-profile')],
    ],
    assertions: [[off('notify-payments')], [on('notify-offers')]],
  },
  {
    name: 'Sign out cancel stays signed in',
    steps: [...in5, [tap('tab-profile')], [tap('sign-out')], [alert('Sign out?')], [tap('alert-cancel')]],
    assertions: [[screen('Profile'), shows('profile-name', 'Alex Morgan')], [shows('sign-out', 'Sign out')]],
  },
  {
    name: 'Sign out returns to sign in',
    steps: [...in4, [tap('tab-profile')], [tap('sign-out')], [alert('Sign out?'), tap('alert-sign-out')]],
    assertions: [[screen('Sign in')], [shows('tagline', 'Your money, clearly')], [shows('sign-in', 'Sign in')]],
  },
  {
    name: 'Sign out and sign back in',
    steps: [
      ...in3,
      [tap('tab-profile')],
      [tap('sign-out')],
      [tap('alert-sign-out')],
      email,
      password,
      signInTap,
      passcode,
      unlock,
    ],
    assertions: [[shows('greeting', 'Good morning, Alex')], [total('£2,780.10')]],
  },
  {
    name: 'Tabs navigate around the app',
    steps: [
      ...in5,
      [tap('tab-payments'), shows('payees-heading', 'Saved payees')],
      [tap('tab-cards'), shows('card-number', 'Visa ending 4417')],
      [tap('tab-profile'), shows('profile-name', 'Alex Morgan')],
      [tap('tab-transfer'), shows('review-transfer', 'Review transfer')],
      [tap('tab-accounts')],
    ],
    assertions: [[shows('greeting', 'Good morning, Alex')]],
  },
  {
    name: 'Back from current account returns to accounts',
    steps: [...in4, [tap('account-current')], [back]],
    assertions: [[screen('Accounts')], [sub('account-current', '£1,842.50')]],
  },
];
