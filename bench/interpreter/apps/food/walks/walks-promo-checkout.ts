import { type Walk, absent, alert, alertSays, back, present, screen, shows, sub, tap, type } from '../../../walks/ops';
import {
  HOME_ADDRESS,
  LUIGI,
  WORK_ADDRESS,
  add,
  applySave10,
  line,
  order,
  placeOrder,
  signIn,
  toBasket,
  toCheckout,
  value,
  viewBasket,
} from './flows';

const PEPPERONI_GARLIC = order('luigi', [
  ['pepperoni', 1],
  ['garlic-bread', 1],
]);
const TWO_MARGHERITA = order('luigi', [['margherita', 2]]);
const discount = (id: string, amount: string) => [
  shows(`${id}-discount-label`, 'Promo SAVE10'),
  value(`${id}-discount`, amount),
];
const total = (tip: string, amount: string) => [value('checkout-tip', tip), value('checkout-total', amount)];

/** Opens the dialog of a dish from another restaurant again, from Home (Luigi's basket, Green Bowl's Buddha Bowl). */
const newBasketDialog = [tap('restaurant-greenbowl'), tap('dish-buddha-bowl'), tap('add-to-basket')];
const leaveDialog = [tap('alert-cancel'), back, back];

/** Cases 39–58: the promo code, the menu's View basket, a basket from another restaurant, checkout and an order placed. */
export const promoCheckoutWalks: Walk[] = [
  {
    name: 'Valid promo code SAVE10 applied',
    steps: [signIn, PEPPERONI_GARLIC, toBasket, applySave10],
    assertions: [
      [shows('promo-message', 'SAVE10 applied: 10% off your food')],
      discount('basket', '−£1.55'),
      [value('basket-subtotal', '£15.50'), value('basket-delivery', '£1.99'), value('basket-service', '£0.99')],
      [value('basket-total', '£16.93')],
    ],
  },
  {
    name: 'Lower-case promo code via Enter key',
    steps: [
      signIn,
      [
        ...order('greenbowl', [
          ['buddha-bowl', 1],
          ['lemonade', 1],
        ]),
        ...toBasket,
      ],
      [type('promo-code', 'save10'), tap('promo-code'), { enter: true }],
    ],
    assertions: [
      [shows('promo-message', 'SAVE10 applied: 10% off your food')],
      discount('basket', '−£1.20'),
      [value('basket-total', '£12.78')],
    ],
  },
  {
    name: 'Invalid promo code',
    steps: [signIn, [...TWO_MARGHERITA, ...toBasket], [type('promo-code', 'FREEFOOD'), tap('apply-promo')]],
    assertions: [
      [shows('promo-error', 'This code isn’t valid')],
      [absent('basket-discount-label'), absent('basket-discount-value')],
      [value('basket-total', '£21.98')],
    ],
  },
  {
    name: 'Apply with empty promo field',
    steps: [signIn, [...order('luigi', [['formaggi', 1]]), ...toBasket], [shows('promo-code', ''), tap('apply-promo')]],
    assertions: [[shows('promo-error', 'Enter a promo code')], [value('basket-total', '£14.98')]],
  },
  {
    name: 'Promo discount recalculates when quantities change',
    steps: [signIn, [...PEPPERONI_GARLIC, ...toBasket], applySave10, [tap('line-pepperoni-plus')]],
    assertions: [
      // Before the +: one Pepperoni fewer for the look, then the + again.
      [
        tap('line-pepperoni-minus'),
        ...discount('basket', '−£1.55'),
        value('basket-total', '£16.93'),
        tap('line-pepperoni-plus'),
      ],
      [
        ...line('pepperoni', '2 × Pepperoni', '£22.00'),
        value('basket-subtotal', '£26.50'),
        ...discount('basket', '−£2.65'),
        value('basket-total', '£26.83'),
      ],
    ],
  },
  {
    name: 'Promo is dropped once the basket is emptied',
    steps: [
      signIn,
      [
        ...order('luigi', [
          ['margherita', 1],
          ['garlic-bread', 1],
        ]),
        ...toBasket,
        ...applySave10,
      ],
      // The empty basket cannot be reached again once left: assertion 1 is read here.
      [tap('line-margherita-minus'), tap('line-garlic-bread-minus'), shows('basket-empty', 'Your basket is empty')],
      [back, ...add('formaggi'), ...toBasket],
    ],
    assertions: [
      [],
      [absent('basket-discount-label'), absent('basket-discount-value')],
      [value('basket-total', '£14.98'), absent('basket-discount-value')],
    ],
  },
  {
    name: "View basket on Luigi's menu at top and bottom",
    steps: [signIn, order('luigi', [['veggie', 1]]), [], [tap('view-basket')]],
    assertions: [
      [back, viewBasket('view-basket-top', 1, '£10.50')],
      [viewBasket('view-basket', 1, '£10.50')],
      [tap('view-basket'), screen('Basket'), ...line('veggie', '1 × Veggie Supreme', '£10.50')],
    ],
  },
  {
    name: 'Basket back arrow keeps contents',
    steps: [signIn, [...order('luigi', [['garlic-bread', 2]]), ...toBasket], [back], toBasket],
    assertions: [
      [back, viewBasket('view-basket-top', 2, '£9.00'), ...toBasket],
      line('garlic-bread', '2 × Garlic Bread', '£9.00'),
    ],
  },
  {
    name: 'Adding from another restaurant - Cancel keeps the old basket',
    steps: [
      signIn,
      order('luigi', [['margherita', 1]]),
      [back, ...newBasketDialog],
      [tap('alert-cancel')],
      [back, back],
    ],
    assertions: [
      // The dialog again, from Home, left with Cancel.
      [
        ...newBasketDialog,
        alert('Start a new basket?'),
        alertSays("Your basket has dishes from Luigi's Pizzeria. Clear it and add this from Green Bowl?"),
        ...leaveDialog,
      ],
      [...newBasketDialog, present('alert-cancel'), present('alert-new-basket'), ...leaveDialog],
      [screen('Home'), viewBasket('view-basket', 1, '£9.50')],
    ],
  },
  {
    name: 'Adding from another restaurant - New basket replaces the basket',
    steps: [
      signIn,
      order('greenbowl', [['buddha-bowl', 2]]),
      // The dialog cannot be opened again once the basket is replaced: assertion 1 is read here.
      [
        back,
        tap('restaurant-luigi'),
        tap('dish-margherita'),
        tap('add-to-basket'),
        alertSays("Your basket has dishes from Green Bowl. Clear it and add this from Luigi's Pizzeria?"),
      ],
      [tap('alert-new-basket')],
      toBasket,
    ],
    assertions: [
      [],
      [back, shows('menu-notice', 'Added 1 × Margherita to your basket')],
      [viewBasket('view-basket-top', 1, '£9.50'), ...toBasket],
      [shows('basket-restaurant', LUIGI), shows('line-margherita', '1 × Margherita'), absent('line-buddha-bowl')],
    ],
  },
  {
    name: 'Checkout defaults',
    steps: [signIn, PEPPERONI_GARLIC, [...toBasket, ...toCheckout]],
    assertions: [
      [
        shows('checkout-deliver-to', 'Deliver to Home'),
        shows('checkout-address', HOME_ADDRESS),
        shows('checkout-change-address', 'Change address'),
      ],
      [shows('time-asap', 'ASAP'), shows('time-asap-note', 'As soon as possible · 25–35 min'), absent('slot-1900')],
      [
        shows('pay-visa', 'Visa •••• 4242'),
        sub('pay-visa', 'Expires 08/27'),
        shows('pay-applepay', 'Apple Pay'),
        sub('pay-applepay', 'Pay with Face ID'),
        shows('pay-cash', 'Cash on delivery'),
        sub('pay-cash', 'Pay the rider'),
      ],
      [shows('payment-selected', 'Paying with Visa •••• 4242')],
      [
        shows('tip-0', 'No tip'),
        shows('tip-1', '£1'),
        shows('tip-2', '£2'),
        shows('tip-3', '£3'),
        value('checkout-tip', '£0.00'),
      ],
      [
        value('checkout-subtotal', '£15.50'),
        value('checkout-delivery', '£1.99'),
        value('checkout-service', '£0.99'),
        value('checkout-total', '£18.48'),
      ],
      [shows('place-order', 'Place order · £18.48')],
    ],
  },
  {
    name: 'Checkout carries the promo and the tip updates the total',
    steps: [signIn, [...PEPPERONI_GARLIC, ...toBasket, ...applySave10], toCheckout, [tap('tip-2')]],
    assertions: [
      // Before the tip: No tip for the look, then £2 again.
      [tap('tip-0'), ...discount('checkout', '−£1.55'), value('checkout-total', '£16.93'), tap('tip-2')],
      total('£2.00', '£18.93'),
      [shows('place-order', 'Place order · £18.93')],
    ],
  },
  {
    name: 'Switching tips back and forth',
    steps: [
      signIn,
      [...order('luigi', [['formaggi', 1]]), ...toBasket, ...toCheckout],
      [tap('tip-3'), tap('tip-1'), tap('tip-0')],
    ],
    assertions: [
      [tap('tip-3'), ...total('£3.00', '£17.98')],
      [tap('tip-1'), ...total('£1.00', '£15.98')],
      [tap('tip-0'), ...total('£0.00', '£14.98'), shows('place-order', 'Place order · £14.98')],
    ],
  },
  {
    name: 'Payment method choice',
    steps: [signIn, [...TWO_MARGHERITA, ...toBasket, ...toCheckout], [tap('pay-applepay')], [tap('pay-cash')]],
    assertions: [
      [tap('pay-applepay'), shows('payment-selected', 'Paying with Apple Pay')],
      [tap('pay-cash'), shows('payment-selected', 'Paying with Cash on delivery')],
      [value('checkout-total', '£21.98')],
    ],
  },
  {
    name: 'Schedule without a slot blocks the order',
    steps: [signIn, [...TWO_MARGHERITA, ...toBasket, ...toCheckout], [tap('time-scheduled')], [tap('place-order')]],
    assertions: [
      [shows('slot-1900', '19:00'), shows('slot-1930', '19:30'), shows('slot-2000', '20:00')],
      [shows('checkout-error', 'Choose a delivery time')],
      [screen('Checkout')],
    ],
  },
  {
    name: 'Schedule a slot and switch back to ASAP',
    steps: [
      signIn,
      [...order('luigi', [['veggie', 1]]), ...toBasket, ...toCheckout],
      [tap('time-scheduled'), tap('slot-2000')],
      [tap('time-asap')],
    ],
    assertions: [
      [tap('time-scheduled'), tap('slot-2000'), shows('time-slot-note', 'Scheduled for 20:00'), tap('time-asap')],
      [shows('time-asap-note', 'As soon as possible · 25–35 min')],
    ],
  },
  {
    name: 'Change address from Checkout',
    steps: [
      signIn,
      [...TWO_MARGHERITA, ...toBasket, ...toCheckout],
      [tap('checkout-change-address'), tap('address-work')],
    ],
    assertions: [
      [screen('Checkout')],
      [shows('checkout-deliver-to', 'Deliver to Work'), shows('checkout-address', WORK_ADDRESS)],
    ],
  },
  {
    name: 'Back from Checkout returns to the Basket intact',
    steps: [signIn, [...PEPPERONI_GARLIC, ...toBasket, ...toCheckout], [back]],
    assertions: [
      [
        screen('Basket'),
        shows('line-pepperoni', '1 × Pepperoni'),
        shows('line-garlic-bread', '1 × Garlic Bread'),
        value('basket-subtotal', '£15.50'),
        value('basket-total', '£18.48'),
      ],
    ],
  },
  {
    name: 'Green Bowl checkout shows its own ASAP time',
    steps: [signIn, [...order('greenbowl', [['buddha-bowl', 2]]), ...toBasket, ...toCheckout]],
    assertions: [
      [shows('time-asap-note', 'As soon as possible · 20–30 min')],
      [
        value('checkout-delivery', '£0.99'),
        value('checkout-total', '£19.98'),
        shows('place-order', 'Place order · £19.98'),
      ],
    ],
  },
  {
    name: 'Place a scheduled Apple Pay order with promo and tip end to end',
    steps: [
      signIn,
      PEPPERONI_GARLIC,
      [...toBasket, ...applySave10, ...toCheckout],
      [tap('time-scheduled'), tap('slot-1930'), tap('pay-applepay'), tap('tip-2')],
      [shows('place-order', 'Place order · £18.93'), ...placeOrder],
    ],
    assertions: [
      [shows('placed-success', 'Thanks, your order is in!')],
      [shows('placed-number', 'Order FK-20418')],
      [shows('placed-restaurant', "Luigi's Pizzeria is preparing your food")],
      [shows('placed-eta', 'Scheduled for 19:30')],
      [value('placed-address', HOME_ADDRESS)],
      [value('placed-total', '£18.93')],
      [shows('track-order', 'Track order'), shows('placed-home', 'Back to home')],
    ],
  },
];
