import { type Op, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Carewell's ways through its screens that many cases share (ids of `examples/clinic-app/`).
 * Top links `tab-home`, `tab-appointments`, `tab-book`, `tab-prescriptions`, `tab-profile` (on the
 * main screens only). Upcoming rows `appt-1`…`appt-4` by slot: Dr Priya Shah is `appt-1`, Dr Marcus
 * Webb `appt-2`, bookings take the first free slot. Past rows `past-p1`…`past-p8` (newest first).
 * Days `day-1` (Mon 13 Apr) … `day-6` (Tue 28 Apr), times `time-0900` … `time-1640`.
 * Prescriptions `rx-1` (Lisinopril), `rx-2` (Salbutamol), `rx-3` (Cetirizine), `rx-4` (Vitamin D).
 */

export const EMAIL = 'sam@carewell.test';
export const PASSWORD = 'care2024';

/** Email, password, Sign in, and Home is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Home')];

export const DAY = {
  'Mon 13 Apr': 1,
  'Tue 14 Apr': 2,
  'Thu 16 Apr': 3,
  'Mon 20 Apr': 4,
  'Thu 23 Apr': 5,
  'Tue 28 Apr': 6,
};
export type Day = keyof typeof DAY;

/** Taps a day and a time chip (Reschedule or Book appointment). */
export const pick = (day: Day, time: string): Op[] => [tap(`day-${DAY[day]}`), tap(`time-${time.replace(':', '')}`)];

/** From a main screen: Book, the specialty, the doctor (ids of `examples/clinic-app/data.ts`). */
export const openDoctor = (specialty: string, doctor: string): Op[] => [
  tap('tab-book'),
  tap(`specialty-${specialty.toLowerCase().replace(/ /g, '-')}`),
  tap(`doctor-${doctor}`),
];

/** A whole booking from a main screen, ending on Booking confirmed. */
export const book = (
  specialty: string,
  doctor: string,
  day: Day,
  time: string,
  reason: string,
  video = false,
): Op[] => [
  ...openDoctor(specialty, doctor),
  ...pick(day, time),
  type('reason', reason),
  ...(video ? [tap('video-visit')] : []),
  tap('confirm-booking'),
  screen('Booking confirmed'),
];

/** Opens an upcoming appointment from a main screen. */
export const openAppt = (n: number): Op[] => [tap('tab-appointments'), tap(`appt-${n}`)];

/** Cancel appointment, and the dialog's Cancel appointment. */
export const cancelIt: Op[] = [tap('cancel-appointment'), tap('alert-cancel-appointment')];

export const count = (n: number): Op => shows('upcoming-count', `${n} upcoming`);

/** Home's Next appointment card. */
export const next = (doctor: string, specialty: string, when: string, where: string): Op[] => [
  shows('next-doctor', doctor),
  shows('next-specialty', specialty),
  shows('next-when', when),
  shows('next-where', where),
];

/** A row's value on Appointment, Booking confirmed, Prescription or Profile. */
export const value = (id: string, text: string): Op => shows(`${id}-value`, text);

export const apptRow = (n: number, line: string): Op => sub(`appt-${n}`, line);
