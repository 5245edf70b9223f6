import { type Op, enabled, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Reelhouse's ways through its screens that many cases share (ids of `examples/cinema-app/`).
 * Tabs `tab-films`, `tab-search`, `tab-tickets`, `tab-account`; films `film-<id>` (`northern-lights`,
 * `paper-moons`, `velocity-run`, `pip-kite`, `signal-europa`, `quiet-harbour`); day chips `day-fri`,
 * `day-sat`, `day-sun`; showtimes `show-<day>-<hhmm>`; seats `seat-<row><n>` (one id, "C4" or
 * "C4 ✓"); ticket and snack steppers `ticket-<type>-minus|count|plus`, `snack-<id>-…`; summary rows
 * `<row>-label` / `<row>-value`; bookings `upcoming-new`, `upcoming-rh-48213`, `past-rh-<number>`.
 */

export const EMAIL = 'mia@reelhouse.test';
export const PASSWORD = 'reel2024';

/** Email, password, Sign in, and Now showing is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Now showing')];

export const FILMS = [
  'Northern Lights',
  'Paper Moons',
  'Velocity Run',
  'Pip and the Giant Kite',
  'Signal from Europa',
  'The Quiet Harbour',
];

export const TAKEN = ['A1', 'A2', 'B4', 'B5', 'C1', 'D6', 'D7', 'D8', 'E3', 'E4'];
export const ALL_SEATS = ['A', 'B', 'C', 'D', 'E'].flatMap((r) => [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${r}${n}`));
export const FREE = ALL_SEATS.filter((s) => !TAKEN.includes(s));

/** Every taken seat greyed out (disabled). */
export const takenGreyed: Op[] = TAKEN.map((s) => enabled(`seat-${s}`, false));

/** From Now showing: a film and one of its showtimes (day chip first if not today). */
export const toSeats = (film: string, show: string): Op[] => {
  const day = show.split('-')[0];
  return [
    tap(`film-${film}`),
    ...(day === 'fri' ? [] : [tap(`day-${day}`)]),
    tap(`show-${show}`),
    screen('Choose seats'),
  ];
};

export const seats = (...ids: string[]): Op[] => ids.map((s) => tap(`seat-${s}`));

/** The showtime button of the open film. */
export const showtime = (id: string, label: string, bookable = true): Op[] => [
  shows(`show-${id}`, label),
  enabled(`show-${id}`, bookable),
];

/** Northern Lights, today 17:40 (steps 2 and 3 of most cases). */
export const NL = tap('film-northern-lights');
export const NL1740 = [tap('show-fri-1740'), screen('Choose seats')];

/** Steps 4–8 of the checkout cases: C4 and C5, an adult and a senior, a popcorn and two drinks. */
export const toCheckoutMix: Op[][] = [
  seats('C4', 'C5'),
  [tap('seats-continue'), screen('Tickets')],
  [tap('ticket-adult-minus'), tap('ticket-senior-plus'), tap('tickets-continue'), screen('Snacks')],
  [tap('snack-popcorn-plus'), tap('snack-drink-plus'), tap('snack-drink-plus')],
  [tap('snacks-continue'), screen('Checkout')],
];

export const applyReel5 = (code = 'REEL5'): Op[] => [type('voucher-code', code), tap('apply-voucher')];

/** From Now showing: books the seats of a showtime, all adults, no snacks, paying with `pay`. */
export const book = (film: string, show: string, seatIds: string[], pay?: string): Op[] => [
  ...toSeats(film, show),
  ...seats(...seatIds),
  tap('seats-continue'),
  tap('tickets-continue'),
  tap('snacks-skip'),
  screen('Checkout'),
  ...(pay ? [tap(`pay-${pay}`)] : []),
  tap('pay'),
  screen('Booking confirmed'),
];

/** A row's value (Tickets, Snacks, Checkout, Booking confirmed, a ticket). */
export const value = (id: string, text: string): Op => shows(`${id}-value`, text);

export const filmRow = (id: string, title: string, line: string): Op[] => [
  shows(`film-${id}`, title),
  sub(`film-${id}`, line),
];

/** The Search tab, a query and its Search button. */
export const search = (query: string): Op[] => [tap('tab-search'), type('search-field', query), tap('search-go')];

export const cancelBooking: Op[] = [tap('cancel-booking'), tap('alert-cancel-booking')];
