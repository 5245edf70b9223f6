import { type Op, on, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Homely's ways through its screens that many cases share (ids of `examples/home-app/`).
 * Tabs `tab-home`, `tab-scenes`, `tab-energy`, `tab-settings`. Home's scene chips
 * `scene-chip-<morning|movie|night|leaving>` and rooms `room-<living|kitchen|bedroom|office>`; a
 * room's lights `light-<id>` with `-level`, `-minus`, `-plus`, plugs `plug-<id>` with `-status`, the
 * thermostat `thermo-*` and `mode-<heat|cool|off>`; scenes `scene-<id>`, schedules
 * `schedule-<wake|weekend|lights|n1|n2>`, activity `event-<latest|a1…a8>`.
 */

export const EMAIL = 'sam@homely.test';
export const PASSWORD = 'home2024';

/** Email, password, Sign in, and Home is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Home')];

/** From Home: a room. */
export const room = (id: 'living' | 'kitchen' | 'bedroom' | 'office', title: string): Op[] => [
  tap(`room-${id}`),
  screen(title),
];

/** A Home row's second line. */
export const homeRow = (id: string, summary: string): Op => sub(`room-${id}`, summary);

export const toScenes: Op[] = [tap('tab-scenes'), screen('Scenes')];
export const toNewScene: Op[] = [...toScenes, tap('new-scene'), screen('New scene')];
export const toSettings: Op[] = [tap('tab-settings'), screen('Settings')];
/** From Home. */
export const toSchedules: Op[] = [tap('open-schedules'), screen('Schedules')];
/** From Schedules. */
export const toAdd: Op[] = [tap('add-schedule'), screen('Add schedule')];

/** From Schedules: a schedule added with its name, time ("2230"), days ("mon") and scene chip. */
export const addSchedule = (name: string, time: string, days: string[], scene?: string): Op[] => [
  ...toAdd,
  type('schedule-name', name),
  tap(`time-${time}`),
  ...days.map((d) => tap(`day-${d}`)),
  ...(scene ? [tap(`as-scene-${scene}`)] : []),
  tap('save-schedule'),
  screen('Schedules'),
];

/** From a schedule's screen: Delete schedule, then Delete. */
export const deleteIt: Op[] = [tap('delete-schedule'), tap('alert-delete'), screen('Schedules')];

/** From Scenes: a new scene with its name and the devices picked (`lr-floor`, `k-pendant`). */
export const newScene = (name: string, picks: string[]): Op[] => [
  tap('new-scene'),
  screen('New scene'),
  type('scene-name', name),
  ...picks.map((p) => tap(`pick-${p}`)),
  tap('save-scene'),
];

export const toMembers: Op[] = [...toSettings, tap('settings-members'), screen('Household members')];
export const toProfile: Op[] = [...toSettings, tap('settings-profile'), screen('Profile')];

/** Profile's Sign out, confirmed. */
export const signOut: Op[] = [tap('sign-out'), tap('alert-sign-out'), screen('Sign in')];

export const ACTIVITY = [
  'Front door unlocked by Alex',
  'Kitchen pendant lights turned on',
  'Thermostat set to 21°C',
  'Coffee maker turned off',
  'Schedule “Wake up” ran Good morning',
  'Schedule “Lights out” ran Good night',
  'Movie night ran',
  'Jamie joined the household',
];

/** A light's switch and brightness. */
export const light = (id: string, isOn: boolean, level: number): Op[] => [
  on(`light-${id}`, isOn),
  shows(`light-${id}-level`, `Brightness ${level}%`),
];

/** The thermostat's indoor line, target and status. */
export const thermo = (target: string, status: string, indoor = '20°C'): Op[] => [
  shows('thermo-indoor', `Indoor ${indoor}`),
  shows('thermo-target', target),
  shows('thermo-status', status),
];

export const times = (n: number, id: string): Op[] => Array.from({ length: n }, () => tap(id));
