import type { Screen } from '../../src/virtual/app-model';
import { basketScreens } from './screens-basket';
import { menuScreens, openDish, openRestaurant } from './screens-menu';
import { moreScreens } from './screens-more';
import { searchScreen } from './search';

/** Forkly's screens, in the order the app's model lists them. */
export const foodScreens: Record<string, Screen> = {
  signin: moreScreens.signin!,
  ...menuScreens,
  search: searchScreen((h) => (h.dish ? openDish(h.rest, h.dish) : openRestaurant(h.rest))),
  ...basketScreens,
  ...moreScreens,
};
