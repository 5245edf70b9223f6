import type { Action, Element, Screen } from '../../src/virtual/app-model';
import {
  all,
  any,
  back,
  button,
  choose,
  empty,
  filled,
  go,
  input,
  is,
  not,
  notice,
  reset,
  row,
  set,
  text,
  validate,
} from '../model-parts';
import { PAST, PATIENT, SLOTS } from './data';
import { dayChips, inPlace, loadSlot, refreshNext, step, tabRow, timeChips, UPCOMING_ORDER } from './parts';

/** Sign in, Home, Appointments, an appointment's details and rescheduling it. */

const signIn: Action[] = [
  set({ email_error: '', password_error: '', signin_error: '' }),
  { if: empty('email'), then: [set({ email_error: 'Enter your email address' })] },
  { if: empty('password'), then: [set({ password_error: 'Enter your password' })] },
  {
    if: all(filled('email'), filled('password')),
    then: choose(
      [
        [
          all(any(is('email', PATIENT.email), is('email', 'Sam@carewell.test')), is('password', PATIENT.password)),
          [set({ signed_in: true, password: '' }), reset('home')],
        ],
      ],
      [set({ signin_error: 'Email or password is incorrect' })],
    ),
  },
];

const signin: Screen = {
  title: 'Sign in',
  hideNavBar: true,
  elements: [
    { type: 'spacer', height: 40 },
    text('app-name', 'Carewell', 'title'),
    text('tagline', 'Your clinic, in your pocket', 'caption'),
    { type: 'spacer', height: 8 },
    input('email', 'email', 'Email', { placeholder: 'you@example.com', maxLength: 100 }),
    notice('email-error', 'email_error', 'error'),
    input('password', 'password', 'Password', { secure: true, submit: signIn }),
    notice('password-error', 'password_error', 'error'),
    notice('signin-error', 'signin_error', 'error'),
    button('sign-in', 'Sign in', signIn, 'primary'),
    text('signin-help', 'Forgotten your password? Call your clinic on 0113 496 0120.', 'caption'),
  ],
};

/** Opens the appointment in slot `v` (a variable holding the slot number). */
const openSlotOf = (v: string): Action[] =>
  choose(SLOTS.map((n) => [is(v, n), [...loadSlot(n), set({ v_past: false, v_notice: '' }), go('appointment')]]));

const home: Screen = {
  title: 'Home',
  elements: [
    ...tabRow(),
    text('greeting', `Good morning, ${PATIENT.name.split(' ')[0]}`, 'headline'),
    notice('home-notice', 'home_notice', 'success'),
    text('next-heading', 'Next appointment', 'headline'),
    { type: 'text', id: 'next-doctor', style: 'body', text: '{{next_doctor}}', visibleIf: not(is('next_slot', 0)) },
    {
      type: 'text',
      id: 'next-specialty',
      style: 'caption',
      text: '{{next_specialty}}',
      visibleIf: not(is('next_slot', 0)),
    },
    { type: 'text', id: 'next-when', style: 'body', text: '{{next_when}}', visibleIf: not(is('next_slot', 0)) },
    { type: 'text', id: 'next-where', style: 'caption', text: '{{next_where}}', visibleIf: not(is('next_slot', 0)) },
    button('next-details', 'View details', openSlotOf('next_slot'), 'secondary', {
      visibleIf: not(is('next_slot', 0)),
    }),
    { type: 'text', id: 'next-none', text: 'No upcoming appointments', visibleIf: is('next_slot', 0) },
    text('quick-heading', 'Quick actions', 'headline'),
    button('quick-book', 'Book an appointment', [reset('book')], 'primary'),
    button('quick-refill', 'Request a repeat prescription', [reset('prescriptions')], 'secondary'),
    button('quick-details', 'Update my contact details', [reset('profile')], 'secondary'),
    text('clinic-phone', 'Urgent? Call your clinic on 0113 496 0120. In an emergency call 999.', 'caption'),
  ],
};

const pastItem = (p: (typeof PAST)[number]) => ({
  id: `past-${p.id}`,
  title: p.doctor,
  subtitle: `${p.specialty} · ${p.date}, ${p.time}`,
  action: [
    set({
      v_past: true,
      v_notice: '',
      v_doctor: p.doctor,
      v_specialty: p.specialty,
      v_date: p.date,
      v_time: p.time,
      v_type: p.type,
      v_clinic: '',
    }),
    go('appointment'),
  ],
});

const upcomingRows: Element[] = UPCOMING_ORDER.map((place) => ({
  type: 'list',
  id: `upcoming-${place.day}-${place.time.replace(':', '')}-${place.n}`,
  visibleIf: all(is('seg', 'upcoming'), inPlace(place)),
  items: [
    {
      id: `appt-${place.n}`,
      title: `{{s${place.n}_doctor}}`,
      subtitle: `{{s${place.n}_specialty}} · {{s${place.n}_date}}, {{s${place.n}_time}}`,
      action: [...loadSlot(place.n), set({ v_past: false, v_notice: '' }), go('appointment')],
    },
  ],
}));

const appointments: Screen = {
  title: 'Appointments',
  elements: [
    ...tabRow(),
    button('seg-upcoming', 'Upcoming', [set({ seg: 'upcoming' })], 'secondary', {}),
    button('seg-past', 'Past', [set({ seg: 'past', appts_notice: '' })], 'secondary', {}),
    notice('appts-notice', 'appts_notice', 'success'),
    {
      type: 'text',
      id: 'upcoming-count',
      style: 'headline',
      text: '{{upcoming}} upcoming',
      visibleIf: is('seg', 'upcoming'),
    },
    {
      type: 'text',
      id: 'upcoming-empty',
      text: 'You have no upcoming appointments.',
      visibleIf: all(is('seg', 'upcoming'), is('upcoming', 0)),
    },
    ...upcomingRows,
    { type: 'text', id: 'past-heading', style: 'headline', text: 'Past appointments', visibleIf: is('seg', 'past') },
    { type: 'list', id: 'past-list', visibleIf: is('seg', 'past'), items: PAST.map(pastItem) },
  ],
};

const cancelAppointment: Action[] = [
  {
    alert: {
      title: 'Cancel appointment?',
      message: 'Your appointment with {{v_doctor}} on {{v_date}} at {{v_time}} will be cancelled.',
      buttons: [
        { label: 'Keep', id: 'alert-keep', style: 'cancel' },
        {
          label: 'Cancel appointment',
          id: 'alert-cancel-appointment',
          style: 'destructive',
          action: [
            ...SLOTS.map((n): Action => ({ if: is('v_slot', n), then: [set({ [`s${n}_active`]: false })] })),
            ...step('upcoming', -1, SLOTS.length),
            ...refreshNext,
            set({ appts_notice: 'Appointment cancelled', home_notice: 'Appointment cancelled', seg: 'upcoming' }),
            back,
          ],
        },
      ],
    },
  },
];

const upcomingOnly = is('v_past', false);

const appointment: Screen = {
  title: 'Appointment',
  elements: [
    text('appointment-doctor', '{{v_doctor}}', 'headline'),
    text('appointment-specialty', '{{v_specialty}}', 'caption'),
    notice('appointment-notice', 'v_notice', 'success'),
    ...row('appointment-doctor-row', 'Doctor', '{{v_doctor}}'),
    ...row('appointment-clinic', 'Clinic', '{{v_clinic}}').map((e) => ({ ...e, visibleIf: filled('v_clinic') })),
    ...row('appointment-date', 'Date', '{{v_date}}'),
    ...row('appointment-time', 'Time', '{{v_time}}'),
    ...row('appointment-type', 'Type', '{{v_type}}'),
    ...row('appointment-reason', 'Reason', '{{v_reason}}').map((e) => ({ ...e, visibleIf: upcomingOnly })),
    ...row('appointment-reference', 'Reference', '{{v_ref}}').map((e) => ({ ...e, visibleIf: upcomingOnly })),
    ...row('appointment-status', 'Status', 'Attended').map((e) => ({ ...e, visibleIf: is('v_past', true) })),
    {
      type: 'text',
      id: 'video-note',
      style: 'caption',
      text: 'We will send you a link to join 15 minutes before the appointment.',
      visibleIf: all(upcomingOnly, is('v_type', 'Video')),
    },
    button(
      'reschedule',
      'Reschedule',
      [set({ r_day: '', r_date: '', r_time: '', r_error: '' }), go('reschedule')],
      'secondary',
      { visibleIf: upcomingOnly },
    ),
    button('cancel-appointment', 'Cancel appointment', cancelAppointment, 'destructive', { visibleIf: upcomingOnly }),
  ],
};

const saveNewTime: Action[] = validate(
  'r_error',
  [
    [empty('r_day'), 'Choose a day'],
    [empty('r_time'), 'Choose a time'],
  ],
  [
    ...SLOTS.map(
      (n): Action => ({
        if: is('v_slot', n),
        then: [set({ [`s${n}_day`]: '{{r_day}}', [`s${n}_date`]: '{{r_date}}', [`s${n}_time`]: '{{r_time}}' })],
      }),
    ),
    ...refreshNext,
    set({
      v_day: '{{r_day}}',
      v_date: '{{r_date}}',
      v_time: '{{r_time}}',
      v_notice: 'Appointment moved to {{r_date}} at {{r_time}}',
    }),
    back,
  ],
);

const reschedule: Screen = {
  title: 'Reschedule',
  elements: [
    text('reschedule-doctor', '{{v_doctor}} · {{v_specialty}}', 'headline'),
    text('reschedule-current', 'Now booked for {{v_date}} at {{v_time}}', 'caption'),
    text('reschedule-day-heading', 'Choose a new day', 'headline'),
    ...dayChips('r_day', 'r_date', 'r_error'),
    text('reschedule-time-heading', 'Choose a time', 'headline'),
    ...timeChips('r_time', 'r_error'),
    {
      type: 'text',
      id: 'reschedule-selected',
      text: 'New time: {{r_date}} at {{r_time}}',
      visibleIf: all(filled('r_day'), filled('r_time')),
    },
    notice('reschedule-error', 'r_error', 'error'),
    button('save-new-time', 'Save new time', saveNewTime, 'primary'),
  ],
};

export const appointmentScreens: Record<string, Screen> = { signin, home, appointments, appointment, reschedule };
