import { type Op, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Pulsefit's ways through its screens that many cases share (ids of `examples/gym-app/`).
 * Tabs `tab-classes`, `tab-bookings`, `tab-workouts`, `tab-profile`; day chips `day-<thu|fri|…|wed>`;
 * classes `class-<day><hhmm>` (`class-sat1100`), their rows in My bookings `booking-<day><hhmm>`; a
 * class's `class-spaces`, `class-status`, `class-message`, `class-error` and its buttons; workouts
 * `workout-<wed|tue|mon|sun|fri>` and those logged in the app `workout-n1|n2`; summary rows
 * `<row>-label` / `<row>-value`; clubs `result-<id>`.
 */

export const EMAIL = 'jordan@pulsefit.test';
export const PASSWORD = 'pulse2024';

/** Email, password, Sign in, and Classes is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Classes')];

export const toClasses: Op[] = [tap('tab-classes'), screen('Classes')];
export const toBookings: Op[] = [tap('tab-bookings'), screen('My bookings')];
export const toWorkouts: Op[] = [tap('tab-workouts'), screen('Workouts')];
export const toProfile: Op[] = [tap('tab-profile'), screen('Profile')];

/** A day chip of Classes. */
export const day = (id: string): Op => tap(`day-${id}`);

/** From Classes (on its day) or My bookings: a class's screen. */
export const openClass = (id: string, name: string): Op[] => [tap(`class-${id}`), screen(name)];
export const openBooking = (id: string, name: string): Op[] => [tap(`booking-${id}`), screen(name)];

/** From Classes: a day's class, booked, and back to Classes. */
export const bookOn = (dayId: string, id: string, name: string): Op[] => [
  day(dayId),
  ...openClass(id, name),
  tap('book-class'),
];

/** On a class: Cancel booking, then Cancel booking in the dialog. */
export const cancelIt: Op[] = [tap('cancel-booking'), tap('alert-cancel-booking')];
/** On a class: Leave waitlist, then Leave. */
export const leaveIt: Op[] = [tap('leave-waitlist'), tap('alert-leave')];

/** A timetable row's second line. */
export const classRow = (id: string, line: string): Op => sub(`class-${id}`, line);
/** A My bookings row: its name and second line. */
export const bookingRow = (id: string, name: string, line: string): Op[] => [
  shows(`booking-${id}`, name),
  sub(`booking-${id}`, line),
];

/** A summary row's value (a class, a workout, Membership, a club). */
export const value = (id: string, text: string): Op => shows(`${id}-value`, text);

/** From Workouts: Log a workout, a type, − or + taps, notes, Save workout. */
export const logWorkout = (kind: string | null, taps: Op[] = [], notes?: string): Op[] => [
  tap('log-workout'),
  screen('Log a workout'),
  ...(kind ? [tap(`type-${kind.toLowerCase()}`)] : []),
  ...taps,
  ...(notes ? [type('workout-notes-field', notes)] : []),
  tap('save-workout'),
];

/** From a workout: Delete workout, then Delete, and Workouts again. */
export const deleteIt: Op[] = [tap('delete-workout'), tap('alert-delete'), screen('Workouts')];

/** A workout row: its type and second line. */
export const workoutRow = (id: string, kind: string, line: string): Op[] => [
  shows(`workout-${id}`, kind),
  sub(`workout-${id}`, line),
];

export const times = (n: number, id: string): Op[] => Array.from({ length: n }, () => tap(id));

/** From Profile. */
export const toMembership: Op[] = [tap('profile-membership'), screen('Membership')];
export const toClubs: Op[] = [tap('profile-clubs'), screen('Find a club')];

/** On Membership: a freeze chip (1, 2 or 3 months; none: as chosen), Freeze membership, Freeze. */
export const freeze = (months?: 1 | 2 | 3): Op[] => [
  ...(months ? [tap(`freeze-${months}`)] : []),
  tap('freeze'),
  tap('alert-freeze'),
];

/** On Find a club: the query and Search. */
export const search = (query: string): Op[] => [type('club-search', query), tap('search-go')];

/** A club result: its name and second line. */
export const clubRow = (id: string, name: string, line: string): Op[] => [
  shows(`result-${id}`, name),
  sub(`result-${id}`, line),
];

/** Profile's Sign out, confirmed. */
export const signOut: Op[] = [tap('sign-out'), tap('alert-sign-out'), screen('Sign in')];

export const DAY_CHIPS = ['Thu 12', 'Fri 13', 'Sat 14', 'Sun 15', 'Mon 16', 'Tue 17', 'Wed 18'];
export const DAY_IDS = ['thu', 'fri', 'sat', 'sun', 'mon', 'tue', 'wed'];
