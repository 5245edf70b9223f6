import {
  type Walk,
  absent,
  firstRow,
  lastRow,
  notSee,
  nthRow,
  present,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, apptRow, count, openAppt, signIn, value } from './flows';

const PAST = [
  ['Dr Priya Shah', 'General practice · Wed 11 Mar, 10:00'],
  ['Tom Ellis', 'Physiotherapy · Tue 24 Feb, 16:40'],
  ['Tom Ellis', 'Physiotherapy · Tue 10 Feb, 16:40'],
  ['Dr Marcus Webb', 'Dermatology · Fri 23 Jan, 11:15'],
  ['Dr Julia Kerr', 'Mental health · Mon 8 Dec, 14:15'],
  ['Dr Daniel Okafor', 'General practice · Thu 13 Nov, 09:00'],
  ['Dr Priya Shah', 'General practice · Mon 15 Sep, 09:30'],
  ['Dr Hanna Lind', 'General practice · Wed 2 Jul, 11:15'],
] as const;

const TABS = [
  ['tab-home', 'Home'],
  ['tab-appointments', 'Appointments'],
  ['tab-book', 'Book'],
  ['tab-prescriptions', 'Prescriptions'],
  ['tab-profile', 'Profile'],
] as const;

/** Cases 1–23: signing in, Home, the Upcoming and Past lists and an appointment's details. */
export const signInHomeWalks: Walk[] = [
  {
    name: 'Sign in screen looks right on first launch',
    steps: [[]],
    assertions: [
      [screen('Sign in'), shows('app-name', 'Carewell'), shows('tagline', 'Your clinic, in your pocket')],
      [shows('email', ''), shows('password', '')],
      [shows('sign-in', 'Sign in')],
      [shows('signin-help', 'Forgotten your password? Call your clinic on 0113 496 0120.')],
    ],
  },
  {
    name: 'Empty sign in shows both field messages',
    steps: [[], [shows('email', ''), shows('password', ''), tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in'), absent('greeting')],
    ],
  },
  {
    name: 'Only email filled in - password message only',
    steps: [[], [type('email', EMAIL)], [shows('password', ''), tap('sign-in')]],
    assertions: [
      [shows('password-error', 'Enter your password')],
      [notSee('Enter your email address')],
      [notSee('Email or password is incorrect')],
    ],
  },
  {
    name: 'Only password filled in - email message only',
    steps: [[type('password', PASSWORD), shows('email', '')], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [notSee('Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[], [type('email', EMAIL), type('password', 'care2025')], [tap('sign-in')]],
    assertions: [
      [shows('signin-error', 'Email or password is incorrect')],
      [screen('Sign in'), notSee('Good morning, Sam')],
      [notSee('Enter your email address'), notSee('Enter your password')],
    ],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[], [type('email', 'alex@carewell.test'), type('password', PASSWORD), tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect'), screen('Sign in')]],
  },
  {
    name: 'Sign in works after a failed attempt',
    steps: [
      [],
      [type('email', EMAIL), type('password', 'wrong123'), tap('sign-in')],
      [shows('signin-error', 'Email or password is incorrect')],
      [type('password', PASSWORD), tap('sign-in')],
    ],
    // The first attempt's message was read at step 3, where it showed.
    assertions: [[], [screen('Home'), shows('greeting', 'Good morning, Sam')]],
  },
  {
    name: 'Empty-field messages go away once the fields are filled and sign in succeeds',
    steps: [[tap('sign-in')], signIn],
    assertions: [
      // The first tap again: signed out, both fields empty, Sign in; then signed in as before.
      [
        tap('tab-profile'),
        tap('sign-out'),
        tap('alert-sign-out'),
        type('email', ''),
        tap('sign-in'),
        shows('email-error', 'Enter your email address'),
        shows('password-error', 'Enter your password'),
        ...signIn,
      ],
      [screen('Home'), shows('greeting', 'Good morning, Sam'), shows('next-heading', 'Next appointment')],
    ],
  },
  {
    name: 'Successful sign in lands on Home',
    steps: [[], signIn],
    assertions: [[screen('Home'), shows('greeting', 'Good morning, Sam')], TABS.map(([id, label]) => shows(id, label))],
  },
  {
    name: 'App reopens on Home when still signed in',
    steps: [signIn, [screen('Home')], [{ relaunch: true }]],
    assertions: [[screen('Home'), shows('greeting', 'Good morning, Sam'), absent('email')]],
  },
  {
    name: 'Home shows the next appointment and quick actions',
    steps: [signIn],
    assertions: [
      [shows('next-heading', 'Next appointment')],
      [shows('next-doctor', 'Dr Priya Shah'), shows('next-specialty', 'General practice')],
      [shows('next-when', 'Tue 14 Apr at 09:30')],
      [shows('next-where', 'In person · Carewell Northgate')],
      [shows('next-details', 'View details')],
      [
        shows('quick-heading', 'Quick actions'),
        shows('quick-book', 'Book an appointment'),
        shows('quick-refill', 'Request a repeat prescription'),
        shows('quick-details', 'Update my contact details'),
      ],
      [shows('clinic-phone', 'Urgent? Call your clinic on 0113 496 0120. In an emergency call 999.')],
    ],
  },
  {
    name: "View details on Home opens Dr Priya Shah's appointment",
    steps: [signIn, [tap('next-details')]],
    assertions: [
      [
        screen('Appointment'),
        shows('appointment-doctor', 'Dr Priya Shah'),
        shows('appointment-specialty', 'General practice'),
      ],
      [
        value('appointment-doctor-row', 'Dr Priya Shah'),
        value('appointment-clinic', 'Carewell Northgate'),
        value('appointment-date', 'Tue 14 Apr'),
        value('appointment-time', '09:30'),
      ],
      [
        value('appointment-type', 'In person'),
        value('appointment-reason', 'Annual check-up'),
        value('appointment-reference', 'CW-47190'),
      ],
      [absent('video-note')],
      [shows('reschedule', 'Reschedule'), shows('cancel-appointment', 'Cancel appointment')],
    ],
  },
  {
    name: 'Quick action Book an appointment opens Book',
    steps: [signIn, [tap('quick-book')]],
    assertions: [
      [screen('Book'), shows('book-heading', 'Book an appointment')],
      [shows('book-intro', 'Choose a specialty to see its doctors and their next free appointments.')],
    ],
  },
  {
    name: 'Quick action Request a repeat prescription opens Prescriptions',
    steps: [signIn, [tap('quick-refill')]],
    assertions: [
      [
        screen('Prescriptions'),
        shows('rx-heading', 'Repeat prescriptions'),
        firstRow('rx-', 'Lisinopril 10 mg tablets'),
      ],
    ],
  },
  {
    name: 'Quick action Update my contact details opens Profile',
    steps: [signIn, [tap('quick-details')]],
    assertions: [
      [screen('Profile'), shows('profile-name', 'Sam Rivera'), shows('profile-email', EMAIL)],
      [value('profile-phone', '07700 900418')],
    ],
  },
  {
    name: 'Upcoming appointments list on a fresh install',
    steps: [signIn, [tap('tab-appointments')]],
    assertions: [
      [present('seg-upcoming'), count(2)],
      [nthRow('appt-', 1, 'Dr Priya Shah'), apptRow(1, 'General practice · Tue 14 Apr, 09:30')],
      [nthRow('appt-', 2, 'Dr Marcus Webb'), apptRow(2, 'Dermatology · Thu 23 Apr, 14:15')],
    ],
  },
  {
    name: 'Past appointments list, newest first, scrolls to the oldest',
    steps: [signIn, [tap('tab-appointments'), tap('seg-past')], []],
    assertions: [
      [shows('past-heading', 'Past appointments')],
      [
        rows(
          'past-',
          PAST.map(([doctor]) => doctor),
        ),
        ...PAST.map(([, line], i) => sub(`past-p${i + 1}`, line)),
      ],
      [rowCount('past-', 8), lastRow('past-', 'Dr Hanna Lind')],
    ],
  },
  {
    name: 'Switch back and forth between Upcoming and Past',
    steps: [signIn, [tap('tab-appointments')], [tap('seg-past'), tap('seg-upcoming')]],
    assertions: [
      // Past again, as it was before Upcoming was tapped.
      [
        tap('seg-past'),
        firstRow('past-', 'Dr Priya Shah'),
        sub('past-p1', 'General practice · Wed 11 Mar, 10:00'),
        absent('upcoming-count'),
      ],
      [tap('seg-upcoming'), count(2), rows('appt-', ['Dr Priya Shah', 'Dr Marcus Webb'])],
    ],
  },
  {
    name: 'Past appointment details have status and no buttons',
    steps: [signIn, [tap('tab-appointments'), tap('seg-past')], [tap('past-p8')]],
    assertions: [
      [
        screen('Appointment'),
        shows('appointment-doctor', 'Dr Hanna Lind'),
        shows('appointment-specialty', 'General practice'),
      ],
      [
        value('appointment-doctor-row', 'Dr Hanna Lind'),
        value('appointment-date', 'Wed 2 Jul'),
        value('appointment-time', '11:15'),
        value('appointment-type', 'In person'),
        value('appointment-status', 'Attended'),
      ],
      [absent('reschedule'), absent('cancel-appointment')],
      [absent('appointment-reference-value'), notSee('Reference')],
    ],
  },
  {
    name: 'Another past appointment - Tom Ellis physio',
    steps: [signIn, [tap('tab-appointments'), tap('seg-past'), tap('past-p2')]],
    assertions: [
      [shows('appointment-doctor', 'Tom Ellis'), shows('appointment-specialty', 'Physiotherapy')],
      [value('appointment-date', 'Tue 24 Feb'), value('appointment-time', '16:40')],
      [value('appointment-status', 'Attended')],
      [absent('reschedule'), absent('cancel-appointment')],
    ],
  },
  {
    name: 'Upcoming video appointment details - Dr Marcus Webb',
    steps: [signIn, [tap('tab-appointments')], [tap('appt-2')]],
    assertions: [
      [shows('appointment-doctor', 'Dr Marcus Webb'), shows('appointment-specialty', 'Dermatology')],
      [
        value('appointment-clinic', 'Carewell Riverside'),
        value('appointment-date', 'Thu 23 Apr'),
        value('appointment-time', '14:15'),
      ],
      [
        value('appointment-type', 'Video'),
        value('appointment-reason', 'Follow-up on rash'),
        value('appointment-reference', 'CW-47655'),
      ],
      [shows('video-note', 'We will send you a link to join 15 minutes before the appointment.')],
      [shows('reschedule', 'Reschedule'), shows('cancel-appointment', 'Cancel appointment')],
    ],
  },
  {
    name: 'Back arrow from appointment details returns to Upcoming',
    steps: [signIn, openAppt(1), [{ back: true }]],
    assertions: [[screen('Appointments'), count(2)]],
  },
  {
    name: 'Appointments always opens on Upcoming after switching screens',
    steps: [signIn, [tap('tab-appointments'), tap('seg-past')], [tap('tab-home'), tap('tab-appointments')]],
    assertions: [[count(2), absent('past-heading')]],
  },
];
