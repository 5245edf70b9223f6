import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  notSee,
  nthRow,
  screen,
  shows,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, deleteIt, logWorkout, signIn, times, toWorkouts, value, workoutRow } from './flows';

/** The goal's count and the line under it. */
const goal = (count: string, line: string) => [
  shows('goal-progress', `${count} workouts this week`),
  shows('goal-status', line),
];

const TYPES = ['Run', 'Cycle', 'Strength', 'Yoga', 'Swim', 'HIIT'];
const TWO_A_DAY = 'You’ve logged 2 workouts today, the most for one day.';

/** Cases 43–61: the workout log, a workout, and logging one. */
export const workoutsWalks: Walk[] = [
  {
    name: 'Workouts screen as first installed',
    steps: [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in'), screen('Classes')], toWorkouts],
    assertions: [
      [shows('goal-progress', '3 of 4 workouts this week')],
      [shows('goal-status', '1 more to reach your goal')],
      [shows('log-workout', 'Log a workout'), shows('change-goal', 'Change weekly goal')],
      [
        shows('week-heading', 'This week'),
        nthRow('workout-', 1, 'Strength'),
        nthRow('workout-', 2, 'Run'),
        nthRow('workout-', 3, 'Yoga'),
        ...workoutRow('wed', 'Strength', 'Wed 11 June · 45 min'),
        ...workoutRow('tue', 'Run', 'Tue 10 June · 30 min'),
        ...workoutRow('mon', 'Yoga', 'Mon 9 June · 60 min'),
      ],
      [
        shows('earlier-heading', 'Earlier'),
        nthRow('workout-', 4, 'Swim'),
        nthRow('workout-', 5, 'Cycle'),
        ...workoutRow('sun', 'Swim', 'Sun 8 June · 40 min'),
        ...workoutRow('fri', 'Cycle', 'Fri 6 June · 50 min'),
      ],
    ],
  },
  {
    name: 'Details of a workout this week',
    steps: [signIn, toWorkouts, [tap('workout-tue')]],
    assertions: [
      [screen('Run')],
      [value('workout-when', 'Tuesday 10 June')],
      [value('workout-duration', '30 minutes')],
      [shows('workout-notes', 'Easy 5k along the river')],
      [shows('workout-week', 'Counts towards this week’s goal')],
      [shows('delete-workout', 'Delete workout')],
    ],
  },
  {
    name: 'A workout without notes',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('workout-mon'), screen('Yoga')],
    ],
    assertions: [
      [value('workout-when', 'Monday 9 June'), value('workout-duration', '60 minutes')],
      [shows('workout-notes', 'No notes')],
    ],
  },
  {
    name: 'A workout from before this week',
    steps: [signIn, toWorkouts, [tap('workout-sun')]],
    assertions: [
      [screen('Swim'), value('workout-when', 'Sunday 8 June')],
      [value('workout-duration', '40 minutes')],
      [shows('workout-notes', '40 lengths')],
      [shows('workout-week', 'Logged before this week')],
    ],
  },
  {
    name: 'Delete workout, then cancel',
    steps: [
      signIn,
      toWorkouts,
      [tap('workout-tue'), screen('Run')],
      [tap('delete-workout')],
      [alert('Delete this workout?'), alertSays('Run on Tuesday 10 June, 30 minutes. This can’t be undone.')],
      [tap('alert-cancel'), alert(null)],
      [back, screen('Workouts')],
    ],
    assertions: [[shows('workout-tue', 'Run')], [shows('goal-progress', '3 of 4 workouts this week')]],
  },
  {
    name: 'Delete a workout from this week',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('workout-tue'), screen('Run')],
      [tap('delete-workout')],
      [tap('alert-delete')],
    ],
    assertions: [
      [screen('Workouts'), shows('workouts-message', 'Workout deleted')],
      [absent('workout-tue'), notSee('Run')],
      [shows('goal-progress', '2 of 4 workouts this week')],
      [shows('goal-status', '2 more to reach your goal')],
    ],
  },
  {
    name: 'Deleting an earlier workout does not change the count',
    steps: [signIn, toWorkouts, [tap('workout-fri'), screen('Cycle')], deleteIt],
    assertions: [
      [shows('workouts-message', 'Workout deleted')],
      [absent('workout-fri'), shows('workout-sun', 'Swim')],
      goal('3 of 4', '1 more to reach your goal'),
    ],
  },
  {
    name: 'No workouts left this week',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('workout-wed'), screen('Strength'), ...deleteIt],
      [tap('workout-tue'), screen('Run'), ...deleteIt],
      [tap('workout-mon'), screen('Yoga'), ...deleteIt],
    ],
    assertions: [
      [shows('goal-progress', '0 of 4 workouts this week')],
      [shows('goal-status', '4 more to reach your goal')],
      [shows('no-workouts', 'No workouts logged this week')],
      [shows('workout-sun', 'Swim'), shows('workout-fri', 'Cycle')],
    ],
  },
  {
    name: 'Log a workout screen defaults',
    steps: [signIn, toWorkouts, [tap('log-workout'), screen('Log a workout')]],
    assertions: [
      TYPES.map((t) => shows(`type-${t.toLowerCase()}`, t)),
      [shows('type-selected', 'No type chosen')],
      [shows('duration-value', '30 min')],
      [shows('duration-hint', 'From 5 to 180 minutes, in steps of 5.')],
      [shows('workout-notes-field', '')],
      [shows('save-workout', 'Save workout')],
    ],
  },
  {
    name: 'Saving a workout without a type',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('log-workout'), screen('Log a workout')],
      [tap('save-workout')],
    ],
    assertions: [[shows('log-error', 'Choose a workout type')], [screen('Log a workout')]],
  },
  {
    name: 'Choosing a workout type',
    steps: [
      signIn,
      toWorkouts,
      [tap('log-workout'), screen('Log a workout')],
      [tap('type-cycle')],
      [shows('type-selected', 'Type: Cycle')],
      [tap('type-hiit')],
    ],
    assertions: [[shows('type-selected', 'Type: HIIT')], [notSee('No type chosen')]],
  },
  {
    name: 'Duration stops at 5 minutes',
    steps: [
      signIn,
      toWorkouts,
      [tap('log-workout'), screen('Log a workout')],
      times(5, 'duration-minus'),
      [shows('duration-value', '5 min')],
      times(2, 'duration-minus'),
    ],
    assertions: [[shows('duration-value', '5 min')]],
  },
  {
    name: 'Duration stops at 180 minutes',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('log-workout'), screen('Log a workout')],
      times(30, 'duration-plus'),
      [shows('duration-value', '180 min')],
      [tap('duration-plus')],
    ],
    assertions: [[shows('duration-value', '180 min')]],
  },
  {
    name: 'Log a swim and reach the weekly goal',
    steps: [
      signIn,
      toWorkouts,
      [tap('log-workout'), screen('Log a workout')],
      [tap('type-swim')],
      [tap('duration-plus')],
      [type('workout-notes-field', 'Intervals, 20 lengths')],
      [tap('save-workout')],
    ],
    assertions: [
      [screen('Workouts'), shows('workouts-message', 'Swim logged · 35 min')],
      [firstRow('workout-', 'Swim'), ...workoutRow('n1', 'Swim', 'Today · 35 min')],
      [shows('goal-progress', '4 of 4 workouts this week')],
      [shows('goal-status', 'Goal reached this week. Nice work!')],
    ],
  },
  {
    name: "A logged workout's details",
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [...logWorkout('Strength', times(2, 'duration-plus'), 'Upper body'), screen('Workouts')],
      [firstRow('workout-', 'Strength'), tap('workout-n1'), screen('Strength')],
    ],
    assertions: [
      [value('workout-when', 'Today')],
      [value('workout-duration', '40 minutes')],
      [shows('workout-notes', 'Upper body')],
      [shows('workout-week', 'Counts towards this week’s goal')],
    ],
  },
  {
    name: 'Logging past the goal keeps counting',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      logWorkout('Yoga'),
      [shows('workouts-message', 'Yoga logged · 30 min'), shows('goal-progress', '4 of 4 workouts this week')],
      logWorkout('Run', times(2, 'duration-minus')),
    ],
    assertions: [
      [shows('workouts-message', 'Run logged · 20 min')],
      [shows('goal-progress', '5 of 4 workouts this week')],
      [shows('goal-status', 'Goal reached this week. Nice work!')],
      [
        nthRow('workout-', 1, 'Run'),
        nthRow('workout-', 2, 'Yoga'),
        nthRow('workout-', 3, 'Strength'),
        ...workoutRow('n2', 'Run', 'Today · 20 min'),
        ...workoutRow('n1', 'Yoga', 'Today · 30 min'),
      ],
    ],
  },
  {
    name: 'A third workout in one day is refused',
    steps: [
      signIn,
      toWorkouts,
      [...logWorkout('Swim'), screen('Workouts')],
      [...logWorkout('Cycle'), screen('Workouts')],
      [tap('log-workout'), screen('Log a workout')],
      [tap('type-hiit')],
      [tap('save-workout')],
    ],
    assertions: [[shows('log-error', TWO_A_DAY)], [screen('Log a workout')]],
  },
  {
    name: "Deleting today's workout makes room for another",
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [...logWorkout('Swim'), screen('Workouts')],
      [...logWorkout('Cycle'), screen('Workouts')],
      [...logWorkout('HIIT'), shows('log-error', TWO_A_DAY)],
      [back, screen('Workouts')],
      [shows('workout-n2', 'Cycle'), tap('workout-n2'), screen('Cycle')],
      deleteIt,
      [tap('log-workout'), screen('Log a workout')],
      [tap('type-hiit')],
      [tap('save-workout')],
    ],
    assertions: [
      [shows('workouts-message', 'HIIT logged · 30 min')],
      [shows('goal-progress', '5 of 4 workouts this week')],
    ],
  },
  {
    name: 'Leaving Log a workout without saving adds nothing',
    steps: [
      signIn,
      [tap('tab-workouts'), screen('Workouts')],
      [tap('log-workout'), screen('Log a workout')],
      [tap('type-run'), ...times(2, 'duration-plus')],
      [back, screen('Workouts')],
    ],
    assertions: [[shows('goal-progress', '3 of 4 workouts this week')], [firstRow('workout-', 'Strength')]],
  },
];
