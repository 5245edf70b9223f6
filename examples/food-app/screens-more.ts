import type { Action, Screen } from '../../src/virtual/app-model';
import {
  all,
  back,
  button,
  choose,
  empty,
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
import { ADDRESSES, CUSTOMER, PAST_ORDERS, RESTAURANTS, allDishes, money } from './data';
import { tabBar } from './parts';

/** Signing in, Orders (active and past, cancelling and rating), and the Account. */

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    text('brand', 'Forkly', 'title'),
    text('tagline', 'Food from local restaurants, delivered.', 'caption'),
    input('email', 'email', 'Email', { placeholder: 'you@example.com' }),
    notice('email-error', 'email_error', 'error'),
    input('password', 'password', 'Password', { secure: true }),
    notice('password-error', 'password_error', 'error'),
    notice('signin-error', 'signin_error', 'error'),
    button(
      'sign-in',
      'Sign in',
      [
        set({ email_error: '', password_error: '', signin_error: '' }),
        { if: empty('email'), then: [set({ email_error: 'Enter your email address' })] },
        { if: empty('password'), then: [set({ password_error: 'Enter your password' })] },
        {
          if: all(not(empty('email')), not(empty('password'))),
          then: choose(
            [
              [
                all(is('email', CUSTOMER.email), is('password', CUSTOMER.password)),
                [set({ signed_in: true, password: '' }), reset('home')],
              ],
            ],
            [set({ signin_error: 'Email or password is incorrect' })],
          ),
        },
      ],
      'primary',
    ),
  ],
};

const orders: Screen = {
  title: 'Orders',
  elements: [
    {
      type: 'button',
      id: 'seg-active',
      label: 'Active',
      style: 'secondary',
      size: 'small',
      action: [set({ seg: 'active' })],
    },
    {
      type: 'button',
      id: 'seg-past',
      label: 'Past',
      style: 'secondary',
      size: 'small',
      action: [set({ seg: 'past' })],
    },
    { ...text('orders-heading-active', 'Active orders', 'headline'), visibleIf: is('seg', 'active') },
    {
      type: 'list',
      id: 'active-list',
      visibleIf: all(is('seg', 'active'), is('o_active', true)),
      items: [
        {
          id: 'active-order',
          title: '{{o_rest_name}}',
          subtitle: '{{o_number}} · {{o_status}} · {{o_total}}',
          action: [go('order')],
        },
      ],
    },
    { ...text('no-active', 'No active orders', 'body'), visibleIf: all(is('seg', 'active'), is('o_active', false)) },
    {
      ...text('no-active-hint', 'Hungry? Find something on Home.', 'caption'),
      visibleIf: all(is('seg', 'active'), is('o_active', false)),
    },
    { ...text('orders-heading-past', 'Past orders', 'headline'), visibleIf: is('seg', 'past') },
    {
      type: 'list',
      id: 'past-list',
      visibleIf: is('seg', 'past'),
      items: PAST_ORDERS.map((o) => {
        const rest = RESTAURANTS.find((r) => r.id === o.rest)!;
        return {
          id: `past-${o.id.toLowerCase()}`,
          title: rest.name,
          subtitle: `${o.date} · ${money(o.total)} · Delivered`,
          action: [
            set({
              p_id: o.id,
              p_rest: o.rest,
              p_rest_name: rest.name,
              p_date: o.date,
              p_items: o.items,
              p_total: money(o.total),
              p_rating: `{{r_${o.id}}}`,
              rate_pick: 0,
              rate_error: '',
              past_notice: '',
            }),
            go('past-order'),
          ],
        };
      }),
    },
    ...tabBar(),
  ],
};

const cancelOrder: Action = {
  alert: {
    title: 'Cancel this order?',
    message: '{{o_rest_name}} hasn’t started cooking yet. You’ll get a full refund of {{o_total}}.',
    buttons: [
      { label: 'Keep order', id: 'alert-keep-order', style: 'cancel' },
      {
        label: 'Cancel order',
        id: 'alert-cancel-order',
        style: 'destructive',
        action: [set({ o_status: 'Cancelled', order_notice: 'Your order was cancelled. Refund: {{o_total}}' })],
      },
    ],
  },
};

const order: Screen = {
  title: 'Order {{o_number}}',
  elements: [
    notice('order-notice', 'order_notice', 'success'),
    text('order-status', '{{o_status}}', 'title'),
    text('order-restaurant', '{{o_rest_name}}', 'headline'),
    { ...text('order-when', '{{o_when}}', 'body'), visibleIf: is('o_status', 'Preparing') },
    text('order-items-heading', 'Your order', 'headline'),
    ...allDishes().map((d) => ({
      ...text(`order-line-${d.id}`, `{{ol_${d.id}}}`, 'body'),
      visibleIf: { var: `ol_${d.id}`, notEmpty: true },
    })),
    ...row('order-address', 'Delivering to', '{{o_address}}'),
    ...row('order-payment', 'Payment', '{{o_payment}}'),
    ...row('order-total', 'Total', '{{o_total}}', 'headline'),
    button('cancel-order', 'Cancel order', [cancelOrder], 'destructive', { visibleIf: is('o_status', 'Preparing') }),
  ],
};

const pastOrder: Screen = {
  title: 'Order {{p_id}}',
  elements: [
    notice('past-notice', 'past_notice', 'success'),
    text('past-status', 'Delivered', 'title'),
    text('past-restaurant', '{{p_rest_name}}', 'headline'),
    ...row('past-date', 'Date', '{{p_date}}'),
    ...row('past-items', 'Items', '{{p_items}}'),
    ...row('past-total', 'Total', '{{p_total}}', 'headline'),
    {
      ...text('past-rating', 'You rated this order {{p_rating}} out of 5', 'body'),
      visibleIf: { var: 'p_rating', notEmpty: true },
    },
    button('rate-order', 'Rate order', [set({ rate_pick: 0, rate_error: '' }), go('rate')], 'secondary', {
      visibleIf: empty('p_rating'),
    }),
    button(
      'reorder',
      'Reorder',
      choose(
        RESTAURANTS.map((r) => [
          is('p_rest', r.id),
          [set({ rest: r.id, rest_name: r.name, menu_notice: '' }), go('restaurant')],
        ]),
      ),
      'primary',
    ),
  ],
};

const STARS = [1, 2, 3, 4, 5] as const;

const rate: Screen = {
  title: 'Rate order',
  elements: [
    text('rate-heading', 'How was your order from {{p_rest_name}}?', 'headline'),
    ...STARS.map((n) => ({
      type: 'button' as const,
      id: `star-${n}`,
      label: '★'.repeat(n),
      accessibilityLabel: n === 1 ? '1 star' : `${n} stars`,
      style: 'secondary' as const,
      size: 'small' as const,
      action: [set({ rate_pick: n, rate_error: '' })],
    })),
    { ...text('rate-selected', 'Your rating: {{rate_pick}} out of 5', 'body'), visibleIf: not(is('rate_pick', 0)) },
    notice('rate-error', 'rate_error', 'error'),
    button(
      'submit-rating',
      'Submit rating',
      choose(
        [[is('rate_pick', 0), [set({ rate_error: 'Choose a rating' })]]],
        [
          ...PAST_ORDERS.map(
            (o): Action => ({ if: is('p_id', o.id), then: [set({ [`r_${o.id}`]: '{{rate_pick}}' })] }),
          ),
          set({ p_rating: '{{rate_pick}}', past_notice: 'Thanks for rating your order' }),
          back,
        ],
      ),
      'primary',
    ),
  ],
};

const account: Screen = {
  title: 'Account',
  elements: [
    notice('account-notice', 'account_notice', 'success'),
    text('account-name', '{{cust_name}}', 'title'),
    text('account-email', '{{cust_email}}', 'body'),
    text('account-phone', '{{cust_phone}}', 'body'),
    button(
      'edit-details',
      'Edit details',
      [set({ e_name: '{{cust_name}}', e_phone: '{{cust_phone}}', edit_error: '' }), go('edit-details')],
      'secondary',
    ),
    text('addresses-heading', 'Saved addresses', 'headline'),
    ...ADDRESSES.map((a) => text(`saved-${a.id}`, `${a.label} · ${a.line}`, 'body')),
    text('settings-heading', 'Settings', 'headline'),
    toggle('set-updates', 'set_updates', 'Order updates'),
    toggle('set-offers', 'set_offers', 'Offers by email'),
    toggle('set-dark', 'set_dark', 'Dark mode'),
    button(
      'sign-out',
      'Sign out',
      [
        {
          alert: {
            title: 'Sign out of Forkly?',
            message: 'Your basket will be kept for next time.',
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              {
                label: 'Sign out',
                id: 'alert-sign-out',
                style: 'destructive',
                action: [set({ signed_in: false, email: '', password: '', account_notice: '' }), reset('signin')],
              },
            ],
          },
        },
      ],
      'destructive',
    ),
    ...tabBar(),
  ],
};

const editDetails: Screen = {
  title: 'Edit details',
  elements: [
    input('edit-name', 'e_name', 'Full name'),
    input('edit-phone', 'e_phone', 'Phone number'),
    text('edit-email-note', 'Email {{cust_email}} can’t be changed here.', 'caption'),
    notice('edit-error', 'edit_error', 'error'),
    button(
      'save-details',
      'Save',
      validate(
        'edit_error',
        [
          [empty('e_name'), 'Enter your name'],
          [empty('e_phone'), 'Enter your phone number'],
        ],
        [set({ cust_name: '{{e_name}}', cust_phone: '{{e_phone}}', account_notice: 'Your details were saved' }), back],
      ),
      'primary',
    ),
  ],
};

export const moreScreens: Record<string, Screen> = {
  signin,
  orders,
  order,
  'past-order': pastOrder,
  rate,
  account,
  'edit-details': editDetails,
};
