import type { Walk } from '../../../walks/ops';
import { moreWalks } from './walks-more';
import { roomsWalks } from './walks-rooms';
import { scenesWalks } from './walks-scenes';
import { schedulesWalks } from './walks-schedules';
import { signInHomeWalks } from './walks-sign-in-home';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [...signInHomeWalks, ...roomsWalks, ...scenesWalks, ...schedulesWalks, ...moreWalks];
