import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  back,
  button,
  choose,
  each,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import { SCENES, SCHEDULES, TIMES, WEEKDAYS } from './data';
import { chip } from './parts';

/** Schedules: the list, one schedule (with Delete), and adding a schedule. */

/** Schedules added in the app go to these slots, in turn. */
const SLOTS = ['n1', 'n2'] as const;
const day = (d: string) => `d_${d.toLowerCase()}`;

const openSchedule = (id: string, name: string, time: string, days: string, scene: string): Action[] => [
  set({ sd: id, sd_name: name, sd_time: time, sd_days: days, sd_scene: scene, sched_msg: '' }),
  go('schedule'),
];

const schedules: Screen = {
  title: 'Schedules',
  elements: [
    notice('schedules-message', 'sched_msg', 'success'),
    text('schedules-hint', 'Scenes that run by themselves at a set time.', 'caption'),
    ...SCHEDULES.map(
      (s): Element => ({
        type: 'list',
        id: 'schedule-list',
        visibleIf: is(`sch_${s.id}`, true),
        items: [
          {
            id: `schedule-${s.id}`,
            title: s.name,
            subtitle: `${s.time} · ${s.days} · ${s.scene}`,
            action: openSchedule(s.id, s.name, s.time, s.days, s.scene),
          },
        ],
      }),
    ),
    ...SLOTS.map(
      (n): Element => ({
        type: 'list',
        id: 'schedule-list',
        visibleIf: is(`${n}_used`, true),
        items: [
          {
            id: `schedule-${n}`,
            title: `{{${n}_name}}`,
            subtitle: `{{${n}_time}} · {{${n}_days}} · {{${n}_scene}}`,
            action: openSchedule(n, `{{${n}_name}}`, `{{${n}_time}}`, `{{${n}_days}}`, `{{${n}_scene}}`),
          },
        ],
      }),
    ),
    {
      ...text('no-schedules', 'No schedules yet', 'headline'),
      visibleIf: all(
        ...SCHEDULES.map((s) => is(`sch_${s.id}`, false)),
        ...SLOTS.map((n) => not(is(`${n}_used`, true))),
      ),
    },
    button(
      'add-schedule',
      'Add schedule',
      [
        set({
          as_name: '',
          as_time: '',
          as_scene: SCENES[0]!.name,
          as_days: '',
          as_error: '',
          sched_msg: '',
          ...Object.fromEntries(WEEKDAYS.map((d) => [day(d), false])),
        }),
        go('add-schedule'),
      ],
      'primary',
    ),
  ],
};

const deleteSchedule: Action = {
  alert: {
    title: 'Delete “{{sd_name}}”?',
    message: 'It won’t run again. This can’t be undone.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
      {
        label: 'Delete',
        id: 'alert-delete',
        style: 'destructive',
        action: [
          ...each(SCHEDULES.map((s) => [is('sd', s.id), [set({ [`sch_${s.id}`]: false })]])),
          ...each(SLOTS.map((n) => [is('sd', n), [set({ [`${n}_used`]: false })]])),
          set({ sched_msg: '“{{sd_name}}” was deleted' }),
          back,
        ],
      },
    ],
  },
};

const schedule: Screen = {
  title: '{{sd_name}}',
  elements: [
    text('schedule-time-label', 'Time', 'caption'),
    text('schedule-time', '{{sd_time}}', 'title'),
    text('schedule-days-label', 'Repeats', 'caption'),
    text('schedule-days', '{{sd_days}}', 'body'),
    text('schedule-scene-label', 'Runs scene', 'caption'),
    text('schedule-scene', '{{sd_scene}}', 'body'),
    button('delete-schedule', 'Delete schedule', [deleteSchedule], 'destructive'),
  ],
};

/** Writes `as_days` from the weekday chips: "Mon, Wed, Fri", or Weekdays, Weekends, Every day. */
const writeDays: Action[] = [
  set({ as_days: '' }),
  ...WEEKDAYS.map(
    (d): Action => ({
      if: is(day(d), true),
      then: [{ if: empty('as_days'), then: [set({ as_days: d })], else: [set({ as_days: `{{as_days}}, ${d}` })] }],
    }),
  ),
  ...each([
    [is('as_days', WEEKDAYS.join(', ')), [set({ as_days: 'Every day' })]],
    [is('as_days', WEEKDAYS.slice(0, 5).join(', ')), [set({ as_days: 'Weekdays' })]],
    [is('as_days', 'Sat, Sun'), [set({ as_days: 'Weekends' })]],
  ]),
];

const saveSchedule: Action[] = validate(
  'as_error',
  [
    [empty('as_name'), 'Give your schedule a name'],
    [empty('as_time'), 'Choose a time'],
    [empty('as_days'), 'Pick at least one day'],
    [all(...SLOTS.map((n) => is(`${n}_used`, true))), 'You can add up to 2 schedules of your own. Delete one first.'],
  ],
  choose(
    SLOTS.map((n) => [
      not(is(`${n}_used`, true)),
      [
        set({
          [`${n}_used`]: true,
          [`${n}_name`]: '{{as_name}}',
          [`${n}_time`]: '{{as_time}}',
          [`${n}_days`]: '{{as_days}}',
          [`${n}_scene`]: '{{as_scene}}',
          sched_msg: 'Schedule “{{as_name}}” added',
        }),
        back,
      ],
    ]),
  ),
);

const addSchedule: Screen = {
  title: 'Add schedule',
  elements: [
    input('schedule-name', 'as_name', 'Name', { placeholder: 'e.g. Bedtime', maxLength: 30 }),
    text('time-heading', 'Time', 'headline'),
    ...TIMES.map((t) => chip(`time-${t.replace(':', '')}`, t, [set({ as_time: t })])),
    { ...text('time-selected', 'At {{as_time}}', 'caption'), visibleIf: filled('as_time') },
    text('days-heading', 'Repeat on', 'headline'),
    ...WEEKDAYS.map((d) => chip(`day-${d.toLowerCase()}`, d, [{ toggle: day(d) }, ...writeDays])),
    { ...text('days-selected', 'Repeats: {{as_days}}', 'caption'), visibleIf: filled('as_days') },
    { ...text('days-selected', 'No days chosen', 'caption'), visibleIf: empty('as_days') },
    text('scene-heading', 'Scene', 'headline'),
    ...SCENES.map((s) => chip(`as-scene-${s.id}`, s.name, [set({ as_scene: s.name })])),
    text('scene-selected', 'Runs {{as_scene}}', 'caption'),
    toggle('schedule-notify', 'as_notify', 'Notify me when it runs'),
    notice('schedule-error', 'as_error', 'error'),
    button('save-schedule', 'Save schedule', saveSchedule, 'primary'),
  ],
};

export const scheduleScreens: Record<string, Screen> = { schedules, schedule, 'add-schedule': addSchedule };
