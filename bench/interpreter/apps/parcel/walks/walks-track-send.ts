import {
  type Walk,
  absent,
  enabled,
  off,
  on,
  pictured,
  rowCount,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { plus, quote, recipient, signIn, toSend, toTrack, track } from './flows';

const NOT_FOUND_HINT = 'Tracking numbers start with SW and have 8 digits, such as SW10482231.';
const POSTCODE_UNKNOWN = 'We can’t find that postcode. Check it and try again.';
const NAME_ERROR = 'Enter the recipient’s name';
const MEDIUM = 'Medium: up to 10 kg, fits a suitcase · £4.90 each';
/** One result row: its title and second line. */
const result = (id: string, title: string, line: string) => [
  rowCount('result-', 1),
  shows(`result-${id}`, title),
  sub(`result-${id}`, line),
];

/** Cases 26–55: Track a parcel, and the Send form with its quote and checks. */
export const trackSendWalks: Walk[] = [
  {
    name: 'Track a parcel screen before searching',
    steps: [signIn, toTrack],
    assertions: [
      [
        screen('Track a parcel'),
        shows('track-field', ''),
        pictured('the Tracking number placeholder "e.g. SW10482231"'),
      ],
      [shows('track-go', 'Track')],
      [shows('track-hint', 'Enter the tracking number from your receipt or email.')],
    ],
  },
  {
    name: 'Track with an empty field',
    steps: [signIn, toTrack, [shows('track-field', ''), tap('track-go')]],
    assertions: [[shows('track-error', 'Enter a tracking number')], [absent('results-count'), rowCount('result-', 0)]],
  },
  {
    name: 'Track Northwind Books by its number',
    steps: [signIn, toTrack, [type('track-field', 'SW10482231')], [tap('track-go')]],
    assertions: [
      [shows('results-count', '1 parcel found')],
      result('p1', 'Northwind Books', 'SW10482231 · Out for delivery · Arrives today by 14:00'),
    ],
  },
  {
    name: 'Tracking number in small letters is found',
    steps: [signIn, toTrack, [type('track-field', 'sw10483012')], [tap('track-go')]],
    assertions: [
      [shows('results-count', '1 parcel found')],
      result('p4', 'Hartley Electronics', 'SW10483012 · Label created · Expected Mon 25 Nov'),
    ],
  },
  {
    name: 'Unknown tracking number shows no results',
    steps: [signIn, toTrack, track('SW99999999')],
    assertions: [
      [shows('no-results', 'No parcel found for “SW99999999”')],
      [shows('no-results-hint', NOT_FOUND_HINT)],
      [rowCount('result-', 0)],
    ],
  },
  {
    name: 'Tracking number with a space is not found',
    steps: [signIn, toTrack, track('SW 10482231')],
    assertions: [[shows('no-results', 'No parcel found for “SW 10482231”')], [absent('results-count')]],
  },
  {
    name: 'Tapping a tracking result opens the parcel',
    steps: [
      signIn,
      toTrack,
      track('SW10482597'),
      [rowCount('result-', 1), shows('result-p2', 'Cobble & Co')],
      [tap('result-p2')],
    ],
    assertions: [
      [screen('Cobble & Co'), shows('parcel-number', 'Tracking number SW10482597')],
      [shows('parcel-status', 'In transit')],
    ],
  },
  {
    name: 'Track a parcel Priya sent',
    steps: [signIn, toTrack, track('SW20498810')],
    assertions: [
      [shows('results-count', '1 parcel found')],
      result('s1', 'To Jordan Lee', 'SW20498810 · Delivered Mon 18 Nov · 1 × Medium'),
    ],
  },
  {
    name: 'App booking number not trackable before it exists',
    steps: [signIn, toTrack, track('SW20510001')],
    assertions: [[shows('no-results', 'No parcel found for “SW20510001”'), rowCount('result-', 0)]],
  },
  {
    name: 'Send form starts empty with defaults',
    steps: [signIn, toSend],
    assertions: [
      [
        shows('saved-hint', 'Send to a saved address'),
        shows('use-home', 'Home · LS6 2QD'),
        shows('use-work', 'Work · LS11 5PS'),
        shows('use-mum', 'Mum · YO24 1AB'),
      ],
      [shows('recipient-name', ''), shows('postcode', '')],
      [shows('size-selected', MEDIUM)],
      [shows('qty-value', '1'), enabled('qty-minus', false)],
      [shows('extra-cover', 'Extra cover, £1.50 a parcel'), off('extra-cover')],
      quote('Postage: 1 × £4.90 = £4.90', 'Extra cover: none', '£4.90'),
    ],
  },
  {
    name: 'Work chip fills in the recipient',
    steps: [signIn, toSend, [tap('use-work')]],
    assertions: [[shows('recipient-name', 'Priya Shah')], [shows('postcode', 'LS11 5PS')]],
  },
  {
    name: "Mum chip fills in Anita's details",
    steps: [signIn, [tap('tab-send'), screen('Send a parcel')], [tap('use-mum')]],
    assertions: [[shows('recipient-name', 'Anita Shah'), shows('postcode', 'YO24 1AB')]],
  },
  {
    name: 'Small size changes the description and quote',
    steps: [signIn, toSend, [tap('size-small')]],
    assertions: [
      [shows('size-selected', 'Small: up to 2 kg, fits a shoebox · £3.20 each')],
      [shows('quote-postage', 'Postage: 1 × £3.20 = £3.20')],
      [shows('quote-total', 'Total £3.20')],
    ],
  },
  {
    name: 'Large size changes the description and quote',
    steps: [signIn, toSend, [tap('size-large')]],
    assertions: [
      [shows('size-selected', 'Large: up to 20 kg, up to 1 m long · £7.80 each')],
      [shows('quote-postage', 'Postage: 1 × £7.80 = £7.80'), shows('quote-total', 'Total £7.80')],
    ],
  },
  {
    name: 'Parcel count stepper stops at 5',
    steps: [signIn, toSend, plus(4), [shows('qty-value', '5'), enabled('qty-plus', false)], [{ tryTap: 'qty-plus' }]],
    assertions: [
      [shows('qty-value', '5')],
      [enabled('qty-plus', false)],
      [shows('qty-hint', 'Up to 5 parcels of one size per booking.')],
      [shows('quote-postage', 'Postage: 5 × £4.90 = £24.50'), shows('quote-total', 'Total £24.50')],
    ],
  },
  {
    name: 'Parcel count cannot go below 1',
    steps: [signIn, toSend, [{ tryTap: 'qty-minus' }]],
    assertions: [[shows('qty-value', '1')], [enabled('qty-minus', false)], [shows('quote-total', 'Total £4.90')]],
  },
  {
    name: 'Stepper goes up and back down',
    steps: [signIn, toSend, [...plus(2), shows('qty-value', '3')], [tap('qty-minus')]],
    assertions: [
      [shows('qty-value', '2')],
      [enabled('qty-minus'), enabled('qty-plus')],
      [shows('quote-postage', 'Postage: 2 × £4.90 = £9.80'), shows('quote-total', 'Total £9.80')],
    ],
  },
  {
    name: 'Extra cover on one Medium parcel',
    steps: [signIn, toSend, [tap('extra-cover')]],
    assertions: [
      [on('extra-cover')],
      [shows('quote-cover', 'Extra cover: 1 × £1.50 = £1.50')],
      [shows('quote-total', 'Total £6.40')],
      [shows('cover-hint', 'Covers up to £100 a parcel if it’s lost or damaged.')],
    ],
  },
  {
    name: 'Turning extra cover off again',
    steps: [
      signIn,
      toSend,
      [tap('extra-cover'), on('extra-cover')],
      [shows('quote-total', 'Total £6.40')],
      [tap('extra-cover'), off('extra-cover')],
    ],
    assertions: [[shows('quote-cover', 'Extra cover: none')], [shows('quote-total', 'Total £4.90')]],
  },
  {
    name: 'Quote for two Large parcels with cover',
    steps: [signIn, toSend, [tap('size-large')], plus(1), [tap('extra-cover'), on('extra-cover')]],
    assertions: [
      [shows('quote-postage', 'Postage: 2 × £7.80 = £15.60')],
      [shows('quote-cover', 'Extra cover: 2 × £1.50 = £3.00')],
      [shows('quote-total', 'Total £18.60')],
    ],
  },
  {
    name: 'Quote for three Small parcels with cover',
    steps: [signIn, toSend, [tap('size-small')], [...plus(2), shows('qty-value', '3')], [tap('extra-cover')]],
    assertions: [
      [shows('quote-postage', 'Postage: 3 × £3.20 = £9.60')],
      [shows('quote-cover', 'Extra cover: 3 × £1.50 = £4.50')],
      [shows('quote-total', 'Total £14.10')],
    ],
  },
  {
    name: 'Quote for five Large parcels with cover',
    steps: [signIn, toSend, [tap('size-large')], [...plus(4), shows('qty-value', '5')], [tap('extra-cover')]],
    assertions: [
      [shows('quote-postage', 'Postage: 5 × £7.80 = £39.00')],
      [shows('quote-cover', 'Extra cover: 5 × £1.50 = £7.50')],
      [shows('quote-total', 'Total £46.50')],
    ],
  },
  {
    name: 'Quote follows a size change after cover is on',
    steps: [
      signIn,
      toSend,
      [...plus(1), shows('qty-value', '2'), tap('extra-cover'), on('extra-cover')],
      [shows('quote-total', 'Total £12.80')],
      [tap('size-small')],
    ],
    assertions: [
      [shows('quote-postage', 'Postage: 2 × £3.20 = £6.40')],
      [shows('quote-cover', 'Extra cover: 2 × £1.50 = £3.00')],
      [shows('quote-total', 'Total £9.40')],
    ],
  },
  {
    name: 'Continue with an empty form',
    steps: [signIn, toSend, [tap('continue')]],
    assertions: [
      [shows('name-error', NAME_ERROR)],
      [shows('postcode-error', 'Enter a postcode')],
      [screen('Send a parcel')],
    ],
  },
  {
    name: 'Continue with a name but no postcode',
    steps: [signIn, toSend, [type('recipient-name', 'Chris Doyle')], [tap('continue')]],
    assertions: [[shows('postcode-error', 'Enter a postcode'), absent('name-error')], [absent('name-error')]],
  },
  {
    name: 'Unknown postcode is refused',
    steps: [signIn, toSend, [type('recipient-name', 'Chris Doyle')], [type('postcode', 'ZZ9 9ZZ')], [tap('continue')]],
    assertions: [[shows('postcode-error', POSTCODE_UNKNOWN)], [screen('Send a parcel')]],
  },
  {
    name: 'Errors clear once the form is corrected',
    steps: [
      signIn,
      [...toSend, tap('continue')],
      [shows('name-error', NAME_ERROR), shows('postcode-error', 'Enter a postcode')],
      recipient('Chris Doyle', 'BS1 5TR'),
      [tap('continue')],
    ],
    assertions: [[screen('Review and pay')], [shows('review-to-value', 'Chris Doyle, BS1 5TR')]],
  },
  {
    name: 'Postcode in small letters is accepted',
    steps: [signIn, toSend, recipient('Jo Marsh', 'm1 2ab'), [tap('continue')]],
    assertions: [
      [screen('Review and pay')],
      [shows('review-size-value', '1 × Medium'), shows('review-total-value', '£4.90')],
    ],
  },
  {
    name: 'Switching tabs starts a new Send form',
    steps: [
      signIn,
      toSend,
      [type('recipient-name', 'Chris Doyle'), tap('size-large'), ...plus(1)],
      [tap('tab-home'), screen('Home')],
      [tap('tab-send'), screen('Send a parcel')],
    ],
    assertions: [
      [shows('recipient-name', '')],
      [shows('size-selected', MEDIUM), shows('qty-value', '1')],
      [shows('quote-total', 'Total £4.90')],
    ],
  },
  {
    name: "Switching tabs clears the form's errors",
    steps: [
      signIn,
      [...toSend, tap('continue')],
      [shows('postcode-error', 'Enter a postcode')],
      [tap('tab-account'), screen('Account'), ...toSend],
    ],
    assertions: [[absent('name-error'), absent('postcode-error')]],
  },
];
