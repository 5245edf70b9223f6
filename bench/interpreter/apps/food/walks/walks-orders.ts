import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  lastRow,
  notSee,
  nthRow,
  present,
  rowCount,
  screen,
  shows,
  sub,
  tap,
} from '../../../walks/ops';
import {
  HOME_ADDRESS,
  LUIGI,
  WORK_ADDRESS,
  applySave10,
  order,
  placeOrder,
  signIn,
  toBasket,
  toCheckout,
  toPast,
  value,
} from './flows';

const PAST = [
  ['fk-20391', LUIGI, 'Sat 14 Nov · £16.98 · Delivered'],
  ['fk-20177', 'Green Bowl', 'Tue 10 Nov · £19.98 · Delivered'],
  ['fk-19940', LUIGI, 'Fri 6 Nov · £17.98 · Delivered'],
  ['fk-19702', 'Green Bowl', 'Sun 1 Nov · £12.48 · Delivered'],
  ['fk-19455', LUIGI, 'Wed 28 Oct · £26.98 · Delivered'],
  ['fk-19210', 'Green Bowl', 'Fri 23 Oct · £15.48 · Delivered'],
  ['fk-18963', LUIGI, 'Sat 17 Oct · £18.98 · Delivered'],
  ['fk-18724', LUIGI, 'Mon 12 Oct · £17.48 · Delivered'],
] as const;

/** The past order at `n` (1-based), by its place in the list and its second line. */
const pastAt = (n: number) => {
  const [id, rest, line] = PAST[n - 1]!;
  return [nthRow('past-fk-', n, rest), sub(`past-${id}`, line)];
};

const PEPPERONI_GARLIC = order('luigi', [
  ['pepperoni', 1],
  ['garlic-bread', 1],
]);
const TWO_MARGHERITA = order('luigi', [['margherita', 2]]);

/** Cases 59–75: placing orders, the Active and Past orders, cancelling an order, past orders, reordering and rating. */
export const ordersWalks: Walk[] = [
  {
    name: 'ASAP order confirmation and basket emptied',
    steps: [
      signIn,
      [...TWO_MARGHERITA, ...toBasket, ...toCheckout],
      // Order placed cannot be opened again once left: assertion 1 is read here.
      [
        ...placeOrder,
        shows('placed-number', 'Order FK-20418'),
        shows('placed-eta', 'Arriving in 25–35 min'),
        value('placed-total', '£21.98'),
      ],
      [tap('placed-home')],
    ],
    assertions: [[], [screen('Home')], [absent('view-basket')]],
  },
  {
    name: 'Track order shows the new order details',
    steps: [
      signIn,
      [...PEPPERONI_GARLIC, ...toBasket, ...toCheckout, tap('pay-cash'), ...placeOrder],
      [tap('track-order')],
    ],
    assertions: [
      [screen('Order FK-20418'), shows('order-status', 'Preparing')],
      [shows('order-restaurant', LUIGI)],
      [
        shows('order-line-pepperoni', '1 × Pepperoni · £11.00'),
        shows('order-line-garlic-bread', '1 × Garlic Bread · £4.50'),
      ],
      [value('order-address', HOME_ADDRESS)],
      [value('order-payment', 'Cash on delivery'), value('order-total', '£18.48')],
      [shows('cancel-order', 'Cancel order')],
    ],
  },
  {
    name: 'Order to Work address from Green Bowl',
    steps: [
      signIn,
      [tap('change-address'), tap('address-work')],
      // Checkout is left by placing the order: assertion 1 is read here.
      [
        ...order('greenbowl', [
          ['falafel-wrap', 1],
          ['sweet-fries', 1],
        ]),
        ...toBasket,
        ...toCheckout,
        shows('checkout-deliver-to', 'Deliver to Work'),
        ...placeOrder,
      ],
    ],
    assertions: [
      [],
      [shows('placed-restaurant', 'Green Bowl is preparing your food'), shows('placed-eta', 'Arriving in 20–30 min')],
      [value('placed-address', WORK_ADDRESS)],
      [value('placed-total', '£12.98')],
    ],
  },
  {
    name: 'Second order gets the next order number and replaces the active one',
    // Each Order placed is read where it shows (assertions 1 and 2); Orders is reached from Home.
    steps: [
      signIn,
      [...TWO_MARGHERITA, ...toBasket, ...toCheckout, ...placeOrder, shows('placed-number', 'Order FK-20418')],
      [
        tap('placed-home'),
        ...order('greenbowl', [['buddha-bowl', 2]]),
        ...toBasket,
        ...toCheckout,
        ...placeOrder,
        shows('placed-number', 'Order FK-20425'),
      ],
      [tap('placed-home'), tap('tab-orders')],
    ],
    assertions: [
      [],
      [],
      [
        shows('active-order', 'Green Bowl'),
        sub('active-order', 'FK-20425 · Preparing · £19.98'),
        { rowCount: 'active-', n: 1 },
      ],
    ],
  },
  {
    name: 'No active orders on a fresh install',
    steps: [signIn, [tap('tab-orders')]],
    assertions: [
      [shows('orders-heading-active', 'Active orders'), absent('orders-heading-past')],
      [shows('no-active', 'No active orders'), shows('no-active-hint', 'Hungry? Find something on Home.')],
    ],
  },
  {
    name: 'Active list after placing an order',
    // Orders is reached from Order placed through Back to home and the Orders tab.
    steps: [
      signIn,
      [...PEPPERONI_GARLIC, ...toBasket, ...toCheckout, ...placeOrder],
      [tap('placed-home'), tap('tab-orders')],
    ],
    assertions: [
      [shows('active-order', LUIGI), sub('active-order', 'FK-20418 · Preparing · £18.48')],
      [tap('active-order'), screen('Order FK-20418'), shows('order-status', 'Preparing')],
    ],
  },
  {
    name: 'Cancel order - Keep order changes nothing',
    steps: [
      signIn,
      [...TWO_MARGHERITA, ...toBasket, ...toCheckout, ...placeOrder, tap('track-order')],
      [tap('cancel-order')],
      [tap('alert-keep-order')],
    ],
    assertions: [
      // The dialog again, left with Keep order.
      [
        tap('cancel-order'),
        alert('Cancel this order?'),
        alertSays(`${LUIGI} hasn’t started cooking yet. You’ll get a full refund of £21.98.`),
        tap('alert-keep-order'),
      ],
      [shows('order-status', 'Preparing'), present('cancel-order')],
    ],
  },
  {
    name: 'Cancel an order and check the refund and Active list',
    steps: [
      signIn,
      [
        ...PEPPERONI_GARLIC,
        ...toBasket,
        ...applySave10,
        ...toCheckout,
        tap('time-scheduled'),
        tap('slot-1930'),
        tap('pay-applepay'),
        tap('tip-2'),
        ...placeOrder,
      ],
      [tap('track-order'), tap('cancel-order'), tap('alert-cancel-order')],
      [back, tap('tab-orders')],
    ],
    assertions: [
      // The order again, from the Active list.
      [tap('active-order'), shows('order-status', 'Cancelled')],
      [shows('order-notice', 'Your order was cancelled. Refund: £18.93')],
      [absent('cancel-order')],
      [back, screen('Orders'), sub('active-order', 'FK-20418 · Cancelled · £18.93')],
    ],
  },
  {
    name: 'Past orders list, newest first, scrolls to the oldest',
    steps: [signIn, toPast, []],
    assertions: [
      [firstRow('past-fk-', LUIGI), ...pastAt(1)],
      pastAt(2),
      [3, 4, 5, 6, 7].flatMap(pastAt),
      [lastRow('past-fk-', LUIGI), ...pastAt(8)],
      [rowCount('past-fk-', 8)],
    ],
  },
  {
    name: 'Past order details FK-20177',
    steps: [signIn, [...toPast, tap('past-fk-20177')]],
    assertions: [
      [screen('Order FK-20177'), shows('past-status', 'Delivered')],
      [shows('past-restaurant', 'Green Bowl'), value('past-date', 'Tue 10 Nov')],
      [value('past-items', '2 × Buddha Bowl'), value('past-total', '£19.98')],
      [shows('rate-order', 'Rate order'), shows('reorder', 'Reorder')],
    ],
  },
  {
    name: 'Past order details FK-19455',
    steps: [signIn, [...toPast, tap('past-fk-19455')]],
    assertions: [
      [screen('Order FK-19455')],
      [
        shows('past-restaurant', LUIGI),
        value('past-date', 'Wed 28 Oct'),
        value('past-items', '2 × Quattro Formaggi'),
        value('past-total', '£26.98'),
      ],
      [shows('past-status', 'Delivered')],
    ],
  },
  {
    name: 'Reorder opens the restaurant menu',
    steps: [
      signIn,
      [...toPast, tap('past-fk-19702')],
      [value('past-items', '1 × Falafel Wrap, 1 × Mint Lemonade'), tap('reorder')],
    ],
    assertions: [
      // The order again (back from the menu), then Reorder again.
      [back, value('past-items', '1 × Falafel Wrap, 1 × Mint Lemonade'), value('past-total', '£12.48')],
      [tap('reorder'), screen('Green Bowl'), shows('rest-minimum', 'Minimum order £10.00')],
    ],
  },
  {
    name: 'Rate a past order with 4 stars',
    // Rate order cannot be opened again once rated: assertions 1 and 2 are read in steps 3 and 4.
    steps: [
      signIn,
      [...toPast, tap('past-fk-20177')],
      [tap('rate-order'), shows('rate-heading', 'How was your order from Green Bowl?')],
      [tap('star-4'), shows('rate-selected', 'Your rating: 4 out of 5'), tap('submit-rating')],
    ],
    assertions: [
      [],
      [],
      [
        screen('Order FK-20177'),
        shows('past-notice', 'Thanks for rating your order'),
        shows('past-rating', 'You rated this order 4 out of 5'),
      ],
      [absent('rate-order'), present('reorder')],
    ],
  },
  {
    name: 'Submit rating without choosing stars',
    steps: [signIn, [...toPast, tap('past-fk-20391'), tap('rate-order')], [tap('submit-rating')]],
    assertions: [
      [shows('rate-heading', `How was your order from ${LUIGI}?`)],
      [shows('rate-error', 'Choose a rating'), screen('Rate order')],
    ],
  },
  {
    name: 'Change star choice before submitting',
    steps: [
      signIn,
      [...toPast, tap('past-fk-19940'), tap('rate-order')],
      // Rate order cannot be opened again once rated: assertion 1 is read here.
      [
        tap('star-2'),
        shows('rate-selected', 'Your rating: 2 out of 5'),
        tap('star-5'),
        shows('rate-selected', 'Your rating: 5 out of 5'),
      ],
      [tap('submit-rating')],
    ],
    assertions: [[], [shows('past-rating', 'You rated this order 5 out of 5')]],
  },
  {
    name: 'Leaving Rate order without submitting keeps Rate order available',
    steps: [signIn, [...toPast, tap('past-fk-20177'), tap('rate-order'), tap('star-3')], [back]],
    assertions: [[screen('Order FK-20177'), present('rate-order')], [notSee('Thanks for rating your order')]],
  },
  {
    name: 'Orders tab restarts on Active',
    steps: [signIn, toPast, [tap('tab-home'), tap('tab-orders')]],
    assertions: [
      [
        shows('orders-heading-active', 'Active orders'),
        shows('no-active', 'No active orders'),
        absent('past-fk-20391'),
      ],
    ],
  },
];
