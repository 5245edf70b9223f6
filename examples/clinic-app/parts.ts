import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { all, button, choose, is, reset, set } from '../model-parts';
import { DAYS, SLOTS, TIMES } from './data';

/** Carewell's own builders; the shared ones come from `../model-parts`. */

/** Notices that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { appts_notice: '', home_notice: '', profile_notice: '', rx_notice: '' };

const TABS = [
  { id: 'tab-home', label: 'Home', screen: 'home', extra: {} },
  { id: 'tab-appointments', label: 'Appointments', screen: 'appointments', extra: { seg: 'upcoming' } },
  { id: 'tab-book', label: 'Book', screen: 'book', extra: {} },
  { id: 'tab-prescriptions', label: 'Prescriptions', screen: 'prescriptions', extra: {} },
  { id: 'tab-profile', label: 'Profile', screen: 'profile', extra: {} },
] as const;

export const tabRow = (): Element[] =>
  TABS.map((tab) => button(tab.id, tab.label, [set({ ...TAB_NOTICES, ...tab.extra }), reset(tab.screen)], 'link'));

/** Adds `delta` (±1) to a small whole-number variable kept between 0 and `max`. */
export function step(v: string, delta: 1 | -1, max: number): Action[] {
  const from = Array.from({ length: max + 1 }, (_, k) => k).filter((k) => k + delta >= 0 && k + delta <= max);
  return choose(from.map((k) => [is(v, k), [set({ [v]: k + delta })]]));
}

/** The appointments in the order Upcoming lists them: by day, then by time (two at once: by slot). */
export const UPCOMING_ORDER = DAYS.flatMap((d) => TIMES.flatMap((time) => SLOTS.map((n) => ({ day: d.key, time, n }))));

/** Whether slot n holds an upcoming appointment at this place in the order. */
export const inPlace = ({ day, time, n }: { day: string; time: string; n: number }): Condition =>
  all(is(`s${n}_active`, true), is(`s${n}_day`, day), is(`s${n}_time`, time));

/**
 * Home's "Next appointment" card: the first upcoming appointment, if there is one. The cases are
 * side by side in reverse order, so the last that holds, the earliest, is the one that stays.
 */
export const refreshNext: Action[] = [
  set({ next_slot: 0 }),
  ...[...UPCOMING_ORDER].reverse().map(
    (place): Action => ({
      if: inPlace(place),
      then: [
        set({
          next_slot: place.n,
          next_doctor: `{{s${place.n}_doctor}}`,
          next_specialty: `{{s${place.n}_specialty}}`,
          next_when: `{{s${place.n}_date}} at {{s${place.n}_time}}`,
          next_where: `{{s${place.n}_type}} · {{s${place.n}_clinic}}`,
        }),
      ],
    }),
  ),
];

const SLOT_FIELDS = ['doctor', 'specialty', 'clinic', 'day', 'date', 'time', 'type', 'reason', 'ref'] as const;

/** Loads slot n into the appointment on screen (`v_…`). */
export const loadSlot = (n: number): Action[] => [
  set({ v_slot: n, ...Object.fromEntries(SLOT_FIELDS.map((f) => [`v_${f}`, `{{s${n}_${f}}}`])) }),
];

/** A row of small buttons, one per day the clinics offer, that choose the day into `dayVar`/`dateVar`. */
export const dayChips = (dayVar: string, dateVar: string, errorVar: string): Element[] =>
  DAYS.map((d, i) => ({
    type: 'button',
    id: `day-${i + 1}`,
    label: d.label,
    style: 'secondary',
    size: 'small',
    action: [set({ [dayVar]: d.key, [dateVar]: d.label, [errorVar]: '' })],
  }));

/** A row of small buttons, one per appointment time, that choose the time into `timeVar`. */
export const timeChips = (timeVar: string, errorVar: string): Element[] =>
  TIMES.map((t) => ({
    type: 'button',
    id: `time-${t.replace(':', '')}`,
    label: t,
    style: 'secondary',
    size: 'small',
    action: [set({ [timeVar]: t, [errorVar]: '' })],
  }));
