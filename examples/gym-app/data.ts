import type { Scalar } from '../../src/virtual/app-model';

/** What Pulsefit starts with: the test member, this week's classes, bookings, workouts and clubs. */

export const MEMBER = {
  email: 'jordan@pulsefit.test',
  password: 'pulse2024',
  name: 'Jordan Lee',
  first: 'Jordan',
  since: 'Member since March 2022',
  number: 'PF 204815',
};

export const PLAN = { name: 'Pulsefit Plus', price: '£39.00 a month', renews: '1 July 2025' };

/** Freezing: how long, until when, and the renewal date it moves to. */
export const FREEZES = [
  { months: 1, label: '1 month', until: '12 July 2025', renews: '1 August 2025' },
  { months: 2, label: '2 months', until: '12 August 2025', renews: '1 September 2025' },
  { months: 3, label: '3 months', until: '12 September 2025', renews: '1 October 2025' },
] as const;

/** The timetable's seven days; "today" is Thursday 12 June 2025. */
export const DAYS = [
  { id: 'thu', chip: 'Thu 12', long: 'Thursday 12 June', short: 'Thu 12 June' },
  { id: 'fri', chip: 'Fri 13', long: 'Friday 13 June', short: 'Fri 13 June' },
  { id: 'sat', chip: 'Sat 14', long: 'Saturday 14 June', short: 'Sat 14 June' },
  { id: 'sun', chip: 'Sun 15', long: 'Sunday 15 June', short: 'Sun 15 June' },
  { id: 'mon', chip: 'Mon 16', long: 'Monday 16 June', short: 'Mon 16 June' },
  { id: 'tue', chip: 'Tue 17', long: 'Tuesday 17 June', short: 'Tue 17 June' },
  { id: 'wed', chip: 'Wed 18', long: 'Wednesday 18 June', short: 'Wed 18 June' },
] as const;
export type DayId = (typeof DAYS)[number]['id'];

export const ABOUT: Record<string, string> = {
  'HIIT Blast': 'Short bursts of all-out effort with quick recoveries: sprints, burpees and jump squats.',
  'Pilates Core': 'Slow, controlled moves on the mat for a stronger core and better posture.',
  'Spin Express': 'A fast ride to music with climbs and sprints, done in half an hour.',
  'Yoga Flow': 'Flowing sequences that link breath and movement. Mats are provided.',
  'Body Pump': 'Barbell work for the whole body, with light to moderate weights and lots of reps.',
  'Spin Power': 'Long climbs and heavy gears for experienced riders.',
  'Box Fit': 'Pad work, bag work and footwork in rounds. Gloves are provided.',
  'Stretch & Restore': 'Gentle stretching and breathing to recover after a hard week.',
  'Aqua Fit': 'A full-body workout in the pool, easy on the joints.',
  'Kettlebell Strength': 'Swings, cleans and presses with kettlebells for power and grip.',
};

export interface GymClass {
  id: string;
  day: DayId;
  time: string;
  name: string;
  coach: string;
  studio: string;
  minutes: number;
  level: 'Beginner' | 'Intermediate' | 'Advanced' | 'All levels';
  /** Spaces left when the member is not booked on it; 0 is a full class. */
  left: number;
  /** People on the waitlist other than the member (full classes). */
  waiting: number;
  /** The member's booking when the app is installed. */
  seed?: 'booked' | 'waitlist';
}

const cls = (
  day: DayId,
  time: string,
  name: string,
  coach: string,
  studio: string,
  minutes: number,
  level: GymClass['level'],
  left: number,
  waiting = 0,
  seed?: GymClass['seed'],
): GymClass => ({
  id: `${day}${time.replace(':', '')}`,
  day,
  time,
  name,
  coach,
  studio,
  minutes,
  level,
  left,
  waiting,
  ...(seed ? { seed } : {}),
});

export const CLASSES: GymClass[] = [
  cls('thu', '07:00', 'HIIT Blast', 'Maya Chen', 'Studio 1', 45, 'Intermediate', 6),
  cls('thu', '12:15', 'Pilates Core', 'Sofia Reyes', 'Studio 2', 45, 'Beginner', 2),
  cls('thu', '18:30', 'Spin Express', 'Liam O’Brien', 'Cycle Studio', 30, 'All levels', 0, 3),
  cls('fri', '07:00', 'HIIT Blast', 'Maya Chen', 'Studio 1', 45, 'Intermediate', 3, 0, 'booked'),
  cls('fri', '12:15', 'Yoga Flow', 'Priya Nair', 'Studio 2', 60, 'All levels', 8),
  cls('fri', '18:00', 'Body Pump', 'Tom Walsh', 'Studio 1', 55, 'Intermediate', 1),
  cls('sat', '09:00', 'Spin Power', 'Liam O’Brien', 'Cycle Studio', 45, 'Advanced', 0, 3, 'waitlist'),
  cls('sat', '11:00', 'Box Fit', 'Dan Okafor', 'Studio 1', 45, 'Intermediate', 5),
  cls('sat', '16:00', 'Stretch & Restore', 'Priya Nair', 'Studio 2', 30, 'Beginner', 10),
  cls('sun', '09:30', 'Yoga Flow', 'Priya Nair', 'Studio 2', 60, 'All levels', 4),
  cls('sun', '11:00', 'Aqua Fit', 'Grace Mensah', 'Pool', 45, 'Beginner', 7),
  cls('sun', '17:00', 'Body Pump', 'Tom Walsh', 'Studio 1', 55, 'Intermediate', 0, 1),
  cls('mon', '07:00', 'Spin Express', 'Liam O’Brien', 'Cycle Studio', 30, 'All levels', 9),
  cls('mon', '12:15', 'Pilates Core', 'Sofia Reyes', 'Studio 2', 45, 'Beginner', 5),
  cls('mon', '18:30', 'Yoga Flow', 'Priya Nair', 'Studio 2', 60, 'All levels', 2, 0, 'booked'),
  cls('tue', '07:00', 'HIIT Blast', 'Maya Chen', 'Studio 1', 45, 'Intermediate', 4),
  cls('tue', '12:15', 'Box Fit', 'Dan Okafor', 'Studio 1', 45, 'Intermediate', 6),
  cls('tue', '19:00', 'Kettlebell Strength', 'Tom Walsh', 'Studio 1', 50, 'Advanced', 3),
  cls('wed', '07:00', 'Aqua Fit', 'Grace Mensah', 'Pool', 45, 'Beginner', 12),
  cls('wed', '12:15', 'Stretch & Restore', 'Priya Nair', 'Studio 2', 30, 'Beginner', 8),
  cls('wed', '18:30', 'Spin Power', 'Liam O’Brien', 'Cycle Studio', 45, 'Advanced', 0, 5),
];

/** A member may hold this many class bookings at once (waitlists do not count). */
export const MAX_BOOKINGS = 4;
/** The member's place on the Saturday Spin Power waitlist at install (3 others wait: 4 in all). */
export const SEED_WAIT_PLACE = 2;

export const dayOf = (c: GymClass) => DAYS.find((d) => d.id === c.day)!;
/** "07:00–07:45". */
export function timeRange(c: GymClass): string {
  const [h, m] = c.time.split(':').map(Number) as [number, number];
  const end = h * 60 + m + c.minutes;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.time}–${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
}

export const WORKOUT_TYPES = ['Run', 'Cycle', 'Strength', 'Yoga', 'Swim', 'HIIT'] as const;
/** The Log a workout stepper: 5 to 180 minutes in steps of 5, 30 at first. */
export const MINUTES = Array.from({ length: 36 }, (_, k) => (k + 1) * 5);
export const GOALS = [1, 2, 3, 4, 5, 6, 7] as const;
export const START_GOAL = 4;

/** Logged workouts, newest first; `week` ones count towards this week's goal (Monday 9 June on). */
export const WORKOUTS = [
  {
    id: 'wed',
    type: 'Strength',
    when: 'Wed 11 June',
    long: 'Wednesday 11 June',
    min: 45,
    notes: 'Legs and back',
    week: true,
  },
  {
    id: 'tue',
    type: 'Run',
    when: 'Tue 10 June',
    long: 'Tuesday 10 June',
    min: 30,
    notes: 'Easy 5k along the river',
    week: true,
  },
  { id: 'mon', type: 'Yoga', when: 'Mon 9 June', long: 'Monday 9 June', min: 60, notes: '', week: true },
  { id: 'sun', type: 'Swim', when: 'Sun 8 June', long: 'Sunday 8 June', min: 40, notes: '40 lengths', week: false },
  {
    id: 'fri',
    type: 'Cycle',
    when: 'Fri 6 June',
    long: 'Friday 6 June',
    min: 50,
    notes: 'Commute home the long way',
    week: false,
  },
] as const;
/** Workouts logged in the app go to these slots; two a day at most. */
export const SLOTS = ['n1', 'n2'] as const;

export interface Club {
  id: string;
  name: string;
  area: string;
  postcode: string;
  address: string;
  miles: string;
  hours: string;
  closes: string;
  phone: string;
  pool: boolean;
  sauna: boolean;
  studios: number;
}

const WEEK_HOURS = 'Mon–Fri 06:00–22:00 · Sat–Sun 08:00–20:00';

/** The clubs, nearest first. */
export const CLUBS: Club[] = [
  {
    id: 'riverside',
    name: 'Riverside',
    area: 'Southwark',
    postcode: 'SE1 9PX',
    address: '2 Bankside Walk, London SE1 9PX',
    miles: '0.4 miles',
    hours: 'Open 24 hours',
    closes: 'Open 24 hours',
    phone: '020 7946 0101',
    pool: true,
    sauna: true,
    studios: 3,
  },
  {
    id: 'kingscross',
    name: 'Kings Cross',
    area: 'Camden',
    postcode: 'N1C 4AG',
    address: '15 Goods Way, London N1C 4AG',
    miles: '1.8 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0102',
    pool: false,
    sauna: true,
    studios: 2,
  },
  {
    id: 'shoreditch',
    name: 'Shoreditch',
    area: 'Hackney',
    postcode: 'EC2A 3AY',
    address: '88 Curtain Road, London EC2A 3AY',
    miles: '2.3 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0103',
    pool: false,
    sauna: false,
    studios: 2,
  },
  {
    id: 'canarywharf',
    name: 'Canary Wharf',
    area: 'Tower Hamlets',
    postcode: 'E14 5AB',
    address: '1 Cabot Square, London E14 5AB',
    miles: '3.1 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0104',
    pool: true,
    sauna: true,
    studios: 3,
  },
  {
    id: 'brixton',
    name: 'Brixton',
    area: 'Lambeth',
    postcode: 'SW2 1RW',
    address: '40 Acre Lane, London SW2 1RW',
    miles: '3.6 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0105',
    pool: false,
    sauna: false,
    studios: 2,
  },
  {
    id: 'clapham',
    name: 'Clapham',
    area: 'Lambeth',
    postcode: 'SW4 7AA',
    address: '9 The Pavement, London SW4 7AA',
    miles: '4.2 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0106',
    pool: true,
    sauna: false,
    studios: 2,
  },
  {
    id: 'hammersmith',
    name: 'Hammersmith',
    area: 'Hammersmith and Fulham',
    postcode: 'W6 9YA',
    address: '3 King Street, London W6 9YA',
    miles: '5.9 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0107',
    pool: false,
    sauna: true,
    studios: 1,
  },
  {
    id: 'stratford',
    name: 'Stratford',
    area: 'Newham',
    postcode: 'E15 1AZ',
    address: '21 Broadway, London E15 1AZ',
    miles: '6.4 miles',
    hours: WEEK_HOURS,
    closes: 'Open until 22:00',
    phone: '020 7946 0108',
    pool: true,
    sauna: true,
    studios: 3,
  },
];
export const HOME_CLUB = CLUBS[0]!;

export const facilities = (c: Club) =>
  [c.pool ? 'Pool' : '', c.sauna ? 'Sauna' : '', c.studios === 1 ? '1 studio' : `${c.studios} studios`]
    .filter(Boolean)
    .join(' · ');

/** How long before a class the reminder comes. */
export const LEADS = [
  { id: '30', label: '30 min' },
  { id: '60', label: '1 hour' },
  { id: '120', label: '2 hours' },
] as const;

export function initialState(): Record<string, Scalar> {
  return {
    signed_in: false,
    email: '',
    password: '',
    day: 'thu',
    n_booked: CLASSES.filter((c) => c.seed === 'booked').length,
    n_wait: CLASSES.filter((c) => c.seed === 'waitlist').length,
    wk_done: WORKOUTS.filter((w) => w.week).length,
    goal: START_GOAL,
    goal_remind: true,
    frozen: false,
    fz_used: false,
    fz_pick: 1,
    fz_until: '',
    renews: PLAN.renews,
    mem_line: `${PLAN.name} · Active`,
    home_id: HOME_CLUB.id,
    home_club: HOME_CLUB.name,
    set_remind: true,
    set_lead: '60',
    set_waitlist: true,
    set_email: false,
    query: '',
    results: '',
    ...Object.fromEntries(WORKOUTS.map((w) => [`wk_${w.id}`, true])),
    ...Object.fromEntries(SLOTS.map((n) => [`${n}_used`, false])),
  };
}
