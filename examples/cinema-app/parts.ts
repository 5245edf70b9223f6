import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { all, button, each, is, reset, set } from '../model-parts';
import { money } from './data';

/**
 * Reelhouse's own builders; the shared ones come from `../model-parts`. Money without arithmetic:
 * every price is a multiple of 50p, and a sum of money is kept in digits (`<p>_h` hundreds, `<p>_t`
 * tens, `<p>_u` pounds, `<p>_x` half pounds) added column by column (`addMoney`), `<p>_label` writes it.
 */

/** Messages that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { search_msg: '', account_notice: '', tickets_notice: '' };

const TABS = [
  { id: 'tab-films', label: 'Films', screen: 'home', extra: {} },
  { id: 'tab-search', label: 'Search', screen: 'search', extra: {} },
  { id: 'tab-tickets', label: 'My tickets', screen: 'my-tickets', extra: { seg: 'upcoming' } },
  { id: 'tab-account', label: 'Account', screen: 'account', extra: {} },
] as const;

/** The tab bar at the foot of the main screens. */
export const tabBar = (): Element[] => [
  { type: 'divider', id: 'tab-bar' },
  ...TABS.map((tab) => button(tab.id, tab.label, [set({ ...TAB_NOTICES, ...tab.extra }), reset(tab.screen)], 'link')),
];

/** A small secondary button, as the app draws chips and steppers. */
export const chip = (id: string, label: string, action: Action[], extra: Partial<Element> = {}): Element =>
  ({ type: 'button', id, label, style: 'secondary', size: 'small', action, ...extra }) as Element;

export const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

/** Adds `delta` to the whole number `v` (kept between `min` and `max`). */
export function inc(v: string, delta: number, min: number, max: number): Action[] {
  const from = range(Math.max(min, min - delta), Math.min(max, max - delta));
  return [
    set({ [`key_${v}`]: `{{${v}}}` }),
    ...each(from.map((n) => [is(`key_${v}`, String(n)), [set({ [v]: n + delta })]])),
  ];
}

/** The digits of `units` 50p units. */
const digits = (units: number) => ({
  x: units % 2,
  u: Math.floor(units / 2) % 10,
  t: Math.floor(units / 20) % 10,
  h: Math.floor(units / 200) % 10,
});

/** The variables of the sum `p` holding `units`. */
export function moneyVars(p: string, units: number): Record<string, string | number> {
  const d = digits(units);
  return { [`${p}_x`]: d.x, [`${p}_u`]: d.u, [`${p}_t`]: d.t, [`${p}_h`]: d.h, [`${p}_label`]: money(units) };
}

export const setMoney = (p: string, units: number): Action => set(moneyVars(p, units));

const COLUMNS = [
  { c: 'x', base: 2, of: (k: number) => k % 2 },
  { c: 'u', base: 10, of: (k: number) => Math.floor(k / 2) % 10 },
  { c: 't', base: 10, of: (k: number) => Math.floor(k / 20) % 10 },
  { c: 'h', base: 10, of: (k: number) => Math.floor(k / 200) % 10 },
] as const;

/** Adds `units` 50p units (negative: takes them away) to the sum `p`, column by column as on paper. */
export function addMoney(p: string, units: number): Action[] {
  const k = Math.abs(units);
  const actions: Action[] = [set({ carry: 0 })];
  for (const col of COLUMNS) {
    const a = col.of(k);
    const v = `${p}_${col.c}`;
    actions.push(set({ key_col: `{{${v}}}|{{carry}}` }));
    const cases: [Condition, Action[]][] = [];
    for (let d = 0; d < col.base; d++)
      for (const c of [0, 1]) {
        const raw = units >= 0 ? d + a + c : d - a - c;
        const digit = ((raw % col.base) + col.base) % col.base;
        const carry = raw >= col.base || raw < 0 ? 1 : 0;
        cases.push([is('key_col', `${d}|${c}`), [set({ [v]: digit, carry })]]);
      }
    actions.push(...each(cases));
  }
  return [...actions, ...writeMoney(p)];
}

/** Writes `<p>_label` from the digits. */
export function writeMoney(p: string): Action[] {
  const [x, u, t, h] = ['x', 'u', 't', 'h'].map((c) => `${p}_${c}`) as [string, string, string, string];
  return [
    set({ pence: '00' }),
    { if: is(x, 1), then: [set({ pence: '50' })] },
    set({ [`${p}_label`]: `£{{${h}}}{{${t}}}{{${u}}}.{{pence}}` }),
    { if: is(h, 0), then: [set({ [`${p}_label`]: `£{{${t}}}{{${u}}}.{{pence}}` })] },
    { if: all(is(h, 0), is(t, 0)), then: [set({ [`${p}_label`]: `£{{${u}}}.{{pence}}` })] },
  ];
}
