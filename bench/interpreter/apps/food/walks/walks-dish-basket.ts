import { type Walk, absent, back, enabled, present, screen, shows, tap } from '../../../walks/ops';
import { LUIGI, add, basketTotals, line, order, signIn, toBasket, value, viewBasket } from './flows';

const plus = (n: number) => Array.from({ length: n }, () => tap('sheet-plus'));
const minus = (n: number) => Array.from({ length: n }, () => tap('sheet-minus'));
const minimum = (amount: string) => shows('minimum-message', `Add ${amount} more to reach the £10.00 minimum order`);

/** Cases 20–38: a dish's options and quantity, adding to the basket, the basket's lines and totals. */
export const dishBasketWalks: Walk[] = [
  {
    name: 'Margherita dish screen defaults',
    steps: [signIn, [tap('restaurant-luigi'), tap('dish-margherita')]],
    assertions: [
      [screen('Margherita'), shows('dish-name', 'Margherita')],
      [shows('dish-about', 'Tomato, fior di latte, basil'), shows('dish-price', '£9.50')],
      [shows('crust-classic', 'Classic'), shows('crust-thin', 'Thin'), shows('crust-selected', 'Crust: Classic')],
      [shows('sheet-quantity', '1')],
      [shows('add-to-basket', 'Add 1 to basket · £9.50')],
    ],
  },
  {
    name: 'Choose thin crust and two Margheritas',
    steps: [signIn, [tap('restaurant-luigi'), tap('dish-margherita')], [tap('crust-thin')], [tap('sheet-plus')]],
    assertions: [
      [shows('crust-selected', 'Crust: Thin')],
      [shows('sheet-quantity', '2')],
      [shows('add-to-basket', 'Add 2 to basket · £19.00')],
    ],
  },
  {
    name: 'Dish quantity stops at 3 and at 1',
    steps: [signIn, [tap('restaurant-luigi'), tap('dish-pepperoni')], plus(4), minus(5)],
    assertions: [
      // The four + taps again, then the five − taps.
      [...plus(4), shows('sheet-quantity', '3'), shows('add-to-basket', 'Add 3 to basket · £33.00'), ...minus(5)],
      [shows('sheet-quantity', '1'), shows('add-to-basket', 'Add 1 to basket · £11.00')],
    ],
  },
  {
    name: 'Non-pizza dish has no crust option',
    steps: [signIn, [tap('restaurant-luigi')], [tap('dish-garlic-bread')]],
    assertions: [
      [
        shows('dish-name', 'Garlic Bread'),
        shows('dish-about', 'Stone-baked, with garlic butter'),
        shows('dish-price', '£4.50'),
      ],
      [absent('crust-heading'), absent('crust-classic'), absent('crust-thin'), absent('crust-selected')],
      [shows('add-to-basket', 'Add 1 to basket · £4.50')],
    ],
  },
  {
    name: 'Adding two Margheritas shows the confirmation and View basket',
    steps: [
      signIn,
      [tap('restaurant-luigi'), tap('dish-margherita')],
      [
        tap('sheet-plus'),
        shows('sheet-quantity', '2'),
        shows('add-to-basket', 'Add 2 to basket · £19.00'),
        tap('add-to-basket'),
      ],
    ],
    assertions: [
      [screen(LUIGI)],
      [shows('menu-notice', 'Added 2 × Margherita to your basket')],
      [viewBasket('view-basket-top', 2, '£19.00')],
    ],
  },
  {
    name: 'View basket shows 1 item singular on Home',
    steps: [signIn, order('greenbowl', [['falafel-wrap', 1]]), [back]],
    assertions: [[screen('Home'), viewBasket('view-basket', 1, '£7.50')]],
  },
  {
    name: 'Back from dish screen adds nothing',
    steps: [signIn, [tap('restaurant-luigi'), tap('dish-tiramisu')], [tap('sheet-plus')], [back]],
    assertions: [[screen(LUIGI)], [absent('menu-notice')], [absent('view-basket-top'), absent('view-basket')]],
  },
  {
    name: 'Dish can be opened from the Popular section',
    steps: [signIn, [tap('restaurant-luigi')], [tap('popular-pepperoni')]],
    assertions: [
      [screen('Pepperoni'), shows('dish-about', 'Tomato, mozzarella, spicy pepperoni'), shows('dish-price', '£11.00')],
      [shows('crust-selected', 'Crust: Classic')],
    ],
  },
  {
    name: 'Basket lines, fees and total for 2 thin Margheritas plus Garlic Bread',
    steps: [
      signIn,
      [tap('restaurant-luigi'), ...add('margherita', 2, [tap('crust-thin')])],
      add('garlic-bread'),
      toBasket,
    ],
    assertions: [
      // Before opening: back on the menu, and the basket again.
      [back, viewBasket('view-basket-top', 3, '£23.50'), ...toBasket],
      [shows('basket-restaurant', LUIGI)],
      [...line('margherita', '2 × Margherita', '£19.00'), shows('line-margherita-options', 'Thin crust')],
      line('garlic-bread', '1 × Garlic Bread', '£4.50'),
      [value('basket-subtotal', '£23.50'), value('basket-delivery', '£1.99'), value('basket-service', '£0.99')],
      [value('basket-total', '£26.48')],
    ],
  },
  {
    name: 'Classic crust shown on basket line',
    steps: [signIn, order('luigi', [['pepperoni', 1]]), toBasket],
    assertions: [
      [...line('pepperoni', '1 × Pepperoni', '£11.00'), shows('line-pepperoni-options', 'Classic crust')],
      [value('basket-subtotal', '£11.00'), value('basket-total', '£13.98')],
    ],
  },
  {
    name: 'Basket + and − update the line, subtotal and total immediately',
    steps: [
      signIn,
      order('luigi', [
        ['margherita', 2],
        ['garlic-bread', 1],
      ]),
      toBasket,
      [tap('line-garlic-bread-plus')],
      [tap('line-margherita-minus')],
    ],
    assertions: [
      // After + (the − on Margherita undone for the look, then done again).
      [
        tap('line-margherita-plus'),
        ...line('garlic-bread', '2 × Garlic Bread', '£9.00'),
        value('basket-subtotal', '£28.00'),
        value('basket-total', '£30.98'),
        tap('line-margherita-minus'),
      ],
      [
        ...line('margherita', '1 × Margherita', '£9.50'),
        value('basket-subtotal', '£18.50'),
        value('basket-total', '£21.48'),
      ],
      [value('basket-delivery', '£1.99'), value('basket-service', '£0.99')],
    ],
  },
  {
    name: 'Removing the last one of a dish takes the line out',
    steps: [
      signIn,
      order('luigi', [
        ['pepperoni', 1],
        ['garlic-bread', 1],
      ]),
      toBasket,
      [tap('line-garlic-bread-minus')],
    ],
    assertions: [
      [absent('line-garlic-bread'), absent('line-garlic-bread-price')],
      [...line('pepperoni', '1 × Pepperoni', '£11.00'), absent('line-garlic-bread')],
      [value('basket-subtotal', '£11.00'), value('basket-total', '£13.98')],
    ],
  },
  {
    name: 'Emptying the basket shows the empty state and Browse restaurants goes Home',
    steps: [
      signIn,
      [...order('luigi', [['margherita', 1]]), ...toBasket],
      // The empty basket cannot be reached again once left: assertions 1 and 2 are read here.
      [
        tap('line-margherita-minus'),
        shows('basket-empty', 'Your basket is empty'),
        shows('basket-empty-hint', 'Add dishes from a restaurant to start an order.'),
        absent('basket-subtotal-value'),
        absent('basket-total-value'),
        absent('go-to-checkout'),
      ],
      [tap('browse-restaurants')],
    ],
    assertions: [[], [], [screen('Home'), absent('view-basket')]],
  },
  {
    name: 'Green Bowl basket uses its own delivery fee',
    steps: [
      signIn,
      order('greenbowl', [
        ['buddha-bowl', 1],
        ['lemonade', 1],
      ]),
      toBasket,
    ],
    assertions: [
      [shows('basket-restaurant', 'Green Bowl')],
      [...line('buddha-bowl', '1 × Buddha Bowl', '£9.00'), ...line('lemonade', '1 × Mint Lemonade', '£3.00')],
      basketTotals('£12.00', '£0.99', '£13.98'),
    ],
  },
  {
    name: 'Under minimum order: message and disabled checkout',
    steps: [signIn, order('luigi', [['garlic-bread', 1]]), toBasket, [{ tryTap: 'go-to-checkout' }]],
    assertions: [
      [value('basket-subtotal', '£4.50'), value('basket-total', '£7.48')],
      [minimum('£5.50')],
      [enabled('go-to-checkout', false), screen('Basket')],
    ],
  },
  {
    name: 'Minimum order message updates and goes away once £10.00 is reached',
    steps: [
      signIn,
      [...order('luigi', [['margherita', 1]]), ...toBasket],
      [present('minimum-message')],
      [tap('line-margherita-plus')],
    ],
    assertions: [
      // With one Margherita again, then two.
      [tap('line-margherita-minus'), minimum('£0.50'), enabled('go-to-checkout', false), tap('line-margherita-plus')],
      [
        shows('line-margherita', '2 × Margherita'),
        value('basket-subtotal', '£19.00'),
        absent('minimum-message'),
        enabled('go-to-checkout'),
      ],
      [tap('go-to-checkout'), screen('Checkout')],
    ],
  },
  {
    name: 'Green Bowl under minimum by £1.00',
    steps: [signIn, order('greenbowl', [['buddha-bowl', 1]]), toBasket],
    assertions: [[minimum('£1.00')], [enabled('go-to-checkout', false)], [value('basket-total', '£10.98')]],
  },
  {
    name: 'Six-dish limit when adding from the menu',
    steps: [
      signIn,
      order('luigi', [['margherita', 3]]),
      add('cola', 3),
      [tap('dish-garlic-bread'), tap('add-to-basket')],
    ],
    assertions: [
      [back, viewBasket('view-basket-top', 6, '£34.50')],
      [tap('dish-garlic-bread'), tap('add-to-basket'), shows('sheet-error', 'Your basket can hold up to 6 dishes')],
      [back, screen(LUIGI), viewBasket('view-basket-top', 6, '£34.50')],
    ],
  },
  {
    name: 'Six-dish limit on the basket + button',
    steps: [
      signIn,
      order('luigi', [
        ['pepperoni', 3],
        ['garlic-bread', 3],
      ]),
      [...toBasket, tap('line-pepperoni-plus')],
    ],
    assertions: [
      [shows('basket-error', 'Your basket can hold up to 6 dishes')],
      line('pepperoni', '3 × Pepperoni', '£33.00'),
      [value('basket-subtotal', '£46.50'), value('basket-total', '£49.48')],
    ],
  },
];
