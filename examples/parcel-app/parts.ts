import type { Action, Condition, Element } from '../../src/virtual/app-model';
import { any, button, each, is, reset, set } from '../model-parts';
import { ADDRESSES, ADDRESS_SLOTS, COVER_PENCE, POSTCODES, QUANTITIES, SIZES, money } from './data';

/**
 * Shipwise's own builders; the shared ones come from `../model-parts`. No arithmetic: the quote and
 * the counts are one case per value, keyed by variables the cases do not change.
 */

/** Messages that belong to one visit of a screen; leaving through a tab clears them. */
const TAB_NOTICES = { home_msg: '', sent_msg: '', account_msg: '', parcel_msg: '' };

/** The Send form as it starts. */
export const FRESH_SEND = {
  sq_name: '',
  sq_pc: '',
  sq_size: 'medium',
  sq_qty: 1,
  sq_ins: false,
  sq_name_error: '',
  sq_pc_error: '',
  sq_error: '',
};

const TABS = [
  { id: 'tab-home', label: 'Home', screen: 'home', extra: {} },
  { id: 'tab-send', label: 'Send', screen: 'send', extra: FRESH_SEND },
  { id: 'tab-sent', label: 'Sent', screen: 'sent', extra: {} },
  { id: 'tab-account', label: 'Account', screen: 'account', extra: {} },
] as const;

/** The tab bar at the foot of the main screens. */
export const tabBar = (): Element[] => [
  { type: 'divider', id: 'tab-bar' },
  ...TABS.map((tab) =>
    button(
      tab.id,
      tab.label,
      [set({ ...TAB_NOTICES, ...tab.extra }), ...(tab.id === 'tab-send' ? writeQuote : []), reset(tab.screen)],
      'link',
    ),
  ),
];

/** A small secondary button, as the app draws chips and steppers. */
export const chip = (id: string, label: string, action: Action[], extra: Partial<Element> = {}): Element =>
  ({ type: 'button', id, label, style: 'secondary', size: 'small', action, ...extra }) as Element;

/** The postcode in `v` is one the lookup knows, typed in capitals or in small letters. */
export const knownPostcode = (v: string): Condition =>
  any(...POSTCODES.flatMap((pc) => [is(v, pc), is(v, pc.toLowerCase())]));

/** The quote's lines for a size, a number of parcels and extra cover on or off. */
export function quote(size: (typeof SIZES)[number], qty: number, cover: boolean) {
  const postage = size.pence * qty;
  const coverPence = cover ? COVER_PENCE * qty : 0;
  return {
    q_postage: `Postage: ${qty} × ${money(size.pence)} = ${money(postage)}`,
    q_cover: cover ? `Extra cover: ${qty} × ${money(COVER_PENCE)} = ${money(coverPence)}` : 'Extra cover: none',
    q_total: money(postage + coverPence),
    q_desc: `${qty} × ${size.label}`,
  };
}

/** Writes the quote from the size, the number of parcels and the extra cover switch. */
export const writeQuote: Action[] = [
  set({ key_q: '{{sq_size}}|{{sq_qty}}|{{sq_ins}}' }),
  ...each(
    SIZES.flatMap((s) =>
      QUANTITIES.flatMap((q) =>
        [false, true].map((c): [Condition, Action[]] => [is('key_q', `${s.id}|${q}|${c}`), [set(quote(s, q, c))]]),
      ),
    ),
  ),
];

/** Moves the number of parcels one up or down, within 1 to 5. */
export function stepQty(delta: 1 | -1): Action[] {
  return [
    set({ key_qty: '{{sq_qty}}' }),
    ...each(
      QUANTITIES.filter((q) => (QUANTITIES as readonly number[]).includes(q + delta)).map((q) => [
        is('key_qty', String(q)),
        [set({ sq_qty: q + delta })],
      ]),
    ),
    ...writeQuote,
  ];
}

/** The flags of every address, saved or added: `ad_<id>` and `<slot>_used`. */
const ADDRESS_FLAGS = [...ADDRESSES.map((a) => `ad_${a.id}`), ...ADDRESS_SLOTS.map((x) => `${x}_used`)];

const combos = (k: number): boolean[][] =>
  k === 0
    ? [[]]
    : combos(k - 1).flatMap((c) => [
        [...c, false],
        [...c, true],
      ]);

export const addressCount = (n: number) =>
  n === 0 ? 'No saved addresses' : n === 1 ? '1 saved address' : `${n} saved addresses`;

/** Writes "3 saved addresses" from the flags. */
export const recountAddresses: Action[] = [
  set({ key_addr: ADDRESS_FLAGS.map((f) => `{{${f}}}`).join('|') }),
  ...each(
    combos(ADDRESS_FLAGS.length).map((c) => [
      is('key_addr', c.map(String).join('|')),
      [set({ addr_count: addressCount(c.filter(Boolean).length) })],
    ]),
  ),
];
