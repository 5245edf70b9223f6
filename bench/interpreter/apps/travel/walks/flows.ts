import { type Op, back, screen, shows, tap, type } from '../../../walks/ops';

export type { Walk } from '../../../walks/ops';

/** Wayfarer's ways through its screens that many cases share (ids of `examples/travel-app/`). */
export const signIn: Op[] = [type('email', 'alex@wayfarer.test'), type('password', 'wayfarer1'), tap('sign-in')];

export const fill = (from: string, to: string, date: string): Op[] => [
  type('from', from),
  type('to', to),
  type('date', date),
];

export const addPassengers = (n: number): Op[] => Array.from({ length: n }, () => tap('add-passenger'));

/** From Search with one passenger: fills the form, adds passengers up to `pax`, searches. */
export const search = (from: string, to: string, date: string, pax = 1): Op[] => [
  ...fill(from, to, date),
  ...addPassengers(pax - 1),
  tap('search'),
];

/** Flight (`nw331`) and fare (`light`, `classic`, `flex`) on Flights. */
export const pick = (flight: string, fare: string): Op[] => [tap(`flight-${flight}`), tap(`fare-${fare}`)];

/** Names of passengers 2, 3, … on Passenger details. */
export const names = (...people: [string, string][]): Op[] =>
  people.flatMap(([first, last], i) => [type(`p${i + 2}-first`, first), type(`p${i + 2}-last`, last)]);

export const continuePassengers = tap('passengers-continue');
export const continueExtras = tap('extras-continue');
export const insurance = tap('insurance');
export const bag = tap('extra-bag');

/** On Review booking: accept the fare rules, Confirm and pay, Pay now. */
export const pay: Op[] = [tap('accept-rules'), tap('confirm'), tap('alert-pay-now')];

/** A whole booking from Search with one passenger, up to Booking confirmed. */
export const book = (from: string, to: string, date: string, flight: string, fare: string): Op[] => [
  ...search(from, to, date),
  ...pick(flight, fare),
  continuePassengers,
  continueExtras,
  ...pay,
];

/** From a tab screen: My trips, then the upcoming trip in slot `n` (1 is London → Edinburgh). */
export const openTrip = (n: number): Op[] => [tap('tab-trips'), tap(`trip-${n}`)];

export const cancelTrip: Op[] = [tap('cancel-booking'), tap('alert-cancel-booking')];

export const openSettings: Op[] = [tap('tab-profile'), tap('open-settings')];

export const SAM: [string, string] = ['Sam', 'Morgan'];
export const JO: [string, string] = ['Jo', 'Morgan'];
export const KIM: [string, string] = ['Kim', 'Morgan'];
export const EDINBURGH = 'London → Edinburgh';

export const greeting = (name: string) => shows('greeting', `Hi ${name}, where to next?`);
export const extrasTotal = (text: string) => shows('extras-total-value', text);

/** The price rows of Review booking. */
export const base = (label: string, value: string) => [
  shows('base-fare-label', `Base fare (${label})`),
  shows('base-fare-value', value),
];
export const taxes = (value: string) => shows('taxes-value', value);
export const extras = (label: string, value: string) => [
  shows('extras-label', `Extras (${label})`),
  shows('extras-value', value),
];
export const total = (value: string) => shows('total-value', value);

/** Back from Review booking through Extras, Passenger details, Flight details and Flights to Search. */
export const backToSearch: Op[] = [back, back, back, back, back, screen('Search')];

/** My trips with the notice shown after a cancellation. */
export const cancelledNotice = (text: string) => [screen('My trips'), shows('trips-notice', text)];
