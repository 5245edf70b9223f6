import { type Walk, absent, back, off, on, screen, shows, tap, type } from '../../../walks/ops';
import { EMAIL, PASSWORD, signIn, times, toWorkouts } from './flows';

/** Cases 62–68: the weekly goal. */
export const goalWalks: Walk[] = [
  {
    name: 'Weekly goal screen',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
    ],
    assertions: [
      [shows('goal-hint', 'How many workouts do you want to do each week?')],
      [shows('goal-value', '4 workouts a week')],
      [shows('goal-range', 'From 1 to 7. Most members aim for 3 or 4.')],
      [shows('goal-remind', 'Remind me on Sunday if I’m behind'), on('goal-remind')],
      [shows('save-goal', 'Save goal')],
    ],
  },
  {
    name: 'Raise the weekly goal to 5',
    steps: [signIn, toWorkouts, [tap('change-goal'), screen('Weekly goal')], [tap('goal-plus')], [tap('save-goal')]],
    assertions: [
      [screen('Workouts'), shows('workouts-message', 'Weekly goal set to 5 workouts')],
      [shows('goal-progress', '3 of 5 workouts this week')],
      [shows('goal-status', '2 more to reach your goal')],
    ],
  },
  {
    name: 'Lower the weekly goal to 3',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
      [tap('goal-minus')],
      [shows('goal-value', '3 workouts a week')],
      [tap('save-goal')],
    ],
    assertions: [
      [shows('workouts-message', 'Weekly goal set to 3 workouts')],
      [shows('goal-progress', '3 of 3 workouts this week')],
      [shows('goal-status', 'Goal reached this week. Nice work!')],
    ],
  },
  {
    name: 'Weekly goal stops at 1',
    steps: [
      signIn,
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
      times(3, 'goal-minus'),
      [shows('goal-value', '1 workout a week')],
      [tap('goal-minus')],
    ],
    assertions: [[shows('goal-value', '1 workout a week')]],
  },
  {
    name: 'Weekly goal stops at 7',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
      times(3, 'goal-plus'),
      [shows('goal-value', '7 workouts a week')],
      times(2, 'goal-plus'),
      [shows('goal-value', '7 workouts a week')],
      [tap('save-goal')],
    ],
    assertions: [
      [shows('workouts-message', 'Weekly goal set to 7 workouts')],
      [shows('goal-progress', '3 of 7 workouts this week')],
      [shows('goal-status', '4 more to reach your goal')],
    ],
  },
  {
    name: 'Going back without saving keeps the old goal',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
      times(2, 'goal-plus'),
      [back, screen('Workouts')],
    ],
    assertions: [
      [shows('goal-progress', '3 of 4 workouts this week')],
      [shows('goal-status', '1 more to reach your goal')],
      [absent('workouts-message')],
    ],
  },
  {
    name: 'A saved goal and reminder switch stick',
    steps: [
      signIn,
      toWorkouts,
      [tap('change-goal'), screen('Weekly goal')],
      [tap('goal-plus')],
      [tap('goal-remind'), off('goal-remind')],
      [tap('save-goal'), screen('Workouts')],
      [tap('change-goal'), screen('Weekly goal')],
    ],
    assertions: [[shows('goal-value', '5 workouts a week')], [off('goal-remind')]],
  },
];
