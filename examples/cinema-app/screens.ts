import type { Screen } from '../../src/virtual/app-model';
import { checkoutScreens } from './screens-checkout';
import { filmScreens, openFilm } from './screens-films';
import { moreScreens } from './screens-more';
import { seatScreens } from './screens-seats';
import { searchScreen } from './search';

/** Reelhouse's screens, in the order the app's model lists them. */
export const cinemaScreens: Record<string, Screen> = {
  signin: moreScreens.signin!,
  ...filmScreens,
  search: searchScreen(openFilm),
  ...seatScreens,
  ...checkoutScreens,
  ...moreScreens,
};
