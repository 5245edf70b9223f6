import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { CITIES, FARES, MAX_PASSENGERS, ROUTES, passengersLabel, type Flight } from './catalog';
import { applyExtras, fareName, priceFare } from './pricing';
import {
  all,
  any,
  back,
  button,
  choose,
  each,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  set,
  tabRow,
  text,
  validate,
} from './parts';

/** Search, results and flight details: finding a flight and choosing its fare. */

/** Sets `<field>_city` to the city's name when the field holds one of its spellings, else to the text typed. */
function cityOf(field: 'from' | 'to'): Action[] {
  return [
    set({ [`${field}_city`]: `{{${field}}}` }),
    ...each(CITIES.map((c) => [any(...c.spellings.map((s) => is(field, s))), [set({ [`${field}_city`]: c.name })]])),
  ];
}

const sameCity = any(...CITIES.map((c) => all(is('from_city', c.name), is('to_city', c.name))));

const search: Action[] = [
  ...cityOf('from'),
  ...cityOf('to'),
  ...validate(
    'search_error',
    [
      [empty('from'), 'Enter where you are flying from'],
      [empty('to'), 'Enter where you are flying to'],
      [sameCity, 'Departure and destination must be different'],
      [empty('date'), 'Choose a travel date'],
    ],
    [
      set({
        route: '',
        sort: 'price',
        insurance: false,
        extra_bag: false,
        accept_rules: false,
        recent: '{{from_city}} → {{to_city}}',
        recent_from: '{{from}}',
        recent_to: '{{to}}',
        recent_date: '{{date}}',
      }),
      ...each(
        ROUTES.map((r) => [
          all(is('from_city', r.from), is('to_city', r.to)),
          [set({ route: r.id, flight_count: `${r.flights.length} flights found` })],
        ]),
      ),
      go('results'),
    ],
  ),
];

/** The passenger stepper: one more or one fewer passenger, between 1 and MAX_PASSENGERS. */
function stepPassengers(delta: 1 | -1): Action[] {
  const counts = Array.from({ length: MAX_PASSENGERS }, (_, i) => i + 1).filter(
    (n) => n + delta >= 1 && n + delta <= MAX_PASSENGERS,
  );
  return choose(counts.map((n) => [is('pax', n), [set({ pax: n + delta, pax_label: passengersLabel(n + delta) })]]));
}

const home: Screen = {
  title: 'Search',
  elements: [
    ...tabRow(),
    text('greeting', 'Hi {{profile_first}}, where to next?', 'headline'),
    input('from', 'from', 'From', { placeholder: 'City or airport' }),
    input('to', 'to', 'To', { placeholder: 'City or airport' }),
    button(
      'swap',
      'Swap cities',
      [set({ swap: '{{from}}' }), set({ from: '{{to}}' }), set({ to: '{{swap}}' })],
      'link',
    ),
    input('date', 'date', 'Date', { placeholder: 'e.g. 14 Aug 2025', maxLength: 32 }),
    text('passengers-label', 'Passengers', 'caption'),
    text('passenger-count', '{{pax_label}}'),
    button('add-passenger', 'Add passenger', stepPassengers(1), 'secondary', {
      enabledIf: not(is('pax', MAX_PASSENGERS)),
    }),
    button('remove-passenger', 'Remove passenger', stepPassengers(-1), 'secondary', { enabledIf: not(is('pax', 1)) }),
    text('passenger-limit', `Up to ${MAX_PASSENGERS} passengers per booking`, 'caption'),
    notice('search-error', 'search_error', 'error'),
    button('search', 'Search flights', search),
    { type: 'text', id: 'recent-heading', style: 'headline', text: 'Recent search', visibleIf: filled('recent') },
    {
      type: 'list',
      id: 'recent-search',
      visibleIf: filled('recent'),
      items: [
        {
          id: 'recent-item',
          title: '{{recent}}',
          subtitle: '{{recent_date}}',
          action: [set({ from: '{{recent_from}}', to: '{{recent_to}}', date: '{{recent_date}}', search_error: '' })],
        },
      ],
    },
    text('popular-heading', 'Popular routes', 'headline'),
    {
      type: 'list',
      id: 'popular-routes',
      items: ROUTES.map((r) => ({
        id: `popular-${r.id.toLowerCase()}`,
        title: `${r.from} → ${r.to}`,
        subtitle: `${r.flights.length} flights a day, from €${Math.min(...r.flights.map((f) => f.light))}`,
        action: [set({ from: r.from, to: r.to, search_error: '' })],
      })),
    },
  ],
};

// `code` rather than `id`: a list item's own id takes `{{item.id}}`.
const FLIGHT_FIELDS = [
  'code',
  'no',
  'airline',
  'dep',
  'arr',
  'duration',
  'stops',
  'aircraft',
  'light',
  'classic',
  'flex',
];

function flightItem(f: Flight) {
  return {
    id: `flight-${f.id.toLowerCase()}`,
    title: `${f.dep} → ${f.arr} · from €${f.light}`,
    subtitle: `${f.airline} ${f.no} · ${f.stops} · ${f.duration}`,
    data: Object.fromEntries(FLIGHT_FIELDS.map((k) => [k, String(f[(k === 'code' ? 'id' : k) as keyof Flight])])),
    action: [set(Object.fromEntries(FLIGHT_FIELDS.map((k) => [`f_${k}`, `{{item.${k}}}`]))), go('flight')],
  };
}

const flightLists: Element[] = ROUTES.flatMap((r) =>
  (['price', 'time'] as const).map(
    (sort): Element => ({
      type: 'list',
      id: 'flight-list',
      visibleIf: all(is('route', r.id), is('sort', sort)),
      items: [...r.flights]
        .sort((a, b) => (sort === 'price' ? a.light - b.light : a.dep.localeCompare(b.dep)))
        .map(flightItem),
    }),
  ),
);

const found = filled('route');

const results: Screen = {
  title: 'Flights',
  elements: [
    text('results-route', '{{from_city}} → {{to_city}}', 'headline'),
    text('results-details', '{{date}} · {{pax_label}}', 'caption'),
    { type: 'text', id: 'flight-count', text: '{{flight_count}}', visibleIf: found },
    { type: 'text', id: 'price-note', style: 'caption', text: 'Prices per passenger', visibleIf: found },
    button('sort-price', 'Sort by price', [set({ sort: 'price' })], 'link', { visibleIf: found }),
    button('sort-time', 'Sort by departure time', [set({ sort: 'time' })], 'link', { visibleIf: found }),
    ...flightLists,
    { type: 'text', id: 'no-flights', style: 'headline', text: 'No flights found', visibleIf: not(found) },
    {
      type: 'text',
      id: 'no-flights-help',
      text: 'We do not fly from {{from_city}} to {{to_city}} yet. Try another city.',
      visibleIf: not(found),
    },
    button('change-search', 'Change search', [back], 'secondary', { visibleIf: not(found) }),
  ],
};

const flightScreen: Screen = {
  title: 'Flight details',
  elements: [
    text('flight-route', '{{from_city}} → {{to_city}}', 'headline'),
    text('flight-number', '{{f_airline}} {{f_no}} · {{f_aircraft}}'),
    text('flight-times', '{{date}}: departs {{f_dep}}, arrives {{f_arr}}'),
    text('flight-duration', '{{f_duration}} · {{f_stops}}'),
    { type: 'divider' },
    text('fare-heading', 'Choose your fare', 'headline'),
    text('fare-note', 'Prices per passenger, before taxes and fees', 'caption'),
    {
      type: 'list',
      id: 'fares',
      items: FARES.map((fare) => ({
        id: `fare-${fare.key}`,
        title: `${fare.name} · €{{f_${fare.key}}}`,
        subtitle: fare.features,
        action: [
          set({ fare: fareName(fare.key), passengers_error: '' }),
          ...priceFare(fare.key),
          ...applyExtras(),
          // The lead passenger starts as the account holder.
          ...choose([
            [
              empty('p1_first'),
              [set({ p1_first: '{{profile_first}}', p1_last: '{{profile_last}}', p1_email: '{{profile_email}}' })],
            ],
          ]),
          go('passengers'),
        ],
      })),
    },
  ],
};

export const searchScreens: Record<string, Screen> = { home, results, flight: flightScreen };
