import type { Walk } from '../../../walks/ops';
import { moreWalks } from './walks-payments-cards-profile';
import { signInAccountWalks } from './walks-sign-in-accounts';
import { transferWalks } from './walks-transfer';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [...signInAccountWalks, ...transferWalks, ...moreWalks];
