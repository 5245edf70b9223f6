import type { Screen } from '../../src/virtual/app-model';
import { appointmentScreens } from './screens-appointments';
import { bookScreens } from './screens-book';
import { moreScreens } from './screens-more';

/** Carewell's screens, in the order the app's model lists them. */
export const clinicScreens: Record<string, Screen> = { ...appointmentScreens, ...bookScreens, ...moreScreens };
