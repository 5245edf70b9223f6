import {
  type Walk,
  absent,
  back,
  notSee,
  pictured,
  rowCount,
  rows,
  screen,
  shows,
  sub,
  tap,
  type,
} from '../../../walks/ops';
import { EMAIL, PASSWORD, clubRow, search, signIn, toClubs, toMembership, toProfile, value } from './flows';

const POOL = ['Pulsefit Riverside', 'Pulsefit Canary Wharf', 'Pulsefit Clapham', 'Pulsefit Stratford'];
const ALL_CLUBS = [
  'Pulsefit Riverside',
  'Pulsefit Kings Cross',
  'Pulsefit Shoreditch',
  'Pulsefit Canary Wharf',
  'Pulsefit Brixton',
  'Pulsefit Clapham',
  'Pulsefit Hammersmith',
  'Pulsefit Stratford',
];

/** Cases 87–99: the club finder, a club, and choosing the home club. */
export const clubsWalks: Walk[] = [
  {
    name: 'Club finder before searching',
    steps: [signIn, toProfile, toClubs],
    assertions: [
      [shows('club-search', ''), pictured('the search field hint "Town, area or postcode"')],
      [shows('search-go', 'Search')],
      [shows('search-hint', 'Search by club name, area or postcode, or try “pool”.')],
      [rowCount('result-', 0)],
    ],
  },
  {
    name: 'Clubs with a pool',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      [type('club-search', 'pool')],
      [tap('search-go')],
    ],
    assertions: [
      [shows('results-count', '4 clubs')],
      [rows('result-', POOL)],
      clubRow('riverside', 'Pulsefit Riverside', '0.4 miles · Southwark · Open 24 hours'),
      clubRow('stratford', 'Pulsefit Stratford', '6.4 miles · Newham · Open until 22:00'),
    ],
  },
  {
    name: 'Clubs with a sauna',
    steps: [signIn, [...toProfile, ...toClubs], search('sauna')],
    assertions: [
      [shows('results-count', '5 clubs')],
      [
        rows('result-', [
          'Pulsefit Riverside',
          'Pulsefit Kings Cross',
          'Pulsefit Canary Wharf',
          'Pulsefit Hammersmith',
          'Pulsefit Stratford',
        ]),
      ],
      [absent('result-brixton')],
    ],
  },
  {
    name: 'Search by area',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      [type('club-search', 'Lambeth')],
      [tap('search-go')],
    ],
    assertions: [
      [shows('results-count', '2 clubs')],
      [
        { nthRow: 'result-', n: 1, text: 'Pulsefit Brixton' },
        ...clubRow('brixton', 'Pulsefit Brixton', '3.6 miles · Lambeth · Open until 22:00'),
      ],
      [
        { nthRow: 'result-', n: 2, text: 'Pulsefit Clapham' },
        ...clubRow('clapham', 'Pulsefit Clapham', '4.2 miles · Lambeth · Open until 22:00'),
      ],
    ],
  },
  {
    name: 'Search by postcode',
    steps: [
      signIn,
      [...toProfile, ...toClubs],
      search('SW2 1RW'),
      [shows('results-count', '1 club'), rows('result-', ['Pulsefit Brixton'])],
      search('SW2'),
    ],
    assertions: [[shows('results-count', '1 club')], [rows('result-', ['Pulsefit Brixton'])]],
  },
  {
    name: 'Search ignores capitals',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      search('BRIXTON'),
      [rows('result-', ['Pulsefit Brixton'])],
      search('brixton'),
    ],
    assertions: [[shows('results-count', '1 club'), rows('result-', ['Pulsefit Brixton'])], [absent('no-results')]],
  },
  {
    name: 'Search by part of a club name',
    steps: [signIn, toProfile, toClubs, [type('club-search', 'Wharf')], [tap('search-go')]],
    assertions: [
      [shows('results-count', '1 club'), rows('result-', ['Pulsefit Canary Wharf'])],
      [sub('result-canarywharf', '3.1 miles · Tower Hamlets · Open until 22:00')],
    ],
  },
  {
    name: 'London finds every club',
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      search('London'),
    ],
    assertions: [
      [shows('results-count', '8 clubs')],
      [
        { firstRow: 'result-', text: 'Pulsefit Riverside' },
        { lastRow: 'result-', text: 'Pulsefit Stratford' },
      ],
      [rows('result-', ALL_CLUBS)],
    ],
  },
  {
    name: 'No club found',
    steps: [signIn, toProfile, toClubs, search('Zurich')],
    assertions: [
      [shows('no-results', 'No clubs match “Zurich”')],
      [shows('no-results-hint', 'Try a town, an area or a postcode such as “SE1”.')],
      [rowCount('result-', 0)],
    ],
  },
  {
    name: 'Enter runs the search',
    steps: [
      [type('email', EMAIL), type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      [type('club-search', 'Hackney'), tap('club-search'), { enter: true }],
    ],
    assertions: [
      [shows('results-count', '1 club')],
      clubRow('shoreditch', 'Pulsefit Shoreditch', '2.3 miles · Hackney · Open until 22:00'),
    ],
  },
  {
    name: 'Club details for Brixton',
    steps: [signIn, toProfile, toClubs, search('Brixton'), [tap('result-brixton')]],
    assertions: [
      [screen('Pulsefit Brixton')],
      [shows('club-distance', '3.6 miles away')],
      [value('club-address', '40 Acre Lane, London SW2 1RW')],
      [value('club-hours', 'Mon–Fri 06:00–22:00 · Sat–Sun 08:00–20:00')],
      [value('club-facilities', '2 studios')],
      [shows('make-home', 'Make this my home club')],
    ],
  },
  {
    name: "The home club's page",
    steps: [
      [type('email', EMAIL)],
      [type('password', PASSWORD)],
      [tap('sign-in'), screen('Classes')],
      toProfile,
      toClubs,
      search('pool'),
      [tap('result-riverside'), screen('Pulsefit Riverside')],
    ],
    assertions: [
      [shows('club-distance', '0.4 miles away')],
      [value('club-facilities', 'Pool · Sauna · 3 studios')],
      [shows('home-club-badge', 'This is your home club')],
      [absent('make-home')],
    ],
  },
  {
    name: 'Make another club the home club',
    steps: [
      signIn,
      toProfile,
      toClubs,
      search('Brixton'),
      [tap('result-brixton'), screen('Pulsefit Brixton')],
      [tap('make-home')],
      [shows('club-message', 'Pulsefit Brixton is now your home club')],
      [back, back, screen('Profile')],
      [shows('profile-since', 'Member since March 2022 · Home club Pulsefit Brixton')],
      [sub('profile-clubs', 'Pulsefit Brixton is your home club')],
      toMembership,
    ],
    assertions: [[value('membership-club', 'Pulsefit Brixton')], [notSee('Pulsefit Riverside')]],
  },
];
