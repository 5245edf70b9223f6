import type { Scalar } from '../../src/virtual/app-model';

/** What Forkly starts with: the test customer, the restaurants nearby, their menus and past orders. */

export const CUSTOMER = {
  email: 'jo@forkly.test',
  password: 'fork2024',
  name: 'Jo Park',
  phone: '07700 900731',
};

export const ADDRESSES = [
  { id: 'home', label: 'Home', line: '22 Elm Street, Bristol BS1 4DJ' },
  { id: 'work', label: 'Work', line: 'Floor 3, 9 Harbour Way, Bristol BS1 5TT' },
] as const;

/** A basket holds up to this many dishes in all. */
export const BASKET_MAX = 6;
/** The least subtotal a restaurant delivers, in pence. */
export const MIN_ORDER = 1000;
export const SERVICE_FEE = 99;
export const TIPS = [0, 100, 200, 300] as const;
export const PROMO_CODE = 'SAVE10';

export interface Dish {
  id: string;
  name: string;
  /** Pence. */
  price: number;
  about: string;
  section: string;
  popular?: boolean;
}

export interface Restaurant {
  id: string;
  name: string;
  cuisine: string;
  category: string;
  rating: string;
  eta: string;
  /** Delivery fee in pence. */
  fee: number;
  /** Empty when it takes orders now; otherwise when it opens. */
  opens: string;
  sections: string[];
  dishes: Dish[];
}

const dish = (id: string, name: string, price: number, section: string, about: string, popular = false): Dish => ({
  id,
  name,
  price,
  section,
  about,
  popular,
});

export const RESTAURANTS: Restaurant[] = [
  {
    id: 'luigi',
    name: "Luigi's Pizzeria",
    cuisine: 'Pizza',
    category: 'Pizza',
    rating: '4.7',
    eta: '25–35 min',
    fee: 199,
    opens: '',
    sections: ['Pizzas', 'Sides', 'Desserts', 'Drinks'],
    dishes: [
      dish('margherita', 'Margherita', 950, 'Pizzas', 'Tomato, fior di latte, basil', true),
      dish('pepperoni', 'Pepperoni', 1100, 'Pizzas', 'Tomato, mozzarella, spicy pepperoni', true),
      dish('formaggi', 'Quattro Formaggi', 1200, 'Pizzas', 'Mozzarella, gorgonzola, parmesan, fontina'),
      dish('veggie', 'Veggie Supreme', 1050, 'Pizzas', 'Peppers, mushrooms, red onion, olives'),
      dish('garlic-bread', 'Garlic Bread', 450, 'Sides', 'Stone-baked, with garlic butter', true),
      dish('dough-balls', 'Dough Balls', 500, 'Sides', 'Eight balls with garlic dip'),
      dish('tiramisu', 'Tiramisu', 550, 'Desserts', 'Mascarpone, espresso, cocoa'),
      dish('cola', 'Cola 330ml', 200, 'Drinks', 'Chilled can'),
      dish('pellegrino', 'Sparkling Water', 250, 'Drinks', 'San Pellegrino, 500ml'),
    ],
  },
  {
    id: 'greenbowl',
    name: 'Green Bowl',
    cuisine: 'Vegan',
    category: 'Vegan',
    rating: '4.8',
    eta: '20–30 min',
    fee: 99,
    opens: '',
    sections: ['Bowls', 'Sides', 'Drinks'],
    dishes: [
      dish('buddha-bowl', 'Buddha Bowl', 900, 'Bowls', 'Quinoa, roast squash, kale, tahini', true),
      dish('falafel-wrap', 'Falafel Wrap', 750, 'Bowls', 'Falafel, hummus, pickles, chilli sauce', true),
      dish('sweet-fries', 'Sweet Potato Fries', 350, 'Sides', 'With smoked paprika mayo'),
      dish('hummus', 'Hummus & Pitta', 400, 'Sides', 'Warm pitta, olive oil'),
      dish('lemonade', 'Mint Lemonade', 300, 'Drinks', 'Fresh lemon and mint'),
      dish('green-juice', 'Green Juice', 450, 'Drinks', 'Apple, cucumber, spinach, ginger'),
    ],
  },
  {
    id: 'sakura',
    name: 'Sakura Sushi',
    cuisine: 'Sushi',
    category: 'Sushi',
    rating: '4.6',
    eta: '30–40 min',
    fee: 249,
    opens: '17:00',
    sections: [],
    dishes: [],
  },
  {
    id: 'smash',
    name: 'Smash Burger Co.',
    cuisine: 'Burgers',
    category: 'Burgers',
    rating: '4.4',
    eta: '20–30 min',
    fee: 149,
    opens: '18:00',
    sections: [],
    dishes: [],
  },
];

export const OPEN = RESTAURANTS.filter((r) => r.opens === '');
export const CATEGORIES = ['All', 'Pizza', 'Sushi', 'Burgers', 'Vegan'] as const;
export const allDishes = (): (Dish & { rest: Restaurant })[] =>
  OPEN.flatMap((r) => r.dishes.map((d) => ({ ...d, rest: r })));

/** Pence as the app writes money: 1234 → "£12.34". */
export const money = (pence: number) => `£${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

/** The whole order, in pence, as the basket and checkout show it. */
export function orderTotals(rest: Restaurant, sub: number, promo: boolean, tip: number) {
  const discount = promo ? Math.round(sub / 10) : 0;
  const total = sub - discount + rest.fee + SERVICE_FEE;
  return { sub, discount, total, pay: total + tip };
}

/** Past orders, newest first. */
export const PAST_ORDERS = [
  { id: 'FK-20391', rest: 'luigi', date: 'Sat 14 Nov', items: '1 × Margherita, 1 × Garlic Bread', total: 1698 },
  { id: 'FK-20177', rest: 'greenbowl', date: 'Tue 10 Nov', items: '2 × Buddha Bowl', total: 1998 },
  { id: 'FK-19940', rest: 'luigi', date: 'Fri 6 Nov', items: '1 × Pepperoni, 2 × Cola 330ml', total: 1798 },
  { id: 'FK-19702', rest: 'greenbowl', date: 'Sun 1 Nov', items: '1 × Falafel Wrap, 1 × Mint Lemonade', total: 1248 },
  { id: 'FK-19455', rest: 'luigi', date: 'Wed 28 Oct', items: '2 × Quattro Formaggi', total: 2698 },
  { id: 'FK-19210', rest: 'greenbowl', date: 'Fri 23 Oct', items: '1 × Buddha Bowl, 1 × Green Juice', total: 1548 },
  { id: 'FK-18963', rest: 'luigi', date: 'Sat 17 Oct', items: '1 × Veggie Supreme, 1 × Tiramisu', total: 1898 },
  { id: 'FK-18724', rest: 'luigi', date: 'Mon 12 Oct', items: '1 × Margherita, 1 × Dough Balls', total: 1748 },
] as const;

/** Order numbers given to the orders placed in the app, in turn. */
export const NEW_ORDER_NUMBERS = ['FK-20418', 'FK-20425', 'FK-20433', 'FK-20440'] as const;

export function initialState(): Record<string, Scalar> {
  const state: Record<string, Scalar> = {
    signed_in: false,
    email: '',
    password: '',
    signin_error: '',
    cust_name: CUSTOMER.name,
    cust_email: CUSTOMER.email,
    cust_phone: CUSTOMER.phone,
    address: ADDRESSES[0].line,
    address_label: ADDRESSES[0].label,
    cat: 'All',
    query: '',
    results: '',
    b_rest: '',
    b_rest_name: '',
    b_fee_label: '',
    b_eta: '',
    sub_label: '£0.00',
    b_count: 0,
    s_t: 0,
    s_u: 0,
    s_h: 0,
    s_p: '00',
    sub_key: '000',
    promo: false,
    promo_code: '',
    promo_msg: '',
    promo_error: '',
    tip: 0,
    when: 'asap',
    slot: '',
    pay_method: 'Visa •••• 4242',
    orders_placed: 0,
    o_active: false,
    o_status: '',
    seg: 'active',
    set_updates: true,
    set_offers: false,
    set_dark: false,
  };
  for (const d of allDishes())
    Object.assign(state, { [`q_${d.id}`]: 0, [`l_${d.id}`]: '', [`ol_${d.id}`]: '', [`x_${d.id}`]: '' });
  return state;
}
