import type { Action, Condition, Element, Screen } from '../../src/virtual/app-model';
import { BAG_CENTS, INSURANCE_CENTS, MAX_PASSENGERS, money } from './catalog';
import { applyExtras } from './pricing';
import {
  all,
  button,
  choose,
  empty,
  go,
  input,
  is,
  notice,
  paxAtLeast,
  reset,
  row,
  set,
  text,
  toggle,
  validate,
} from './parts';

/** Passenger details, extras, the summary with payment, and the confirmation. */

const passengerNumbers = Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1);

function passengerFields(n: number): Element[] {
  const shown = paxAtLeast(n);
  const fields: Element[] = [
    {
      type: 'text',
      id: `passenger-${n}-heading`,
      style: 'headline',
      text: n === 1 ? 'Passenger 1 (lead passenger)' : `Passenger ${n}`,
      visibleIf: shown,
    },
    input(`p${n}-first`, `p${n}_first`, 'First name', { visibleIf: shown }),
    input(`p${n}-last`, `p${n}_last`, 'Last name', { visibleIf: shown }),
  ];
  if (n === 1)
    fields.push(
      input('p1-email', 'p1_email', 'Email', { placeholder: 'Where we send your e-tickets', maxLength: 100 }),
      input('p1-phone', 'p1_phone', 'Phone (optional)', { maxLength: 20 }),
    );
  return fields;
}

const passengerRules: [Condition, string][] = passengerNumbers.flatMap((n): [Condition, string][] => {
  const rules: [Condition, string][] = [
    [all(paxAtLeast(n), empty(`p${n}_first`)), `Enter the first name of passenger ${n}`],
    [all(paxAtLeast(n), empty(`p${n}_last`)), `Enter the last name of passenger ${n}`],
  ];
  if (n === 1) rules.push([empty('p1_email'), 'Enter an email address for your e-tickets']);
  return rules;
});

const passengers: Screen = {
  title: 'Passenger details',
  elements: [
    text('passengers-intro', 'Enter names exactly as they appear on each passport.', 'caption'),
    ...passengerNumbers.flatMap(passengerFields),
    notice('passengers-error', 'passengers_error', 'error'),
    button('passengers-continue', 'Continue', validate('passengers_error', passengerRules, [go('extras')])),
  ],
};

const extras: Screen = {
  title: 'Extras',
  elements: [
    text('extras-intro', 'Extras apply to every passenger on the booking.', 'caption'),
    toggle('insurance', 'insurance', 'Travel insurance', applyExtras()),
    text('insurance-price', `€${money(INSURANCE_CENTS)} per passenger · medical and cancellation cover`, 'caption'),
    toggle('extra-bag', 'extra_bag', 'Extra checked bag (23 kg)', applyExtras()),
    text('extra-bag-price', `€${money(BAG_CENTS)} per passenger`, 'caption'),
    { type: 'divider' },
    ...row('extras-total', 'Extras total', '€{{extras_total}}'),
    button('extras-continue', 'Continue', [...applyExtras(), go('summary')]),
  ],
};

/** Booking slots: slot 1 starts with a trip booked earlier; each slot has its own booking reference. */
export const BOOKING_REFS = ['WF2T6H', 'WF4Q7K', 'WF8M2D', 'WF3X9B'];

function storeBooking(): Action[] {
  const slots = BOOKING_REFS.map((ref, i): [Condition, Action[]] => {
    const b = `b${i + 1}`;
    return [
      empty(`${b}_route`),
      [
        set({
          [`${b}_route`]: '{{from_city}} → {{to_city}}',
          [`${b}_date`]: '{{date}}',
          [`${b}_flight`]: '{{f_no}}',
          [`${b}_times`]: '{{f_dep}} – {{f_arr}}',
          [`${b}_fare`]: '{{fare}}',
          [`${b}_pax`]: '{{pax_label}}',
          [`${b}_total`]: '{{total}}',
          [`${b}_ref`]: ref,
          last_ref: ref,
          accept_rules: false,
        }),
        reset('confirmation'),
      ],
    ];
  });
  return choose(slots, [
    {
      alert: {
        title: 'You already have 4 upcoming trips',
        message: 'Cancel a trip before you book another one.',
        buttons: [{ label: 'OK', id: 'alert-ok' }],
      },
    },
  ]);
}

const summary: Screen = {
  title: 'Review booking',
  elements: [
    text('summary-route', '{{from_city}} → {{to_city}}', 'headline'),
    text('summary-flight', '{{date}} · {{f_dep}} – {{f_arr}} · {{f_airline}} {{f_no}}'),
    text('summary-fare', '{{fare}} fare · {{pax_label}}'),
    text('summary-passengers-heading', 'Passengers', 'headline'),
    ...passengerNumbers.map(
      (n): Element => ({
        type: 'text',
        id: `summary-passenger-${n}`,
        text: `{{p${n}_first}} {{p${n}_last}}`,
        visibleIf: paxAtLeast(n),
      }),
    ),
    text('summary-price-heading', 'Price', 'headline'),
    ...row('base-fare', 'Base fare ({{pax}} × €{{fare_price}})', '€{{base_total}}'),
    ...row('taxes', 'Taxes and fees', '€{{taxes_total}}'),
    ...row('extras', 'Extras ({{extras_label}})', '€{{extras_total}}'),
    { type: 'divider' },
    ...row('total', 'Total', '€{{total}}', 'headline'),
    toggle('accept-rules', 'accept_rules', 'I accept the fare rules'),
    button(
      'confirm',
      'Confirm and pay',
      [
        {
          alert: {
            title: 'Pay €{{total}} now?',
            message: 'Your Visa card ending 4242 will be charged €{{total}}.',
            buttons: [
              { label: 'Not yet', id: 'alert-not-yet', style: 'cancel' },
              { label: 'Pay now', id: 'alert-pay-now', action: storeBooking() },
            ],
          },
        },
      ],
      'primary',
      { enabledIf: is('accept_rules', true) },
    ),
    text('payment-note', 'Paid with your saved Visa card ending 4242', 'caption'),
  ],
};

const confirmation: Screen = {
  title: 'Booking confirmed',
  elements: [
    { type: 'text', id: 'payment-received', style: 'success', text: 'Payment received' },
    text('confirmation-heading', "You're going to {{to_city}}!", 'headline'),
    text('booking-reference', 'Booking reference: {{last_ref}}'),
    text('confirmation-flight', '{{date}} · {{f_no}} · {{pax_label}}'),
    text('confirmation-total', 'Total paid: €{{total}}'),
    text('confirmation-email', 'We sent your e-tickets to {{p1_email}}.', 'caption'),
    button('view-trips', 'View my trips', [set({ trips_view: 'upcoming', trips_notice: '' }), reset('trips')]),
    button('book-another', 'Book another flight', [reset('home')], 'secondary'),
  ],
};

export const bookingScreens: Record<string, Screen> = { passengers, extras, summary, confirmation };
