import type { Walk } from '../../../walks/ops';
import { dishBasketWalks } from './walks-dish-basket';
import { ordersWalks } from './walks-orders';
import { promoCheckoutWalks } from './walks-promo-checkout';
import { searchAccountWalks } from './walks-search-account';
import { signInHomeWalks } from './walks-sign-in-home';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [
  ...signInHomeWalks,
  ...dishBasketWalks,
  ...promoCheckoutWalks,
  ...ordersWalks,
  ...searchAccountWalks,
];
