import {
  type Walk,
  absent,
  alert,
  alertSays,
  back,
  lastRow,
  notSee,
  nthRow,
  pictured,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, HOME_ADDRESS, LUIGI, PASSWORD, WORK_ADDRESS, restaurantRow, signIn } from './flows';

const TABS = [
  ['tab-home', 'Home'],
  ['tab-search', 'Search'],
  ['tab-orders', 'Orders'],
  ['tab-account', 'Account'],
] as const;

const ALL = [LUIGI, 'Green Bowl', 'Sakura Sushi', 'Smash Burger Co.'];

/** A category chip and what it shows. */
const category = (name: string, only: string[]) => [
  tap(`cat-${name.toLowerCase()}`),
  shows('cat-selected', `Showing: ${name}`),
  rows('restaurant-', only),
];

/** Cases 1–19: signing in, Home, its categories and addresses, and the menus. */
export const signInHomeWalks: Walk[] = [
  {
    name: 'Sign in screen shows branding and empty fields on first launch',
    steps: [[]],
    assertions: [
      [screen('Sign in'), absent('tab-home')],
      [shows('brand', 'Forkly'), shows('tagline', 'Food from local restaurants, delivered.')],
      [shows('email', ''), shows('password', '')],
      [shows('sign-in', 'Sign in')],
    ],
  },
  {
    name: 'Sign in with both fields empty shows both field errors',
    steps: [[], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [shows('password-error', 'Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Email only - password error only',
    steps: [[], [type('email', EMAIL), shows('password', '')], [tap('sign-in')]],
    assertions: [
      [shows('password-error', 'Enter your password')],
      [notSee('Enter your email address')],
      [screen('Sign in'), absent('tab-home')],
    ],
  },
  {
    name: 'Password only - email error only',
    steps: [[], [shows('email', ''), type('password', PASSWORD)], [tap('sign-in')]],
    assertions: [
      [shows('email-error', 'Enter your email address')],
      [notSee('Enter your password')],
      [screen('Sign in')],
    ],
  },
  {
    name: 'Wrong password is rejected',
    steps: [[], [type('email', EMAIL), type('password', 'fork2025')], [tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect')], [screen('Sign in'), absent('tab-home')]],
  },
  {
    name: 'Unknown email is rejected',
    steps: [[], [type('email', 'sam@forkly.test'), type('password', PASSWORD), tap('sign-in')]],
    assertions: [[shows('signin-error', 'Email or password is incorrect')], [screen('Sign in'), absent('tab-home')]],
  },
  {
    name: 'Successful sign in after a failed attempt',
    steps: [
      [],
      [type('email', EMAIL), type('password', 'wrong123'), tap('sign-in')],
      [shows('signin-error', 'Email or password is incorrect'), type('password', PASSWORD)],
      [tap('sign-in')],
    ],
    // The first try's message was read at step 3, where it showed.
    assertions: [
      [],
      [screen('Home'), shows('deliver-to', 'Deliver to Home'), shows('address-line', HOME_ADDRESS)],
      TABS.map(([id, label]) => shows(id, label)),
    ],
  },
  {
    name: 'App reopens on Home while signed in',
    steps: [signIn, [screen('Home')], [{ relaunch: true }]],
    assertions: [[screen('Home'), absent('email')], [shows('deliver-to', 'Deliver to Home')]],
  },
  {
    name: 'Home shows address, search, categories and all four restaurants',
    steps: [signIn, []],
    assertions: [
      [
        shows('deliver-to', 'Deliver to Home'),
        shows('address-line', HOME_ADDRESS),
        shows('change-address', 'Change address'),
      ],
      [present('home-search'), pictured('the search field hint "Dishes or restaurants"')],
      ['All', 'Pizza', 'Sushi', 'Burgers', 'Vegan'].map((c) => shows(`cat-${c.toLowerCase()}`, c)),
      [shows('restaurants-heading', 'Restaurants near you'), shows('cat-selected', 'Showing: All')],
      restaurantRow('luigi', LUIGI, 'Pizza · ★ 4.7 · 25–35 min · £1.99 delivery'),
      restaurantRow('greenbowl', 'Green Bowl', 'Vegan · ★ 4.8 · 20–30 min · £0.99 delivery'),
      restaurantRow('sakura', 'Sakura Sushi', 'Sushi · ★ 4.6 · Closed · opens 17:00'),
      restaurantRow('smash', 'Smash Burger Co.', 'Burgers · ★ 4.4 · Closed · opens 18:00'),
      [absent('view-basket')],
    ],
  },
  {
    name: "Pizza category filters to Luigi's only",
    steps: [signIn, [tap('cat-pizza')]],
    assertions: [
      [shows('cat-selected', 'Showing: Pizza')],
      [rows('restaurant-', [LUIGI])],
      [absent('restaurant-greenbowl'), absent('restaurant-sakura'), absent('restaurant-smash')],
    ],
  },
  {
    name: 'Each category shows only its restaurant and All brings everything back',
    // "Check the list" reads the values the assertion of that category names; each assertion taps
    // its category again to look at that moment.
    steps: [
      signIn,
      category('Sushi', ['Sakura Sushi']),
      category('Burgers', ['Smash Burger Co.']),
      category('Vegan', ['Green Bowl']),
      [tap('cat-all')],
    ],
    assertions: [
      category('Sushi', ['Sakura Sushi']),
      category('Burgers', ['Smash Burger Co.']),
      category('Vegan', ['Green Bowl']),
      category('All', ALL),
    ],
  },
  {
    name: 'Tapping closed Sakura Sushi shows the closed dialog',
    steps: [signIn, [tap('restaurant-sakura')]],
    assertions: [
      [alert('Sakura Sushi is closed')],
      [alertSays('It opens at 17:00 today. You can order then.')],
      [present('alert-ok')],
      [tap('alert-ok'), alert(null), screen('Home')],
    ],
  },
  {
    name: 'Smash Burger Co. closed dialog says 18:00',
    steps: [signIn, [tap('restaurant-smash')], [tap('alert-ok')]],
    // The dialog was closed by step 3: each assertion about it opens it again and closes it.
    assertions: [
      [tap('restaurant-smash'), alert('Smash Burger Co. is closed'), tap('alert-ok')],
      [tap('restaurant-smash'), alertSays('It opens at 18:00 today. You can order then.'), tap('alert-ok')],
      [screen('Home'), alert(null), shows('cat-selected', 'Showing: All')],
    ],
  },
  {
    name: 'Change delivery address to Work from Home',
    steps: [
      signIn,
      [tap('change-address')],
      [
        screen('Delivery address'),
        sub('address-home', HOME_ADDRESS),
        sub('address-work', WORK_ADDRESS),
        tap('address-work'),
      ],
    ],
    assertions: [
      // The list again, left with its back arrow (which keeps the address).
      [
        tap('change-address'),
        shows('address-home', 'Home'),
        sub('address-home', HOME_ADDRESS),
        shows('address-work', 'Work'),
        sub('address-work', WORK_ADDRESS),
        back,
      ],
      [screen('Home')],
      [shows('deliver-to', 'Deliver to Work'), shows('address-line', WORK_ADDRESS)],
    ],
  },
  {
    name: 'Back from Delivery address keeps the old address',
    steps: [signIn, [tap('change-address')], [back]],
    assertions: [[screen('Home')], [shows('deliver-to', 'Deliver to Home'), shows('address-line', HOME_ADDRESS)]],
  },
  {
    name: 'Switch address to Work and back to Home',
    steps: [signIn, [tap('change-address'), tap('address-work')], [tap('change-address'), tap('address-home')]],
    assertions: [
      // The first change again, then the second.
      [
        tap('change-address'),
        tap('address-work'),
        shows('deliver-to', 'Deliver to Work'),
        tap('change-address'),
        tap('address-home'),
      ],
      [shows('deliver-to', 'Deliver to Home'), shows('address-line', HOME_ADDRESS)],
    ],
  },
  {
    name: "Luigi's Pizzeria menu shows header, Popular and every section",
    steps: [signIn, [tap('restaurant-luigi')], []],
    assertions: [
      [screen(LUIGI), present('nav-back')],
      [shows('rest-info', 'Pizza · ★ 4.7 · 25–35 min · £1.99 delivery'), shows('rest-minimum', 'Minimum order £10.00')],
      [shows('section-popular', 'Popular'), rows('popular-', ['Margherita', 'Pepperoni', 'Garlic Bread'])],
      [
        shows('section-pizzas', 'Pizzas'),
        shows('section-sides', 'Sides'),
        shows('section-desserts', 'Desserts'),
        shows('section-drinks', 'Drinks'),
      ],
      [sub('dish-margherita', '£9.50 · Tomato, fior di latte, basil')],
      [sub('dish-formaggi', '£12.00 · Mozzarella, gorgonzola, parmesan, fontina')],
      [sub('dish-veggie', '£10.50 · Peppers, mushrooms, red onion, olives')],
      [sub('dish-dough-balls', '£5.00 · Eight balls with garlic dip')],
      [sub('dish-tiramisu', '£5.50 · Mascarpone, espresso, cocoa')],
      [
        lastRow('dish-', 'Sparkling Water'),
        sub('dish-pellegrino', '£2.50 · San Pellegrino, 500ml'),
        nthRow('dish-', 8, 'Cola 330ml'),
        sub('dish-cola', '£2.00 · Chilled can'),
      ],
    ],
  },
  {
    name: 'Green Bowl menu content',
    steps: [signIn, [tap('restaurant-greenbowl')]],
    assertions: [
      [shows('rest-info', 'Vegan · ★ 4.8 · 20–30 min · £0.99 delivery'), shows('rest-minimum', 'Minimum order £10.00')],
      [rows('popular-', ['Buddha Bowl', 'Falafel Wrap'])],
      [
        shows('section-bowls', 'Bowls'),
        sub('dish-buddha-bowl', '£9.00 · Quinoa, roast squash, kale, tahini'),
        sub('dish-falafel-wrap', '£7.50 · Falafel, hummus, pickles, chilli sauce'),
      ],
      [
        shows('section-sides', 'Sides'),
        sub('dish-sweet-fries', '£3.50 · With smoked paprika mayo'),
        sub('dish-hummus', '£4.00 · Warm pitta, olive oil'),
      ],
      [
        shows('section-drinks', 'Drinks'),
        sub('dish-lemonade', '£3.00 · Fresh lemon and mint'),
        sub('dish-green-juice', '£4.50 · Apple, cucumber, spinach, ginger'),
      ],
    ],
  },
  {
    name: 'Back arrow from a menu returns to Home',
    steps: [signIn, [tap('restaurant-luigi')], [back]],
    assertions: [[screen('Home'), shows('restaurants-heading', 'Restaurants near you'), rows('restaurant-', ALL)]],
  },
];
