import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  notSee,
  off,
  on,
  present,
  screen,
  shows,
  tap,
} from '../../../walks/ops';
import { book, count, next, signIn, value } from './flows';

const signOut = [tap('tab-profile'), tap('sign-out'), tap('alert-sign-out')];

/** Cases 85–96: Settings, signing out, the top links, and a booking seen everywhere. */
export const settingsSignOutWalks: Walk[] = [
  {
    name: 'Settings default switches',
    steps: [signIn, [tap('tab-profile'), tap('open-settings')]],
    assertions: [
      [
        shows('notifications-heading', 'Notifications'),
        on('appointment-reminders'),
        shows('reminders-note', 'A reminder the day before each appointment.'),
      ],
      [off('email-updates'), shows('email-note', 'News from your clinic, at most once a month.')],
      [shows('security-heading', 'Security'), off('face-id')],
      [shows('settings-done', 'Done')],
    ],
  },
  {
    name: 'Face ID dialog - Not now leaves it off',
    steps: [
      signIn,
      [tap('tab-profile'), tap('open-settings')],
      [tap('face-id'), alert('Use Face ID to sign in?')],
      [tap('alert-not-now')],
    ],
    assertions: [
      // The dialog again, as it was before Not now.
      [
        tap('face-id'),
        alert('Use Face ID to sign in?'),
        alertSays('Carewell will use Face ID instead of your password when you open the app.'),
      ],
      [present('alert-not-now'), present('alert-turn-on')],
      [tap('alert-not-now'), alert(null), off('face-id')],
    ],
  },
  {
    name: 'Face ID - Turn on keeps it on, turning off needs no dialog',
    steps: [
      signIn,
      [tap('tab-profile'), tap('open-settings')],
      [tap('face-id'), tap('alert-turn-on'), on('face-id')],
      [tap('face-id'), off('face-id')],
    ],
    // "After Turn on" was read at step 3.
    assertions: [[], [off('face-id'), alert(null)]],
  },
  {
    name: 'Settings switches keep their values',
    steps: [
      signIn,
      [tap('tab-profile'), tap('open-settings')],
      [tap('appointment-reminders'), off('appointment-reminders'), tap('email-updates'), on('email-updates')],
      [tap('settings-done'), screen('Profile')],
      [tap('open-settings')],
    ],
    // Done's screen was read at step 4.
    assertions: [[], [off('appointment-reminders'), on('email-updates'), off('face-id')]],
  },
  {
    name: 'Face ID stays on after leaving Settings',
    steps: [
      signIn,
      [tap('tab-profile'), tap('open-settings'), tap('face-id'), tap('alert-turn-on'), on('face-id')],
      [back, screen('Profile')],
      [tap('tab-home'), tap('tab-profile'), tap('open-settings')],
    ],
    // The back arrow's screen was read at step 3.
    assertions: [[], [on('face-id')]],
  },
  {
    name: 'Sign out dialog - Cancel stays signed in',
    steps: [signIn, [tap('tab-profile'), tap('sign-out')], [tap('alert-cancel')]],
    assertions: [
      // The dialog again, as it was before Cancel.
      [tap('sign-out'), alert('Sign out?'), alertSays('You will need your email and password to sign in again.')],
      [tap('alert-cancel'), alert(null), screen('Profile'), shows('profile-name', 'Sam Rivera')],
    ],
  },
  {
    name: 'Sign out returns to Sign in',
    steps: [signIn, signOut],
    assertions: [
      [screen('Sign in'), shows('app-name', 'Carewell'), shows('sign-in', 'Sign in')],
      [
        absent('tab-home'),
        absent('tab-appointments'),
        absent('tab-book'),
        absent('tab-prescriptions'),
        absent('tab-profile'),
      ],
    ],
  },
  {
    name: 'After signing out the app opens on Sign in',
    steps: [signIn, signOut, [{ relaunch: true }]],
    assertions: [[screen('Sign in'), absent('greeting')]],
  },
  {
    name: 'Sign back in after signing out',
    steps: [signIn, signOut, signIn],
    assertions: [[shows('greeting', 'Good morning, Sam'), shows('next-doctor', 'Dr Priya Shah')]],
  },
  {
    name: 'Top links switch between all main screens',
    steps: [
      signIn,
      [tap('tab-appointments'), tap('tab-book'), tap('tab-prescriptions'), tap('tab-profile'), tap('tab-home')],
    ],
    // Each screen again, in the order the step went through them.
    assertions: [
      [tap('tab-appointments'), count(2)],
      [tap('tab-book'), shows('book-heading', 'Book an appointment')],
      [tap('tab-prescriptions'), shows('rx-heading', 'Repeat prescriptions')],
      [tap('tab-profile'), shows('profile-name', 'Sam Rivera')],
      [tap('tab-home'), shows('greeting', 'Good morning, Sam')],
    ],
  },
  {
    name: 'Booking changes are seen everywhere',
    steps: [
      signIn,
      book('General practice', 'okafor', 'Mon 13 Apr', '09:00', 'Flu symptoms', true),
      [tap('done-home')],
      [tap('tab-appointments'), tap('appt-3')],
    ],
    assertions: [
      // Home, as it was after Back to home.
      [
        back,
        tap('tab-home'),
        ...next('Dr Daniel Okafor', 'General practice', 'Mon 13 Apr at 09:00', 'Video · Carewell Riverside'),
      ],
      [tap('tab-appointments'), count(3)],
      [
        tap('appt-3'),
        value('appointment-reason', 'Flu symptoms'),
        value('appointment-reference', 'CW-48213'),
        value('appointment-type', 'Video'),
      ],
    ],
  },
  {
    name: 'Cancel a newly booked appointment',
    steps: [
      signIn,
      [...book('Mental health', 'kerr', 'Thu 16 Apr', '16:40', 'Stress'), tap('view-appointments')],
      [tap('appt-3'), tap('cancel-appointment')],
    ],
    assertions: [
      [alertSays('Your appointment with Dr Julia Kerr on Thu 16 Apr at 16:40 will be cancelled.')],
      [
        tap('alert-cancel-appointment'),
        shows('appts-notice', 'Appointment cancelled'),
        count(2),
        notSee('Dr Julia Kerr'),
      ],
    ],
  },
];
