import type { Action, Condition, Element, Screen } from '../../src/virtual/app-model';
import { all, any, button, choose, go, is, not, notice, row, set, text } from '../model-parts';
import { MAX_SEATS, ROWS, SEATS, SEATS_PER_ROW, SNACKS, TAKEN, TICKETS, BOOKING_FEE_UNITS, money } from './data';
import { addMoney, chip, inc, moneyVars, range } from './parts';

/** Choosing seats, ticket types and snacks. */

/** Writes `seat_list` ("C4, C5") from the seats chosen, front row first. */
const listSeats: Action[] = [
  set({ seat_list: '' }),
  ...SEATS.filter((s) => !TAKEN.has(s)).map(
    (s): Action => ({
      if: is(`st_${s}`, true),
      then: choose([[is('seat_list', ''), [set({ seat_list: s })]]], [set({ seat_list: `{{seat_list}}, ${s}` })]),
    }),
  ),
];

function seatButtons(s: string): Element[] {
  if (TAKEN.has(s))
    return [chip(`seat-${s}`, s, [], { accessibilityLabel: `Seat ${s}, taken`, enabledIf: is('n_seats', -1) })];
  const pick: Action[] = choose(
    [[is('n_seats', MAX_SEATS), [set({ seat_error: `You can choose up to ${MAX_SEATS} seats at a time` })]]],
    [set({ [`st_${s}`]: true, seat_error: '' }), ...inc('n_seats', 1, 0, MAX_SEATS), ...listSeats],
  );
  const drop: Action[] = [
    set({ [`st_${s}`]: false, seat_error: '' }),
    ...inc('n_seats', -1, 0, MAX_SEATS),
    ...listSeats,
  ];
  return [
    chip(`seat-${s}`, s, pick, { accessibilityLabel: `Seat ${s}`, visibleIf: is(`st_${s}`, false) }),
    {
      ...chip(`seat-${s}`, `${s} ✓`, drop, {
        accessibilityLabel: `Seat ${s}, selected`,
        visibleIf: is(`st_${s}`, true),
      }),
      style: 'primary',
    } as Element,
  ];
}

/** What Continue does: every seat an adult ticket to start with, no snacks, no voucher. */
const startTickets: Action[] = choose(
  range(1, MAX_SEATS).map((n) => [
    is('n_seats', n),
    [
      set({
        t_adult: n,
        t_child: 0,
        t_senior: 0,
        t_sum: n,
        ...moneyVars('tk', n * 25),
        ...moneyVars('gt', n * 25 + BOOKING_FEE_UNITS),
        ...moneyVars('sn', 0),
        ...Object.fromEntries(SNACKS.map((x) => [`s_${x.id}`, 0])),
        voucher: false,
        voucher_code: '',
        voucher_msg: '',
        voucher_error: '',
      }),
      go('tickets'),
    ],
  ]),
);

const seats: Screen = {
  title: 'Choose seats',
  elements: [
    text('seats-film', '{{film_title}}', 'headline'),
    text('seats-show', '{{show_when}} · {{show_screen}}', 'caption'),
    text('screen-this-way', 'SCREEN THIS WAY', 'caption'),
    ...ROWS.flatMap((r) => [
      text(`row-${r}`, `Row ${r}`, 'caption'),
      ...Array.from({ length: SEATS_PER_ROW }, (_, k) => seatButtons(`${r}${k + 1}`)).flat(),
    ]),
    text('seats-legend', 'Greyed-out seats are taken. Tap a seat to choose it, tap again to let it go.', 'caption'),
    notice('seat-error', 'seat_error', 'error'),
    { ...text('seat-count', 'No seats selected', 'headline'), visibleIf: is('n_seats', 0) },
    ...range(1, MAX_SEATS).map((n) => ({
      ...text('seat-count', `${n} ${n === 1 ? 'seat' : 'seats'} selected · ${money(n * 25)}`, 'headline'),
      visibleIf: is('n_seats', n),
    })),
    { ...text('seat-list', 'Seats: {{seat_list}}', 'body'), visibleIf: not(is('seat_list', '')) },
    button('seats-continue', 'Continue', startTickets, 'primary', { enabledIf: not(is('n_seats', 0)) }),
  ],
};

/** All tickets chosen: one per seat. */
const allChosen: Condition = any(...range(1, MAX_SEATS).map((k) => all(is('t_sum', k), is('n_seats', k))));

function stepper(
  id: string,
  v: string,
  label: string,
  note: string,
  units: number,
  max: number,
  full: Condition,
  total: string,
): Element[] {
  return [
    text(`${id}-label`, label, 'headline'),
    text(`${id}-price`, note ? `${money(units)} · ${note}` : money(units), 'caption'),
    chip(
      `${id}-minus`,
      '−',
      [...inc(v, -1, 0, max), ...extra(v, -1), ...addMoney(total, -units), ...addMoney('gt', -units)],
      {
        accessibilityLabel: `One ${label.toLowerCase()} fewer`,
        enabledIf: not(is(v, 0)),
      },
    ),
    text(`${id}-count`, `{{${v}}}`, 'headline'),
    chip(
      `${id}-plus`,
      '+',
      [...inc(v, 1, 0, max), ...extra(v, 1), ...addMoney(total, units), ...addMoney('gt', units)],
      {
        accessibilityLabel: `One more ${label.toLowerCase()}`,
        enabledIf: not(full),
      },
    ),
  ];
}

/** Ticket counts also move the number of tickets chosen. */
const extra = (v: string, delta: number): Action[] => (v.startsWith('t_') ? inc('t_sum', delta, 0, MAX_SEATS) : []);

const tickets: Screen = {
  title: 'Tickets',
  elements: [
    text('tickets-film', '{{film_title}} · {{film_cert}}', 'headline'),
    text('tickets-seats', 'Seats {{seat_list}} · {{show_when}}', 'caption'),
    ...TICKETS.flatMap((t) =>
      stepper(`ticket-${t.id}`, `t_${t.id}`, t.label, 'note' in t ? t.note : '', t.units, MAX_SEATS, allChosen, 'tk'),
    ),
    { type: 'divider', id: 'tickets-summary' },
    text('tickets-chosen', '{{t_sum}} of {{n_seats}} tickets chosen', 'caption'),
    {
      type: 'text',
      id: 'tickets-hint',
      text: 'Choose one ticket for each seat',
      style: 'error',
      visibleIf: not(allChosen),
    },
    ...row('tickets-total', 'Tickets total', '{{tk_label}}', 'headline'),
    button('tickets-continue', 'Continue', [go('snacks')], 'primary', { enabledIf: allChosen }),
  ],
};

const snacks: Screen = {
  title: 'Snacks',
  elements: [
    text('snacks-heading', 'Add snacks', 'title'),
    text('snacks-note', 'Collect them at the kiosk with your booking reference.', 'caption'),
    ...SNACKS.flatMap((s) =>
      stepper(`snack-${s.id}`, `s_${s.id}`, s.label, s.note, s.units, 4, is(`s_${s.id}`, 4), 'sn'),
    ),
    { type: 'divider', id: 'snacks-summary' },
    ...row('snacks-total', 'Snacks total', '{{sn_label}}', 'headline'),
    button('snacks-continue', 'Continue to checkout', [set({ pay_error: '' }), go('checkout')], 'primary'),
    button('snacks-skip', 'No thanks', [set({ pay_error: '' }), go('checkout')], 'link', {
      visibleIf: is('sn_label', '£0.00'),
    }),
  ],
};

export const seatScreens: Record<string, Screen> = { seats, tickets, snacks };
