import type { Action, Screen } from '../../src/virtual/app-model';
import { button, choose, empty, go, input, is, notice, reset, row, set, text, toggle, validate } from '../model-parts';
import { DOCTORS, NEW_REFS, SLOTS, SPECIALTIES, type Doctor } from './data';
import { dayChips, refreshNext, step, tabRow, timeChips } from './parts';

/** Booking: a specialty, a doctor, a day and time, and the confirmation. */

const book: Screen = {
  title: 'Book',
  elements: [
    ...tabRow(),
    text('book-heading', 'Book an appointment', 'headline'),
    text('book-intro', 'Choose a specialty to see its doctors and their next free appointments.', 'caption'),
    {
      type: 'list',
      id: 'specialty-list',
      items: SPECIALTIES.map((s) => {
        const n = DOCTORS.filter((d) => d.specialty === s).length;
        return {
          id: `specialty-${s.toLowerCase().replace(/ /g, '-')}`,
          title: s,
          subtitle: n === 1 ? '1 doctor' : `${n} doctors`,
          action: [set({ spec: s }), go('doctors')],
        };
      }),
    },
  ],
};

const openDoctor = (d: Doctor): Action[] => [
  set({
    b_doctor: d.name,
    b_specialty: d.specialty,
    b_clinic: d.clinic,
    b_rating: d.rating,
    b_about: d.about,
    b_next: d.nextFree,
    b_day: '',
    b_date: '',
    b_time: '',
    b_reason: '',
    b_video: false,
    b_error: '',
  }),
  go('doctor'),
];

const doctors: Screen = {
  title: 'Choose a doctor',
  elements: [
    text('doctors-heading', '{{spec}}', 'headline'),
    ...SPECIALTIES.map((s) => ({
      type: 'list' as const,
      id: `doctors-${s.toLowerCase().replace(/ /g, '-')}`,
      visibleIf: is('spec', s),
      items: DOCTORS.filter((d) => d.specialty === s).map((d) => ({
        id: `doctor-${d.id}`,
        title: d.name,
        subtitle: `★ ${d.rating} · Next free: ${d.nextFree}`,
        action: openDoctor(d),
      })),
    })),
  ],
};

const slotFields = (n: number): Record<string, string | boolean> => ({
  [`s${n}_active`]: true,
  [`s${n}_doctor`]: '{{b_doctor}}',
  [`s${n}_specialty`]: '{{b_specialty}}',
  [`s${n}_clinic`]: '{{b_clinic}}',
  [`s${n}_day`]: '{{b_day}}',
  [`s${n}_date`]: '{{b_date}}',
  [`s${n}_time`]: '{{b_time}}',
  [`s${n}_type`]: '{{b_type}}',
  [`s${n}_reason`]: '{{b_reason}}',
  [`s${n}_ref`]: '{{b_ref}}',
});

const confirmBooking: Action[] = validate(
  'b_error',
  [
    [empty('b_day'), 'Choose a day'],
    [empty('b_time'), 'Choose a time'],
    [empty('b_reason'), 'Tell us the reason for your visit'],
    [
      is('upcoming', SLOTS.length),
      `You can have up to ${SLOTS.length} upcoming appointments. Cancel one to book another.`,
    ],
  ],
  [
    ...choose([[is('b_video', true), [set({ b_type: 'Video' })]]], [set({ b_type: 'In person' })]),
    ...choose(NEW_REFS.map((ref, k) => [is('bookings_made', k), [set({ b_ref: ref })]])),
    ...choose(SLOTS.map((n) => [is(`s${n}_active`, false), [set(slotFields(n))]])),
    ...step('bookings_made', 1, NEW_REFS.length - 1),
    ...step('upcoming', 1, SLOTS.length),
    ...refreshNext,
    reset('booking-done'),
  ],
);

const doctor: Screen = {
  title: 'Book appointment',
  elements: [
    text('doctor-name', '{{b_doctor}}', 'headline'),
    text('doctor-specialty', '{{b_specialty}} · {{b_clinic}}', 'caption'),
    text('doctor-rating', '★ {{b_rating}} · Next free: {{b_next}}', 'caption'),
    text('doctor-about', '{{b_about}}', 'body'),
    text('day-heading', 'Choose a day', 'headline'),
    ...dayChips('b_day', 'b_date', 'b_error'),
    text('time-heading', 'Choose a time', 'headline'),
    ...timeChips('b_time', 'b_error'),
    {
      type: 'text',
      id: 'booking-selected',
      text: 'Selected: {{b_date}} at {{b_time}}',
      visibleIf: {
        all: [
          { var: 'b_day', notEmpty: true },
          { var: 'b_time', notEmpty: true },
        ],
      },
    },
    input('reason', 'b_reason', 'Reason for visit', { placeholder: 'e.g. Sore knee for two weeks', maxLength: 80 }),
    toggle('video-visit', 'b_video', 'Video appointment'),
    text('video-hint', 'Leave off to see the doctor in person at the clinic.', 'caption'),
    notice('booking-error', 'b_error', 'error'),
    button('confirm-booking', 'Confirm booking', confirmBooking, 'primary'),
  ],
};

const bookingDone: Screen = {
  title: 'Booking confirmed',
  elements: [
    { type: 'text', id: 'booking-success', style: 'success', text: 'Your appointment is booked' },
    text('booking-reference', 'Reference {{b_ref}}', 'headline'),
    ...row('done-doctor', 'Doctor', '{{b_doctor}}'),
    ...row('done-clinic', 'Clinic', '{{b_clinic}}'),
    ...row('done-date', 'Date', '{{b_date}}'),
    ...row('done-time', 'Time', '{{b_time}}'),
    ...row('done-type', 'Type', '{{b_type}}'),
    text('done-note', 'We will send you a reminder the day before.', 'caption'),
    button('view-appointments', 'View my appointments', [set({ seg: 'upcoming' }), reset('appointments')], 'primary'),
    button('done-home', 'Back to home', [reset('home')], 'link'),
  ],
};

export const bookScreens: Record<string, Screen> = { book, doctors, doctor, 'booking-done': bookingDone };
