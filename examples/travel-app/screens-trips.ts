import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { BOOKING_REFS } from './screens-booking';
import { all, back, button, choose, empty, filled, go, is, not, notice, reset, set, tabRow, text } from './parts';

/** My trips (upcoming bookings and past trips) and a trip's details with cancellation. */

const slots = BOOKING_REFS.map((_, i) => i + 1);
const FIELDS = ['route', 'date', 'flight', 'times', 'fare', 'pax', 'total', 'ref'];
const upcoming = is('trips_view', 'upcoming');

function slotList(n: number): Element {
  const b = `b${n}`;
  return {
    type: 'list',
    id: `upcoming-trip-${n}`,
    visibleIf: all(upcoming, filled(`${b}_route`)),
    items: [
      {
        id: `trip-${n}`,
        title: `{{${b}_route}}`,
        subtitle: `{{${b}_date}} · {{${b}_flight}} · {{${b}_ref}}`,
        action: [
          set({
            ...Object.fromEntries(FIELDS.map((k) => [`view_${k}`, `{{${b}_${k}}}`])),
            view_slot: n,
            view_past: false,
            trips_notice: '',
          }),
          go('trip'),
        ],
      },
    ],
  };
}

const PAST = [
  {
    id: 'past-trip-1',
    route: 'Paris → London',
    date: '2 Mar 2025',
    flight: 'SK 219',
    times: '17:50 – 18:05',
    fare: 'Classic',
    pax: '1 passenger',
    total: '107.40',
    ref: 'WF7N3C',
  },
  {
    id: 'past-trip-2',
    route: 'London → Rome',
    date: '18 Nov 2024',
    flight: 'AU 604',
    times: '10:20 – 13:55',
    fare: 'Light',
    pax: '2 passengers',
    total: '226.20',
    ref: 'WF5J8R',
  },
];

const trips: Screen = {
  title: 'My trips',
  elements: [
    ...tabRow(),
    notice('trips-notice', 'trips_notice', 'success'),
    button('show-upcoming', 'Upcoming', [set({ trips_view: 'upcoming' })], 'link'),
    button('show-past', 'Past', [set({ trips_view: 'past', trips_notice: '' })], 'link'),
    { type: 'text', id: 'upcoming-heading', style: 'headline', text: 'Upcoming trips', visibleIf: upcoming },
    ...slots.map(slotList),
    {
      type: 'text',
      id: 'no-trips',
      text: 'You have no upcoming trips.',
      visibleIf: all(upcoming, ...slots.map((n) => empty(`b${n}_route`))),
    },
    button('find-flight', 'Find a flight', [reset('home')], 'secondary', {
      visibleIf: all(upcoming, ...slots.map((n) => empty(`b${n}_route`))),
    }),
    { type: 'text', id: 'past-heading', style: 'headline', text: 'Past trips', visibleIf: not(upcoming) },
    {
      type: 'list',
      id: 'past-trips',
      visibleIf: not(upcoming),
      items: PAST.map((p) => ({
        id: p.id,
        title: p.route,
        subtitle: `${p.date} · ${p.flight} · ${p.ref}`,
        action: [
          set({ ...Object.fromEntries(FIELDS.map((k) => [`view_${k}`, p[k as keyof typeof p]])), view_past: true }),
          go('trip'),
        ],
      })),
    },
  ],
};

const cancelBooking: Action[] = [
  ...choose(slots.map((n) => [is('view_slot', n), [set(Object.fromEntries(FIELDS.map((k) => [`b${n}_${k}`, ''])))]])),
  set({ trips_notice: 'Booking {{view_ref}} has been cancelled' }),
  back,
];

function cancelAlert(message: string): Action {
  return {
    alert: {
      title: 'Cancel booking?',
      message,
      buttons: [
        { label: 'Keep it', id: 'alert-keep', style: 'cancel' },
        { label: 'Yes, cancel', id: 'alert-cancel-booking', style: 'destructive', action: cancelBooking },
      ],
    },
  };
}

const trip: Screen = {
  title: 'Trip details',
  elements: [
    text('trip-route', '{{view_route}}', 'headline'),
    text('trip-when', '{{view_date}} · {{view_times}}'),
    text('trip-flight', 'Flight {{view_flight}} · {{view_fare}} fare'),
    text('trip-passengers', '{{view_pax}}'),
    text('trip-reference', 'Booking reference: {{view_ref}}'),
    text('trip-total', 'Total paid: €{{view_total}}'),
    {
      type: 'text',
      id: 'trip-past',
      style: 'caption',
      text: 'This trip has taken place.',
      visibleIf: is('view_past', true),
    },
    button(
      'cancel-booking',
      'Cancel booking',
      choose(
        [
          [
            is('view_fare', 'Flex'),
            [cancelAlert('Booking {{view_ref}} will be cancelled and €{{view_total}} refunded to your card.')],
          ],
        ],
        [cancelAlert('Booking {{view_ref}} will be cancelled. {{view_fare}} fares are not refundable.')],
      ),
      'destructive',
      { visibleIf: is('view_past', false) },
    ),
  ],
};

export const tripScreens: Record<string, Screen> = { trips, trip };
