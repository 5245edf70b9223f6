import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  off,
  on,
  present,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, day, freeze, openClass, signIn, toClasses, toMembership, toProfile, value } from './flows';

const FROZEN_AUG = 'Your membership is frozen until 12 August 2025. Unfreeze it to book classes.';
const LEAD_CHIPS = ['lead-30', 'lead-60', 'lead-120'];

/** Cases 69–86: Profile and its settings, signing out, Membership and freezing. */
export const profileWalks: Walk[] = [
  {
    name: 'Profile shows the member and settings',
    steps: [[type('email', EMAIL), type('password', PASSWORD)], [tap('sign-in'), screen('Classes')], toProfile],
    assertions: [
      [shows('profile-name', 'Jordan Lee'), shows('profile-email', EMAIL)],
      [shows('profile-since', 'Member since March 2022 · Home club Pulsefit Riverside')],
      [on('set-reminders'), shows('lead-selected', 'Reminder 1 hour before each class')],
      [on('set-waitlist'), shows('set-waitlist-hint', 'When a space opens up in a class you’re waiting for.')],
      [shows('set-email', 'Weekly progress email'), off('set-email')],
      [
        sub('profile-membership', 'Pulsefit Plus · Active'),
        sub('profile-clubs', 'Pulsefit Riverside is your home club'),
      ],
    ],
  },
  {
    name: 'Turn class reminders off',
    steps: [signIn, toProfile, [tap('set-reminders'), off('set-reminders')]],
    assertions: [
      [shows('profile-message', 'Class reminders are off')],
      [off('set-reminders')],
      LEAD_CHIPS.map(absent),
      [absent('lead-heading')],
    ],
  },
  {
    name: 'Turn class reminders back on',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      [tap('set-reminders'), off('set-reminders')],
      [tap('set-reminders'), on('set-reminders')],
    ],
    assertions: [
      [shows('profile-message', 'Class reminders are on')],
      [
        shows('lead-heading', 'Remind me before a class'),
        shows('lead-30', '30 min'),
        shows('lead-60', '1 hour'),
        shows('lead-120', '2 hours'),
      ],
      [shows('lead-selected', 'Reminder 1 hour before each class')],
    ],
  },
  {
    name: 'Choose a reminder 30 minutes before and keep it',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      [tap('lead-30')],
      toClasses,
      toProfile,
    ],
    assertions: [[shows('lead-selected', 'Reminder 30 min before each class')]],
  },
  {
    name: 'Waitlist alerts off and on',
    steps: [
      signIn,
      toProfile,
      [tap('set-waitlist'), off('set-waitlist')],
      [shows('profile-message', 'Waitlist alerts are off'), off('set-waitlist')],
      [tap('set-waitlist'), on('set-waitlist')],
    ],
    assertions: [[shows('profile-message', 'Waitlist alerts are on')], [on('set-waitlist')]],
  },
  {
    name: 'Settings stay after signing out and in',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      [tap('lead-120')],
      [tap('set-waitlist'), off('set-waitlist')],
      [tap('set-email'), on('set-email')],
      [tap('sign-out')],
      [tap('alert-sign-out'), screen('Sign in')],
      signIn,
      toProfile,
    ],
    assertions: [
      [shows('lead-selected', 'Reminder 2 hours before each class')],
      [off('set-waitlist')],
      [on('set-email')],
      [on('set-reminders')],
    ],
  },
  {
    name: 'Sign out dialog, cancelled',
    steps: [
      signIn,
      toProfile,
      [tap('sign-out')],
      [alert('Sign out of Pulsefit?'), alertSays('Your bookings stay in place while you’re signed out.')],
      [tap('alert-cancel')],
    ],
    assertions: [
      [alert(null), screen('Profile'), shows('profile-name', 'Jordan Lee')],
      [absent('sign-in'), absent('email')],
    ],
  },
  {
    name: 'Sign out',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      [tap('sign-out')],
      [tap('alert-sign-out')],
    ],
    assertions: [
      [screen('Sign in'), shows('brand', 'Pulsefit'), shows('tagline', 'Train at any Pulsefit club.')],
      [present('email'), present('password')],
    ],
  },
  {
    name: 'Membership details',
    steps: [signIn, toProfile, toMembership],
    assertions: [
      [shows('plan-name', 'Pulsefit Plus'), shows('plan-price', '£39.00 a month')],
      [shows('membership-status', 'Active')],
      [value('membership-renewal', '1 July 2025')],
      [value('membership-number', 'PF 204815')],
      [value('membership-club', 'Pulsefit Riverside')],
      [
        shows(
          'freeze-hint',
          'Pause for 1 to 3 months, once a year. You aren’t charged while it’s frozen, and you can’t book classes.',
        ),
        shows('freeze-selected', 'Freeze for 1 month'),
      ],
    ],
  },
  {
    name: 'Freeze dialog cancelled',
    steps: [
      signIn,
      toProfile,
      toMembership,
      [tap('freeze-2')],
      [tap('freeze')],
      [
        alert('Freeze for 2 months?'),
        alertSays(
          'Your membership pauses today and starts again on 12 August 2025. Your next payment moves to 1 September 2025.',
        ),
      ],
      [tap('alert-cancel')],
    ],
    assertions: [
      [alert(null), shows('membership-status', 'Active')],
      [value('membership-renewal', '1 July 2025')],
      [shows('freeze', 'Freeze membership')],
    ],
  },
  {
    name: 'Freeze for 2 months',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toMembership,
      [tap('freeze-2')],
      [tap('freeze')],
      [tap('alert-freeze')],
    ],
    assertions: [
      [shows('membership-message', 'Your membership is frozen until 12 August 2025')],
      [shows('membership-status', 'Frozen until 12 August 2025')],
      [value('membership-renewal', '1 September 2025')],
      [shows('unfreeze', 'Unfreeze membership'), absent('freeze-1'), absent('freeze-2'), absent('freeze-3')],
    ],
  },
  {
    name: 'Freeze for 1 month',
    steps: [
      signIn,
      [...toProfile, ...toMembership],
      [shows('freeze-selected', 'Freeze for 1 month'), tap('freeze')],
      [alert('Freeze for 1 month?')],
      [tap('alert-freeze')],
    ],
    assertions: [
      [shows('membership-message', 'Your membership is frozen until 12 July 2025')],
      [shows('membership-status', 'Frozen until 12 July 2025')],
      [value('membership-renewal', '1 August 2025')],
    ],
  },
  {
    name: 'Freeze for 3 months',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toMembership,
      [tap('freeze-3')],
      [tap('freeze')],
      [
        alertSays(
          'Your membership pauses today and starts again on 12 September 2025. Your next payment moves to 1 October 2025.',
        ),
      ],
      [tap('alert-freeze')],
    ],
    assertions: [
      [shows('membership-status', 'Frozen until 12 September 2025')],
      [value('membership-renewal', '1 October 2025')],
    ],
  },
  {
    name: 'No booking while frozen',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      [...toProfile, ...toMembership],
      freeze(2),
      [back, screen('Profile')],
      [sub('profile-membership', 'Pulsefit Plus · Frozen until 12 August 2025')],
      toClasses,
      [day('sat')],
      openClass('sat1100', 'Box Fit'),
      [tap('book-class')],
    ],
    assertions: [
      [shows('class-error', FROZEN_AUG)],
      [shows('class-spaces', '5 spaces left')],
      [absent('class-status')],
    ],
  },
  {
    name: 'No waitlist while frozen',
    steps: [
      signIn,
      [...toProfile, ...toMembership],
      freeze(),
      [back, screen('Profile')],
      toClasses,
      openClass('thu1830', 'Spin Express'),
      [tap('join-waitlist')],
    ],
    assertions: [
      [shows('class-error', 'Your membership is frozen until 12 July 2025. Unfreeze it to book classes.')],
      [shows('class-spaces', 'Full · 3 on the waitlist')],
    ],
  },
  {
    name: 'Unfreeze the membership',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toMembership,
      freeze(),
      [tap('unfreeze')],
    ],
    assertions: [
      [shows('membership-message', 'Welcome back! Your membership is active again')],
      [shows('membership-status', 'Active')],
      [value('membership-renewal', '1 July 2025')],
    ],
  },
  {
    name: 'A second freeze in the year is refused',
    steps: [
      signIn,
      toProfile,
      toMembership,
      [tap('freeze')],
      [tap('alert-freeze')],
      [tap('unfreeze')],
      [tap('freeze-2')],
      [tap('freeze')],
    ],
    assertions: [
      [
        alert(null),
        shows(
          'membership-error',
          'You’ve already frozen your membership this year. You can freeze it again from 1 January 2026.',
        ),
      ],
      [shows('membership-status', 'Active')],
    ],
  },
  {
    name: 'Booking works again after unfreezing',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toMembership,
      freeze(1),
      [tap('unfreeze')],
      [back, screen('Profile')],
      toClasses,
      openClass('thu1215', 'Pilates Core'),
      [tap('book-class')],
    ],
    assertions: [
      [shows('class-message', 'You’re booked into Pilates Core on Thu 12 June at 12:15')],
      [shows('class-spaces', '1 space left')],
    ],
  },
];
