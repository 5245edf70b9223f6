import type { Element } from '../../src/virtual/app-model';
import { button, reset, set } from '../model-parts';

/** Fernbank's own builders; the shared ones come from `../model-parts`. */

export const NOTICES = { card_notice: '', payees_notice: '', pay_notice: '' };

const TABS = [
  { id: 'tab-accounts', label: 'Accounts', screen: 'accounts', extra: {} },
  { id: 'tab-transfer', label: 'Transfer', screen: 'transfer', extra: { amount: '', tx_reference: '', tx_error: '' } },
  { id: 'tab-payments', label: 'Payments', screen: 'payees', extra: {} },
  { id: 'tab-cards', label: 'Cards', screen: 'cards', extra: {} },
  { id: 'tab-profile', label: 'Profile', screen: 'profile', extra: {} },
] as const;

export const tabRow = (): Element[] =>
  TABS.map((tab) => button(tab.id, tab.label, [set({ ...NOTICES, ...tab.extra }), reset(tab.screen)], 'link'));
