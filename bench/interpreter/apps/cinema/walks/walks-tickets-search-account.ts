import {
  type Op,
  type Walk,
  alert,
  alertSays,
  off,
  on,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
} from '../../../walks/ops';
import { book, cancelBooking, search, signIn, value } from './flows';

const toSeed: Op[] = [tap('tab-tickets'), tap('upcoming-rh-48213'), screen('Ticket')];
const toPast: Op[] = [tap('tab-tickets'), tap('seg-past')];
const signOut: Op[] = [tap('tab-account'), tap('sign-out'), tap('alert-sign-out'), screen('Sign in')];

/** A search's one result: its count, row and second line. */
const oneResult = (id: string, title: string, line?: string): Op[] => [
  shows('results-count', '1 film'),
  ...(line ? [sub(`result-${id}`, line)] : []),
  shows(`result-${id}`, title),
];

const TABS: Array<[string, string]> = [
  ['tab-search', 'Search'],
  ['tab-tickets', 'My tickets'],
  ['tab-account', 'Account'],
  ['tab-films', 'Now showing'],
];

/** Cases 74–98: My tickets (upcoming and past), Search, the Account and signing out. */
export const ticketsSearchAccountWalks: Walk[] = [
  {
    name: 'My tickets Upcoming at start',
    steps: [signIn, [tap('tab-tickets'), screen('My tickets')]],
    assertions: [
      [shows('seg-upcoming', 'Upcoming'), shows('seg-past', 'Past')],
      [rows('upcoming-', ['The Quiet Harbour']), sub('upcoming-rh-48213', 'Sun 29 Nov · 18:15 · RH-48213')],
    ],
  },
  {
    name: 'Open the existing upcoming booking',
    steps: [signIn, toSeed],
    assertions: [
      [shows('ticket-film', 'The Quiet Harbour'), shows('ticket-status', 'Confirmed'), value('ticket-ref', 'RH-48213')],
      [value('ticket-when', 'Sun 29 Nov · 18:15'), value('ticket-screen', 'Screen 2')],
      [value('ticket-seats', 'C5, C6'), value('ticket-tickets', '2 × Adult')],
      [value('ticket-total', '£26.50')],
    ],
  },
  {
    name: 'Cancel the existing booking refunds to Visa',
    steps: [signIn, toSeed, [tap('cancel-booking')]],
    assertions: [
      [alert('Cancel this booking?'), alertSays('Your seats will be released and £26.50 refunded to Visa •••• 4242.')],
    ],
  },
  {
    name: 'Empty Upcoming after cancelling',
    steps: [
      signIn,
      // The ticket's status and notice (assertion 1) are read here, before the back arrow leaves it.
      [
        ...toSeed,
        ...cancelBooking,
        shows('ticket-status', 'Cancelled'),
        shows('ticket-notice', 'Booking cancelled. £26.50 will be refunded to Visa •••• 4242 within 3–5 working days.'),
      ],
      [{ back: true }, screen('My tickets')],
    ],
    assertions: [
      [],
      [shows('no-upcoming', 'No upcoming bookings'), shows('no-upcoming-hint', 'Find a film in Now showing.')],
    ],
  },
  {
    name: 'Past bookings list',
    steps: [signIn, toPast],
    assertions: [
      [
        rows('past-', [
          'Velocity Run',
          'Pip and the Giant Kite',
          'Harvest of Glass',
          'The Last Ferry',
          'Midnight Choir',
        ]),
        sub('past-rh-47730', 'Sat 21 Nov · 20:40 · RH-47730'),
        sub('past-rh-47102', 'Sun 15 Nov · 11:00 · RH-47102'),
        sub('past-rh-46658', 'Fri 6 Nov · 19:30 · RH-46658'),
        sub('past-rh-46011', 'Sat 24 Oct · 18:00 · RH-46011'),
        sub('past-rh-45397', 'Fri 9 Oct · 21:15 · RH-45397'),
      ],
    ],
  },
  {
    name: 'Past booking details',
    steps: [signIn, [...toPast, tap('past-rh-47102')]],
    assertions: [
      [screen('Past booking'), shows('past-film', 'Pip and the Giant Kite'), shows('past-status', 'Watched')],
      [value('past-ref', 'RH-47102'), value('past-when', 'Sun 15 Nov · 11:00')],
      [value('past-seats', 'B2, B3, B4'), value('past-total', '£31.00')],
      [shows('book-again', 'Find showtimes')],
    ],
  },
  {
    name: 'Find showtimes from a past booking',
    steps: [
      signIn,
      // The Last Ferry's seats and total (assertion 1) are read here, before Find showtimes leaves it.
      [
        ...toPast,
        tap('past-rh-46011'),
        shows('past-film', 'The Last Ferry'),
        value('past-seats', 'C4, C5'),
        value('past-total', '£26.50'),
      ],
      [tap('book-again')],
    ],
    assertions: [[], [screen('Now showing')]],
  },
  {
    name: 'Search screen before searching',
    steps: [signIn, [tap('tab-search'), screen('Search')]],
    assertions: [
      [shows('search-field', ''), shows('search-go', 'Search')],
      [shows('search-hint', 'Search by film title or genre, such as “comedy”.')],
    ],
  },
  {
    name: 'Search by genre drama',
    steps: [signIn, search('drama')],
    assertions: [
      [shows('results-count', '2 films')],
      [shows('result-northern-lights', 'Northern Lights'), sub('result-northern-lights', 'Drama · 12A · 2h 08m')],
      [shows('result-quiet-harbour', 'The Quiet Harbour'), sub('result-quiet-harbour', 'Drama · 15 · 1h 56m')],
    ],
  },
  {
    name: 'Genre search in capitals',
    steps: [signIn, search('COMEDY')],
    assertions: [[...oneResult('paper-moons', 'Paper Moons'), rows('result-', ['Paper Moons'])]],
  },
  {
    name: 'Genre search capitalised',
    steps: [signIn, search('Family')],
    assertions: [oneResult('pip-kite', 'Pip and the Giant Kite', 'Family · U · 1h 31m')],
  },
  {
    name: 'Search by a word of the title',
    steps: [signIn, search('kite')],
    assertions: [[...oneResult('pip-kite', 'Pip and the Giant Kite'), rows('result-', ['Pip and the Giant Kite'])]],
  },
  {
    name: 'Search by full title',
    steps: [signIn, search('the quiet harbour')],
    assertions: [[...oneResult('quiet-harbour', 'The Quiet Harbour'), rows('result-', ['The Quiet Harbour'])]],
  },
  {
    name: 'Search with no results',
    steps: [signIn, search('horror')],
    assertions: [
      [shows('no-results', 'No films match “horror”')],
      [shows('no-results-hint', 'Check the spelling or browse Now showing.')],
    ],
  },
  {
    name: 'Partial word does not match',
    steps: [signIn, search('veloc')],
    assertions: [[shows('no-results', 'No films match “veloc”')]],
  },
  {
    name: 'Open a film from search results',
    steps: [signIn, search('europa'), [tap('result-signal-europa')]],
    assertions: [
      [screen('Signal from Europa'), shows('film-title', 'Signal from Europa'), shows('day-selected', 'Fri 27 Nov')],
    ],
  },
  {
    name: 'Account details',
    steps: [signIn, [tap('tab-account'), screen('Account')]],
    assertions: [
      [
        shows('account-name', 'Mia Torres'),
        shows('account-email', 'mia@reelhouse.test'),
        shows('account-cinema', 'Home cinema: Reelhouse Camden'),
      ],
      [
        shows('membership-heading', 'Membership'),
        shows('account-tier', 'Gold member'),
        shows('account-points', '1,240 points'),
      ],
      [shows('points-note', '500 points = a free ticket. You earn 50 points for every booking.')],
    ],
  },
  {
    name: 'Default settings toggles',
    steps: [signIn, [tap('tab-account'), shows('settings-heading', 'Settings')]],
    assertions: [[on('set-reminders')], [off('set-offers')], [on('set-save-card')]],
  },
  {
    name: 'Toggle settings',
    steps: [
      signIn,
      [tap('tab-account'), tap('set-reminders'), off('set-reminders'), tap('set-offers'), on('set-offers')],
    ],
    assertions: [[off('set-reminders'), on('set-offers'), on('set-save-card')]],
  },
  {
    name: 'Sign out asks for confirmation',
    steps: [signIn, [tap('tab-account'), tap('sign-out')]],
    assertions: [
      [alert('Sign out of Reelhouse?'), alertSays('Your tickets stay in your account.')],
      [shows('alert-cancel', 'Cancel'), shows('alert-sign-out', 'Sign out')],
    ],
  },
  {
    name: 'Cancel sign out',
    steps: [signIn, [tap('tab-account'), tap('sign-out'), tap('alert-cancel')]],
    assertions: [[alert(null), screen('Account'), present('sign-out')]],
  },
  {
    name: 'Sign out returns to Sign in',
    steps: [signIn, [tap('tab-account'), tap('sign-out'), tap('alert-sign-out')]],
    assertions: [[screen('Sign in'), present('sign-in')]],
  },
  {
    name: 'Relaunch after sign out shows Sign in',
    steps: [signIn, signOut, [{ relaunch: true }]],
    assertions: [[screen('Sign in'), present('sign-in')]],
  },
  {
    name: 'Bookings survive sign out and sign in',
    steps: [
      signIn,
      book('paper-moons', 'fri-2100', ['C4']),
      [tap('booked-home'), ...signOut, ...signIn],
      [tap('tab-tickets')],
    ],
    assertions: [
      [
        rows('upcoming-', ['Paper Moons', 'The Quiet Harbour']),
        sub('upcoming-new', 'Fri 27 Nov · 21:00 · RH-48350'),
        sub('upcoming-rh-48213', 'Sun 29 Nov · 18:15 · RH-48213'),
      ],
    ],
  },
  {
    name: 'Tab bar navigation',
    steps: [signIn, TABS.flatMap(([tab, title]) => [tap(tab), screen(title)])],
    assertions: [
      // Each tab tapped again for its screen, and for the tab bar on it.
      TABS.flatMap(([tab, title]) => [tap(tab), screen(title)]),
      TABS.flatMap(([tab]) => [tap(tab), ...TABS.map(([t]) => present(t))]),
    ],
  },
];
