import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  firstRow,
  notSee,
  present,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
} from '../../../walks/ops';
import { apptRow, cancelIt, count, next, openAppt, pick, signIn, value } from './flows';

const DAYS = ['Mon 13 Apr', 'Tue 14 Apr', 'Thu 16 Apr', 'Mon 20 Apr', 'Thu 23 Apr', 'Tue 28 Apr'];
const TIMES = ['09:00', '09:30', '11:15', '14:15', '16:40'];

/** Rescheduling from the appointment on screen. */
const reschedule = [tap('reschedule'), screen('Reschedule')];
const save = [tap('save-new-time')];
const moved = (when: string) => shows('appointment-notice', `Appointment moved to ${when}`);

/** Cases 24–41: rescheduling and cancelling an appointment. */
export const rescheduleCancelWalks: Walk[] = [
  {
    name: 'Reschedule screen shows the current booking and choices',
    steps: [signIn, [...openAppt(1), ...reschedule]],
    assertions: [
      [
        shows('reschedule-doctor', 'Dr Priya Shah · General practice'),
        shows('reschedule-current', 'Now booked for Tue 14 Apr at 09:30'),
      ],
      [shows('reschedule-day-heading', 'Choose a new day'), ...DAYS.map((d, i) => shows(`day-${i + 1}`, d))],
      [shows('reschedule-time-heading', 'Choose a time'), ...TIMES.map((t) => shows(`time-${t.replace(':', '')}`, t))],
      [shows('save-new-time', 'Save new time')],
    ],
  },
  {
    name: 'Reschedule Dr Marcus Webb to Mon 20 Apr 11:15',
    steps: [
      signIn,
      openAppt(2),
      reschedule,
      pick('Mon 20 Apr', '11:15'),
      [
        shows('reschedule-current', 'Now booked for Thu 23 Apr at 14:15'),
        shows('reschedule-selected', 'New time: Mon 20 Apr at 11:15'),
        ...save,
      ],
    ],
    assertions: [
      // Read before saving, at step 5.
      [],
      [screen('Appointment'), moved('Mon 20 Apr at 11:15')],
      [value('appointment-date', 'Mon 20 Apr'), value('appointment-time', '11:15')],
      [value('appointment-reference', 'CW-47655'), value('appointment-type', 'Video')],
    ],
  },
  {
    name: 'Rescheduled appointment shows new time in Upcoming list',
    steps: [signIn, [...openAppt(2), ...reschedule], [...pick('Mon 20 Apr', '11:15'), ...save], [back]],
    assertions: [
      [count(2)],
      [apptRow(2, 'Dermatology · Mon 20 Apr, 11:15')],
      [rows('appt-', ['Dr Priya Shah', 'Dr Marcus Webb']), apptRow(1, 'General practice · Tue 14 Apr, 09:30')],
    ],
  },
  {
    name: 'Reschedule the earliest appointment to later - list re-sorts and Home follows',
    steps: [
      signIn,
      [...openAppt(1), ...reschedule],
      [
        ...pick('Tue 28 Apr', '16:40'),
        ...save,
        moved('Tue 28 Apr at 16:40'),
        value('appointment-date', 'Tue 28 Apr'),
        value('appointment-time', '16:40'),
      ],
      [back, screen('Appointments')],
      [tap('tab-home')],
    ],
    assertions: [
      // The details were read at step 3, after saving.
      [],
      [
        tap('tab-appointments'),
        rows('appt-', ['Dr Marcus Webb', 'Dr Priya Shah']),
        apptRow(2, 'Dermatology · Thu 23 Apr, 14:15'),
        apptRow(1, 'General practice · Tue 28 Apr, 16:40'),
      ],
      [tap('tab-home'), ...next('Dr Marcus Webb', 'Dermatology', 'Thu 23 Apr at 14:15', 'Video · Carewell Riverside')],
    ],
  },
  {
    name: 'Reschedule a later appointment ahead of the first one',
    steps: [
      signIn,
      [...openAppt(2), ...reschedule],
      [...pick('Mon 13 Apr', '09:00'), ...save],
      [back, tap('tab-home')],
    ],
    assertions: [
      [
        shows('next-doctor', 'Dr Marcus Webb'),
        shows('next-when', 'Mon 13 Apr at 09:00'),
        shows('next-where', 'Video · Carewell Riverside'),
      ],
      [
        tap('tab-appointments'),
        rows('appt-', ['Dr Marcus Webb', 'Dr Priya Shah']),
        apptRow(2, 'Dermatology · Mon 13 Apr, 09:00'),
        apptRow(1, 'General practice · Tue 14 Apr, 09:30'),
      ],
    ],
  },
  {
    name: 'Save new time without choosing anything',
    steps: [signIn, [...openAppt(1), ...reschedule], save],
    assertions: [
      [shows('reschedule-error', 'Choose a day')],
      [screen('Reschedule'), shows('reschedule-current', 'Now booked for Tue 14 Apr at 09:30')],
    ],
  },
  {
    name: 'Save new time with a day but no time',
    steps: [signIn, [...openAppt(1), ...reschedule], [tap('day-3')], save],
    assertions: [[shows('reschedule-error', 'Choose a time')], [screen('Reschedule')]],
  },
  {
    name: 'Save new time with a time but no day',
    steps: [signIn, [...openAppt(2), ...reschedule], [tap('time-0900'), ...save]],
    assertions: [[shows('reschedule-error', 'Choose a day'), screen('Reschedule')]],
  },
  {
    name: 'Back out of Reschedule without saving keeps the old time',
    steps: [signIn, [...openAppt(1), ...reschedule], pick('Mon 20 Apr', '14:15'), [back]],
    assertions: [
      [screen('Appointment'), value('appointment-date', 'Tue 14 Apr'), value('appointment-time', '09:30')],
      [absent('appointment-notice')],
    ],
  },
  {
    name: 'Rescheduled appointment reached from Home',
    steps: [
      signIn,
      [tap('next-details')],
      [...reschedule, ...pick('Thu 16 Apr', '14:15'), ...save, moved('Thu 16 Apr at 14:15')],
      [back, tap('tab-home')],
    ],
    assertions: [
      // The details were read at step 3, after saving.
      [],
      [
        shows('next-doctor', 'Dr Priya Shah'),
        shows('next-when', 'Thu 16 Apr at 14:15'),
        shows('next-where', 'In person · Carewell Northgate'),
      ],
    ],
  },
  {
    name: 'Cancel appointment dialog text',
    steps: [signIn, openAppt(2), [tap('cancel-appointment')]],
    assertions: [
      [alert('Cancel appointment?')],
      [alertSays('Your appointment with Dr Marcus Webb on Thu 23 Apr at 14:15 will be cancelled.')],
      [present('alert-keep'), present('alert-cancel-appointment')],
    ],
  },
  {
    name: 'Keep in the cancel dialog changes nothing',
    steps: [
      signIn,
      openAppt(1),
      [
        tap('cancel-appointment'),
        tap('alert-keep'),
        alert(null),
        screen('Appointment'),
        value('appointment-date', 'Tue 14 Apr'),
        value('appointment-time', '09:30'),
      ],
      [back],
    ],
    assertions: [
      // The details after Keep were read at step 3.
      [],
      [count(2), rows('appt-', ['Dr Priya Shah', 'Dr Marcus Webb'])],
    ],
  },
  {
    name: 'Cancel an appointment from the Appointments list',
    steps: [signIn, openAppt(1), cancelIt],
    assertions: [
      [screen('Appointments'), shows('appts-notice', 'Appointment cancelled')],
      [count(1)],
      [rows('appt-', ['Dr Marcus Webb']), apptRow(2, 'Dermatology · Thu 23 Apr, 14:15')],
    ],
  },
  {
    name: "Cancelling the first appointment moves Home's next appointment on",
    steps: [signIn, [...openAppt(1), ...cancelIt], [tap('tab-home')]],
    assertions: [
      [shows('next-doctor', 'Dr Marcus Webb'), shows('next-specialty', 'Dermatology')],
      [shows('next-when', 'Thu 23 Apr at 14:15'), shows('next-where', 'Video · Carewell Riverside')],
    ],
  },
  {
    name: 'Cancel from Home returns to Home',
    steps: [signIn, [tap('next-details')], cancelIt],
    assertions: [
      [screen('Home'), shows('home-notice', 'Appointment cancelled')],
      [shows('next-doctor', 'Dr Marcus Webb'), shows('next-when', 'Thu 23 Apr at 14:15')],
    ],
  },
  {
    name: 'Cancel every upcoming appointment - empty states',
    steps: [signIn, [...openAppt(1), ...cancelIt], [tap('appt-2'), ...cancelIt], [tap('tab-home')]],
    assertions: [
      [tap('tab-appointments'), shows('upcoming-empty', 'You have no upcoming appointments.'), rowCount('appt-', 0)],
      [tap('tab-home'), shows('next-heading', 'Next appointment'), shows('next-none', 'No upcoming appointments')],
      [
        tap('tab-appointments'),
        tap('seg-past'),
        firstRow('past-', 'Dr Priya Shah'),
        sub('past-p1', 'General practice · Wed 11 Mar, 10:00'),
      ],
    ],
  },
  {
    name: 'Cancel a rescheduled appointment - dialog uses the new time',
    steps: [
      signIn,
      [...openAppt(2), ...reschedule, ...pick('Mon 20 Apr', '11:15'), ...save],
      [tap('cancel-appointment')],
    ],
    assertions: [
      [alertSays('Your appointment with Dr Marcus Webb on Mon 20 Apr at 11:15 will be cancelled.')],
      [
        tap('alert-cancel-appointment'),
        screen('Appointments'),
        shows('appts-notice', 'Appointment cancelled'),
        count(1),
        rows('appt-', ['Dr Priya Shah']),
      ],
    ],
  },
  {
    name: 'Appointment cancelled message is cleared when switching screens',
    steps: [signIn, [...openAppt(2), ...cancelIt], [tap('tab-prescriptions'), tap('tab-appointments')]],
    assertions: [[notSee('Appointment cancelled')], [count(1), rows('appt-', ['Dr Priya Shah'])]],
  },
];
