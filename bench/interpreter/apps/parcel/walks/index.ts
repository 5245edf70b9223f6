import type { Walk } from '../../../walks/ops';
import { accountWalks } from './walks-account';
import { checkoutSentWalks } from './walks-checkout-sent';
import { signInParcelsWalks } from './walks-sign-in-parcels';
import { trackSendWalks } from './walks-track-send';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [...signInParcelsWalks, ...trackSendWalks, ...checkoutSentWalks, ...accountWalks];
