import type { Screen } from '../../src/virtual/app-model';
import { accountScreens } from './screens-account';
import { homeScreens } from './screens-home';
import { parcelScreens } from './screens-parcels';
import { sendScreens } from './screens-send';

/** Shipwise's screens, in the order the app's model lists them. */
export const parcelAppScreens: Record<string, Screen> = {
  ...homeScreens,
  ...parcelScreens,
  ...sendScreens,
  ...accountScreens,
};
