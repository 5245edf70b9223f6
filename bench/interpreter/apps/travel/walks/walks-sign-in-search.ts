import { type Walk, addPassengers, fill, greeting, search, signIn } from './flows';
import {
  absent,
  alert,
  back,
  enabled,
  firstRow,
  pictured,
  present,
  rowCount,
  rows,
  screen,
  shows,
  tap,
  type,
} from '../../../walks/ops';

/** Cases of the sign-in and the Search screen, in the order of `../cases.json`. */

const alex = greeting('Alex');
const signInShown = [screen('Sign in'), present('sign-in')];
const notSignedIn = [screen('Sign in'), absent('greeting')];
const LON_PAR = ['18:45 → 21:00 · from €49', '07:10 → 09:25 · from €59', '12:40 → 14:55 · from €72'];
const stillSearch = [screen('Search'), absent('flight-count')];

export const signInSearchWalks: Walk[] = [
  {
    name: 'Sign in screen is shown on first launch',
    steps: [[], [screen('Sign in')]],
    assertions: [
      [shows('app-name', 'Wayfarer'), shows('tagline', 'Sign in to book and manage your trips')],
      [shows('email', ''), shows('password', '')],
      [present('sign-in'), present('forgot-password')],
      [absent('signin-error')],
    ],
  },
  {
    name: 'Successful sign in opens the Search screen',
    steps: [
      [type('email', 'alex@wayfarer.test')],
      [type('password', 'wayfarer1')],
      [shows('password', '•••••••••')],
      [tap('sign-in')],
    ],
    assertions: [[screen('Search')], [alex], [present('tab-search'), present('tab-trips'), present('tab-profile')]],
  },
  {
    name: 'Sign in with empty email shows a validation message',
    steps: [[shows('email', '')], [type('password', 'wayfarer1')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Enter your email address')], signInShown],
  },
  {
    name: 'Sign in with both fields empty asks for the email first',
    steps: [[tap('sign-in')]],
    assertions: [[shows('signin-error', 'Enter your email address')], signInShown],
  },
  {
    name: 'Sign in with empty password shows a validation message',
    steps: [[type('email', 'alex@wayfarer.test')], [shows('password', '')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Enter your password')], notSignedIn],
  },
  {
    name: 'Sign in with a wrong password is rejected',
    steps: [[type('email', 'alex@wayfarer.test')], [type('password', 'wrongpass99')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect')], signInShown],
  },
  {
    name: 'Sign in with an unknown email is rejected',
    steps: [[type('email', 'sam@wayfarer.test')], [type('password', 'wayfarer1')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect')], notSignedIn],
  },
  {
    name: 'Correcting a wrong password after an error signs the user in',
    steps: [
      [type('email', 'alex@wayfarer.test'), type('password', 'wayfarer2'), tap('sign-in')],
      [shows('signin-error', 'Email or password is incorrect')],
      [type('password', 'wayfarer1')],
      [tap('sign-in')],
    ],
    assertions: [[screen('Search'), alex]],
  },
  {
    name: 'Email is accepted with a capital first letter',
    steps: [[type('email', 'Alex@wayfarer.test')], [type('password', 'wayfarer1')], [tap('sign-in')]],
    assertions: [[screen('Search')], [alex]],
  },
  {
    name: 'Email is accepted in all capitals',
    steps: [[type('email', 'ALEX@WAYFARER.TEST')], [type('password', 'wayfarer1')], [tap('sign-in')]],
    assertions: [[screen('Search')], [alex]],
  },
  {
    name: 'Pressing Enter in the password field signs in',
    steps: [[type('email', 'alex@wayfarer.test')], [tap('password'), { keys: 'wayfarer1' }], [{ enter: true }]],
    assertions: [[screen('Search')], [alex]],
  },
  {
    name: 'Forgot password with an empty email asks for the email first',
    steps: [[shows('email', '')], [tap('forgot-password')]],
    assertions: [[shows('signin-error', 'Enter your email address first')], [alert(null)]],
  },
  {
    name: 'Forgot password sends a reset link to the entered email',
    steps: [
      [type('email', 'alex@wayfarer.test')],
      [tap('forgot-password')],
      [alert('Check your inbox')],
      [pictured('We sent a link to reset your password to alex@wayfarer.test.')],
      [tap('alert-ok')],
    ],
    assertions: [[alert(null)], [screen('Sign in'), shows('email', 'alex@wayfarer.test')], notSignedIn],
  },
  {
    name: 'Sign-in is remembered when the app is reopened',
    steps: [signIn, [screen('Search')], [{ relaunch: true }], []],
    assertions: [[screen('Search')], [alex]],
  },
  {
    name: 'Search screen initial state',
    steps: [signIn, []],
    assertions: [
      [shows('from', ''), shows('to', ''), shows('date', '')],
      [shows('passenger-count', '1 passenger')],
      [enabled('add-passenger'), enabled('remove-passenger', false)],
      [shows('passenger-limit', 'Up to 4 passengers per booking')],
      [absent('recent-heading')],
      [
        rows('popular-', ['London → Paris', 'London → Barcelona', 'Paris → Rome', 'London → New York']),
        pictured('3 flights a day, from €49 / €61 / €45 / €289'),
      ],
    ],
  },
  {
    name: 'Passenger count can be changed between 1 and 4',
    steps: [
      signIn,
      [tap('add-passenger')],
      [shows('passenger-count', '2 passengers'), enabled('remove-passenger')],
      [tap('add-passenger')],
      [shows('passenger-count', '3 passengers')],
      [tap('add-passenger')],
      [shows('passenger-count', '4 passengers'), enabled('add-passenger', false)],
      [tap('remove-passenger'), tap('remove-passenger'), tap('remove-passenger')],
    ],
    assertions: [
      [shows('passenger-count', '1 passenger')],
      [enabled('remove-passenger', false)],
      [enabled('add-passenger')],
    ],
  },
  {
    name: 'Swap cities exchanges From and To',
    steps: [signIn, [type('from', 'London')], [type('to', 'Barcelona')], [tap('swap')]],
    assertions: [[shows('from', 'Barcelona')], [shows('to', 'London')]],
  },
  {
    name: 'Swap cities twice restores the original route',
    steps: [
      signIn,
      [type('from', 'Paris'), type('to', 'Rome')],
      [tap('swap')],
      [shows('from', 'Rome'), shows('to', 'Paris')],
      [tap('swap')],
    ],
    assertions: [[shows('from', 'Paris')], [shows('to', 'Rome')]],
  },
  {
    name: 'Search validation: empty form asks for the departure city',
    steps: [signIn, [tap('search')]],
    assertions: [[shows('search-error', 'Enter where you are flying from')], stillSearch],
  },
  {
    name: 'Search validation: missing destination',
    steps: [signIn, [type('from', 'London')], [type('date', '14 Aug 2025')], [shows('to', ''), tap('search')]],
    assertions: [[shows('search-error', 'Enter where you are flying to')], stillSearch],
  },
  {
    name: 'Search validation: same city for departure and destination',
    steps: [signIn, [type('from', 'London'), type('to', 'London')], [type('date', '14 Aug 2025')], [tap('search')]],
    assertions: [[shows('search-error', 'Departure and destination must be different')], stillSearch],
  },
  {
    name: 'Search validation: city name and its airport code count as the same city',
    steps: [signIn, [type('from', 'London')], [type('to', 'LHR')], [type('date', '20 Aug 2025')], [tap('search')]],
    assertions: [[shows('search-error', 'Departure and destination must be different')], stillSearch],
  },
  {
    name: 'Search validation: missing travel date',
    steps: [signIn, [type('from', 'London'), type('to', 'Paris')], [shows('date', '')], [tap('search')]],
    assertions: [[shows('search-error', 'Choose a travel date')], stillSearch],
  },
  {
    name: 'Search validation reports only the first problem, in order',
    steps: [
      signIn,
      [type('from', 'Rome'), type('to', 'Rome'), shows('date', '')],
      [tap('search')],
      [shows('search-error', 'Departure and destination must be different')],
      [type('to', 'Paris')],
      [tap('search')],
    ],
    assertions: [[shows('search-error', 'Choose a travel date')]],
  },
  {
    name: 'Route Wayfarer does not fly shows No flights found',
    steps: [
      signIn,
      fill('Paris', 'Oslo', '14 Aug 2025'),
      [tap('search')],
      [
        screen('Flights'),
        shows('results-route', 'Paris → Oslo'),
        shows('results-details', '14 Aug 2025 · 1 passenger'),
      ],
      [
        shows('no-flights', 'No flights found'),
        shows('no-flights-help', 'We do not fly from Paris to Oslo yet. Try another city.'),
      ],
      [tap('change-search')],
    ],
    assertions: [[screen('Search')]],
  },
  {
    name: 'Reverse direction of a sold route is not offered',
    steps: [signIn, [type('from', 'Paris'), type('to', 'London')], [type('date', '2 Sep 2025')], [tap('search')]],
    assertions: [
      [screen('Flights'), shows('no-flights', 'No flights found')],
      [shows('no-flights-help', 'We do not fly from Paris to London yet. Try another city.')],
      [present('change-search'), rows('flight-', [])],
    ],
  },
  {
    name: 'Popular route fills From and To',
    steps: [signIn, [present('popular-lon-bcn')], [tap('popular-lon-bcn')]],
    assertions: [[shows('from', 'London')], [shows('to', 'Barcelona')]],
  },
  {
    name: 'Recent search appears after a search and refills the form',
    steps: [
      signIn,
      search('London', 'Paris', '14 Aug 2025'),
      [shows('flight-count', '3 flights found')],
      [back],
      [type('from', 'Rome'), type('to', 'Paris'), type('date', '')],
      [shows('recent-heading', 'Recent search'), rows('recent-', ['London → Paris']), pictured('14 Aug 2025')],
      [tap('recent-item')],
    ],
    assertions: [[shows('from', 'London')], [shows('to', 'Paris')], [shows('date', '14 Aug 2025')]],
  },
  {
    name: 'Cities can be entered as airport codes',
    steps: [signIn, [type('from', 'LHR')], [type('to', 'CDG')], [type('date', '14 Aug 2025')], [tap('search')]],
    assertions: [[screen('Flights'), shows('flight-count', '3 flights found')], [firstRow('flight-', LON_PAR[0]!)]],
  },
  {
    name: 'City names are accepted in lower case and capitals',
    steps: [signIn, [type('from', 'london')], [type('to', 'NEW YORK')], [type('date', '10 Oct 2025')], [tap('search')]],
    assertions: [
      [shows('flight-count', '3 flights found')],
      [rows('flight-', ['11:00 → 17:40 · from €289', '09:15 → 12:05 · from €329', '14:30 → 17:25 · from €349'])],
    ],
  },
  {
    name: 'NYC code finds New York flights',
    steps: [signIn, fill('London', 'NYC', '1 Nov 2025'), [tap('search')]],
    assertions: [
      [rowCount('flight-', 3), shows('flight-count', '3 flights found')],
      [firstRow('flight-', '11:00 → 17:40 · from €289')],
    ],
  },
  {
    name: 'London to Paris results are sorted by price by default',
    steps: [signIn, [tap('popular-lon-par')], [type('date', '14 Aug 2025'), ...addPassengers(1)], [tap('search')]],
    assertions: [
      [shows('results-route', 'London → Paris'), shows('results-details', '14 Aug 2025 · 2 passengers')],
      [shows('flight-count', '3 flights found'), shows('price-note', 'Prices per passenger')],
      [rows('flight-', LON_PAR)],
      [pictured('Northwind NW 331 · Direct · 1h 15m')],
      [pictured('Skyline SK 204 · Direct · 1h 15m / Aurora Air AU 316 · Direct · 1h 15m')],
    ],
  },
  {
    name: 'Sorting London to Paris results by departure time and back to price',
    steps: [
      signIn,
      search('London', 'Paris', '14 Aug 2025'),
      [tap('sort-time')],
      [rows('flight-', ['07:10 → 09:25 · from €59', '12:40 → 14:55 · from €72', '18:45 → 21:00 · from €49'])],
      [tap('sort-price')],
    ],
    assertions: [[rows('flight-', LON_PAR)], [shows('flight-count', '3 flights found')]],
  },
  {
    name: 'London to Barcelona results including a one-stop flight',
    steps: [
      signIn,
      search('London', 'Barcelona', '5 Sep 2025'),
      [shows('results-route', 'London → Barcelona'), shows('results-details', '5 Sep 2025 · 1 passenger')],
      [rows('flight-', ['17:30 → 22:55 · from €61', '06:55 → 10:05 · from €69', '13:20 → 16:35 · from €84'])],
      [pictured('Northwind NW 217 · 1 stop (Paris) · 4h 25m')],
      [tap('sort-time')],
    ],
    assertions: [
      [rows('flight-', ['06:55 → 10:05 · from €69', '13:20 → 16:35 · from €84', '17:30 → 22:55 · from €61'])],
    ],
  },
  {
    name: 'Paris to Rome results sorted both ways',
    steps: [
      signIn,
      [tap('popular-par-rom')],
      [type('date', '21 Sep 2025'), tap('search')],
      [rows('flight-', ['21:05 → 23:10 · from €45', '16:15 → 18:20 · from €58', '08:30 → 10:35 · from €64'])],
      [tap('sort-time')],
    ],
    assertions: [
      [rows('flight-', ['08:30 → 10:35 · from €64', '16:15 → 18:20 · from €58', '21:05 → 23:10 · from €45'])],
      [shows('flight-count', '3 flights found')],
    ],
  },
  {
    name: 'London to New York results sorted by departure time',
    steps: [
      signIn,
      [tap('popular-lon-nyc')],
      [type('date', '3 Oct 2025'), ...addPassengers(3), shows('passenger-count', '4 passengers')],
      [tap('search')],
      [shows('results-route', 'London → New York'), shows('results-details', '3 Oct 2025 · 4 passengers')],
      [tap('sort-time')],
    ],
    assertions: [
      [rows('flight-', ['09:15 → 12:05 · from €329', '11:00 → 17:40 · from €289', '14:30 → 17:25 · from €349'])],
      [shows('price-note', 'Prices per passenger')],
    ],
  },
  {
    name: 'Flight details of the 18:45 London to Paris flight',
    steps: [signIn, search('London', 'Paris', '14 Aug 2025'), [tap('flight-nw331')]],
    assertions: [
      [screen('Flight details')],
      [
        shows('flight-route', 'London → Paris'),
        shows('flight-number', 'Northwind NW 331 · Boeing 737-800'),
        shows('flight-times', '14 Aug 2025: departs 18:45, arrives 21:00'),
        shows('flight-duration', '1h 15m · Direct'),
      ],
      [shows('fare-heading', 'Choose your fare'), shows('fare-note', 'Prices per passenger, before taxes and fees')],
      [shows('fare-light', 'Light · €49'), pictured('Cabin bag only · No changes · No refund')],
      [shows('fare-classic', 'Classic · €79'), pictured('23 kg checked bag · Changes €40 · No refund')],
      [shows('fare-flex', 'Flex · €129'), pictured('23 kg checked bag · Free changes · Full refund')],
    ],
  },
  {
    name: 'Flight details of Skyline SK 12 to New York show its fares',
    steps: [signIn, search('London', 'New York', '14 Aug 2025'), [tap('flight-sk12')]],
    assertions: [
      [shows('flight-number', 'Skyline SK 12 · Airbus A350')],
      [shows('flight-times', '14 Aug 2025: departs 14:30, arrives 17:25')],
      [shows('flight-duration', '7h 55m · Direct')],
      [shows('fare-light', 'Light · €349'), shows('fare-classic', 'Classic · €489'), shows('fare-flex', 'Flex · €929')],
    ],
  },
  {
    name: 'Back from Flight details returns to the flight list',
    steps: [
      signIn,
      search('London', 'Paris', '14 Aug 2025'),
      [tap('flight-sk204')],
      [shows('fare-light', 'Light · €59'), shows('fare-classic', 'Classic · €89'), shows('fare-flex', 'Flex · €139')],
      [tap('nav-back')],
    ],
    assertions: [
      [screen('Flights'), shows('flight-count', '3 flights found')],
      [shows('flight-sk204', '07:10 → 09:25 · from €59')],
    ],
  },
  {
    name: 'Passenger details are prefilled with the account holder',
    steps: [signIn, search('London', 'Paris', '14 Aug 2025', 2), [tap('flight-nw331'), tap('fare-classic')]],
    assertions: [
      [screen('Passenger details'), shows('passengers-intro', 'Enter names exactly as they appear on each passport.')],
      [
        shows('passenger-1-heading', 'Passenger 1 (lead passenger)'),
        shows('p1-first', 'Alex'),
        shows('p1-last', 'Morgan'),
        shows('p1-email', 'alex@wayfarer.test'),
        shows('p1-phone', ''),
      ],
      [shows('passenger-2-heading', 'Passenger 2'), shows('p2-first', ''), shows('p2-last', '')],
      [absent('p2-email'), absent('p2-phone')],
    ],
  },
];
