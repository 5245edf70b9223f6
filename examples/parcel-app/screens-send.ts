import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { all, button, choose, each, empty, go, input, is, not, notice, reset, row, set, text } from '../model-parts';
import { ADDRESSES, ADDRESS_SLOTS, CARD, COVER_PENCE, DROP_OFF_BY, MAX_QTY, SENT, SIZES, SLOTS, money } from './data';
import { FRESH_SEND, chip, knownPostcode, stepQty, tabBar, writeQuote } from './parts';
import { openParcel } from './screens-home';

/** Sending a parcel: the form with its quote, checkout, the booking, and the Sent history. */

const useAddress = (name: string, postcode: string): Action[] => [
  set({ sq_name: name, sq_pc: postcode, sq_name_error: '', sq_pc_error: '', sq_error: '' }),
];

const toCheckout: Action[] = [
  set({ sq_name_error: '', sq_pc_error: '', sq_error: '' }),
  { if: empty('sq_name'), then: [set({ sq_name_error: 'Enter the recipient’s name' })] },
  {
    if: empty('sq_pc'),
    then: [set({ sq_pc_error: 'Enter a postcode' })],
    else: [
      {
        if: not(knownPostcode('sq_pc')),
        then: [set({ sq_pc_error: 'We can’t find that postcode. Check it and try again.' })],
      },
    ],
  },
  {
    if: all(empty('sq_name_error'), empty('sq_pc_error')),
    then: choose(
      [
        [
          all(...SLOTS.map((s) => is(`${s.id}_used`, true))),
          [set({ sq_error: 'You have 3 parcels waiting for drop-off. Drop one off before booking another.' })],
        ],
      ],
      [go('checkout')],
    ),
  },
];

const send: Screen = {
  title: 'Send a parcel',
  elements: [
    text('recipient-heading', 'Recipient', 'headline'),
    text('saved-hint', 'Send to a saved address', 'caption'),
    ...ADDRESSES.map((a) =>
      chip(`use-${a.id}`, `${a.label} · ${a.postcode}`, useAddress(a.name, a.postcode), {
        visibleIf: is(`ad_${a.id}`, true),
      }),
    ),
    ...ADDRESS_SLOTS.map((x) =>
      chip(`use-${x}`, `{{${x}_label}} · {{${x}_pc}}`, useAddress(`{{${x}_name}}`, `{{${x}_pc}}`), {
        visibleIf: is(`${x}_used`, true),
      }),
    ),
    input('recipient-name', 'sq_name', 'Recipient name', { placeholder: 'Full name', maxLength: 40 }),
    notice('name-error', 'sq_name_error', 'error'),
    input('postcode', 'sq_pc', 'Postcode', { placeholder: 'e.g. LS1 4AP', maxLength: 8 }),
    notice('postcode-error', 'sq_pc_error', 'error'),
    text('size-heading', 'Size', 'headline'),
    ...SIZES.map((s) => chip(`size-${s.id}`, `${s.label} ${money(s.pence)}`, [set({ sq_size: s.id }), ...writeQuote])),
    ...SIZES.map(
      (s): Element => ({
        ...text('size-selected', `${s.label}: ${s.about.toLowerCase()} · ${money(s.pence)} each`, 'caption'),
        visibleIf: is('sq_size', s.id),
      }),
    ),
    text('qty-heading', 'Number of parcels', 'headline'),
    chip('qty-minus', '−', stepQty(-1), { accessibilityLabel: 'One parcel fewer', enabledIf: not(is('sq_qty', 1)) }),
    text('qty-value', '{{sq_qty}}', 'title'),
    chip('qty-plus', '+', stepQty(1), { accessibilityLabel: 'One parcel more', enabledIf: not(is('sq_qty', MAX_QTY)) }),
    text('qty-hint', `Up to ${MAX_QTY} parcels of one size per booking.`, 'caption'),
    {
      type: 'toggle',
      id: 'extra-cover',
      bind: 'sq_ins',
      label: `Extra cover, ${money(COVER_PENCE)} a parcel`,
      action: writeQuote,
    },
    text('cover-hint', 'Covers up to £100 a parcel if it’s lost or damaged.', 'caption'),
    text('quote-heading', 'Your quote', 'headline'),
    text('quote-postage', '{{q_postage}}', 'body'),
    text('quote-cover', '{{q_cover}}', 'body'),
    text('quote-total', 'Total {{q_total}}', 'title'),
    notice('send-error', 'sq_error', 'error'),
    button('continue', 'Continue to checkout', toCheckout, 'primary'),
    ...tabBar(),
  ],
};

const COUNTS = [SENT.length, SENT.length + 1, SENT.length + 2];

/** Books the parcel into the first free slot, counts it and shows the booking. */
const book: Action[] = choose(
  SLOTS.map((s) => [
    not(is(`${s.id}_used`, true)),
    [
      set({
        [`${s.id}_used`]: true,
        [`${s.id}_name`]: '{{sq_name}}',
        [`${s.id}_pc`]: '{{sq_pc}}',
        [`${s.id}_desc`]: '{{q_desc}}',
        [`${s.id}_total`]: '{{q_total}}',
        bk_number: s.number,
      }),
      set({ key_sent: '{{sent_count}}' }),
      ...each(COUNTS.map((n) => [is('key_sent', String(n)), [set({ sent_count: n + 1 })]])),
      reset('booked'),
    ],
  ]),
);

const checkout: Screen = {
  title: 'Review and pay',
  elements: [
    ...row('review-to', 'To', '{{sq_name}}, {{sq_pc}}'),
    ...row('review-size', 'Parcels', '{{q_desc}}'),
    text('review-postage', '{{q_postage}}', 'body'),
    text('review-cover', '{{q_cover}}', 'body'),
    ...row('review-total', 'Total', '{{q_total}}', 'headline'),
    ...row('review-card', 'Pay with', CARD),
    text('review-drop-off', `Drop your parcels off at any Shipwise point by ${DROP_OFF_BY}.`, 'caption'),
    button(
      'pay',
      'Pay {{q_total}}',
      [
        {
          alert: {
            title: 'Pay {{q_total}}?',
            message: `We’ll charge your ${CARD} and book {{q_desc}} to {{sq_name}}.`,
            buttons: [
              { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
              { label: 'Pay', id: 'alert-pay', action: book },
            ],
          },
        },
      ],
      'primary',
    ),
  ],
};

const booked: Screen = {
  title: 'Parcel booked',
  elements: [
    text('booked-heading', 'You’re all set', 'title'),
    text('booked-to', '{{q_desc}} to {{sq_name}}, {{sq_pc}} · Paid {{q_total}}', 'body'),
    text('booked-number-label', 'Tracking number', 'caption'),
    text('booked-number', '{{bk_number}}', 'title'),
    text(
      'booked-drop-off',
      `Drop it off at any Shipwise point by ${DROP_OFF_BY}. Show the tracking number at the counter; no printing needed.`,
      'body',
    ),
    button('view-sent', 'View sent parcels', [reset('sent')], 'primary'),
    button('booked-done', 'Done', [reset('home')], 'secondary'),
  ],
};

const sent: Screen = {
  title: 'Sent',
  elements: [
    notice('sent-message', 'sent_msg', 'success'),
    text('sent-count', '{{sent_count}} bookings', 'caption'),
    ...[...SLOTS].reverse().map(
      (s): Element => ({
        type: 'list',
        id: 'booked-list',
        visibleIf: is(`${s.id}_used`, true),
        items: [
          {
            id: `sent-${s.id}`,
            title: `To {{${s.id}_name}}`,
            subtitle: `Booked · {{${s.id}_desc}} · Drop off by ${DROP_OFF_BY}`,
            action: openParcel(s.id, `To {{${s.id}_name}}`),
          },
        ],
      }),
    ),
    {
      type: 'list',
      id: 'sent-list',
      items: SENT.map((p) => ({
        id: `sent-${p.id}`,
        title: `To ${p.who}`,
        subtitle: p.line,
        action: openParcel(p.id, `To ${p.who}`),
      })),
    },
    button('send-another', 'Send a parcel', [set(FRESH_SEND), ...writeQuote, go('send')], 'secondary'),
    ...tabBar(),
  ],
};

export const sendScreens: Record<string, Screen> = { send, checkout, booked, sent };
