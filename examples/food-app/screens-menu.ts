import type { Action, Element, Screen } from '../../src/virtual/app-model';
import { all, back, button, choose, each, go, input, is, not, notice, set, text } from '../model-parts';
import {
  ADDRESSES,
  BASKET_MAX,
  CATEGORIES,
  MIN_ORDER,
  OPEN,
  RESTAURANTS,
  money,
  type Dish,
  type Restaurant,
} from './data';
import { UNIT, addCount, addQuantity, addUnits, basketFrom, clearBasket, noRoomFor, subtotalOf, tabBar } from './parts';
import { runSearch } from './search';

/** Home with its restaurants, a restaurant's menu, a dish's options, and choosing the delivery address. */

const restaurantLine = (r: Restaurant) =>
  r.opens
    ? `${r.cuisine} · ★ ${r.rating} · Closed · opens ${r.opens}`
    : `${r.cuisine} · ★ ${r.rating} · ${r.eta} · ${money(r.fee)} delivery`;

/** Opens a restaurant's menu, or says when a closed one opens. */
export const openRestaurant = (r: Restaurant): Action[] =>
  r.opens
    ? [
        {
          alert: {
            title: `${r.name} is closed`,
            message: `It opens at ${r.opens} today. You can order then.`,
            buttons: [{ label: 'OK', id: 'alert-ok' }],
          },
        },
      ]
    : [set({ rest: r.id, rest_name: r.name, menu_notice: '' }), go('restaurant')];

/** The basket button: how many dishes, and the subtotal. */
export const basketButton = (id: string, extra: { visibleIf?: ReturnType<typeof is> } = {}): Element[] => [
  button(id, 'View basket · {{b_count}} items · {{sub_label}}', [set({ basket_error: '' }), go('basket')], 'primary', {
    visibleIf: all(not(is('b_count', 0)), not(is('b_count', 1)), ...(extra.visibleIf ? [extra.visibleIf] : [])),
  }),
  button(id, 'View basket · 1 item · {{sub_label}}', [set({ basket_error: '' }), go('basket')], 'primary', {
    visibleIf: all(is('b_count', 1), ...(extra.visibleIf ? [extra.visibleIf] : [])),
  }),
];

const home: Screen = {
  title: 'Home',
  elements: [
    text('deliver-to', 'Deliver to {{address_label}}', 'caption'),
    text('address-line', '{{address}}', 'headline'),
    button('change-address', 'Change address', [go('addresses')], 'link'),
    input('home-search', 'query', 'Search', {
      placeholder: 'Dishes or restaurants',
      submit: [...runSearch, go('search')],
    }),
    text('categories-heading', 'Categories', 'caption'),
    ...CATEGORIES.map(
      (c): Element => ({
        type: 'button',
        id: `cat-${c.toLowerCase()}`,
        label: c,
        style: 'secondary',
        size: 'small',
        action: [set({ cat: c })],
      }),
    ),
    text('restaurants-heading', 'Restaurants near you', 'headline'),
    text('cat-selected', 'Showing: {{cat}}', 'caption'),
    ...CATEGORIES.map(
      (c): Element => ({
        type: 'list',
        id: 'restaurant-list',
        visibleIf: is('cat', c),
        items: RESTAURANTS.filter((r) => c === 'All' || r.category === c).map((r) => ({
          id: `restaurant-${r.id}`,
          title: r.name,
          subtitle: restaurantLine(r),
          action: openRestaurant(r),
        })),
      }),
    ),
    ...basketButton('view-basket'),
    ...tabBar(),
  ],
};

/** Opens the options of dish `d` from `r`. */
export const openDish = (r: Restaurant, d: Dish): Action[] => [
  set({
    rest: r.id,
    rest_name: r.name,
    v_dish: d.id,
    v_dish_name: d.name,
    v_dish_about: d.about,
    v_dish_price: money(d.price),
    v_pizza: d.section === 'Pizzas',
    crust: 'Classic',
    sheet_q: 1,
    sheet_price: money(d.price),
    sheet_error: '',
  }),
  go('dish'),
];

const menuList = (r: Restaurant, id: string, dishes: Dish[]): Element => ({
  type: 'list',
  id,
  items: dishes.map((d) => ({
    id: `${id === 'popular' ? 'popular' : 'dish'}-${d.id}`,
    title: d.name,
    subtitle: `${money(d.price)} · ${d.about}`,
    action: openDish(r, d),
  })),
});

const menuOf = (r: Restaurant): Element[] =>
  [
    text('rest-info', restaurantLine(r), 'caption'),
    text('rest-minimum', `Minimum order ${money(MIN_ORDER)}`, 'caption'),
    ...basketButton('view-basket-top', { visibleIf: is('b_rest', r.id) }),
    notice('menu-notice', 'menu_notice', 'success'),
    text('section-popular', 'Popular', 'headline'),
    menuList(
      r,
      'popular',
      r.dishes.filter((d) => d.popular),
    ),
    ...r.sections.flatMap((s) => [
      text(`section-${s.toLowerCase()}`, s, 'headline'),
      menuList(
        r,
        `menu-${s.toLowerCase()}`,
        r.dishes.filter((d) => d.section === s),
      ),
    ]),
    ...basketButton('view-basket', { visibleIf: is('b_rest', r.id) }),
  ].map((e) => ({ ...e, visibleIf: e.visibleIf ? all(is('rest', r.id), e.visibleIf) : is('rest', r.id) }));

const restaurant: Screen = { title: '{{rest_name}}', elements: [...OPEN.flatMap(menuOf), ...tabBar()] };

/** Quantities the dish screen can add at once. */
export const SHEET_MAX = 3;

const QUANTITIES = Array.from({ length: SHEET_MAX }, (_, k) => k + 1);

/** What adding `q` of `d` ends with: its options on the basket line, a word on the menu, and back to it. */
const added = (d: Dish, q: number): Action[] => [
  ...(d.section === 'Pizzas' ? [set({ [`x_${d.id}`]: '{{crust}} crust' })] : []),
  set({ menu_notice: `Added ${q} × ${d.name} to your basket` }),
  back,
];

/** Adds the chosen quantity of `d` to the basket (which is empty or already from `r`). */
function addToBasket(r: Restaurant, d: Dish): Action[] {
  return choose(
    QUANTITIES.map((q) => [
      is('sheet_q', q),
      choose(
        [[noRoomFor(q), [set({ sheet_error: `Your basket can hold up to ${BASKET_MAX} dishes` })]]],
        [...basketFrom(r), ...addQuantity(d, q), ...addCount(q), ...addUnits((q * d.price) / UNIT), ...added(d, q)],
      ),
    ]),
  );
}

/** Starts a new basket from `r` with the chosen quantity of `d` (the old basket was just emptied). */
function startBasket(r: Restaurant, d: Dish): Action[] {
  return choose(
    QUANTITIES.map((q) => {
      const units = (q * d.price) / UNIT;
      return [
        is('sheet_q', q),
        [
          ...basketFrom(r),
          set({ [`q_${d.id}`]: q, [`l_${d.id}`]: money(q * d.price), b_count: q, ...subtotalOf(units) }),
          ...added(d, q),
        ],
      ];
    }),
  );
}

const addButton = (r: Restaurant, d: Dish): Element =>
  button(
    `add-to-basket`,
    'Add {{sheet_q}} to basket · {{sheet_price}}',
    choose(
      [
        [
          all(not(is('b_count', 0)), not(is('b_rest', r.id))),
          [
            {
              alert: {
                title: 'Start a new basket?',
                message: `Your basket has dishes from {{b_rest_name}}. Clear it and add this from ${r.name}?`,
                buttons: [
                  { label: 'Cancel', id: 'alert-cancel', style: 'cancel' },
                  { label: 'New basket', id: 'alert-new-basket', action: [...clearBasket, ...startBasket(r, d)] },
                ],
              },
            },
          ],
        ],
      ],
      addToBasket(r, d),
    ),
    'primary',
    { visibleIf: is('v_dish', d.id) },
  );

/** The − and + of the dish screen: the quantity and the price of that many. */
function sheetStep(delta: 1 | -1): Action[] {
  const cases: [ReturnType<typeof is>, Action[]][] = [];
  for (const r of OPEN)
    for (const d of r.dishes)
      for (let q = 1; q <= SHEET_MAX; q++) {
        const to = q + delta;
        if (to < 1 || to > SHEET_MAX) continue;
        cases.push([is('key_sheet', `${d.id}|${q}`), [set({ sheet_q: to, sheet_price: money(to * d.price) })]]);
      }
  return [set({ key_sheet: '{{v_dish}}|{{sheet_q}}', sheet_error: '' }), ...each(cases)];
}

const dish: Screen = {
  title: '{{v_dish_name}}',
  elements: [
    text('dish-name', '{{v_dish_name}}', 'title'),
    text('dish-about', '{{v_dish_about}}', 'body'),
    text('dish-price', '{{v_dish_price}}', 'headline'),
    { ...text('crust-heading', 'Crust', 'headline'), visibleIf: is('v_pizza', true) },
    ...['Classic', 'Thin'].map(
      (c): Element => ({
        type: 'button',
        id: `crust-${c.toLowerCase()}`,
        label: c,
        style: 'secondary',
        size: 'small',
        visibleIf: is('v_pizza', true),
        action: [set({ crust: c })],
      }),
    ),
    { ...text('crust-selected', 'Crust: {{crust}}', 'caption'), visibleIf: is('v_pizza', true) },
    text('quantity-heading', 'Quantity', 'headline'),
    {
      type: 'button',
      id: 'sheet-minus',
      label: '−',
      accessibilityLabel: 'Decrease quantity',
      style: 'secondary',
      size: 'small',
      action: sheetStep(-1),
    },
    text('sheet-quantity', '{{sheet_q}}', 'headline'),
    {
      type: 'button',
      id: 'sheet-plus',
      label: '+',
      accessibilityLabel: 'Increase quantity',
      style: 'secondary',
      size: 'small',
      action: sheetStep(1),
    },
    notice('sheet-error', 'sheet_error', 'error'),
    ...OPEN.flatMap((r) => r.dishes.map((d) => addButton(r, d))),
  ],
};

const addresses: Screen = {
  title: 'Delivery address',
  elements: [
    text('addresses-heading', 'Where should we deliver?', 'headline'),
    {
      type: 'list',
      id: 'address-list',
      items: ADDRESSES.map((a) => ({
        id: `address-${a.id}`,
        title: a.label,
        subtitle: a.line,
        action: [set({ address: a.line, address_label: a.label }), back],
      })),
    },
  ],
};

export const menuScreens: Record<string, Screen> = { home, restaurant, dish, addresses };
