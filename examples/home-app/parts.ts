import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { button, each, is, reset, set } from '../model-parts';
import { LEVELS, ROOMS, THERMO, deviceCount, fahrenheit, type Room, type Scene } from './data';

/**
 * Homely's own builders; the shared ones come from `../model-parts`. No arithmetic: counts and
 * temperatures are one case per value, keyed by a variable the cases do not change.
 */

/** Messages that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { home_msg: '', scenes_msg: '', settings_msg: '' };

const TABS = [
  { id: 'tab-home', label: 'Home', screen: 'home' },
  { id: 'tab-scenes', label: 'Scenes', screen: 'scenes' },
  { id: 'tab-energy', label: 'Energy', screen: 'energy' },
  { id: 'tab-settings', label: 'Settings', screen: 'settings' },
] as const;

/** The tab bar at the foot of the main screens. */
export const tabBar = (): Element[] => [
  { type: 'divider', id: 'tab-bar' },
  ...TABS.map((tab) => button(tab.id, tab.label, [set(TAB_NOTICES), reset(tab.screen)], 'link')),
];

/** A small chip button. */
export const chip = (id: string, label: string, action: Action[], extra: { visibleIf?: Condition } = {}): Element => ({
  type: 'button',
  id,
  label,
  style: 'secondary',
  size: 'small',
  action,
  ...extra,
});

/** "4 devices · 2 lights on" for a room whose lights are on or off as `ons` says. */
export function roomSummary(r: Room, ons: boolean[]): string {
  const n = ons.filter(Boolean).length;
  const lights = n === 0 ? 'All lights off' : n === 1 ? '1 light on' : `${n} lights on`;
  return `${deviceCount(r)} devices · ${lights}`;
}

/** Every on/off combination of `k` lights. */
const combos = (k: number): boolean[][] =>
  k === 0
    ? [[]]
    : combos(k - 1).flatMap((c) => [
        [...c, false],
        [...c, true],
      ]);

/** Writes the Home row's summary of room `r` from its lights. */
export function recount(r: Room): Action[] {
  return [
    set({ [`key_${r.id}`]: r.lights.map((l) => `{{on_${l.id}}}`).join('|') }),
    ...each(
      combos(r.lights.length).map((c) => [
        is(`key_${r.id}`, c.map(String).join('|')),
        [set({ [`sum_${r.id}`]: roomSummary(r, c) })],
      ]),
    ),
  ];
}

/** A temperature as the app shows it in `units`. */
export const tempLabel = (c: number, units: 'C' | 'F') => (units === 'C' ? `${c}°C` : `${fahrenheit(c)}°F`);
export const TARGETS = Array.from({ length: THERMO.max - THERMO.min + 1 }, (_, k) => THERMO.min + k);

/** Writes the thermostat's target and indoor temperature labels in the chosen units. */
export const writeTemps: Action[] = [
  set({ key_t: '{{t_target}}|{{units}}' }),
  ...each(
    TARGETS.flatMap((c) =>
      (['C', 'F'] as const).map((u): [Condition, Action[]] => [
        is('key_t', `${c}|${u}`),
        [set({ t_label: tempLabel(c, u) })],
      ]),
    ),
  ),
  { if: is('units', 'C'), then: [set({ in_label: tempLabel(THERMO.indoor, 'C') })] },
  { if: is('units', 'F'), then: [set({ in_label: tempLabel(THERMO.indoor, 'F') })] },
];

/** Moves the target temperature one degree up or down, within range. */
export function stepTarget(delta: 1 | -1): Action[] {
  return [
    set({ key_tt: '{{t_target}}' }),
    ...each(
      TARGETS.filter((c) => TARGETS.includes(c + delta)).map((c) => [
        is('key_tt', String(c)),
        [set({ t_target: c + delta })],
      ]),
    ),
    ...writeTemps,
  ];
}

/** Moves a light's brightness 10% up or down, within 10–100%. */
export function stepLevel(id: string, delta: 10 | -10): Action[] {
  return [
    set({ key_br: `{{br_${id}}}` }),
    ...each(
      LEVELS.filter((v) => (LEVELS as readonly number[]).includes(v + delta)).map((v) => [
        is('key_br', String(v)),
        [set({ [`br_${id}`]: v + delta })],
      ]),
    ),
  ];
}

/** Sets every device as scene `s` says, rewrites what depends on them, and says so in `msgVar`. */
export function runScene(s: Scene, msgVar: string): Action[] {
  const vars: Record<string, string | number | boolean> = {};
  for (const [id, v] of Object.entries(s.lights)) {
    vars[`on_${id}`] = v !== false;
    if (v !== false) vars[`br_${id}`] = v;
  }
  for (const [id, v] of Object.entries(s.plugs)) vars[`on_${id}`] = v;
  if (s.target !== undefined) Object.assign(vars, { t_target: s.target, t_mode: 'heat' });
  return [
    set(vars),
    ...ROOMS.flatMap(recount),
    ...(s.target !== undefined ? writeTemps : []),
    set({ last_event: `${s.name} ran`, [msgVar]: `${s.name} is on` }),
  ];
}

/** The summaries, temperatures and labels the app starts with. */
export function initialLabels(state: Record<string, string | number | boolean>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of ROOMS)
    out[`sum_${r.id}`] = roomSummary(
      r,
      r.lights.map((l) => state[`on_${l.id}`] === true),
    );
  out.t_label = tempLabel(THERMO.target, 'C');
  out.in_label = tempLabel(THERMO.indoor, 'C');
  return out;
}
