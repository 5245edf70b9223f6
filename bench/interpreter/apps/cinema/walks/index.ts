import type { Walk } from '../../../walks/ops';
import { checkoutWalks } from './walks-checkout';
import { seatsTicketsWalks } from './walks-seats-tickets';
import { signInFilmsWalks } from './walks-sign-in-films';
import { ticketsSearchAccountWalks } from './walks-tickets-search-account';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [
  ...signInFilmsWalks,
  ...seatsTicketsWalks,
  ...checkoutWalks,
  ...ticketsSearchAccountWalks,
];
