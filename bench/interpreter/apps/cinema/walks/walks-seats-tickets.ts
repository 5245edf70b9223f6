import { type Walk, absent, back, enabled, pictured, present, screen, shows, tap } from '../../../walks/ops';
import { FREE, NL, NL1740, TAKEN, seats, signIn, takenGreyed, value } from './flows';

/** Steps 1–5 of the ticket and snack cases: C4 and C5 chosen, Tickets open. */
const toTickets = [signIn, [NL], NL1740, seats('C4', 'C5'), [tap('seats-continue'), screen('Tickets')]];
/** And Snacks open with an adult for each seat. */
const toSnacks = [...toTickets, [tap('tickets-continue'), screen('Snacks')]];

/** A chosen seat: drawn "C4 ✓", told to the UI tree as "Seat C4, selected". */
const ticked = (...ids: string[]) =>
  ids.flatMap((s) => [shows(`seat-${s}`, `Seat ${s}, selected`), pictured(`${s} ✓`)]);
/** A free seat not chosen: drawn "C4", told as "Seat C4"; a taken one "Seat C1, taken". */
const free = (s: string) => shows(`seat-${s}`, `Seat ${s}`);

/** Cases 28–50: the seat map, ticket types and snacks. */
export const seatsTicketsWalks: Walk[] = [
  {
    name: 'Choose seats screen for Northern Lights 17:40',
    steps: [signIn, [NL], NL1740],
    assertions: [
      [
        screen('Choose seats'),
        shows('seats-film', 'Northern Lights'),
        shows('seats-show', 'Fri 27 Nov · 17:40 · Screen 1'),
      ],
      [shows('screen-this-way', 'SCREEN THIS WAY')],
      [
        ...['A', 'B', 'C', 'D', 'E'].map((r) => shows(`row-${r}`, `Row ${r}`)),
        ...FREE.concat(TAKEN).map((s) => present(`seat-${s}`)),
      ],
      [shows('seat-count', 'No seats selected'), enabled('seats-continue', false)],
    ],
  },
  {
    name: 'Taken seats are greyed out',
    steps: [signIn, [NL], NL1740, []],
    assertions: [takenGreyed, FREE.map((s) => enabled(`seat-${s}`))],
  },
  {
    name: "Taken seat can't be selected",
    steps: [signIn, [NL], NL1740, [{ tryTap: 'seat-C1' }], [{ tryTap: 'seat-D7' }]],
    assertions: [
      [shows('seat-C1', 'Seat C1, taken'), shows('seat-D7', 'Seat D7, taken')],
      [shows('seat-count', 'No seats selected'), enabled('seats-continue', false)],
    ],
  },
  {
    name: 'Select one seat',
    steps: [signIn, [NL], NL1740, seats('C4')],
    assertions: [
      ticked('C4'),
      [shows('seat-count', '1 seat selected · £12.50')],
      [shows('seat-list', 'Seats: C4')],
      [enabled('seats-continue')],
    ],
  },
  {
    name: 'Deselect a seat by tapping it again',
    steps: [signIn, [NL], NL1740, seats('C4', 'C5'), seats('C4')],
    assertions: [[free('C4')], [shows('seat-count', '1 seat selected · £12.50'), shows('seat-list', 'Seats: C5')]],
  },
  {
    name: 'Seats listed front row first',
    steps: [signIn, [NL], NL1740, seats('E5', 'D2', 'A3')],
    assertions: [[shows('seat-list', 'Seats: A3, D2, E5')], [shows('seat-count', '3 seats selected · £37.50')]],
  },
  {
    name: 'Six seats maximum',
    steps: [signIn, [NL], NL1740, seats('B1', 'B2', 'B3', 'B6', 'B7', 'B8')],
    assertions: [[shows('seat-count', '6 seats selected · £75.00')], ticked('B1', 'B2', 'B3', 'B6', 'B7', 'B8')],
  },
  {
    name: 'Seventh seat is refused',
    steps: [signIn, [NL], NL1740, seats('D1', 'D2', 'D3', 'D4', 'D5', 'E1'), seats('E2')],
    assertions: [
      [shows('seat-error', 'You can choose up to 6 seats at a time')],
      [free('E2')],
      [shows('seat-count', '6 seats selected · £75.00')],
    ],
  },
  {
    name: 'After hitting the limit, freeing one allows another',
    steps: [
      signIn,
      [NL],
      NL1740,
      seats('A3', 'A4', 'A5', 'A6', 'A7', 'A8'),
      [tap('seat-B1'), shows('seat-error', 'You can choose up to 6 seats at a time'), free('B1')],
      [tap('seat-A8'), free('A8'), tap('seat-B1')],
    ],
    assertions: [
      // Read in step 5, where B1 was refused; nothing here changes it back.
      [],
      ticked('B1'),
      [shows('seat-list', 'Seats: A3, A4, A5, A6, A7, B1')],
    ],
  },
  {
    name: 'Seat choice resets when reopening a showtime',
    steps: [signIn, [NL], NL1740, seats('C4'), [back, screen('Northern Lights')], [tap('show-fri-1740')]],
    assertions: [[screen('Choose seats'), free('C4'), absent('seat-list')], [shows('seat-count', 'No seats selected')]],
  },
  {
    name: 'Seat map for a different showing',
    steps: [signIn, [tap('film-paper-moons')], [tap('show-fri-2100')]],
    assertions: [
      [
        screen('Choose seats'),
        shows('seats-film', 'Paper Moons'),
        shows('seats-show', 'Fri 27 Nov · 21:00 · Screen 2'),
      ],
      takenGreyed,
    ],
  },
  {
    name: 'Saturday showing opens seats with the right date',
    steps: [signIn, [NL, tap('day-sat')], [tap('show-sat-1950')]],
    assertions: [[screen('Choose seats'), shows('seats-show', 'Sat 28 Nov · 19:50 · Screen 1')]],
  },
  {
    name: 'Tickets screen defaults to adults',
    steps: toTickets,
    assertions: [
      [shows('tickets-film', 'Northern Lights · 12A'), shows('tickets-seats', 'Seats C4, C5 · Fri 27 Nov · 17:40')],
      [shows('ticket-adult-count', '2'), shows('ticket-child-count', '0'), shows('ticket-senior-count', '0')],
      [shows('tickets-chosen', '2 of 2 tickets chosen')],
      [value('tickets-total', '£25.00')],
      [enabled('tickets-continue')],
    ],
  },
  {
    name: 'Plus buttons disabled when tickets match seats',
    steps: toTickets,
    assertions: [
      [enabled('ticket-adult-plus', false), enabled('ticket-child-plus', false), enabled('ticket-senior-plus', false)],
      [enabled('ticket-child-minus', false), enabled('ticket-senior-minus', false)],
    ],
  },
  {
    name: 'One ticket short blocks Continue',
    steps: [...toTickets, [tap('ticket-adult-minus')]],
    assertions: [
      [shows('ticket-adult-count', '1')],
      [shows('tickets-chosen', '1 of 2 tickets chosen')],
      [shows('tickets-hint', 'Choose one ticket for each seat')],
      [value('tickets-total', '£12.50')],
      [enabled('tickets-continue', false)],
    ],
  },
  {
    name: 'Adult and senior ticket mix',
    steps: [...toTickets, [tap('ticket-adult-minus')], [tap('ticket-senior-plus')]],
    assertions: [
      [shows('tickets-chosen', '2 of 2 tickets chosen')],
      [absent('tickets-hint')],
      [value('tickets-total', '£22.00')],
      [enabled('tickets-continue')],
    ],
  },
  {
    name: 'Two child tickets',
    steps: [
      ...toTickets,
      [tap('ticket-adult-minus'), tap('ticket-adult-minus')],
      [tap('ticket-child-plus'), tap('ticket-child-plus')],
    ],
    assertions: [
      [shows('ticket-adult-count', '0'), enabled('ticket-adult-minus', false)],
      [shows('ticket-child-count', '2')],
      [value('tickets-total', '£17.00')],
      [enabled('tickets-continue')],
    ],
  },
  {
    name: 'Three seats mixed ticket types',
    steps: [
      signIn,
      [NL],
      NL1740,
      [...seats('D1', 'D2', 'D3'), tap('seats-continue'), screen('Tickets')],
      [tap('ticket-adult-minus'), tap('ticket-adult-minus'), tap('ticket-child-plus'), tap('ticket-senior-plus')],
    ],
    assertions: [[shows('tickets-chosen', '3 of 3 tickets chosen')], [value('tickets-total', '£30.50')]],
  },
  {
    name: 'Snacks screen initial state',
    steps: toSnacks,
    assertions: [
      [
        shows('snacks-heading', 'Add snacks'),
        shows('snacks-note', 'Collect them at the kiosk with your booking reference.'),
      ],
      [
        shows('snack-popcorn-label', 'Salted popcorn'),
        shows('snack-popcorn-price', '£5.50 · Large tub'),
        shows('snack-nachos-label', 'Nachos with cheese'),
        shows('snack-nachos-price', '£6.00 · With salsa dip'),
        shows('snack-drink-label', 'Soft drink'),
        shows('snack-drink-price', '£3.50 · Large, 750ml'),
      ],
      ['popcorn', 'nachos', 'drink'].flatMap((s) => [
        shows(`snack-${s}-count`, '0'),
        enabled(`snack-${s}-minus`, false),
      ]),
      [value('snacks-total', '£0.00')],
      [enabled('snacks-continue'), enabled('snacks-skip')],
    ],
  },
  {
    name: 'Add popcorn and two drinks',
    steps: [...toSnacks, [tap('snack-popcorn-plus')], [tap('snack-drink-plus'), tap('snack-drink-plus')]],
    assertions: [
      [shows('snack-popcorn-count', '1'), shows('snack-drink-count', '2')],
      [value('snacks-total', '£12.50')],
      [absent('snacks-skip')],
    ],
  },
  {
    name: 'Snack count capped at 4',
    steps: [
      ...toSnacks,
      [
        ...Array.from({ length: 4 }, () => tap('snack-drink-plus')),
        enabled('snack-drink-plus', false),
        { tryTap: 'snack-drink-plus' },
      ],
    ],
    assertions: [[shows('snack-drink-count', '4')], [value('snacks-total', '£14.00')]],
  },
  {
    name: 'No thanks comes back when snacks go back to zero',
    steps: [...toSnacks, [tap('snack-nachos-plus')], [tap('snack-nachos-minus')]],
    assertions: [
      // The moment with one nachos, brought back and undone.
      [tap('snack-nachos-plus'), shows('snack-nachos-count', '1'), absent('snacks-skip'), tap('snack-nachos-minus')],
      [present('snacks-skip'), value('snacks-total', '£0.00')],
    ],
  },
  {
    name: 'No thanks goes to Checkout',
    steps: [...toSnacks, [tap('snacks-skip')]],
    assertions: [
      [screen('Checkout')],
      [absent('checkout-snack-popcorn'), absent('checkout-snack-nachos'), absent('checkout-snack-drink')],
    ],
  },
];
