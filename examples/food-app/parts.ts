import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { all, any, button, each, is, reset, set } from '../model-parts';
import { BASKET_MAX, OPEN, PROMO_CODE, allDishes, money, orderTotals, type Dish, type Restaurant } from './data';

/**
 * Forkly's own builders; the shared ones come from `../model-parts`. Money without arithmetic: every
 * price is a multiple of 50p, so the subtotal is a count of 50p units kept in digits (`addUnits`);
 * totals that depend on it are one case per subtotal, read through a key the cases do not change.
 */

/** Messages that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { basket_error: '', search_msg: '', account_notice: '', orders_notice: '' };

const TABS = [
  { id: 'tab-home', label: 'Home', screen: 'home', extra: {} },
  { id: 'tab-search', label: 'Search', screen: 'search', extra: {} },
  { id: 'tab-orders', label: 'Orders', screen: 'orders', extra: { seg: 'active' } },
  { id: 'tab-account', label: 'Account', screen: 'account', extra: {} },
] as const;

/** The tab bar at the foot of the main screens. */
export const tabBar = (): Element[] => [
  { type: 'divider', id: 'tab-bar' },
  ...TABS.map((tab) => button(tab.id, tab.label, [set({ ...TAB_NOTICES, ...tab.extra }), reset(tab.screen)], 'link')),
];

export const UNIT = 50;
/** The most 50p units a basket from `rest` can reach. */
export const maxUnits = (rest: Restaurant) => (BASKET_MAX * Math.max(...rest.dishes.map((d) => d.price))) / UNIT;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

/**
 * The subtotal is three digits: `s_t` tens of pounds, `s_u` pounds, `s_h` half pounds (0 or 1);
 * `sub_key` joins them ("095" is £9.50) for conditions, `sub_label` writes it.
 */
export const subKey = (units: number) => `${Math.floor(units / 20)}${Math.floor(units / 2) % 10}${units % 2}`;

/** The subtotal's variables for a basket of `units` 50p units. */
export function subtotalOf(units: number): Record<string, string | number> {
  const pence = units * UNIT;
  return {
    s_t: Math.floor(units / 20),
    s_u: Math.floor(units / 2) % 10,
    s_h: units % 2,
    s_p: units % 2 ? '50' : '00',
    sub_key: subKey(units),
    sub_label: money(pence),
  };
}

const COLUMNS = [
  { v: 's_h', base: 2, of: (k: number) => k % 2 },
  { v: 's_u', base: 10, of: (k: number) => Math.floor(k / 2) % 10 },
  { v: 's_t', base: 10, of: (k: number) => Math.floor(k / 20) },
] as const;

/** Adds `units` 50p units (negative: takes them away) to the subtotal, column by column as on paper. */
export function addUnits(units: number): Action[] {
  const k = Math.abs(units);
  const actions: Action[] = [set({ carry: 0 })];
  for (const col of COLUMNS) {
    const a = col.of(k);
    actions.push(set({ key_col: `{{${col.v}}}|{{carry}}` }));
    const cases: [Condition, Action[]][] = [];
    for (let d = 0; d < col.base; d++)
      for (const c of [0, 1]) {
        const raw = units >= 0 ? d + a + c : d - a - c;
        const digit = ((raw % col.base) + col.base) % col.base;
        const carry = raw >= col.base || raw < 0 ? 1 : 0;
        cases.push([is('key_col', `${d}|${c}`), [set({ [col.v]: digit, carry })]]);
      }
    actions.push(...each(cases));
  }
  return [...actions, ...writeSubtotal];
}

const writeSubtotal: Action[] = [
  set({ sub_key: '{{s_t}}{{s_u}}{{s_h}}', s_p: '00' }),
  { if: is('s_h', 1), then: [set({ s_p: '50' })] },
  set({ sub_label: '£{{s_t}}{{s_u}}.{{s_p}}' }),
  { if: is('s_t', 0), then: [set({ sub_label: '£{{s_u}}.{{s_p}}' })] },
];

/** Adds `delta` to the number of dishes in the basket. */
export function addCount(delta: number): Action[] {
  const from = range(Math.max(0, -delta), Math.min(BASKET_MAX, BASKET_MAX - delta));
  return [
    set({ key_n: '{{b_count}}' }),
    ...each(from.map((n) => [is('key_n', String(n)), [set({ b_count: n + delta })]])),
  ];
}

/** Adds `delta` to the quantity of `dish` in the basket, with the line's price. */
export function addQuantity(d: Dish, delta: number): Action[] {
  const from = range(Math.max(0, -delta), Math.min(BASKET_MAX, BASKET_MAX - delta));
  const q = `q_${d.id}`;
  return [
    set({ key_q: `{{${q}}}` }),
    ...each(
      from.map((k) => [
        is('key_q', String(k)),
        [set({ [q]: k + delta, [`l_${d.id}`]: k + delta === 0 ? '' : money((k + delta) * d.price) })],
      ]),
    ),
  ];
}

/** Whether the basket has fewer than `room` free places. */
export const noRoomFor = (room: number): Condition =>
  any(...range(BASKET_MAX - room + 1, BASKET_MAX).map((n) => is('b_count', n)));

/** Empties the basket. */
export const clearBasket: Action[] = [
  set({
    b_rest: '',
    b_count: 0,
    ...subtotalOf(0),
    promo: false,
    promo_code: '',
    promo_msg: '',
    promo_error: '',
    basket_error: '',
    ...Object.fromEntries(
      allDishes().flatMap((d) => [
        [`q_${d.id}`, 0],
        [`l_${d.id}`, ''],
        [`x_${d.id}`, ''],
      ]),
    ),
  }),
];

/** Makes `rest` the basket's restaurant (the basket is empty or already from it). */
export const basketFrom = (rest: Restaurant): Action[] => [
  set({ b_rest: rest.id, b_rest_name: rest.name, b_fee_label: money(rest.fee), b_eta: rest.eta }),
];

/** Sets `pay_label` (what "Place order" charges) from the basket, the promo code and the tip. */
export function payLabel(tip: number): Action[] {
  const cases: [Condition, Action[]][] = [];
  for (const rest of OPEN)
    for (const u of range(0, maxUnits(rest)))
      for (const promo of [false, true]) {
        const t = orderTotals(rest, u * UNIT, promo, tip);
        cases.push([is('key_pay', `${rest.id}|${subKey(u)}|${promo}`), [set({ pay_label: money(t.pay) })]]);
      }
  return [set({ key_pay: '{{b_rest}}|{{sub_key}}|{{promo}}', tip, tip_label: money(tip) }), ...each(cases)];
}

/** One text per basket the restaurant can have, showing `pick` of its totals (visible for the basket on hand). */
export function totalTexts(
  id: string,
  pick: (t: ReturnType<typeof orderTotals>) => number,
  promos: boolean[],
  style: 'body' | 'headline' = 'body',
  sign = '',
): Element[] {
  return OPEN.flatMap((rest) =>
    range(0, maxUnits(rest)).flatMap((u) =>
      promos.map(
        (promo): Element => ({
          type: 'text',
          id,
          text: sign + money(pick(orderTotals(rest, u * UNIT, promo, 0))),
          style,
          visibleIf: all(is('b_rest', rest.id), is('sub_key', subKey(u)), is('promo', promo)),
        }),
      ),
    ),
  );
}

/** Applies the promo code typed into `promo_code`. */
export const applyPromo: Action[] = [
  {
    if: any(is('promo_code', PROMO_CODE), is('promo_code', PROMO_CODE.toLowerCase())),
    then: [set({ promo: true, promo_error: '', promo_msg: `${PROMO_CODE} applied: 10% off your food` })],
    else: [
      {
        if: is('promo_code', ''),
        then: [set({ promo_error: 'Enter a promo code', promo_msg: '' })],
        else: [set({ promo_error: 'This code isn’t valid', promo_msg: '' })],
      },
    ],
  },
];
