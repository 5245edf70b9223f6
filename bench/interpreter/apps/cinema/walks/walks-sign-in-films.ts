import {
  type Walk,
  absent,
  back,
  enabled,
  notSee,
  present,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, FILMS, PASSWORD, filmRow, showtime, signIn } from './flows';

/** Cases 1–27: signing in, Now showing and its genres, a film and its showtimes. */
export const signInFilmsWalks: Walk[] = [
  {
    name: 'Sign in screen shows on first launch',
    steps: [[]],
    assertions: [
      [screen('Sign in'), shows('brand', 'Reelhouse'), shows('tagline', 'Book seats at Reelhouse cinemas in seconds.')],
      [shows('email', ''), shows('password', '')],
      [present('sign-in')],
      [shows('signin-help', 'New to Reelhouse? Join at any of our cinemas.')],
    ],
  },
  {
    name: 'Sign in with both fields empty',
    steps: [[shows('email', ''), shows('password', '')], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Sign in with only the email filled',
    steps: [[type('email', EMAIL)], [shows('password', ''), tap('sign-in')]],
    assertions: [
      [shows('password-error', 'Enter your password')],
      [notSee('Enter your email address')],
      [screen('Sign in'), absent('tab-films')],
    ],
  },
  {
    name: 'Sign in with only the password filled',
    steps: [[type('password', PASSWORD), shows('email', '')], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [notSee('Enter your password')],
      [screen('Sign in'), absent('tab-films')],
    ],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[type('email', EMAIL)], [type('password', 'reel2025')], [tap('sign-in')]],
    assertions: [
      [shows('signin-error', 'The email or password you entered is incorrect')],
      [screen('Sign in'), absent('tab-films')],
    ],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[type('email', 'someone@reelhouse.test'), type('password', PASSWORD), tap('sign-in')]],
    assertions: [[shows('signin-error', 'The email or password you entered is incorrect')], [screen('Sign in')]],
  },
  {
    name: 'Successful sign in opens Now showing',
    steps: [signIn],
    assertions: [
      [screen('Now showing')],
      [shows('cinema-name', 'Reelhouse Camden')],
      [
        shows('tab-films', 'Films'),
        shows('tab-search', 'Search'),
        shows('tab-tickets', 'My tickets'),
        shows('tab-account', 'Account'),
      ],
    ],
  },
  {
    name: 'App reopens on Now showing when already signed in',
    steps: [signIn, [{ relaunch: true }], []],
    assertions: [[screen('Now showing'), absent('sign-in')]],
  },
  {
    name: 'Now showing lists all six films',
    steps: [signIn, []],
    assertions: [[shows('genre-selected', 'Showing: All')], [rows('film-', FILMS)]],
  },
  {
    name: 'Film rows show genre, rating, runtime and certificate',
    steps: [signIn],
    assertions: [
      filmRow('northern-lights', 'Northern Lights', 'Drama · ★ 4.6 · 2h 08m · 12A'),
      filmRow('paper-moons', 'Paper Moons', 'Comedy · ★ 4.1 · 1h 42m · 12A'),
      filmRow('velocity-run', 'Velocity Run', 'Action · ★ 3.9 · 2h 14m · 15'),
      filmRow('pip-kite', 'Pip and the Giant Kite', 'Family · ★ 4.4 · 1h 31m · U'),
      filmRow('signal-europa', 'Signal from Europa', 'Sci-Fi · ★ 4.7 · 2h 21m · 12A'),
      filmRow('quiet-harbour', 'The Quiet Harbour', 'Drama · ★ 4.2 · 1h 56m · 15'),
    ],
  },
  {
    name: 'Drama filter',
    steps: [signIn, [tap('genre-drama')]],
    assertions: [
      [shows('genre-selected', 'Showing: Drama')],
      [rows('film-', ['Northern Lights', 'The Quiet Harbour'])],
    ],
  },
  {
    name: 'Action filter shows only Velocity Run',
    steps: [signIn, [tap('genre-action')]],
    assertions: [[shows('genre-selected', 'Showing: Action')], [rows('film-', ['Velocity Run'])]],
  },
  {
    name: 'Comedy filter',
    steps: [signIn, [tap('genre-comedy')]],
    assertions: [[rows('film-', ['Paper Moons']), shows('genre-selected', 'Showing: Comedy')]],
  },
  {
    name: 'Family filter',
    steps: [signIn, [tap('genre-family')]],
    assertions: [
      [rows('film-', ['Pip and the Giant Kite']), sub('film-pip-kite', 'Family · ★ 4.4 · 1h 31m · U')],
      [shows('genre-selected', 'Showing: Family')],
    ],
  },
  {
    name: 'Sci-Fi filter',
    steps: [signIn, [tap('genre-sci-fi')]],
    assertions: [[rows('film-', ['Signal from Europa'])], [shows('genre-selected', 'Showing: Sci-Fi')]],
  },
  {
    name: 'All chip brings every film back',
    steps: [signIn, [tap('genre-drama'), tap('genre-all')]],
    assertions: [
      // The moment after Drama, brought back and left again.
      [tap('genre-drama'), rowCount('film-', 2), tap('genre-all')],
      [rows('film-', FILMS), shows('genre-selected', 'Showing: All')],
    ],
  },
  {
    name: 'Search from Now showing with Enter',
    steps: [signIn, [type('home-search', 'europa'), tap('home-search'), { enter: true }]],
    assertions: [[screen('Search')], [shows('results-count', '1 film'), rows('result-', ['Signal from Europa'])]],
  },
  {
    name: 'Back arrow on film returns to Now showing',
    steps: [signIn, [tap('film-signal-europa'), screen('Signal from Europa')], [back]],
    assertions: [[screen('Now showing'), rows('film-', FILMS)]],
  },
  {
    name: 'Northern Lights film details',
    steps: [signIn, [tap('film-northern-lights')]],
    assertions: [
      [
        screen('Northern Lights'),
        shows('film-title', 'Northern Lights'),
        shows('film-line', 'Drama · ★ 4.6 · 2h 08m · 12A'),
      ],
      [
        shows(
          'film-synopsis',
          'A widowed fisherman and his estranged daughter sail north to scatter her mother’s ashes under the aurora.',
        ),
      ],
      [shows('film-cast', 'Starring Ruth Calder, Tomas Eriksen')],
      [
        shows('showtimes-heading', 'Showtimes'),
        shows('day-fri', 'Today'),
        shows('day-sat', 'Sat 28'),
        shows('day-sun', 'Sun 29'),
      ],
      [shows('showtimes-note', 'Prices from £8.50. Members earn 50 points per booking.')],
    ],
  },
  {
    name: "Film opens on Today's showtimes",
    steps: [signIn, [tap('film-northern-lights')]],
    assertions: [
      [shows('day-selected', 'Fri 27 Nov')],
      showtime('fri-1740', '17:40 · Screen 1'),
      showtime('fri-2030', '20:30 · Sold out', false),
    ],
  },
  {
    name: "Sold-out showtime can't be tapped",
    steps: [signIn, [tap('film-northern-lights')], [enabled('show-fri-2030', false), { tryTap: 'show-fri-2030' }]],
    assertions: [[screen('Northern Lights'), absent('seat-count')], [screen('Northern Lights')]],
  },
  {
    name: 'Saturday showtimes for Northern Lights',
    steps: [signIn, [tap('film-northern-lights'), tap('day-sat')]],
    assertions: [
      [shows('day-selected', 'Sat 28 Nov')],
      [...showtime('sat-1410', '14:10 · Screen 3'), ...showtime('sat-1950', '19:50 · Screen 1')],
      [absent('show-fri-2030'), absent('show-fri-1740')],
    ],
  },
  {
    name: 'Paper Moons showtimes by day',
    steps: [signIn, [tap('film-paper-moons')], [tap('day-fri'), tap('day-sat'), tap('day-sun')]],
    assertions: [
      [tap('day-fri'), ...showtime('fri-1815', '18:15 · Screen 2'), ...showtime('fri-2100', '21:00 · Screen 2')],
      [tap('day-sat'), ...showtime('sat-1330', '13:30 · Screen 2')],
      [tap('day-sun'), ...showtime('sun-1845', '18:45 · Sold out', false)],
    ],
  },
  {
    name: 'Velocity Run showtimes',
    steps: [signIn, [tap('film-velocity-run'), tap('day-fri'), tap('day-sat'), tap('day-sun')]],
    assertions: [
      [tap('day-fri'), ...showtime('fri-1910', '19:10 · Screen 4'), ...showtime('fri-2200', '22:00 · Screen 4')],
      [tap('day-sat'), ...showtime('sat-2040', '20:40 · Sold out', false)],
      [tap('day-sun'), ...showtime('sun-2110', '21:10 · Screen 4')],
    ],
  },
  {
    name: 'Pip and the Giant Kite showtimes',
    steps: [signIn, [tap('film-pip-kite')], [tap('day-fri'), tap('day-sat'), tap('day-sun')]],
    assertions: [
      [tap('day-fri'), ...showtime('fri-1620', '16:20 · Screen 3')],
      [tap('day-sat'), ...showtime('sat-1030', '10:30 · Sold out', false), ...showtime('sat-1245', '12:45 · Screen 3')],
      [tap('day-sun'), ...showtime('sun-1100', '11:00 · Screen 3')],
    ],
  },
  {
    name: 'Signal from Europa showtimes',
    steps: [signIn, [tap('film-signal-europa')]],
    assertions: [
      [shows('film-line', 'Sci-Fi · ★ 4.7 · 2h 21m · 12A')],
      [tap('day-fri'), ...showtime('fri-1800', '18:00 · Sold out', false), ...showtime('fri-2050', '20:50 · Screen 5')],
      [
        tap('day-sat'),
        ...showtime('sat-1720', '17:20 · Screen 5'),
        tap('day-sun'),
        ...showtime('sun-1430', '14:30 · Screen 5'),
        ...showtime('sun-2000', '20:00 · Screen 5'),
      ],
    ],
  },
  {
    name: 'The Quiet Harbour showtimes',
    steps: [signIn, [tap('film-quiet-harbour'), tap('day-fri'), tap('day-sat'), tap('day-sun')]],
    assertions: [
      [shows('film-line', 'Drama · ★ 4.2 · 1h 56m · 15')],
      [
        tap('day-fri'),
        ...showtime('fri-2015', '20:15 · Screen 2'),
        tap('day-sat'),
        ...showtime('sat-1800', '18:00 · Screen 2'),
        tap('day-sun'),
        ...showtime('sun-1815', '18:15 · Screen 2'),
      ],
    ],
  },
];
