import type { Walk } from '../../../walks/ops';
import { accountWalks } from './walks-account';
import { bookingWalks } from './walks-booking';
import { signInSearchWalks } from './walks-sign-in-search';
import { tripWalks } from './walks-trips';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [...signInSearchWalks, ...bookingWalks, ...tripWalks, ...accountWalks];
