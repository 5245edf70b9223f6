import type { Walk } from '../../../walks/ops';
import { bookWalks } from './walks-book';
import { prescriptionsProfileWalks } from './walks-prescriptions-profile';
import { rescheduleCancelWalks } from './walks-reschedule-cancel';
import { settingsSignOutWalks } from './walks-settings-sign-out';
import { signInHomeWalks } from './walks-sign-in-home';

/** Every case of `../cases.json`, spelt out by element id, in the same order. */
export const walks: Walk[] = [
  ...signInHomeWalks,
  ...rescheduleCancelWalks,
  ...bookWalks,
  ...prescriptionsProfileWalks,
  ...settingsSignOutWalks,
];
