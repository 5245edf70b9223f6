import { type Op, screen, shows, sub, tap, type } from '../../../walks/ops';

/**
 * Forkly's ways through its screens that many cases share (ids of `examples/food-app/`).
 * Tabs `tab-home`, `tab-search`, `tab-orders`, `tab-account` (on Home, a menu, Search, Orders and
 * Account). Restaurants `restaurant-luigi`, `restaurant-greenbowl`, `restaurant-sakura`,
 * `restaurant-smash`; a menu's dishes `dish-<id>` (and `popular-<id>`), the basket's lines
 * `line-<id>` with `-options`, `-price`, `-minus`, `-plus`; past orders `past-fk-<number>`.
 */

export const EMAIL = 'jo@forkly.test';
export const PASSWORD = 'fork2024';

/** Email, password, Sign in, and Home is open. */
export const signIn: Op[] = [type('email', EMAIL), type('password', PASSWORD), tap('sign-in'), screen('Home')];

export const LUIGI = "Luigi's Pizzeria";

/** From a menu: opens a dish, makes it `q` (the dish screen's +), `extra` (a crust), adds it. */
export const add = (dish: string, q = 1, extra: Op[] = []): Op[] => [
  tap(`dish-${dish}`),
  ...extra,
  ...Array.from({ length: q - 1 }, () => tap('sheet-plus')),
  tap('add-to-basket'),
];

/** From Home: a restaurant's menu, and dishes added to the basket ([dish, quantity]). */
export const order = (rest: 'luigi' | 'greenbowl', dishes: Array<[string, number]>): Op[] => [
  tap(`restaurant-${rest}`),
  ...dishes.flatMap(([d, q]) => add(d, q)),
];

export const toBasket: Op[] = [tap('view-basket-top'), screen('Basket')];
export const toCheckout: Op[] = [tap('go-to-checkout'), screen('Checkout')];
export const applySave10: Op[] = [type('promo-code', 'SAVE10'), tap('apply-promo')];
export const placeOrder: Op[] = [tap('place-order'), screen('Order placed')];

/** The basket line of a dish: "2 × Margherita" and its price. */
export const line = (dish: string, text: string, price: string): Op[] => [
  shows(`line-${dish}`, text),
  shows(`line-${dish}-price`, price),
];

/** A row's value (Basket, Checkout, Order placed, an order). */
export const value = (id: string, text: string): Op => shows(`${id}-value`, text);

export const basketTotals = (subtotal: string, delivery: string, total: string): Op[] => [
  value('basket-subtotal', subtotal),
  value('basket-delivery', delivery),
  value('basket-service', '£0.99'),
  value('basket-total', total),
];

export const viewBasket = (id: string, items: number, amount: string): Op =>
  shows(id, `View basket · ${items} ${items === 1 ? 'item' : 'items'} · ${amount}`);

export const restaurantRow = (id: string, name: string, line2: string): Op[] => [
  shows(`restaurant-${id}`, name),
  sub(`restaurant-${id}`, line2),
];

/** Orders, then Past. */
export const toPast: Op[] = [tap('tab-orders'), tap('seg-past')];

/** The Search tab, a query and its Search button. */
export const search = (query: string): Op[] => [tap('tab-search'), type('search-field', query), tap('search-go')];

export const HOME_ADDRESS = '22 Elm Street, Bristol BS1 4DJ';
export const WORK_ADDRESS = 'Floor 3, 9 Harbour Way, Bristol BS1 5TT';
