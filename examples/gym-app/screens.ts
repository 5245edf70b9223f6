import type { Screen } from '../../src/virtual/app-model';
import { accountScreens } from './screens-account';
import { classScreens } from './screens-classes';
import { workoutScreens } from './screens-workouts';

/** Pulsefit's screens, in the order the app's model lists them. */
export const gymScreens: Record<string, Screen> = {
  ...classScreens,
  ...workoutScreens,
  ...accountScreens,
};
