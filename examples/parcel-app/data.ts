import type { Scalar } from '../../src/virtual/app-model';

/** What Shipwise starts with: the test account, parcels on their way and sent, saved addresses and prices. */

export const USER = {
  email: 'priya@shipwise.test',
  password: 'ship2024',
  name: 'Priya Shah',
  first: 'Priya',
  phone: '+44 7700 900318',
  home: '14 Elm Road, Leeds LS6 2QD',
};

/** "Today" in the app's data is Wednesday 20 November. */
export interface TimelineEvent {
  what: string;
  when: string;
}
export interface Parcel {
  id: string;
  /** Who sent it (parcels on their way) or who it goes to (sent parcels). */
  who: string;
  number: string;
  status: string;
  /** The line under the status: when it arrives, or what it was. */
  line: string;
  /** Newest first. */
  events: TimelineEvent[];
}

const ev = (what: string, when: string): TimelineEvent => ({ what, when });

/** Parcels on their way to the account holder, as Home lists them. */
export const INCOMING: Parcel[] = [
  {
    id: 'p1',
    who: 'Northwind Books',
    number: 'SW10482231',
    status: 'Out for delivery',
    line: 'Arrives today by 14:00',
    events: [
      ev('Out for delivery', 'Today 07:12 · Leeds delivery office'),
      ev('Arrived at your local depot', 'Today 05:40 · Leeds'),
      ev('In transit', 'Tue 19 Nov 21:03 · Midlands hub'),
      ev('Collected from Northwind Books', 'Mon 18 Nov 16:25 · Oxford'),
    ],
  },
  {
    id: 'p2',
    who: 'Cobble & Co',
    number: 'SW10482597',
    status: 'In transit',
    line: 'Expected Fri 22 Nov',
    events: [
      ev('In transit', 'Tue 19 Nov 22:48 · Midlands hub'),
      ev('Collected from Cobble & Co', 'Tue 19 Nov 14:10 · Bristol'),
      ev('Label created', 'Tue 19 Nov 09:02 · Cobble & Co'),
    ],
  },
  {
    id: 'p3',
    who: 'Greenleaf Pharmacy',
    number: 'SW10481946',
    status: 'Delivery attempted',
    line: 'We missed you',
    events: [
      ev('Missed: no one in to sign', 'Today 11:40 · 14 Elm Road'),
      ev('Out for delivery', 'Today 06:55 · Leeds delivery office'),
      ev('Arrived at your local depot', 'Tue 19 Nov 19:30 · Leeds'),
      ev('Collected from Greenleaf Pharmacy', 'Mon 18 Nov 12:15 · Manchester'),
    ],
  },
  {
    id: 'p4',
    who: 'Hartley Electronics',
    number: 'SW10483012',
    status: 'Label created',
    line: 'Expected Mon 25 Nov',
    events: [ev('Label created', 'Today 09:30 · Hartley Electronics')],
  },
];

/** The parcel that can be redelivered. */
export const MISSED = 'p3';
export const REDELIVERY_DAYS = ['Thu 21 Nov', 'Fri 22 Nov', 'Sat 23 Nov'] as const;
export const REDELIVERY_SLOTS = [
  { id: 'morning', label: 'Morning', hours: '8:00–12:00' },
  { id: 'afternoon', label: 'Afternoon', hours: '12:00–18:00' },
] as const;

/** Parcels sent before, newest first. */
export const SENT: Parcel[] = [
  {
    id: 's1',
    who: 'Jordan Lee',
    number: 'SW20498810',
    status: 'Delivered',
    line: 'Delivered Mon 18 Nov · 1 × Medium',
    events: [
      ev('Delivered, signed for by J. Lee', 'Mon 18 Nov 13:22 · Bristol'),
      ev('Out for delivery', 'Mon 18 Nov 07:05 · Bristol delivery office'),
      ev('Dropped off', 'Sat 16 Nov 11:48 · Shipwise point, Headingley'),
    ],
  },
  {
    id: 's2',
    who: 'Anita Shah',
    number: 'SW20497342',
    status: 'Delivered',
    line: 'Delivered Thu 14 Nov · 1 × Small',
    events: [
      ev('Delivered to the front porch', 'Thu 14 Nov 10:41 · York'),
      ev('Dropped off', 'Tue 12 Nov 17:20 · Shipwise point, Headingley'),
    ],
  },
  {
    id: 's3',
    who: 'Vintage Finds Returns',
    number: 'SW20495120',
    status: 'Delivered',
    line: 'Delivered Fri 8 Nov · 1 × Large',
    events: [
      ev('Delivered, signed for by M. Ford', 'Fri 8 Nov 15:02 · Manchester'),
      ev('Dropped off', 'Wed 6 Nov 09:15 · Shipwise point, Leeds station'),
    ],
  },
  {
    id: 's4',
    who: 'Sam Okafor',
    number: 'SW20493377',
    status: 'Delivered',
    line: 'Delivered Sat 2 Nov · 1 × Small',
    events: [
      ev('Delivered to a neighbour at no. 12', 'Sat 2 Nov 12:30 · Edinburgh'),
      ev('Dropped off', 'Wed 30 Oct 18:05 · Shipwise point, Headingley'),
    ],
  },
];

/** Parcels booked in the app go to these slots, in turn, each with its own tracking number. */
export const SLOTS = [
  { id: 'n1', number: 'SW20510001' },
  { id: 'n2', number: 'SW20510002' },
  { id: 'n3', number: 'SW20510003' },
] as const;
export const DROP_OFF_BY = 'Fri 22 Nov';

/** Sizes and prices in pence; extra cover is per parcel. */
export const SIZES = [
  { id: 'small', label: 'Small', pence: 320, about: 'Up to 2 kg, fits a shoebox' },
  { id: 'medium', label: 'Medium', pence: 490, about: 'Up to 10 kg, fits a suitcase' },
  { id: 'large', label: 'Large', pence: 780, about: 'Up to 20 kg, up to 1 m long' },
] as const;
export type SizeId = (typeof SIZES)[number]['id'];
export const COVER_PENCE = 150;
export const MAX_QTY = 5;
export const QUANTITIES = [1, 2, 3, 4, 5] as const;
export const CARD = 'Visa ending 4417';

export const money = (pence: number) => `£${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** Postcodes the address lookup knows (the test service's). */
export const POSTCODES = [
  'LS6 2QD',
  'LS11 5PS',
  'YO24 1AB',
  'LS1 4AP',
  'M1 2AB',
  'BS1 5TR',
  'EH1 1YZ',
  'OX1 3BG',
  'CF10 1EP',
  'NE1 7RU',
] as const;

export interface Address {
  id: string;
  label: string;
  name: string;
  street: string;
  town: string;
  postcode: string;
}
export const ADDRESSES: Address[] = [
  { id: 'home', label: 'Home', name: 'Priya Shah', street: '14 Elm Road', town: 'Leeds', postcode: 'LS6 2QD' },
  { id: 'work', label: 'Work', name: 'Priya Shah', street: 'Unit 5, Canal Wharf', town: 'Leeds', postcode: 'LS11 5PS' },
  { id: 'mum', label: 'Mum', name: 'Anita Shah', street: '3 Birch Close', town: 'York', postcode: 'YO24 1AB' },
];
/** Addresses added in the app go to these slots, in turn. */
export const ADDRESS_SLOTS = ['x1', 'x2'] as const;

export const SAFE_PLACES = [
  { id: 'porch', label: 'Front porch' },
  { id: 'back', label: 'Back door' },
  { id: 'garage', label: 'Garage' },
  { id: 'neighbour', label: 'A neighbour' },
  { id: 'none', label: 'No safe place' },
] as const;
export const NOTIFY = [
  { id: 'n_text', label: 'Text me when a parcel is out for delivery', on: true },
  { id: 'n_email', label: 'Email me delivery updates', on: true },
  { id: 'n_photo', label: 'Photo when a parcel is left', on: false },
] as const;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    query: '',
    results: '',
    pc: '',
    pc_title: '',
    rd_booked: false,
    sent_count: SENT.length,
    safe_place: 'porch',
    addr_count: `${ADDRESSES.length} saved addresses`,
  };
  for (const p of INCOMING) state[`st_${p.id}`] = `${p.status} · ${p.line}`;
  for (const a of ADDRESSES) state[`ad_${a.id}`] = true;
  for (const s of SLOTS) state[`${s.id}_used`] = false;
  for (const x of ADDRESS_SLOTS) state[`${x}_used`] = false;
  for (const n of NOTIFY) state[n.id] = n.on;
  return state;
}
