import { type Walk, absent, notSee, present, rowCount, rows, screen, shows, tap, type } from '../../../walks/ops';
import {
  DAY_CHIPS,
  DAY_IDS,
  EMAIL,
  PASSWORD,
  classRow,
  day,
  openClass,
  signIn,
  toBookings,
  toClasses,
  value,
} from './flows';

const INCORRECT = 'Incorrect email or password. Check them and try again.';

/** Cases 1–16: signing in, the timetable day by day, a class's screen, and the tab bar's reset. */
export const signInClassesWalks: Walk[] = [
  {
    name: 'Sign-in screen as the app opens',
    steps: [[]],
    assertions: [
      [screen('Sign in'), shows('brand', 'Pulsefit'), shows('tagline', 'Train at any Pulsefit club.')],
      [shows('email', ''), shows('password', '')],
      [shows('sign-in', 'Sign in'), shows('forgot-password', 'Forgot password?')],
      [shows('signin-help', 'New to Pulsefit? Join at any of our clubs.')],
    ],
  },
  {
    name: 'Sign in with both fields empty',
    steps: [[], [shows('email', ''), shows('password', ''), tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Sign in with only the email filled in',
    steps: [[type('email', EMAIL)], [shows('password', ''), tap('sign-in')]],
    assertions: [
      [shows('password-error', 'Enter your password')],
      [notSee('Enter your email address')],
      [screen('Sign in'), absent('tab-classes')],
    ],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[type('email', EMAIL)], [type('password', 'pulse2025')], [tap('sign-in')]],
    assertions: [[shows('signin-error', INCORRECT)], [screen('Sign in'), present('sign-in')]],
  },
  {
    name: 'Forgot password sends a reset link',
    steps: [[type('email', EMAIL)], [tap('forgot-password')]],
    assertions: [
      [shows('signin-error', 'If that email has a Pulsefit account, we’ve sent it a reset link')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Correct details open the class timetable',
    steps: [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [
      [screen('Classes')],
      [shows('classes-hint', 'Book up to 7 days ahead. Tap a class to see it and book.')],
      [shows('day-selected', 'Thursday 12 June')],
    ],
  },
  {
    name: 'Reopening the app while signed in goes straight to Classes',
    steps: [signIn, [{ relaunch: true }]],
    assertions: [[screen('Classes'), absent('sign-in')], [shows('day-selected', 'Thursday 12 June')]],
  },
  {
    name: "Today's timetable (Thursday)",
    steps: [signIn],
    assertions: [
      DAY_IDS.map((d, i) => shows(`day-${d}`, DAY_CHIPS[i]!)),
      [shows('class-thu0700', '07:00 HIIT Blast'), classRow('thu0700', '45 min · Studio 1 · 6 spaces left')],
      [shows('class-thu1215', '12:15 Pilates Core'), classRow('thu1215', '45 min · Studio 2 · 2 spaces left')],
      [
        shows('class-thu1830', '18:30 Spin Express'),
        classRow('thu1830', '30 min · Cycle Studio · Full, join the waitlist'),
      ],
      [rowCount('class-', 3)],
    ],
  },
  {
    name: "Friday's timetable shows my existing booking",
    steps: [[type('email', EMAIL), type('password', PASSWORD)], [tap('sign-in'), screen('Classes')], [day('fri')]],
    assertions: [
      [shows('day-selected', 'Friday 13 June')],
      [shows('class-fri0700', '07:00 HIIT Blast'), classRow('fri0700', '45 min · Studio 1 · Booked')],
      [shows('class-fri1215', '12:15 Yoga Flow'), classRow('fri1215', '60 min · Studio 2 · 8 spaces left')],
      [shows('class-fri1800', '18:00 Body Pump'), classRow('fri1800', '55 min · Studio 1 · 1 space left')],
    ],
  },
  {
    name: "Saturday's timetable shows my waitlist place",
    steps: [signIn, [day('sat')]],
    assertions: [
      [shows('day-selected', 'Saturday 14 June')],
      [shows('class-sat0900', '09:00 Spin Power'), classRow('sat0900', '45 min · Cycle Studio · Waitlist, number 2')],
      [shows('class-sat1100', '11:00 Box Fit'), classRow('sat1100', '45 min · Studio 1 · 5 spaces left')],
      [shows('class-sat1600', '16:00 Stretch & Restore'), classRow('sat1600', '30 min · Studio 2 · 10 spaces left')],
    ],
  },
  {
    name: "Sunday's timetable",
    steps: [[type('email', EMAIL)], [type('password', PASSWORD)], [tap('sign-in'), screen('Classes')], [day('sun')]],
    assertions: [
      [shows('day-selected', 'Sunday 15 June')],
      [shows('class-sun0930', '09:30 Yoga Flow'), classRow('sun0930', '60 min · Studio 2 · 4 spaces left')],
      [shows('class-sun1100', '11:00 Aqua Fit'), classRow('sun1100', '45 min · Pool · 7 spaces left')],
      [shows('class-sun1700', '17:00 Body Pump'), classRow('sun1700', '55 min · Studio 1 · Full, join the waitlist')],
    ],
  },
  {
    name: 'Tuesday and Wednesday timetables',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      [day('tue')],
      [
        shows('class-tue0700', '07:00 HIIT Blast'),
        classRow('tue0700', '45 min · Studio 1 · 4 spaces left'),
        shows('class-tue1215', '12:15 Box Fit'),
        classRow('tue1215', '45 min · Studio 1 · 6 spaces left'),
        shows('class-tue1900', '19:00 Kettlebell Strength'),
        classRow('tue1900', '50 min · Studio 1 · 3 spaces left'),
      ],
      [day('wed')],
    ],
    assertions: [
      [shows('day-selected', 'Wednesday 18 June')],
      [shows('class-wed0700', '07:00 Aqua Fit'), classRow('wed0700', '45 min · Pool · 12 spaces left')],
      [shows('class-wed1215', '12:15 Stretch & Restore'), classRow('wed1215', '30 min · Studio 2 · 8 spaces left')],
      [
        shows('class-wed1830', '18:30 Spin Power'),
        classRow('wed1830', '45 min · Cycle Studio · Full, join the waitlist'),
      ],
    ],
  },
  {
    name: 'Class details for Box Fit',
    steps: [signIn, [day('sat')], openClass('sat1100', 'Box Fit')],
    assertions: [
      [screen('Box Fit')],
      [shows('class-when', 'Saturday 14 June · 11:00–11:45')],
      [
        value('class-coach', 'Dan Okafor'),
        value('class-studio', 'Studio 1'),
        value('class-duration', '45 minutes'),
        value('class-level', 'Intermediate'),
      ],
      [shows('class-spaces', '5 spaces left')],
      [shows('book-class', 'Book class')],
    ],
  },
  {
    name: 'Class details for Kettlebell Strength',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      [day('tue')],
      openClass('tue1900', 'Kettlebell Strength'),
    ],
    assertions: [
      [screen('Kettlebell Strength')],
      [shows('class-when', 'Tuesday 17 June · 19:00–19:50')],
      [value('class-coach', 'Tom Walsh')],
      [value('class-duration', '50 minutes')],
      [value('class-level', 'Advanced')],
      [shows('class-spaces', '3 spaces left')],
    ],
  },
  {
    name: 'A full class offers the waitlist',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      openClass('thu1830', 'Spin Express'),
    ],
    assertions: [
      [screen('Spin Express'), shows('class-when', 'Thursday 12 June · 18:30–19:00')],
      [
        value('class-coach', 'Liam O’Brien'),
        value('class-studio', 'Cycle Studio'),
        value('class-duration', '30 minutes'),
        value('class-level', 'All levels'),
      ],
      [shows('class-spaces', 'Full · 3 on the waitlist')],
      [shows('join-waitlist', 'Join waitlist'), absent('book-class')],
    ],
  },
  {
    name: 'Switching tabs brings Classes back to today',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      [day('sun')],
      [shows('day-selected', 'Sunday 15 June')],
      toBookings,
      toClasses,
    ],
    assertions: [
      [shows('day-selected', 'Thursday 12 June')],
      [rows('class-', ['07:00 HIIT Blast', '12:15 Pilates Core', '18:30 Spin Express'])],
    ],
  },
];
