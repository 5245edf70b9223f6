import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { all, any, button, choose, go, input, is, not, notice, reset, row, set, text, validate } from '../model-parts';
import { MIN_ORDER, NEW_ORDER_NUMBERS, OPEN, SERVICE_FEE, TIPS, allDishes, money } from './data';
import {
  UNIT,
  subKey,
  addCount,
  addQuantity,
  addUnits,
  applyPromo,
  clearBasket,
  noRoomFor,
  payLabel,
  totalTexts,
} from './parts';

/** The basket, checkout and the confirmation of a placed order. */

const hasBasket = not(is('b_count', 0));
const belowMinimum = any(...Array.from({ length: MIN_ORDER / UNIT }, (_, u) => is('sub_key', subKey(u))));

/** The − and + beside a basket line; − at one takes the dish out. */
function lineSteppers(): Element[] {
  return OPEN.flatMap((r) =>
    r.dishes.flatMap((d): Element[] => {
      const shown = all(is('b_rest', r.id), not(is(`q_${d.id}`, 0)));
      return [
        { type: 'text', id: `line-${d.id}`, text: `{{q_${d.id}}} × ${d.name}`, style: 'headline', visibleIf: shown },
        {
          type: 'text',
          id: `line-${d.id}-options`,
          text: `{{x_${d.id}}}`,
          style: 'caption',
          visibleIf: all(shown, { var: `x_${d.id}`, notEmpty: true }),
        },
        { type: 'text', id: `line-${d.id}-price`, text: `{{l_${d.id}}}`, style: 'body', visibleIf: shown },
        {
          type: 'button',
          id: `line-${d.id}-minus`,
          label: '−',
          accessibilityLabel: `One ${d.name} fewer`,
          style: 'secondary',
          size: 'small',
          visibleIf: shown,
          action: [
            set({ basket_error: '' }),
            ...addQuantity(d, -1),
            ...addCount(-1),
            ...addUnits(-d.price / UNIT),
            { if: is(`q_${d.id}`, 0), then: [set({ [`x_${d.id}`]: '' })] },
            { if: is('b_count', 0), then: clearBasket },
          ],
        },
        {
          type: 'button',
          id: `line-${d.id}-plus`,
          label: '+',
          accessibilityLabel: `One more ${d.name}`,
          style: 'secondary',
          size: 'small',
          visibleIf: shown,
          action: choose(
            [[noRoomFor(1), [set({ basket_error: 'Your basket can hold up to 6 dishes' })]]],
            [set({ basket_error: '' }), ...addQuantity(d, 1), ...addCount(1), ...addUnits(d.price / UNIT)],
          ),
        },
      ];
    }),
  );
}

/** "Add £4.50 more…" while the subtotal is under the minimum. */
const minimumTexts = (): Element[] =>
  Array.from({ length: MIN_ORDER / UNIT - 1 }, (_, k) => k + 1).map(
    (u): Element => ({
      type: 'text',
      id: 'minimum-message',
      style: 'error',
      text: `Add ${money(MIN_ORDER - u * UNIT)} more to reach the ${money(MIN_ORDER)} minimum order`,
      visibleIf: is('sub_key', subKey(u)),
    }),
  );

const basket: Screen = {
  title: 'Basket',
  elements: [
    { ...text('basket-empty', 'Your basket is empty', 'headline'), visibleIf: is('b_count', 0) },
    {
      ...text('basket-empty-hint', 'Add dishes from a restaurant to start an order.', 'caption'),
      visibleIf: is('b_count', 0),
    },
    button('browse-restaurants', 'Browse restaurants', [reset('home')], 'primary', { visibleIf: is('b_count', 0) }),
    { ...text('basket-restaurant', '{{b_rest_name}}', 'title'), visibleIf: hasBasket },
    ...lineSteppers(),
    notice('basket-error', 'basket_error', 'error'),
    ...[
      { type: 'divider', id: 'basket-summary' } as Element,
      ...row('basket-subtotal', 'Subtotal', '{{sub_label}}'),
      ...row('basket-delivery', 'Delivery fee', '{{b_fee_label}}'),
      ...row('basket-service', 'Service fee', money(SERVICE_FEE)),
      { ...text('basket-discount-label', 'Promo SAVE10', 'caption'), visibleIf: is('promo', true) },
      ...totalTexts('basket-discount-value', (t) => t.discount, [true], 'body', '−'),
      text('basket-total-label', 'Total', 'caption'),
      ...totalTexts('basket-total-value', (t) => t.total, [false, true], 'headline'),
      input('promo-code', 'promo_code', 'Promo code', { placeholder: 'e.g. SAVE10', submit: applyPromo }),
      button('apply-promo', 'Apply', applyPromo, 'secondary'),
      notice('promo-message', 'promo_msg', 'success'),
      notice('promo-error', 'promo_error', 'error'),
      ...minimumTexts(),
      button(
        'go-to-checkout',
        'Go to checkout',
        [...payLabel(0), set({ checkout_error: '' }), go('checkout')],
        'primary',
        {
          enabledIf: not(belowMinimum),
        },
      ),
    ].map((e) => ({ ...e, visibleIf: e.visibleIf ? all(hasBasket, e.visibleIf) : hasBasket })),
  ],
};

const SLOTS = ['19:00', '19:30', '20:00'] as const;
const PAYMENTS = [
  { id: 'visa', label: 'Visa •••• 4242', note: 'Expires 08/27' },
  { id: 'applepay', label: 'Apple Pay', note: 'Pay with Face ID' },
  { id: 'cash', label: 'Cash on delivery', note: 'Pay the rider' },
] as const;

const chip = (id: string, label: string, action: Action[]): Element => ({
  type: 'button',
  id,
  label,
  style: 'secondary',
  size: 'small',
  action,
});

const orderLines: Action[] = [
  set(Object.fromEntries(allDishes().map((d) => [`ol_${d.id}`, `{{q_${d.id}}} × ${d.name} · {{l_${d.id}}}`]))),
  ...allDishes().map((d): Action => ({ if: is(`q_${d.id}`, 0), then: [set({ [`ol_${d.id}`]: '' })] })),
];

const placeOrder: Action[] = validate(
  'checkout_error',
  [[all(is('when', 'scheduled'), is('slot', '')), 'Choose a delivery time']],
  [
    ...choose(
      NEW_ORDER_NUMBERS.map((n, k) => [is('orders_placed', k), [set({ o_number: n, orders_placed: k + 1 })]]),
      [set({ o_number: NEW_ORDER_NUMBERS[NEW_ORDER_NUMBERS.length - 1]! })],
    ),
    ...orderLines,
    set({
      o_active: true,
      o_status: 'Preparing',
      o_rest_name: '{{b_rest_name}}',
      o_total: '{{pay_label}}',
      o_address: '{{address}}',
      o_payment: '{{pay_method}}',
      order_notice: '',
    }),
    ...choose(
      [[is('when', 'scheduled'), [set({ o_when: 'Scheduled for {{slot}}' })]]],
      [set({ o_when: 'Arriving in {{b_eta}}' })],
    ),
    ...clearBasket,
    set({ when: 'asap', slot: '', tip: 0 }),
    reset('order-placed'),
  ],
);

const checkout: Screen = {
  title: 'Checkout',
  elements: [
    text('checkout-deliver-to', 'Deliver to {{address_label}}', 'caption'),
    text('checkout-address', '{{address}}', 'body'),
    button('checkout-change-address', 'Change address', [go('addresses')], 'link'),
    text('time-heading', 'Delivery time', 'headline'),
    chip('time-asap', 'ASAP', [set({ when: 'asap', slot: '', checkout_error: '' })]),
    chip('time-scheduled', 'Schedule', [set({ when: 'scheduled' })]),
    { ...text('time-asap-note', 'As soon as possible · {{b_eta}}', 'caption'), visibleIf: is('when', 'asap') },
    ...SLOTS.map((s) => ({
      ...chip(`slot-${s.replace(':', '')}`, s, [set({ slot: s, checkout_error: '' })]),
      visibleIf: is('when', 'scheduled'),
    })),
    {
      ...text('time-slot-note', 'Scheduled for {{slot}}', 'caption'),
      visibleIf: all(is('when', 'scheduled'), not(is('slot', ''))),
    },
    text('payment-heading', 'Payment', 'headline'),
    {
      type: 'list',
      id: 'payment-list',
      items: PAYMENTS.map((p) => ({
        id: `pay-${p.id}`,
        title: p.label,
        subtitle: p.note,
        action: [set({ pay_method: p.label })],
      })),
    },
    text('payment-selected', 'Paying with {{pay_method}}', 'caption'),
    text('tip-heading', 'Tip your rider', 'headline'),
    ...TIPS.map((t, i) => chip(`tip-${i}`, t === 0 ? 'No tip' : money(t).replace('.00', ''), payLabel(t))),
    { type: 'divider', id: 'checkout-summary' },
    ...row('checkout-subtotal', 'Subtotal', '{{sub_label}}'),
    ...row('checkout-delivery', 'Delivery fee', '{{b_fee_label}}'),
    ...row('checkout-service', 'Service fee', money(SERVICE_FEE)),
    { ...text('checkout-discount-label', 'Promo SAVE10', 'caption'), visibleIf: is('promo', true) },
    ...totalTexts('checkout-discount-value', (t) => t.discount, [true], 'body', '−'),
    ...row('checkout-tip', 'Rider tip', '{{tip_label}}'),
    ...row('checkout-total', 'Total', '{{pay_label}}', 'headline'),
    notice('checkout-error', 'checkout_error', 'error'),
    button('place-order', 'Place order · {{pay_label}}', placeOrder, 'primary'),
  ],
};

const orderPlaced: Screen = {
  title: 'Order placed',
  elements: [
    { type: 'text', id: 'placed-success', style: 'success', text: 'Thanks, your order is in!' },
    text('placed-number', 'Order {{o_number}}', 'title'),
    text('placed-restaurant', '{{o_rest_name}} is preparing your food', 'body'),
    text('placed-eta', '{{o_when}}', 'headline'),
    ...row('placed-address', 'Delivering to', '{{o_address}}'),
    ...row('placed-total', 'Total paid', '{{o_total}}'),
    button('track-order', 'Track order', [set({ seg: 'active' }), reset('orders'), go('order')], 'primary'),
    button('placed-home', 'Back to home', [reset('home')], 'link'),
  ],
};

export const basketScreens: Record<string, Screen> = { basket, checkout, 'order-placed': orderPlaced };
