import type { Screen } from '../../src/virtual/app-model';
import { homeScreens } from './screens-home';
import { moreScreens } from './screens-more';
import { sceneScreens } from './screens-scenes';
import { scheduleScreens } from './screens-schedules';

/** Homely's screens, in the order the app's model lists them. */
export const homeAppScreens: Record<string, Screen> = {
  ...homeScreens,
  ...sceneScreens,
  ...scheduleScreens,
  ...moreScreens,
};
