import {
  type Walk,
  alert,
  alertSays,
  back,
  firstRow,
  nthRow,
  off,
  on,
  pictured,
  present,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, LUIGI, order, search, signIn, viewBasket } from './flows';

/** A search for the wrap as typed, and the one result it should find. */
const wrap = (query: string, how: 'button' | 'enter') => [
  type('search-field', query),
  ...(how === 'button' ? [tap('search-go')] : [tap('search-field'), { enter: true as const }]),
];
const wrapFound = [
  shows('results-count', '1 result'),
  rows('result-', ['Falafel Wrap']),
  sub('result-falafel-wrap', '£7.50 · Green Bowl'),
];
const signOut = [tap('tab-account'), tap('sign-out'), tap('alert-sign-out')];

/** Cases 76–90: Search, the Account, Edit details, the settings and signing out. */
export const searchAccountWalks: Walk[] = [
  {
    name: 'Search tab hint before searching',
    steps: [signIn, [tap('tab-search')]],
    assertions: [
      [shows('search-field', ''), pictured('the search field hint "Dishes or restaurants"')],
      [shows('search-hint', 'Try a dish, a restaurant or a cuisine, such as “pizza”.')],
    ],
  },
  {
    name: 'Search Bowl lists restaurant then dish',
    steps: [signIn, search('Bowl')],
    assertions: [
      [shows('results-count', '2 results')],
      [firstRow('result-', 'Green Bowl'), sub('result-greenbowl', 'Vegan · ★ 4.8 · 20–30 min')],
      [nthRow('result-', 2, 'Buddha Bowl'), sub('result-buddha-bowl', '£9.00 · Green Bowl')],
    ],
  },
  {
    name: 'Search is case-insensitive for wrap',
    steps: [signIn, [tap('tab-search'), ...wrap('wrap', 'button')], wrap('WRAP', 'button'), wrap('Wrap', 'enter')],
    assertions: [
      // "Each time": the three searches again, each looked at.
      [
        ...wrap('wrap', 'button'),
        ...wrapFound,
        ...wrap('WRAP', 'button'),
        ...wrapFound,
        ...wrap('Wrap', 'enter'),
        ...wrapFound,
      ],
    ],
  },
  {
    name: 'Search by cuisine pizza',
    steps: [signIn, [tap('tab-search'), type('search-field', 'pizza'), tap('search-field'), { enter: true }]],
    assertions: [
      [shows('results-count', '1 result'), rows('result-', [LUIGI])],
      [tap('result-luigi'), screen(LUIGI)],
    ],
  },
  {
    name: 'Search no results',
    steps: [signIn, search('noodles')],
    assertions: [
      [shows('no-results', 'No results for “noodles”')],
      [shows('no-results-hint', 'Check the spelling or try another dish.')],
    ],
  },
  {
    name: 'Search result dish opens the dish',
    steps: [signIn, search('Margherita'), [tap('result-margherita')]],
    assertions: [
      // The result again (back from the dish), then the dish again.
      [back, sub('result-margherita', `£9.50 · ${LUIGI}`), tap('result-margherita')],
      [screen('Margherita'), shows('add-to-basket', 'Add 1 to basket · £9.50')],
    ],
  },
  {
    name: 'Search closed restaurant shows closed dialog',
    steps: [signIn, search('sushi'), [tap('result-sakura')]],
    assertions: [
      // The results behind the dialog (closed for the look), then the dialog again.
      [tap('alert-ok'), shows('results-count', '1 result'), rows('result-', ['Sakura Sushi']), tap('result-sakura')],
      [alert('Sakura Sushi is closed'), alertSays('It opens at 17:00 today. You can order then.')],
    ],
  },
  {
    name: 'Search from Home with Enter',
    steps: [signIn, [type('home-search', 'green'), tap('home-search'), { enter: true }]],
    assertions: [
      [screen('Search')],
      [
        shows('results-count', '2 results'),
        rows('result-', ['Green Bowl', 'Green Juice']),
        sub('result-green-juice', '£4.50 · Green Bowl'),
      ],
    ],
  },
  {
    name: 'Account shows details, addresses and settings',
    steps: [signIn, [tap('tab-account')]],
    assertions: [
      [shows('account-name', 'Jo Park'), shows('account-email', EMAIL), shows('account-phone', '07700 900731')],
      [shows('edit-details', 'Edit details')],
      [
        shows('saved-home', 'Home · 22 Elm Street, Bristol BS1 4DJ'),
        shows('saved-work', 'Work · Floor 3, 9 Harbour Way, Bristol BS1 5TT'),
      ],
      [on('set-updates'), off('set-offers'), off('set-dark')],
      [shows('sign-out', 'Sign out')],
    ],
  },
  {
    name: 'Edit details prefilled and save',
    steps: [
      signIn,
      [tap('tab-account'), tap('edit-details')],
      // Edit details is left by saving: assertions 1 and 2 are read here.
      [
        shows('edit-name', 'Jo Park'),
        shows('edit-phone', '07700 900731'),
        shows('edit-email-note', 'Email jo@forkly.test can’t be changed here.'),
        type('edit-name', 'Jo Parker'),
        type('edit-phone', '07700 900999'),
        tap('save-details'),
      ],
    ],
    assertions: [
      [],
      [],
      [
        screen('Account'),
        shows('account-notice', 'Your details were saved'),
        shows('account-name', 'Jo Parker'),
        shows('account-phone', '07700 900999'),
        shows('account-email', EMAIL),
      ],
    ],
  },
  {
    name: 'Edit details empty name',
    steps: [signIn, [tap('tab-account'), tap('edit-details')], [type('edit-name', ''), tap('save-details')]],
    assertions: [
      [shows('edit-error', 'Enter your name'), screen('Edit details')],
      [back, screen('Account'), shows('account-name', 'Jo Park')],
    ],
  },
  {
    name: 'Edit details empty phone',
    steps: [signIn, [tap('tab-account'), tap('edit-details'), type('edit-phone', ''), tap('save-details')]],
    assertions: [
      [shows('edit-error', 'Enter your phone number')],
      [screen('Edit details')],
      [back, screen('Account'), shows('account-phone', '07700 900731')],
    ],
  },
  {
    name: 'Settings switches stay as set',
    steps: [
      signIn,
      // Each switch is as set right after its tap (assertion 1 is read here).
      [
        tap('tab-account'),
        tap('set-offers'),
        on('set-offers'),
        tap('set-dark'),
        on('set-dark'),
        tap('set-updates'),
        off('set-updates'),
      ],
      [tap('tab-home'), tap('tab-account')],
    ],
    assertions: [[], [screen('Account'), off('set-updates'), on('set-offers'), on('set-dark')]],
  },
  {
    name: 'Sign out cancel',
    steps: [signIn, [tap('tab-account'), tap('sign-out'), tap('alert-cancel')]],
    assertions: [
      // The dialog again, left with Cancel.
      [
        tap('sign-out'),
        alert('Sign out of Forkly?'),
        alertSays('Your basket will be kept for next time.'),
        present('alert-cancel'),
        present('alert-sign-out'),
        tap('alert-cancel'),
      ],
      [alert(null), screen('Account'), shows('account-name', 'Jo Park')],
    ],
  },
  {
    name: 'Sign out and basket kept',
    steps: [signIn, order('luigi', [['margherita', 1]]), signOut, signIn],
    assertions: [
      // Signed out again for the look, then signed in again.
      [...signOut, screen('Sign in'), shows('email', ''), shows('password', ''), ...signIn],
      [screen('Home'), viewBasket('view-basket', 1, '£9.50')],
    ],
  },
];
