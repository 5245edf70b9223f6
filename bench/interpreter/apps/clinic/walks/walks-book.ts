import { type Walk, back, notSee, off, on, rowCount, rows, screen, shows, sub, tap, type } from '../../../walks/ops';
import { apptRow, book, cancelIt, count, next, openDoctor, pick, signIn, value } from './flows';

const SPECIALTIES = [
  ['general-practice', 'General practice', '3 doctors'],
  ['dermatology', 'Dermatology', '2 doctors'],
  ['physiotherapy', 'Physiotherapy', '1 doctor'],
  ['cardiology', 'Cardiology', '1 doctor'],
  ['paediatrics', 'Paediatrics', '1 doctor'],
  ['mental-health', 'Mental health', '1 doctor'],
] as const;
const DAYS = ['Mon 13 Apr', 'Tue 14 Apr', 'Thu 16 Apr', 'Mon 20 Apr', 'Thu 23 Apr', 'Tue 28 Apr'];
const TIMES = ['09:00', '09:30', '11:15', '14:15', '16:40'];

/** A specialty's Choose a doctor list with its one doctor. */
const only = (heading: string, id: string, name: string, line: string) => [
  shows('doctors-heading', heading),
  rows('doctor-', [name]),
  sub(`doctor-${id}`, line),
];

/** Booking confirmed's rows. */
const done = (doctor: string, clinic: string, date: string, time: string, kind: string) => [
  value('done-doctor', doctor),
  value('done-clinic', clinic),
  value('done-date', date),
  value('done-time', time),
  value('done-type', kind),
];
const reference = (ref: string) => shows('booking-reference', `Reference ${ref}`);

/** Cases 42–63: booking an appointment. */
export const bookWalks: Walk[] = [
  {
    name: 'Book screen lists specialties with doctor counts',
    steps: [signIn, [tap('tab-book')], []],
    assertions: [
      [shows('book-heading', 'Book an appointment')],
      [
        rows(
          'specialty-',
          SPECIALTIES.map(([, name]) => name),
        ),
        ...SPECIALTIES.map(([id, , n]) => sub(`specialty-${id}`, n)),
      ],
      [sub('specialty-physiotherapy', '1 doctor'), notSee('1 doctors')],
    ],
  },
  {
    name: 'Choose a doctor for General practice',
    steps: [signIn, [tap('tab-book'), tap('specialty-general-practice')]],
    assertions: [
      [screen('Choose a doctor'), shows('doctors-heading', 'General practice')],
      [sub('doctor-shah', '★ 4.9 · Next free: Mon 13 Apr')],
      [sub('doctor-okafor', '★ 4.7 · Next free: Thu 16 Apr')],
      [sub('doctor-lind', '★ 4.6 · Next free: Mon 20 Apr')],
      [rowCount('doctor-', 3), rows('doctor-', ['Dr Priya Shah', 'Dr Daniel Okafor', 'Dr Hanna Lind'])],
    ],
  },
  {
    name: 'Choose a doctor for Dermatology',
    steps: [signIn, [tap('tab-book'), tap('specialty-dermatology')]],
    assertions: [
      [
        shows('doctors-heading', 'Dermatology'),
        rows('doctor-', ['Dr Marcus Webb', 'Dr Lucia Moreno']),
        sub('doctor-webb', '★ 4.8 · Next free: Thu 16 Apr'),
        sub('doctor-moreno', '★ 4.5 · Next free: Thu 23 Apr'),
      ],
    ],
  },
  {
    name: 'Single-doctor specialties list the right doctor',
    steps: [
      signIn,
      [
        tap('tab-book'),
        tap('specialty-physiotherapy'),
        ...only('Physiotherapy', 'ellis', 'Tom Ellis', '★ 4.8 · Next free: Tue 14 Apr'),
        back,
      ],
      [
        tap('specialty-cardiology'),
        ...only('Cardiology', 'naidoo', 'Dr Ravi Naidoo', '★ 4.9 · Next free: Mon 20 Apr'),
        back,
      ],
      [
        tap('specialty-paediatrics'),
        ...only('Paediatrics', 'brennan', 'Dr Aoife Brennan', '★ 4.7 · Next free: Tue 14 Apr'),
        back,
      ],
      [tap('specialty-mental-health')],
    ],
    assertions: [
      // The first three lists were read at the steps that opened them ("check").
      [],
      [],
      [],
      only('Mental health', 'kerr', 'Dr Julia Kerr', '★ 4.8 · Next free: Thu 16 Apr'),
    ],
  },
  {
    name: 'Book appointment screen for Dr Daniel Okafor',
    steps: [signIn, openDoctor('General practice', 'okafor')],
    assertions: [
      [
        screen('Book appointment'),
        shows('doctor-name', 'Dr Daniel Okafor'),
        shows('doctor-specialty', 'General practice · Carewell Riverside'),
        shows('doctor-rating', '★ 4.7 · Next free: Thu 16 Apr'),
      ],
      [shows('doctor-about', 'Special interest in diabetes and long-term conditions.')],
      [...DAYS.map((d, i) => shows(`day-${i + 1}`, d)), ...TIMES.map((t) => shows(`time-${t.replace(':', '')}`, t))],
      [shows('reason', ''), off('video-visit')],
      [shows('video-hint', 'Leave off to see the doctor in person at the clinic.')],
    ],
  },
  {
    name: 'Selected summary updates as day and time are picked',
    steps: [
      signIn,
      openDoctor('General practice', 'okafor'),
      [...pick('Mon 13 Apr', '09:00'), shows('booking-selected', 'Selected: Mon 13 Apr at 09:00')],
      pick('Thu 23 Apr', '16:40'),
    ],
    // The first summary was read at step 3.
    assertions: [[], [shows('booking-selected', 'Selected: Thu 23 Apr at 16:40')]],
  },
  {
    name: 'Confirm booking with nothing filled in',
    steps: [signIn, openDoctor('Cardiology', 'naidoo'), [tap('confirm-booking')]],
    assertions: [[shows('booking-error', 'Choose a day')], [screen('Book appointment')]],
  },
  {
    name: 'Confirm booking with day only',
    steps: [signIn, openDoctor('Cardiology', 'naidoo'), [tap('day-4'), shows('reason', ''), tap('confirm-booking')]],
    assertions: [[shows('booking-error', 'Choose a time')]],
  },
  {
    name: 'Confirm booking without a reason',
    steps: [
      signIn,
      openDoctor('General practice', 'okafor'),
      pick('Mon 13 Apr', '09:00'),
      [shows('reason', ''), tap('confirm-booking')],
    ],
    assertions: [
      [shows('booking-error', 'Tell us the reason for your visit')],
      [screen('Book appointment'), back, back, tap('tab-appointments'), count(2)],
    ],
  },
  {
    name: 'Reason filled but no day/time - day is checked first',
    steps: [
      signIn,
      openDoctor('Dermatology', 'moreno'),
      [type('reason', 'Mole check'), tap('time-1115')],
      [tap('confirm-booking')],
    ],
    assertions: [[shows('booking-error', 'Choose a day')]],
  },
  {
    name: 'Book a video appointment with Dr Daniel Okafor end to end',
    steps: [
      signIn,
      openDoctor('General practice', 'okafor'),
      pick('Mon 13 Apr', '09:00'),
      [type('reason', 'Persistent cough'), tap('video-visit'), on('video-visit')],
      [tap('confirm-booking')],
    ],
    assertions: [
      [screen('Booking confirmed'), shows('booking-success', 'Your appointment is booked')],
      [reference('CW-48213')],
      done('Dr Daniel Okafor', 'Carewell Riverside', 'Mon 13 Apr', '09:00', 'Video'),
      [shows('view-appointments', 'View my appointments'), shows('done-home', 'Back to home')],
    ],
  },
  {
    name: 'View my appointments after booking shows 3 upcoming in date order',
    steps: [
      signIn,
      book('General practice', 'okafor', 'Mon 13 Apr', '09:00', 'Persistent cough', true),
      [tap('view-appointments')],
    ],
    assertions: [
      [screen('Appointments'), count(3)],
      [
        rows('appt-', ['Dr Daniel Okafor', 'Dr Priya Shah', 'Dr Marcus Webb']),
        apptRow(3, 'General practice · Mon 13 Apr, 09:00'),
        apptRow(1, 'General practice · Tue 14 Apr, 09:30'),
        apptRow(2, 'Dermatology · Thu 23 Apr, 14:15'),
      ],
    ],
  },
  {
    name: 'Back to home after an earlier booking updates Next appointment',
    steps: [
      signIn,
      [
        ...book('Cardiology', 'naidoo', 'Mon 13 Apr', '09:00', 'Palpitations'),
        value('done-clinic', 'Carewell Northgate'),
        value('done-type', 'In person'),
      ],
      [tap('done-home')],
    ],
    assertions: [
      // The confirmation was read at step 2.
      [],
      [
        screen('Home'),
        ...next('Dr Ravi Naidoo', 'Cardiology', 'Mon 13 Apr at 09:00', 'In person · Carewell Northgate'),
      ],
    ],
  },
  {
    name: "A later booking does not change Home's next appointment",
    steps: [
      signIn,
      [
        ...book('Physiotherapy', 'ellis', 'Tue 28 Apr', '14:15', 'Knee pain'),
        ...done('Tom Ellis', 'Carewell Park View', 'Tue 28 Apr', '14:15', 'In person'),
        reference('CW-48213'),
      ],
      [tap('done-home')],
      [tap('tab-appointments')],
    ],
    assertions: [
      // The confirmation was read at step 2.
      [],
      [tap('tab-home'), shows('next-doctor', 'Dr Priya Shah'), shows('next-when', 'Tue 14 Apr at 09:30')],
      [
        tap('tab-appointments'),
        count(3),
        { lastRow: 'appt-', text: 'Tom Ellis' },
        apptRow(3, 'Physiotherapy · Tue 28 Apr, 14:15'),
      ],
    ],
  },
  {
    name: 'New booking slots into the middle of the list',
    steps: [signIn, book('Mental health', 'kerr', 'Thu 16 Apr', '11:15', 'Low mood'), [tap('view-appointments')]],
    assertions: [
      [
        count(3),
        rows('appt-', ['Dr Priya Shah', 'Dr Julia Kerr', 'Dr Marcus Webb']),
        apptRow(1, 'General practice · Tue 14 Apr, 09:30'),
        apptRow(3, 'Mental health · Thu 16 Apr, 11:15'),
        apptRow(2, 'Dermatology · Thu 23 Apr, 14:15'),
      ],
    ],
  },
  {
    name: 'Newly booked appointment details show reason and reference',
    steps: [
      signIn,
      openDoctor('General practice', 'lind'),
      [
        ...pick('Mon 20 Apr', '09:30'),
        type('reason', 'Blood test results'),
        tap('video-visit'),
        tap('confirm-booking'),
      ],
      [tap('view-appointments'), tap('appt-3')],
    ],
    assertions: [
      [
        screen('Appointment'),
        value('appointment-doctor-row', 'Dr Hanna Lind'),
        value('appointment-clinic', 'Carewell Park View'),
        value('appointment-date', 'Mon 20 Apr'),
        value('appointment-time', '09:30'),
        value('appointment-type', 'Video'),
      ],
      [value('appointment-reason', 'Blood test results'), value('appointment-reference', 'CW-48213')],
      [shows('video-note', 'We will send you a link to join 15 minutes before the appointment.')],
      [shows('reschedule', 'Reschedule'), shows('cancel-appointment', 'Cancel appointment')],
    ],
  },
  {
    name: 'Booking references count up',
    steps: [
      signIn,
      [...book('Paediatrics', 'brennan', 'Tue 14 Apr', '11:15', 'Vaccination'), reference('CW-48213')],
      [tap('done-home')],
      book('Dermatology', 'moreno', 'Thu 23 Apr', '09:00', 'Mole check'),
    ],
    assertions: [
      // The first reference was read at step 2 ("note the reference").
      [],
      [reference('CW-48214')],
      [value('done-clinic', 'Carewell Northgate'), value('done-date', 'Thu 23 Apr'), value('done-time', '09:00')],
    ],
  },
  {
    name: 'Limit of 4 upcoming appointments',
    steps: [
      signIn,
      [...book('General practice', 'shah', 'Mon 13 Apr', '09:00', 'Back pain'), tap('done-home')],
      [...book('Cardiology', 'naidoo', 'Mon 20 Apr', '14:15', 'Chest check'), tap('view-appointments')],
      [
        { present: 'upcoming-count' },
        ...openDoctor('Physiotherapy', 'ellis'),
        ...pick('Tue 28 Apr', '16:40'),
        type('reason', 'Shoulder'),
        tap('confirm-booking'),
      ],
    ],
    assertions: [
      // The count after the two bookings (the attempt after it changed nothing).
      [back, back, tap('tab-appointments'), count(4)],
      // The third attempt again.
      [
        ...openDoctor('Physiotherapy', 'ellis'),
        ...pick('Tue 28 Apr', '16:40'),
        type('reason', 'Shoulder'),
        tap('confirm-booking'),
        shows('booking-error', 'You can have up to 4 upcoming appointments. Cancel one to book another.'),
      ],
      [screen('Book appointment'), back, back, tap('tab-appointments'), count(4), notSee('Tom Ellis')],
    ],
  },
  {
    name: 'After hitting the limit, cancelling one allows booking again',
    steps: [
      signIn,
      [
        ...book('General practice', 'okafor', 'Thu 16 Apr', '09:00', 'Cough'),
        tap('done-home'),
        ...book('Mental health', 'kerr', 'Tue 28 Apr', '09:30', 'Anxiety'),
      ],
      [tap('view-appointments'), tap('appt-2'), ...cancelIt],
      // The count after cancelling is read on Upcoming before going to Book.
      [count(3), ...book('Paediatrics', 'brennan', 'Tue 14 Apr', '14:15', 'Rash')],
    ],
    assertions: [[], [reference('CW-48215')], [tap('view-appointments'), count(4), notSee('Dr Marcus Webb')]],
  },
  {
    name: 'Book from the Home quick action',
    steps: [
      signIn,
      [tap('quick-book')],
      [
        tap('specialty-physiotherapy'),
        tap('doctor-ellis'),
        ...pick('Tue 14 Apr', '16:40'),
        type('reason', 'Ankle sprain'),
      ],
      [tap('confirm-booking')],
    ],
    assertions: [
      [
        screen('Booking confirmed'),
        ...done('Tom Ellis', 'Carewell Park View', 'Tue 14 Apr', '16:40', 'In person'),
        reference('CW-48213'),
      ],
    ],
  },
  {
    name: 'Back arrows through the booking flow',
    steps: [
      signIn,
      openDoctor('Dermatology', 'webb'),
      [back, screen('Choose a doctor'), shows('doctors-heading', 'Dermatology')],
      [back],
    ],
    // The first back was read at step 3.
    assertions: [[], [screen('Book'), rowCount('specialty-', 6)]],
  },
  {
    name: 'Leaving the booking screen half-done books nothing',
    steps: [
      signIn,
      [...openDoctor('General practice', 'shah'), ...pick('Tue 28 Apr', '09:00'), type('reason', 'Check-up')],
      // The top links are on the main screens: back to Book, then Appointments.
      [back, back, tap('tab-appointments')],
    ],
    assertions: [
      [
        count(2),
        rows('appt-', ['Dr Priya Shah', 'Dr Marcus Webb']),
        apptRow(1, 'General practice · Tue 14 Apr, 09:30'),
      ],
    ],
  },
];
