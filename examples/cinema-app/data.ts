import type { Scalar } from '../../src/virtual/app-model';

/** What Reelhouse starts with: the test member, the films showing this weekend, seats, prices and bookings. */

export const MEMBER = {
  email: 'mia@reelhouse.test',
  password: 'reel2024',
  name: 'Mia Torres',
  cinema: 'Reelhouse Camden',
  tier: 'Gold member',
  points: 1240,
};

export const GENRES = ['All', 'Action', 'Comedy', 'Drama', 'Family', 'Sci-Fi'] as const;
export const DAYS = [
  { id: 'fri', label: 'Today', date: 'Fri 27 Nov' },
  { id: 'sat', label: 'Sat 28', date: 'Sat 28 Nov' },
  { id: 'sun', label: 'Sun 29', date: 'Sun 29 Nov' },
] as const;
export type DayId = (typeof DAYS)[number]['id'];

export interface Showtime {
  day: DayId;
  time: string;
  screen: number;
  soldOut?: boolean;
}

export interface Film {
  id: string;
  title: string;
  genre: string;
  cert: string;
  runtime: string;
  rating: string;
  synopsis: string;
  cast: string;
  shows: Showtime[];
}

const show = (day: DayId, time: string, screen: number, soldOut = false): Showtime => ({ day, time, screen, soldOut });

export const FILMS: Film[] = [
  {
    id: 'northern-lights',
    title: 'Northern Lights',
    genre: 'Drama',
    cert: '12A',
    runtime: '2h 08m',
    rating: '4.6',
    synopsis:
      'A widowed fisherman and his estranged daughter sail north to scatter her mother’s ashes under the aurora.',
    cast: 'Ruth Calder, Tomas Eriksen',
    shows: [
      show('fri', '17:40', 1),
      show('fri', '20:30', 1, true),
      show('sat', '14:10', 3),
      show('sat', '19:50', 1),
      show('sun', '16:00', 1),
    ],
  },
  {
    id: 'paper-moons',
    title: 'Paper Moons',
    genre: 'Comedy',
    cert: '12A',
    runtime: '1h 42m',
    rating: '4.1',
    synopsis: 'Two rival wedding planners are booked for the same wedding on the same day, and neither will back down.',
    cast: 'Priya Nair, Dev Holloway',
    shows: [show('fri', '18:15', 2), show('fri', '21:00', 2), show('sat', '13:30', 2), show('sun', '18:45', 2, true)],
  },
  {
    id: 'velocity-run',
    title: 'Velocity Run',
    genre: 'Action',
    cert: '15',
    runtime: '2h 14m',
    rating: '3.9',
    synopsis: 'A courier has ninety minutes to cross a city in lockdown with a case she must not open.',
    cast: 'Ana Okafor, Marcus Vell',
    shows: [show('fri', '19:10', 4), show('fri', '22:00', 4), show('sat', '20:40', 4, true), show('sun', '21:10', 4)],
  },
  {
    id: 'pip-kite',
    title: 'Pip and the Giant Kite',
    genre: 'Family',
    cert: 'U',
    runtime: '1h 31m',
    rating: '4.4',
    synopsis: 'A small girl builds a kite big enough to carry her whole village away from a flood. Animated.',
    cast: 'Voices of Lily Marsh, Ben Ade',
    shows: [show('fri', '16:20', 3), show('sat', '10:30', 3, true), show('sat', '12:45', 3), show('sun', '11:00', 3)],
  },
  {
    id: 'signal-europa',
    title: 'Signal from Europa',
    genre: 'Sci-Fi',
    cert: '12A',
    runtime: '2h 21m',
    rating: '4.7',
    synopsis: 'When a probe under Europa’s ice starts answering back, a crew of six must decide whether to reply.',
    cast: 'Hana Sato, Idris Cole, June Park',
    shows: [
      show('fri', '18:00', 5, true),
      show('fri', '20:50', 5),
      show('sat', '17:20', 5),
      show('sun', '14:30', 5),
      show('sun', '20:00', 5),
    ],
  },
  {
    id: 'quiet-harbour',
    title: 'The Quiet Harbour',
    genre: 'Drama',
    cert: '15',
    runtime: '1h 56m',
    rating: '4.2',
    synopsis: 'A coastguard officer reopens the case of a boat that came home with no one aboard.',
    cast: 'Owen Hart, Clara Beaumont',
    shows: [show('fri', '20:15', 2), show('sat', '18:00', 2), show('sun', '18:15', 2)],
  },
];

/** Seat rows, front to back, and seats per row. */
export const ROWS = ['A', 'B', 'C', 'D', 'E'] as const;
export const SEATS_PER_ROW = 8;
export const SEATS = ROWS.flatMap((r) => Array.from({ length: SEATS_PER_ROW }, (_, k) => `${r}${k + 1}`));
/** Seats already sold at every showing that is not sold out. */
export const TAKEN = new Set(['A1', 'A2', 'B4', 'B5', 'C1', 'D6', 'D7', 'D8', 'E3', 'E4']);
export const MAX_SEATS = 6;

/** Prices in 50p units (so £12.50 is 25). */
export const TICKETS = [
  { id: 'adult', label: 'Adult', units: 25 },
  { id: 'child', label: 'Child', note: 'Under 16', units: 17 },
  { id: 'senior', label: 'Senior', note: '65 and over', units: 19 },
] as const;
export type TicketId = (typeof TICKETS)[number]['id'];

export const SNACKS = [
  { id: 'popcorn', label: 'Salted popcorn', note: 'Large tub', units: 11 },
  { id: 'nachos', label: 'Nachos with cheese', note: 'With salsa dip', units: 12 },
  { id: 'drink', label: 'Soft drink', note: 'Large, 750ml', units: 7 },
] as const;
export const SNACK_MAX = 4;

/** £1.50 per booking. */
export const BOOKING_FEE_UNITS = 3;
export const VOUCHER = { code: 'REEL5', units: 10 };
export const POINTS_PER_BOOKING = 50;

/** 50p units as the app writes money: 25 → "£12.50". */
export const money = (units: number) =>
  `${units < 0 ? '−' : ''}£${Math.floor(Math.abs(units) / 2)}.${Math.abs(units) % 2 ? '50' : '00'}`;

/** The booking the member already has coming up. */
export const UPCOMING = {
  ref: 'RH-48213',
  film: 'quiet-harbour',
  when: 'Sun 29 Nov · 18:15',
  screen: 'Screen 2',
  seats: 'C5, C6',
  tickets: '2 × Adult',
  total: money(2 * 25 + BOOKING_FEE_UNITS),
  pay: 'Visa •••• 4242',
};

/** Bookings already watched, newest first. */
export const PAST = [
  { ref: 'RH-47730', title: 'Velocity Run', date: 'Sat 21 Nov · 20:40', seats: 'D3, D4', total: money(53) },
  {
    ref: 'RH-47102',
    title: 'Pip and the Giant Kite',
    date: 'Sun 15 Nov · 11:00',
    seats: 'B2, B3, B4',
    total: money(62),
  },
  { ref: 'RH-46658', title: 'Harvest of Glass', date: 'Fri 6 Nov · 19:30', seats: 'E5', total: money(28) },
  { ref: 'RH-46011', title: 'The Last Ferry', date: 'Sat 24 Oct · 18:00', seats: 'C4, C5', total: money(53) },
  { ref: 'RH-45397', title: 'Midnight Choir', date: 'Fri 9 Oct · 21:15', seats: 'A6, A7', total: money(41) },
] as const;

/** References given to the bookings made in the app, in turn. */
export const NEW_REFS = ['RH-48350', 'RH-48357', 'RH-48364', 'RH-48371'] as const;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    genre: 'All',
    query: '',
    results: '',
    day: 'fri',
    seg: 'upcoming',
    points: MEMBER.points,
    points_label: '1,240',
    bookings_made: 0,
    seed_cancelled: false,
    nb_active: false,
    nb_cancelled: false,
    n_seats: 0,
    seat_list: '',
    pay_method: 'Visa •••• 4242',
    set_reminders: true,
    set_offers: false,
    set_save_card: true,
  };
  for (const s of SEATS) state[`st_${s}`] = false;
  return state;
}
