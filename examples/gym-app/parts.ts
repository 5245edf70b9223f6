import type { Action, Element } from '../../src/virtual/app-model';
import { button, each, is, reset, set } from '../model-parts';
import { GOALS, SEED_WAIT_PLACE, SLOTS, WORKOUTS, dayOf, type GymClass } from './data';

/**
 * Pulsefit's own builders; the shared ones come from `../model-parts`. No arithmetic: a count moves
 * through its values case by case, and a class's lines are written out for each of its states.
 */

/** Messages that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { list_msg: '', workouts_msg: '', profile_msg: '' };

const TABS = [
  { id: 'tab-classes', label: 'Classes', screen: 'classes', extra: { day: 'thu' } },
  { id: 'tab-bookings', label: 'Bookings', screen: 'bookings', extra: {} },
  { id: 'tab-workouts', label: 'Workouts', screen: 'workouts', extra: {} },
  { id: 'tab-profile', label: 'Profile', screen: 'profile', extra: {} },
] as const;

/** The tab bar at the foot of the main screens. */
export const tabBar = (): Element[] => [
  { type: 'divider', id: 'tab-bar' },
  ...TABS.map((tab) => button(tab.id, tab.label, [set({ ...TAB_NOTICES, ...tab.extra }), reset(tab.screen)], 'link')),
];

/** A small secondary button, as the app draws chips and steppers. */
export const chip = (id: string, label: string, action: Action[], extra: Partial<Element> = {}): Element =>
  ({ type: 'button', id, label, style: 'secondary', size: 'small', action, ...extra }) as Element;

/** A − or + button of a stepper. */
export const stepperButton = (id: string, sign: '−' | '+', name: string, action: Action[]): Element =>
  ({ type: 'button', id, label: sign, accessibilityLabel: name, style: 'secondary', size: 'small', action }) as Element;

/** Moves `v` one place along `values` (`delta` −1 or +1); it stays put at either end. */
export function stepAlong(v: string, values: readonly number[], delta: 1 | -1): Action[] {
  return [
    set({ [`key_${v}`]: `{{${v}}}` }),
    ...each(
      values.flatMap((n, i) => {
        const to = values[i + delta];
        return to === undefined ? [] : [[is(`key_${v}`, String(n)), [set({ [v]: to })]]];
      }),
    ),
  ];
}

/** Adds one to (or takes one from) the whole number `v`, kept between `min` and `max`. */
export const count = (v: string, delta: 1 | -1, min: number, max: number) =>
  stepAlong(
    v,
    Array.from({ length: max - min + 1 }, (_, k) => min + k),
    delta,
  );

const spaces = (n: number) => (n === 0 ? 'Full' : n === 1 ? '1 space left' : `${n} spaces left`);

export type ClassState = 'none' | 'booked' | 'waitlist';

/**
 * A class's lines in one state: `sl` its spaces on the class screen, `row` its timetable row's second
 * line, `st` the member's status on the class screen, `bs` its My bookings row's second line.
 * `place` is the member's place on the waitlist.
 */
export function classVars(c: GymClass, state: ClassState, place = c.waiting + 1): Record<string, string> {
  const head = `${c.minutes} min · ${c.studio}`;
  const when = `${dayOf(c).short} · ${c.time}`;
  const v = (sl: string, row: string, st: string, bs: string) => ({
    [`bk_${c.id}`]: state,
    [`sl_${c.id}`]: sl,
    [`row_${c.id}`]: `${head} · ${row}`,
    [`st_${c.id}`]: st,
    [`bs_${c.id}`]: bs,
  });
  if (state === 'booked') return v(spaces(c.left - 1), 'Booked', 'You’re booked in', `${when} · Booked`);
  if (state === 'waitlist') {
    const total = c.waiting + 1;
    return v(
      `Full · ${total} on the waitlist`,
      `Waitlist, number ${place}`,
      `You’re number ${place} on the waitlist`,
      `${when} · Waitlist, number ${place}`,
    );
  }
  return c.left > 0
    ? v(spaces(c.left), spaces(c.left), '', '')
    : v(`Full · ${c.waiting} on the waitlist`, 'Full, join the waitlist', '', '');
}

/** A class's lines as the app is installed. */
export const seedVars = (c: GymClass) =>
  classVars(c, c.seed ?? 'none', c.seed === 'waitlist' ? SEED_WAIT_PLACE : undefined);

const goalLine = (done: number, goal: number) =>
  done >= goal ? 'Goal reached this week. Nice work!' : `${goal - done} more to reach your goal`;

/** The most workouts a week can hold: those logged this week plus the app's slots. */
export const MAX_DONE = WORKOUTS.filter((w) => w.week).length + SLOTS.length;

/** Writes `goal_line` from the workouts done this week and the weekly goal. */
export const writeGoalLine: Action[] = [
  set({ key_goal: '{{wk_done}}|{{goal}}' }),
  ...each(
    Array.from({ length: MAX_DONE + 1 }, (_, done) =>
      GOALS.map((g): [ReturnType<typeof is>, Action[]] => [
        is('key_goal', `${done}|${g}`),
        [set({ goal_line: goalLine(done, g) })],
      ]),
    ).flat(),
  ),
];

export const initialGoalLine = (done: number, goal: number) => goalLine(done, goal);
