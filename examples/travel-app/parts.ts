import type { Condition, Element } from '../../src/virtual/app-model';
import { any, button, is, reset, set } from '../model-parts';

/** Wayfarer's own builders; the shared ones come from `../model-parts`. */
export * from '../model-parts';

/** The screens reached from the tab row; switching tabs starts the tab's screen afresh. */
const TABS = [
  { id: 'tab-search', label: 'Search', screen: 'home' },
  { id: 'tab-trips', label: 'My trips', screen: 'trips' },
  { id: 'tab-profile', label: 'Profile', screen: 'profile' },
] as const;

/** Notices that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { trips_notice: '', profile_notice: '', settings_notice: '', trips_view: 'upcoming' };

/** The row of tab buttons at the top of the three main screens. */
export function tabRow(): Element[] {
  return TABS.map((t) => button(t.id, t.label, [set(TAB_NOTICES), reset(t.screen)], 'link'));
}

/** Passenger n (1-based) is on the booking when the passenger count is at least n. */
export function paxAtLeast(n: number): Condition {
  const counts = [1, 2, 3, 4].filter((c) => c >= n);
  return counts.length === 1 ? is('pax', counts[0]!) : any(...counts.map((c) => is('pax', c)));
}
