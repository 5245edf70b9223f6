import {
  type Walk,
  alert,
  alertSays,
  back,
  firstRow,
  lastRow,
  nthRow,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
} from '../../../walks/ops';
import { SENT, book, done, pay, plus, recipient, signIn, toReview, toSend, toTrack, track } from './flows';

const DROP_OFF =
  'Drop it off at any Shipwise point by Fri 22 Nov. Show the tracking number at the counter; no printing needed.';
const REFUSED = 'You have 3 parcels waiting for drop-off. Drop one off before booking another.';
/** Two Large parcels with extra cover (steps that choose them on the Send form). */
const twoLargeCovered = [tap('size-large'), ...plus(1), tap('extra-cover')];
/** From Home: two Large parcels with cover to Chris Doyle, booked; `amount` when the step names it. */
const bookTwoLarge = (amount?: string) => book('Chris Doyle', 'BS1 5TR', 'large', 2, true, amount);
const value = (id: string, text: string) => shows(`review-${id}-value`, text);

/** Cases 56–70: Review and pay, paying, Parcel booked, Sent and a booking's parcel. */
export const checkoutSentWalks: Walk[] = [
  {
    name: 'Review and pay for two Large parcels with cover',
    steps: [signIn, toSend, recipient('Chris Doyle', 'BS1 5TR'), twoLargeCovered, toReview],
    assertions: [
      [shows('review-to-label', 'To'), value('to', 'Chris Doyle, BS1 5TR')],
      [shows('review-size-label', 'Parcels'), value('size', '2 × Large')],
      [shows('review-postage', 'Postage: 2 × £7.80 = £15.60'), shows('review-cover', 'Extra cover: 2 × £1.50 = £3.00')],
      [value('total', '£18.60')],
      [shows('review-card-label', 'Pay with'), value('card', 'Visa ending 4417')],
      [shows('review-drop-off', 'Drop your parcels off at any Shipwise point by Fri 22 Nov.')],
      [shows('pay', 'Pay £18.60')],
    ],
  },
  {
    name: 'Review for a Small parcel to the Work address',
    steps: [signIn, toSend, [tap('use-work')], [tap('size-small')], toReview],
    assertions: [
      [value('to', 'Priya Shah, LS11 5PS')],
      [value('size', '1 × Small')],
      [shows('review-cover', 'Extra cover: none')],
      [value('total', '£3.20'), shows('pay', 'Pay £3.20')],
    ],
  },
  {
    name: 'Pay dialog asks for confirmation',
    steps: [
      signIn,
      [...toSend, ...recipient('Chris Doyle', 'BS1 5TR')],
      twoLargeCovered,
      toReview,
      [shows('pay', 'Pay £18.60'), tap('pay')],
    ],
    assertions: [
      [alert('Pay £18.60?')],
      [alertSays('We’ll charge your Visa ending 4417 and book 2 × Large to Chris Doyle.')],
      [present('alert-cancel'), present('alert-pay')],
    ],
  },
  {
    name: 'Cancelling payment books nothing',
    steps: [
      signIn,
      [...toSend, ...recipient('Chris Doyle', 'BS1 5TR')],
      toReview,
      [shows('pay', 'Pay £4.90'), tap('pay')],
      [tap('alert-cancel'), alert(null)],
      [screen('Review and pay')],
      // Review and pay has no tab bar: back to the Send form, and the Sent tab there.
      [back, screen('Send a parcel'), tap('tab-sent'), screen('Sent')],
    ],
    assertions: [[shows('sent-count', '4 bookings')], [firstRow('sent-', 'To Jordan Lee')]],
  },
  {
    name: 'Paying books the parcel',
    steps: [
      signIn,
      toSend,
      recipient('Chris Doyle', 'BS1 5TR'),
      twoLargeCovered,
      [...toReview, shows('pay', 'Pay £18.60'), tap('pay')],
      [tap('alert-pay'), screen('Parcel booked')],
    ],
    assertions: [
      [shows('booked-heading', 'You’re all set')],
      [shows('booked-to', '2 × Large to Chris Doyle, BS1 5TR · Paid £18.60')],
      [shows('booked-number', 'SW20510001')],
      [shows('booked-drop-off', DROP_OFF)],
      [shows('view-sent', 'View sent parcels'), shows('booked-done', 'Done')],
    ],
  },
  {
    name: 'View sent parcels after booking',
    steps: [
      signIn,
      toSend,
      recipient('Chris Doyle', 'BS1 5TR'),
      twoLargeCovered,
      [...toReview, ...pay('£18.60')],
      [tap('view-sent'), screen('Sent')],
    ],
    assertions: [
      [shows('sent-count', '5 bookings')],
      [firstRow('sent-', 'To Chris Doyle'), sub('sent-n1', 'Booked · 2 × Large · Drop off by Fri 22 Nov')],
      [nthRow('sent-', 2, 'To Jordan Lee')],
    ],
  },
  {
    name: 'Second and third bookings get the next tracking numbers',
    steps: [
      signIn,
      [...book('Chris Doyle', 'BS1 5TR', 'medium'), ...done],
      book('Ella Grant', 'EH1 1YZ', 'small'),
      [shows('booked-number', 'SW20510002')],
      [...done, ...book('Tom Reed', 'OX1 3BG', 'large')],
    ],
    assertions: [
      [screen('Parcel booked'), shows('booked-number', 'SW20510003')],
      [shows('booked-to', '1 × Large to Tom Reed, OX1 3BG · Paid £7.80')],
    ],
  },
  {
    name: 'Fourth booking is refused until a drop-off',
    steps: [
      signIn,
      [...book('Chris Doyle', 'BS1 5TR', 'medium'), ...done],
      [...book('Ella Grant', 'EH1 1YZ', 'medium'), ...done],
      [...book('Tom Reed', 'OX1 3BG', 'medium'), ...done],
      [...toSend, ...recipient('Nia Evans', 'CF10 1EP')],
      [tap('continue')],
    ],
    assertions: [[shows('send-error', REFUSED)], [screen('Send a parcel')]],
  },
  {
    name: 'Booked parcel details from Sent',
    steps: [signIn, bookTwoLarge('£18.60'), [tap('view-sent'), screen('Sent')], [tap('sent-n1')]],
    assertions: [
      [screen('To Chris Doyle')],
      [shows('parcel-number', 'Tracking number SW20510001')],
      [shows('parcel-status', 'Booked'), shows('parcel-line', '2 × Large · Drop off by Fri 22 Nov')],
      [shows('parcel-to', 'To Chris Doyle, BS1 5TR')],
      [rows('event-n1-', ['Waiting for drop-off', 'Booked and paid, £18.60'])],
    ],
  },
  {
    name: 'A new booking can be tracked',
    steps: [signIn, bookTwoLarge(), done, [...toTrack, ...track('SW20510001')]],
    assertions: [[shows('results-count', '1 parcel found')], [shows('result-n1', 'To Chris Doyle')]],
  },
  {
    name: 'Pay dialog names the saved address recipient',
    steps: [signIn, [...toSend, tap('use-mum')], plus(2), toReview, [shows('pay', 'Pay £14.70'), tap('pay')]],
    assertions: [
      [alert('Pay £14.70?')],
      [alertSays('We’ll charge your Visa ending 4417 and book 3 × Medium to Anita Shah.')],
    ],
  },
  {
    name: 'Sent lists the four earlier bookings',
    steps: [signIn, [tap('tab-sent'), screen('Sent')]],
    assertions: [
      [shows('sent-count', '4 bookings')],
      [rows('sent-', SENT)],
      [shows('sent-s1', 'To Jordan Lee'), sub('sent-s1', 'Delivered Mon 18 Nov · 1 × Medium')],
      [shows('sent-s2', 'To Anita Shah'), sub('sent-s2', 'Delivered Thu 14 Nov · 1 × Small')],
      [shows('sent-s3', 'To Vintage Finds Returns'), sub('sent-s3', 'Delivered Fri 8 Nov · 1 × Large')],
      [shows('sent-s4', 'To Sam Okafor'), sub('sent-s4', 'Delivered Sat 2 Nov · 1 × Small')],
      [shows('send-another', 'Send a parcel')],
    ],
  },
  {
    name: "Jordan Lee's delivered parcel",
    steps: [signIn, [tap('tab-sent'), screen('Sent')], [tap('sent-s1')]],
    assertions: [
      [screen('To Jordan Lee')],
      [shows('parcel-number', 'Tracking number SW20498810')],
      [
        shows('parcel-status', 'Delivered'),
        shows('parcel-line', 'Delivered Mon 18 Nov · 1 × Medium'),
        shows('parcel-to', 'To Jordan Lee'),
      ],
      [firstRow('event-s1-', 'Delivered, signed for by J. Lee'), sub('event-s1-1', 'Mon 18 Nov 13:22 · Bristol')],
      [lastRow('event-s1-', 'Dropped off'), sub('event-s1-3', 'Sat 16 Nov 11:48 · Shipwise point, Headingley')],
    ],
  },
  {
    name: 'Send a parcel from the Sent screen',
    steps: [signIn, [tap('tab-sent'), screen('Sent')], [tap('send-another')]],
    assertions: [
      [
        screen('Send a parcel'),
        shows('recipient-name', ''),
        shows('postcode', ''),
        shows('quote-total', 'Total £4.90'),
      ],
    ],
  },
  {
    name: 'Two bookings appear newest first on Sent',
    steps: [
      signIn,
      [...book('Chris Doyle', 'BS1 5TR', 'medium'), ...done],
      book('Ella Grant', 'EH1 1YZ', 'small'),
      [tap('view-sent'), screen('Sent')],
    ],
    assertions: [
      [shows('sent-count', '6 bookings')],
      [nthRow('sent-', 1, 'To Ella Grant'), nthRow('sent-', 2, 'To Chris Doyle'), nthRow('sent-', 3, 'To Jordan Lee')],
      [sub('sent-n2', 'Booked · 1 × Small · Drop off by Fri 22 Nov')],
    ],
  },
];
