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
  row,
  set,
  text,
  toggle,
  validate,
} from '../model-parts';
import { GOALS, MINUTES, SLOTS, WORKOUTS, WORKOUT_TYPES } from './data';
import { MAX_DONE, chip, count, stepAlong, stepperButton, tabBar, writeGoalLine } from './parts';

/** Workouts: the weekly goal and the log, logging a workout, one workout (with Delete), the goal. */

const openWorkout = (id: string, type: string, when: string, min: string, notes: string, week: boolean): Action[] => [
  set({ w_id: id, w_type: type, w_when: when, w_min: min, w_notes: notes, w_week: week, workouts_msg: '' }),
  go('workout'),
];

const slotList = (n: (typeof SLOTS)[number]): Element => ({
  type: 'list',
  id: 'workout-list',
  visibleIf: is(`${n}_used`, true),
  items: [
    {
      id: `workout-${n}`,
      title: `{{${n}_type}}`,
      subtitle: `Today · {{${n}_min}} min`,
      action: openWorkout(n, `{{${n}_type}}`, 'Today', `{{${n}_min}} minutes`, `{{${n}_notes}}`, true),
    },
  ],
});

const seededList = (w: (typeof WORKOUTS)[number]): Element => ({
  type: 'list',
  id: w.week ? 'workout-list' : 'earlier-list',
  visibleIf: is(`wk_${w.id}`, true),
  items: [
    {
      id: `workout-${w.id}`,
      title: w.type,
      subtitle: `${w.when} · ${w.min} min`,
      action: openWorkout(w.id, w.type, w.long, `${w.min} minutes`, w.notes, w.week),
    },
  ],
});

const workouts: Screen = {
  title: 'Workouts',
  elements: [
    notice('workouts-message', 'workouts_msg', 'success'),
    text('goal-progress', '{{wk_done}} of {{goal}} workouts this week', 'title'),
    text('goal-status', '{{goal_line}}', 'caption'),
    button(
      'log-workout',
      'Log a workout',
      [set({ lw_type: '', lw_min: 30, lw_notes: '', lw_error: '', workouts_msg: '' }), go('log-workout')],
      'primary',
    ),
    button(
      'change-goal',
      'Change weekly goal',
      [...each(GOALS.map((g) => [is('goal', g), [set({ g_pick: g })]])), set({ workouts_msg: '' }), go('goal')],
      'secondary',
    ),
    text('week-heading', 'This week', 'headline'),
    ...[...SLOTS].reverse().map(slotList),
    ...WORKOUTS.filter((w) => w.week).map(seededList),
    { ...text('no-workouts', 'No workouts logged this week', 'body'), visibleIf: is('wk_done', 0) },
    text('earlier-heading', 'Earlier', 'headline'),
    ...WORKOUTS.filter((w) => !w.week).map(seededList),
    ...tabBar(),
  ],
};

const deleteWorkout: Action = {
  alert: {
    title: 'Delete this workout?',
    message: '{{w_type}} on {{w_when}}, {{w_min}}. This can’t be undone.',
    buttons: [
      { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
      {
        label: 'Delete',
        id: 'alert-delete',
        style: 'destructive',
        action: [
          ...each(WORKOUTS.map((w) => [is('w_id', w.id), [set({ [`wk_${w.id}`]: false })]])),
          {
            if: is('w_id', 'n1'),
            then: [
              {
                if: is('n2_used', true),
                then: [set({ n1_type: '{{n2_type}}', n1_min: '{{n2_min}}', n1_notes: '{{n2_notes}}', n2_used: false })],
                else: [set({ n1_used: false })],
              },
            ],
          },
          { if: is('w_id', 'n2'), then: [set({ n2_used: false })] },
          { if: is('w_week', true), then: [...count('wk_done', -1, 0, MAX_DONE), ...writeGoalLine] },
          set({ workouts_msg: 'Workout deleted' }),
          back,
        ],
      },
    ],
  },
};

const workout: Screen = {
  title: '{{w_type}}',
  elements: [
    ...row('workout-when', 'When', '{{w_when}}'),
    ...row('workout-duration', 'Duration', '{{w_min}}'),
    text('workout-notes-label', 'Notes', 'caption'),
    { ...text('workout-notes', '{{w_notes}}', 'body'), visibleIf: filled('w_notes') },
    { ...text('workout-notes', 'No notes', 'body'), visibleIf: empty('w_notes') },
    { ...text('workout-week', 'Counts towards this week’s goal', 'caption'), visibleIf: is('w_week', true) },
    { ...text('workout-week', 'Logged before this week', 'caption'), visibleIf: is('w_week', false) },
    button('delete-workout', 'Delete workout', [deleteWorkout], 'destructive'),
  ],
};

const saveWorkout: Action[] = validate(
  'lw_error',
  [
    [empty('lw_type'), 'Choose a workout type'],
    [all(...SLOTS.map((n) => is(`${n}_used`, true))), 'You’ve logged 2 workouts today, the most for one day.'],
  ],
  [
    ...choose(
      SLOTS.map((n) => [
        not(is(`${n}_used`, true)),
        [
          set({
            [`${n}_used`]: true,
            [`${n}_type`]: '{{lw_type}}',
            [`${n}_min`]: '{{lw_min}}',
            [`${n}_notes`]: '{{lw_notes}}',
          }),
        ],
      ]),
    ),
    ...count('wk_done', 1, 0, MAX_DONE),
    ...writeGoalLine,
    set({ workouts_msg: '{{lw_type}} logged · {{lw_min}} min' }),
    back,
  ],
);

const logWorkout: Screen = {
  title: 'Log a workout',
  elements: [
    text('type-heading', 'Type', 'headline'),
    ...WORKOUT_TYPES.map((t) => chip(`type-${t.toLowerCase()}`, t, [set({ lw_type: t, lw_error: '' })])),
    { ...text('type-selected', 'Type: {{lw_type}}', 'caption'), visibleIf: filled('lw_type') },
    { ...text('type-selected', 'No type chosen', 'caption'), visibleIf: empty('lw_type') },
    text('duration-heading', 'Duration', 'headline'),
    stepperButton('duration-minus', '−', 'Shorter', stepAlong('lw_min', MINUTES, -1)),
    text('duration-value', '{{lw_min}} min', 'title'),
    stepperButton('duration-plus', '+', 'Longer', stepAlong('lw_min', MINUTES, 1)),
    text('duration-hint', 'From 5 to 180 minutes, in steps of 5.', 'caption'),
    input('workout-notes-field', 'lw_notes', 'Notes', { placeholder: 'How did it go?', maxLength: 140 }),
    notice('log-error', 'lw_error', 'error'),
    button('save-workout', 'Save workout', saveWorkout, 'primary'),
  ],
};

const goal: Screen = {
  title: 'Weekly goal',
  elements: [
    text('goal-hint', 'How many workouts do you want to do each week?', 'body'),
    stepperButton('goal-minus', '−', 'Fewer workouts', stepAlong('g_pick', GOALS, -1)),
    { ...text('goal-value', '1 workout a week', 'title'), visibleIf: is('g_pick', 1) },
    { ...text('goal-value', '{{g_pick}} workouts a week', 'title'), visibleIf: not(is('g_pick', 1)) },
    stepperButton('goal-plus', '+', 'More workouts', stepAlong('g_pick', GOALS, 1)),
    text('goal-range', 'From 1 to 7. Most members aim for 3 or 4.', 'caption'),
    toggle('goal-remind', 'goal_remind', 'Remind me on Sunday if I’m behind'),
    button(
      'save-goal',
      'Save goal',
      [
        ...each(GOALS.map((g) => [is('g_pick', g), [set({ goal: g })]])),
        ...writeGoalLine,
        {
          if: is('goal', 1),
          then: [set({ workouts_msg: 'Weekly goal set to 1 workout' })],
          else: [set({ workouts_msg: 'Weekly goal set to {{goal}} workouts' })],
        },
        back,
      ],
      'primary',
    ),
  ],
};

export const workoutScreens: Record<string, Screen> = { workouts, 'log-workout': logWorkout, workout, goal };
