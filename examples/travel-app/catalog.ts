/**
 * What Wayfarer sells: four one-way routes with three flights each, three fares per flight, and
 * the per-passenger prices of taxes and extras. The app model is generated from this table, so
 * every price the app shows comes from one place.
 */

export interface City {
  name: string;
  /** What a traveller may type for it: the name in three casings and the airport code. */
  spellings: string[];
}

export interface Flight {
  /** Flight number without the space, e.g. SK204. */
  id: string;
  no: string;
  airline: string;
  dep: string;
  arr: string;
  duration: string;
  stops: string;
  aircraft: string;
  /** Per-passenger fare prices in whole euros. */
  light: number;
  classic: number;
  flex: number;
}

export interface Route {
  id: string;
  from: string;
  to: string;
  /** Taxes and fees per passenger, in cents. */
  taxCents: number;
  flights: Flight[];
}

function city(name: string, code: string, ...more: string[]): City {
  return { name, spellings: [name, name.toLowerCase(), name.toUpperCase(), code, code.toLowerCase(), ...more] };
}

export const CITIES: City[] = [
  city('London', 'LHR'),
  city('Paris', 'CDG'),
  city('Barcelona', 'BCN'),
  city('Rome', 'FCO'),
  city('New York', 'JFK', 'NYC'),
];

const flight = (
  no: string,
  airline: string,
  dep: string,
  arr: string,
  duration: string,
  stops: string,
  aircraft: string,
  [light, classic, flex]: [number, number, number],
): Flight => ({ id: no.replace(' ', ''), no, airline, dep, arr, duration, stops, aircraft, light, classic, flex });

export const ROUTES: Route[] = [
  {
    id: 'LON-PAR',
    from: 'London',
    to: 'Paris',
    taxCents: 1840,
    flights: [
      flight('SK 204', 'Skyline', '07:10', '09:25', '1h 15m', 'Direct', 'Airbus A320', [59, 89, 139]),
      flight('AU 316', 'Aurora Air', '12:40', '14:55', '1h 15m', 'Direct', 'Airbus A319', [72, 102, 152]),
      flight('NW 331', 'Northwind', '18:45', '21:00', '1h 15m', 'Direct', 'Boeing 737-800', [49, 79, 129]),
    ],
  },
  {
    id: 'LON-BCN',
    from: 'London',
    to: 'Barcelona',
    taxCents: 2680,
    flights: [
      flight('AU 512', 'Aurora Air', '06:55', '10:05', '2h 10m', 'Direct', 'Airbus A321', [69, 99, 159]),
      flight('SK 640', 'Skyline', '13:20', '16:35', '2h 15m', 'Direct', 'Airbus A320', [84, 114, 174]),
      flight('NW 217', 'Northwind', '17:30', '22:55', '4h 25m', '1 stop (Paris)', 'Boeing 737-800', [61, 91, 151]),
    ],
  },
  {
    id: 'PAR-ROM',
    from: 'Paris',
    to: 'Rome',
    taxCents: 2210,
    flights: [
      flight('AU 731', 'Aurora Air', '08:30', '10:35', '2h 05m', 'Direct', 'Airbus A320', [64, 94, 149]),
      flight('SK 752', 'Skyline', '16:15', '18:20', '2h 05m', 'Direct', 'Embraer E195', [58, 88, 138]),
      flight('NW 410', 'Northwind', '21:05', '23:10', '2h 05m', 'Direct', 'Boeing 737-800', [45, 75, 125]),
    ],
  },
  {
    id: 'LON-NYC',
    from: 'London',
    to: 'New York',
    taxCents: 8850,
    flights: [
      flight('NW 100', 'Northwind', '09:15', '12:05', '7h 50m', 'Direct', 'Boeing 787-9', [329, 459, 899]),
      flight('AU 88', 'Aurora Air', '11:00', '17:40', '11h 40m', '1 stop (Dublin)', 'Airbus A330', [289, 409, 819]),
      flight('SK 12', 'Skyline', '14:30', '17:25', '7h 55m', 'Direct', 'Airbus A350', [349, 489, 929]),
    ],
  },
];

export const FARES = [
  {
    key: 'light',
    name: 'Light',
    features: 'Cabin bag only · No changes · No refund',
  },
  {
    key: 'classic',
    name: 'Classic',
    features: '23 kg checked bag · Changes €40 · No refund',
  },
  {
    key: 'flex',
    name: 'Flex',
    features: '23 kg checked bag · Free changes · Full refund',
  },
] as const;
export type FareKey = (typeof FARES)[number]['key'];

/** Extras, charged per passenger, in cents. */
export const INSURANCE_CENTS = 1200;
export const BAG_CENTS = 3000;
export const MAX_PASSENGERS = 4;

/** 123456 → "1,234.56": the app shows every amount with cents and a thousands separator after "€". */
export function money(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString('en-GB');
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export function passengersLabel(n: number): string {
  return n === 1 ? '1 passenger' : `${n} passengers`;
}

/** The booking's amounts for one flight, fare and passenger count, with each combination of extras. */
export function quote(route: Route, f: Flight, fare: FareKey, pax: number) {
  const base = f[fare] * 100 * pax;
  const taxes = route.taxCents * pax;
  const insurance = INSURANCE_CENTS * pax;
  const bag = BAG_CENTS * pax;
  return {
    base,
    taxes,
    extras: { none: 0, insurance, bag, both: insurance + bag },
    total: {
      none: base + taxes,
      insurance: base + taxes + insurance,
      bag: base + taxes + bag,
      both: base + taxes + insurance + bag,
    },
  };
}
