import type { Screen } from '../../src/virtual/app-model';
import { accountScreens } from './screens-accounts';
import { moreScreens } from './screens-more';
import { transferScreens } from './screens-transfer';

/** Fernbank's screens, in the order the app's model lists them. */
export const bankScreens: Record<string, Screen> = { ...accountScreens, ...transferScreens, ...moreScreens };
