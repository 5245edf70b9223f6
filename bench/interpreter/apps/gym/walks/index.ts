import type { Walk } from '../../../walks/ops';
import { bookingsWalks } from './walks-bookings';
import { clubsWalks } from './walks-clubs';
import { goalWalks } from './walks-goal';
import { profileWalks } from './walks-profile';
import { signInClassesWalks } from './walks-sign-in-classes';
import { waitlistsWalks } from './walks-waitlists';
import { workoutsWalks } from './walks-workouts';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [
  ...signInClassesWalks,
  ...bookingsWalks,
  ...waitlistsWalks,
  ...workoutsWalks,
  ...goalWalks,
  ...profileWalks,
  ...clubsWalks,
];
