import type { Walk } from '../../../walks/ops';
import { editWalks } from './walks-edit';
import { moreWalks } from './walks-more';
import { signInListWalks } from './walks-sign-in-list';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [...signInListWalks, ...editWalks, ...moreWalks];
