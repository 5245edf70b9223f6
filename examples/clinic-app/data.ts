import type { Scalar } from '../../src/virtual/app-model';

/** What Carewell starts with: the test patient, their appointments, the clinic's doctors and prescriptions. */

export const PATIENT = {
  email: 'sam@carewell.test',
  password: 'care2024',
  name: 'Sam Rivera',
  born: '12 August 1988',
  nhs: '943 476 5919',
  phone: '07700 900418',
  address: '14 Willow Lane, Leeds',
  postcode: 'LS6 2QT',
};

export const CLINICS = {
  northgate: 'Carewell Northgate',
  riverside: 'Carewell Riverside',
  parkview: 'Carewell Park View',
};

/** The days the clinics offer in the app, in date order; `key` orders the Upcoming list. */
export const DAYS = [
  { key: 'd1', label: 'Mon 13 Apr' },
  { key: 'd2', label: 'Tue 14 Apr' },
  { key: 'd3', label: 'Thu 16 Apr' },
  { key: 'd4', label: 'Mon 20 Apr' },
  { key: 'd5', label: 'Thu 23 Apr' },
  { key: 'd6', label: 'Tue 28 Apr' },
] as const;

export const TIMES = ['09:00', '09:30', '11:15', '14:15', '16:40'] as const;

export interface Doctor {
  id: string;
  name: string;
  specialty: string;
  clinic: string;
  rating: string;
  nextFree: string;
  about: string;
}

const doc = (
  id: string,
  name: string,
  specialty: string,
  clinic: string,
  rating: string,
  nextFree: string,
  about: string,
) => ({ id, name, specialty, clinic, rating, nextFree, about }) satisfies Doctor;

export const SPECIALTIES = [
  'General practice',
  'Dermatology',
  'Physiotherapy',
  'Cardiology',
  'Paediatrics',
  'Mental health',
] as const;

export const DOCTORS: Doctor[] = [
  doc(
    'shah',
    'Dr Priya Shah',
    'General practice',
    CLINICS.northgate,
    '4.9',
    'Mon 13 Apr',
    'Family doctor with 15 years at Carewell. Sees adults and children.',
  ),
  doc(
    'okafor',
    'Dr Daniel Okafor',
    'General practice',
    CLINICS.riverside,
    '4.7',
    'Thu 16 Apr',
    'Special interest in diabetes and long-term conditions.',
  ),
  doc(
    'lind',
    'Dr Hanna Lind',
    'General practice',
    CLINICS.parkview,
    '4.6',
    'Mon 20 Apr',
    'Women’s health, contraception and travel vaccines.',
  ),
  doc(
    'webb',
    'Dr Marcus Webb',
    'Dermatology',
    CLINICS.riverside,
    '4.8',
    'Thu 16 Apr',
    'Skin checks, eczema, acne and mole assessments.',
  ),
  doc(
    'moreno',
    'Dr Lucia Moreno',
    'Dermatology',
    CLINICS.northgate,
    '4.5',
    'Thu 23 Apr',
    'Adult and paediatric dermatology.',
  ),
  doc('ellis', 'Tom Ellis', 'Physiotherapy', CLINICS.parkview, '4.8', 'Tue 14 Apr', 'Back, neck and sports injuries.'),
  doc(
    'naidoo',
    'Dr Ravi Naidoo',
    'Cardiology',
    CLINICS.northgate,
    '4.9',
    'Mon 20 Apr',
    'Heart rhythm, blood pressure and chest pain clinics.',
  ),
  doc(
    'brennan',
    'Dr Aoife Brennan',
    'Paediatrics',
    CLINICS.riverside,
    '4.7',
    'Tue 14 Apr',
    'Children from newborn to 16 years.',
  ),
  doc(
    'kerr',
    'Dr Julia Kerr',
    'Mental health',
    CLINICS.parkview,
    '4.8',
    'Thu 16 Apr',
    'Anxiety, low mood and sleep; talking therapies.',
  ),
];

/** Booked appointments live in slots; the first two hold the appointments the patient starts with. */
export const SLOTS = [1, 2, 3, 4] as const;

export interface Booked {
  doctor: string;
  specialty: string;
  clinic: string;
  day: (typeof DAYS)[number]['key'];
  time: string;
  type: 'In person' | 'Video';
  reason: string;
  ref: string;
}

export const STARTING: Booked[] = [
  {
    doctor: 'Dr Priya Shah',
    specialty: 'General practice',
    clinic: CLINICS.northgate,
    day: 'd2',
    time: '09:30',
    type: 'In person',
    reason: 'Annual check-up',
    ref: 'CW-47190',
  },
  {
    doctor: 'Dr Marcus Webb',
    specialty: 'Dermatology',
    clinic: CLINICS.riverside,
    day: 'd5',
    time: '14:15',
    type: 'Video',
    reason: 'Follow-up on rash',
    ref: 'CW-47655',
  },
];

/** Past appointments, newest first. */
export const PAST = [
  {
    id: 'p1',
    doctor: 'Dr Priya Shah',
    specialty: 'General practice',
    date: 'Wed 11 Mar',
    time: '10:00',
    type: 'In person',
  },
  { id: 'p2', doctor: 'Tom Ellis', specialty: 'Physiotherapy', date: 'Tue 24 Feb', time: '16:40', type: 'In person' },
  { id: 'p3', doctor: 'Tom Ellis', specialty: 'Physiotherapy', date: 'Tue 10 Feb', time: '16:40', type: 'In person' },
  { id: 'p4', doctor: 'Dr Marcus Webb', specialty: 'Dermatology', date: 'Fri 23 Jan', time: '11:15', type: 'Video' },
  { id: 'p5', doctor: 'Dr Julia Kerr', specialty: 'Mental health', date: 'Mon 8 Dec', time: '14:15', type: 'Video' },
  {
    id: 'p6',
    doctor: 'Dr Daniel Okafor',
    specialty: 'General practice',
    date: 'Thu 13 Nov',
    time: '09:00',
    type: 'In person',
  },
  {
    id: 'p7',
    doctor: 'Dr Priya Shah',
    specialty: 'General practice',
    date: 'Mon 15 Sep',
    time: '09:30',
    type: 'In person',
  },
  {
    id: 'p8',
    doctor: 'Dr Hanna Lind',
    specialty: 'General practice',
    date: 'Wed 2 Jul',
    time: '11:15',
    type: 'In person',
  },
];

/** Reference numbers given to bookings made in the app, in turn. */
export const NEW_REFS = [
  'CW-48213',
  'CW-48214',
  'CW-48215',
  'CW-48216',
  'CW-48217',
  'CW-48218',
  'CW-48219',
  'CW-48220',
];

export interface Prescription {
  n: number;
  name: string;
  dose: string;
  by: string;
  lastFilled: string;
  refills: number;
}

export const PRESCRIPTIONS: Prescription[] = [
  {
    n: 1,
    name: 'Lisinopril 10 mg tablets',
    dose: 'One tablet each morning',
    by: 'Dr Priya Shah',
    lastFilled: '2 Mar',
    refills: 2,
  },
  {
    n: 2,
    name: 'Salbutamol 100 mcg inhaler',
    dose: 'Two puffs when needed',
    by: 'Dr Daniel Okafor',
    lastFilled: '18 Feb',
    refills: 1,
  },
  {
    n: 3,
    name: 'Cetirizine 10 mg tablets',
    dose: 'One tablet daily',
    by: 'Dr Marcus Webb',
    lastFilled: '30 Jan',
    refills: 0,
  },
  {
    n: 4,
    name: 'Vitamin D 1000 IU capsules',
    dose: 'One capsule daily',
    by: 'Dr Priya Shah',
    lastFilled: '5 Jan',
    refills: 3,
  },
];

export const PHARMACY = 'Carewell Pharmacy, Northgate';

export const refillsLabel = (n: number) =>
  n === 1 ? '1 refill left' : n === 0 ? 'No refills left' : `${n} refills left`;

export const dayLabel = (key: string) => DAYS.find((d) => d.key === key)!.label;

const FIRST: Booked = STARTING[0]!;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    email_error: '',
    password_error: '',
    signin_error: '',
    upcoming: STARTING.length,
    bookings_made: 0,
    seg: 'upcoming',
    appts_notice: '',
    home_notice: '',
    phone: PATIENT.phone,
    address: PATIENT.address,
    postcode: PATIENT.postcode,
    profile_notice: '',
    reminders: true,
    email_updates: false,
    face_id: false,
    rx_notice: '',
    next_slot: 1,
    next_doctor: FIRST.doctor,
    next_specialty: FIRST.specialty,
    next_when: `${dayLabel(FIRST.day)} at ${FIRST.time}`,
    next_where: `${FIRST.type} · ${FIRST.clinic}`,
  };
  for (const n of SLOTS) {
    const b: Booked | undefined = STARTING[n - 1];
    Object.assign(state, {
      [`s${n}_active`]: Boolean(b),
      [`s${n}_doctor`]: b?.doctor ?? '',
      [`s${n}_specialty`]: b?.specialty ?? '',
      [`s${n}_clinic`]: b?.clinic ?? '',
      [`s${n}_day`]: b?.day ?? '',
      [`s${n}_date`]: b ? dayLabel(b.day) : '',
      [`s${n}_time`]: b?.time ?? '',
      [`s${n}_type`]: b?.type ?? '',
      [`s${n}_reason`]: b?.reason ?? '',
      [`s${n}_ref`]: b?.ref ?? '',
    });
  }
  for (const p of PRESCRIPTIONS) {
    state[`rx${p.n}_refills`] = p.refills;
    state[`rx${p.n}_requested`] = false;
    state[`rx${p.n}_status`] = refillsLabel(p.refills);
  }
  return state;
}
