import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { any, button, choose, go, input, is, not, notice, reset, row, set, text } from '../model-parts';
import { BOOKING_FEE_UNITS, MEMBER, NEW_REFS, POINTS_PER_BOOKING, SNACKS, TICKETS, VOUCHER, money } from './data';
import { addMoney } from './parts';

/** Checkout with payment and a voucher, and the confirmation of a booking. */

const PAYMENTS = [
  { id: 'visa', label: 'Visa •••• 4242', note: 'Expires 08/27' },
  { id: 'applepay', label: 'Apple Pay', note: 'Pay with Face ID' },
  { id: 'paypal', label: 'PayPal', note: 'mia.torres@mailbox.test' },
] as const;

const applyVoucher: Action[] = [
  {
    if: any(is('voucher_code', VOUCHER.code), is('voucher_code', VOUCHER.code.toLowerCase())),
    then: choose(
      [[is('voucher', true), [set({ voucher_error: '', voucher_msg: `${VOUCHER.code} is already applied` })]]],
      [
        set({ voucher: true, voucher_error: '', voucher_msg: `${VOUCHER.code} applied: ${money(VOUCHER.units)} off` }),
        ...addMoney('gt', -VOUCHER.units),
      ],
    ),
    else: [
      {
        if: is('voucher_code', ''),
        then: [set({ voucher_error: 'Enter a voucher code', voucher_msg: '' })],
        else: [set({ voucher_error: 'This voucher code isn’t valid', voucher_msg: '' })],
      },
    ],
  },
];

/** "2 × Adult, 1 × Child" from the ticket counts, into `v`. */
const describeTickets = (v: string): Action[] => [
  set({ [v]: '' }),
  ...TICKETS.map(
    (t): Action => ({
      if: not(is(`t_${t.id}`, 0)),
      then: choose(
        [[is(v, ''), [set({ [v]: `{{t_${t.id}}} × ${t.label}` })]]],
        [set({ [v]: `{{${v}}}, {{t_${t.id}}} × ${t.label}` })],
      ),
    }),
  ),
];

const points = (k: number) => MEMBER.points + POINTS_PER_BOOKING * k;
const pointsLabel = (k: number) => points(k).toLocaleString('en-GB');

const pay: Action[] = [
  ...choose(
    NEW_REFS.map((ref, k) => [
      is('bookings_made', k),
      [set({ nb_ref: ref, bookings_made: k + 1, points: points(k + 1), points_label: pointsLabel(k + 1) })],
    ]),
    [set({ nb_ref: NEW_REFS[NEW_REFS.length - 1]! })],
  ),
  ...describeTickets('nb_tickets'),
  set({
    nb_active: true,
    nb_cancelled: false,
    nb_film: '{{film_title}}',
    nb_when: '{{show_when}}',
    nb_screen: '{{show_screen}}',
    nb_seats: '{{seat_list}}',
    nb_total: '{{gt_label}}',
    nb_pay: '{{pay_method}}',
    nb_snacks: '',
  }),
  ...SNACKS.map(
    (s): Action => ({
      if: not(is(`s_${s.id}`, 0)),
      then: choose(
        [[is('nb_snacks', ''), [set({ nb_snacks: `{{s_${s.id}}} × ${s.label}` })]]],
        [set({ nb_snacks: `{{nb_snacks}}, {{s_${s.id}}} × ${s.label}` })],
      ),
    }),
  ),
  { if: is('nb_snacks', ''), then: [set({ nb_snacks: 'None' })] },
  reset('booked'),
];

const snackLines = (): Element[] =>
  SNACKS.map((s) => ({
    ...text(`checkout-snack-${s.id}`, `{{s_${s.id}}} × ${s.label}`, 'caption'),
    visibleIf: not(is(`s_${s.id}`, 0)),
  }));

const checkout: Screen = {
  title: 'Checkout',
  elements: [
    text('checkout-film', '{{film_title}}', 'headline'),
    text('checkout-when', '{{show_when}} · {{show_screen}}', 'body'),
    text('checkout-seats', 'Seats {{seat_list}}', 'body'),
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
    input('voucher-code', 'voucher_code', 'Voucher code', { placeholder: 'e.g. REEL5', submit: applyVoucher }),
    button('apply-voucher', 'Apply', applyVoucher, 'secondary'),
    notice('voucher-message', 'voucher_msg', 'success'),
    notice('voucher-error', 'voucher_error', 'error'),
    { type: 'divider', id: 'checkout-summary' },
    ...row('checkout-tickets', 'Tickets ({{t_sum}})', '{{tk_label}}'),
    ...snackLines(),
    ...row('checkout-snacks', 'Snacks', '{{sn_label}}'),
    ...row('checkout-fee', 'Booking fee', money(BOOKING_FEE_UNITS)),
    ...row('checkout-voucher', `Voucher ${VOUCHER.code}`, `−${money(VOUCHER.units)}`).map((e) => ({
      ...e,
      visibleIf: is('voucher', true),
    })),
    ...row('checkout-total', 'Total', '{{gt_label}}', 'headline'),
    notice('pay-error', 'pay_error', 'error'),
    button('pay', 'Pay {{gt_label}}', pay, 'primary'),
  ],
};

/** Opens the booking made in the app on the ticket screen. */
export const openNewTicket: Action[] = [
  set({
    v_which: 'new',
    v_ref: '{{nb_ref}}',
    v_film: '{{nb_film}}',
    v_when: '{{nb_when}}',
    v_screen: '{{nb_screen}}',
    v_seats: '{{nb_seats}}',
    v_tickets: '{{nb_tickets}}',
    v_total: '{{nb_total}}',
    v_pay: '{{nb_pay}}',
    v_status: 'Confirmed',
    ticket_notice: '',
  }),
  { if: is('nb_cancelled', true), then: [set({ v_status: 'Cancelled' })] },
  go('ticket'),
];

const booked: Screen = {
  title: 'Booking confirmed',
  elements: [
    { type: 'text', id: 'booked-success', style: 'success', text: 'You’re booked! Enjoy the film.' },
    text('booked-ref', 'Booking reference {{nb_ref}}', 'title'),
    text('booked-film', '{{nb_film}}', 'headline'),
    ...row('booked-when', 'When', '{{nb_when}} · {{nb_screen}}'),
    ...row('booked-seats', 'Seats', '{{nb_seats}}'),
    ...row('booked-tickets', 'Tickets', '{{nb_tickets}}'),
    ...row('booked-snacks', 'Snacks', '{{nb_snacks}}'),
    ...row('booked-total', 'Total paid', '{{nb_total}}', 'headline'),
    text('booked-points', `You earned ${POINTS_PER_BOOKING} Reelhouse points`, 'caption'),
    button('view-ticket', 'View ticket', [set({ seg: 'upcoming' }), reset('my-tickets'), ...openNewTicket], 'primary'),
    button('booked-home', 'Back to films', [reset('home')], 'link'),
  ],
};

export const checkoutScreens: Record<string, Screen> = { checkout, booked };
