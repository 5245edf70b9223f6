import type { Scalar } from '../../src/virtual/app-model';

/** What Homely starts with: the test account, the household, its rooms and devices, scenes, schedules and history. */

export const USER = {
  email: 'sam@homely.test',
  password: 'home2024',
  name: 'Sam Rivera',
  first: 'Sam',
  phone: '+44 7700 900214',
};
export const HOUSEHOLD = 'Maple Street';

export interface Light {
  id: string;
  name: string;
  on: boolean;
  /** Brightness in percent, a multiple of 10 from 10 to 100. */
  level: number;
}
export interface Plug {
  id: string;
  name: string;
  on: boolean;
  /** What it draws when on. */
  watts: string;
}
export interface Room {
  id: string;
  name: string;
  lights: Light[];
  plugs: Plug[];
  thermostat?: boolean;
}

const light = (id: string, name: string, on: boolean, level: number): Light => ({ id, name, on, level });

export const ROOMS: Room[] = [
  {
    id: 'living',
    name: 'Living Room',
    lights: [
      light('lr_ceiling', 'Ceiling light', true, 80),
      light('lr_floor', 'Floor lamp', true, 40),
      light('lr_tv', 'TV backlight', false, 60),
    ],
    plugs: [],
    thermostat: true,
  },
  {
    id: 'kitchen',
    name: 'Kitchen',
    lights: [light('k_pendant', 'Pendant lights', true, 100), light('k_cabinet', 'Under-cabinet lights', true, 70)],
    plugs: [{ id: 'k_coffee', name: 'Coffee maker', on: false, watts: '1,200 W' }],
  },
  {
    id: 'bedroom',
    name: 'Bedroom',
    lights: [light('bd_bedside', 'Bedside lamp', false, 30), light('bd_ceiling', 'Ceiling light', false, 70)],
    plugs: [],
  },
  {
    id: 'office',
    name: 'Office',
    lights: [light('of_desk', 'Desk lamp', true, 90)],
    plugs: [{ id: 'of_printer', name: 'Printer', on: true, watts: '35 W' }],
  },
];

export const LIGHTS = ROOMS.flatMap((r) => r.lights);
export const PLUGS = ROOMS.flatMap((r) => r.plugs);
export const DEVICES = [...LIGHTS, ...PLUGS];
export const deviceCount = (r: Room) => r.lights.length + r.plugs.length + (r.thermostat ? 1 : 0);
export const LEVELS = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100] as const;

/** The thermostat (in the Living Room): target in whole °C. */
export const THERMO = { name: 'Thermostat', target: 21, mode: 'heat', indoor: 20, min: 16, max: 28 } as const;
export const MODES = [
  { id: 'heat', label: 'Heat' },
  { id: 'cool', label: 'Cool' },
  { id: 'off', label: 'Off' },
] as const;
export const fahrenheit = (c: number) => Math.round((c * 9) / 5 + 32);

export interface Scene {
  id: string;
  name: string;
  about: string;
  lights: Record<string, number | false>;
  plugs: Record<string, boolean>;
  target?: number;
}

export const SCENES: Scene[] = [
  {
    id: 'morning',
    name: 'Good morning',
    about: 'Kitchen lights up, coffee on, heating to 21°C',
    lights: { k_pendant: 100, k_cabinet: 100, lr_ceiling: 70 },
    plugs: { k_coffee: true },
    target: 21,
  },
  {
    id: 'movie',
    name: 'Movie night',
    about: 'Ceiling off, floor lamp dimmed, TV backlight on',
    lights: { lr_ceiling: false, lr_floor: 20, lr_tv: 60 },
    plugs: {},
  },
  {
    id: 'night',
    name: 'Good night',
    about: 'Every light off, heating down to 18°C',
    lights: Object.fromEntries(LIGHTS.map((l) => [l.id, false])),
    plugs: { k_coffee: false },
    target: 18,
  },
  {
    id: 'leaving',
    name: 'Leaving home',
    about: 'Every light and plug off',
    lights: Object.fromEntries(LIGHTS.map((l) => [l.id, false])),
    plugs: { k_coffee: false, of_printer: false },
  },
];

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const TIMES = ['06:30', '07:00', '07:30', '18:00', '22:30'] as const;

export const SCHEDULES = [
  { id: 'wake', name: 'Wake up', time: '06:45', days: 'Weekdays', scene: 'Good morning' },
  { id: 'weekend', name: 'Weekend coffee', time: '08:30', days: 'Sat, Sun', scene: 'Good morning' },
  { id: 'lights', name: 'Lights out', time: '23:00', days: 'Every day', scene: 'Good night' },
] as const;

/** Energy use in tenths of a kWh, per room, for each period; the tariff is 28p a kWh. */
export const TARIFF_PENCE = 28;
export const PERIODS = [
  { id: 'today', label: 'Today', rooms: { living: 42, kitchen: 61, bedroom: 9, office: 24 } },
  { id: 'week', label: 'Week', rooms: { living: 318, kitchen: 402, bedroom: 87, office: 156 } },
  { id: 'month', label: 'Month', rooms: { living: 1304, kitchen: 1688, bedroom: 371, office: 642 } },
] as const;
export const kwh = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10} kWh`;
export const cost = (tenths: number) => {
  const pence = Math.round((tenths * TARIFF_PENCE) / 10);
  return `£${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
};

/** Recent activity, newest first. */
export const ACTIVITY = [
  { id: 'a1', when: 'Today 18:42', what: 'Front door unlocked by Alex' },
  { id: 'a2', when: 'Today 18:05', what: 'Kitchen pendant lights turned on' },
  { id: 'a3', when: 'Today 17:30', what: 'Thermostat set to 21°C' },
  { id: 'a4', when: 'Today 07:00', what: 'Coffee maker turned off' },
  { id: 'a5', when: 'Today 06:45', what: 'Schedule “Wake up” ran Good morning' },
  { id: 'a6', when: 'Yesterday 23:00', what: 'Schedule “Lights out” ran Good night' },
  { id: 'a7', when: 'Yesterday 21:12', what: 'Movie night ran' },
  { id: 'a8', when: 'Yesterday 16:20', what: 'Jamie joined the household' },
] as const;

export const MEMBERS = [
  { id: 'sam', name: 'Sam Rivera', email: 'sam@homely.test', role: 'Owner' },
  { id: 'alex', name: 'Alex Rivera', email: 'alex@homely.test', role: 'Admin' },
  { id: 'jamie', name: 'Jamie Rivera', email: 'jamie@homely.test', role: 'Member' },
] as const;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    user_name: USER.name,
    user_first: USER.first,
    room: '',
    room_name: '',
    t_target: THERMO.target,
    t_mode: THERMO.mode,
    units: 'C',
    set_notif: true,
    set_away: false,
    set_sounds: false,
    energy_seg: 'today',
    last_event: '',
    c1_used: false,
    inv_used: false,
  };
  for (const l of LIGHTS) Object.assign(state, { [`on_${l.id}`]: l.on, [`br_${l.id}`]: l.level });
  for (const p of PLUGS) state[`on_${p.id}`] = p.on;
  for (const s of SCHEDULES) state[`sch_${s.id}`] = true;
  return state;
}
