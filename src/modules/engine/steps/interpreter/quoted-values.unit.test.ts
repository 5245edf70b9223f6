import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A name with a quoted text and no verb (`Tickets "1 × Adult"`, `The Quiet Harbour "Drama · 15"`, `Dialog "…?"`,
 * `When "Fri 27 Nov · 17:40", Seats C4, C5`), curly quotes inside a quoted text, "Search tab" as a step, a row
 * "in the results", and "apply CODE" as a clause of its own after another action. Each has a near miss.
 */

const verdict = (r: { settled: boolean; passed?: boolean }) => (r.settled ? r.passed : 'not settled');
const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];

const booked = screen('Booking confirmed', [
  node('text', 'You’re booked! Enjoy the film.', 70),
  node('text', 'No films match “horror”', 100),
  node('text', 'When', 140, { bounds: { x: 16, y: 140, width: 100, height: 30 } }),
  node('text', 'Fri 27 Nov · 17:40', 170, { id: 'when-value', bounds: { x: 16, y: 170, width: 300, height: 30 } }),
  node('text', 'Seats', 210, { bounds: { x: 16, y: 210, width: 100, height: 30 } }),
  node('text', 'C4, C5', 240, { id: 'seats-value', bounds: { x: 16, y: 240, width: 300, height: 30 } }),
  node('text', 'Tickets', 280, { bounds: { x: 16, y: 280, width: 100, height: 30 } }),
  node('text', '1 × Adult, 1 × Senior', 310, {
    id: 'tickets-value',
    bounds: { x: 16, y: 310, width: 300, height: 30 },
  }),
  node('list', null, 400, {
    bounds: { x: 0, y: 400, width: 393, height: 200 },
    children: [
      node('list_item', 'The Quiet Harbour', 400, { id: 'film-harbour', children: [node('text', 'Drama · 15', 420)] }),
      node('list_item', 'Paper Moons', 460, { id: 'film-moons', children: [node('text', 'Comedy · 12A', 480)] }),
    ],
  }),
]);

describe('a name with a quoted text', () => {
  it('`Tickets "1 × Adult, 1 × Senior"` is the value below the label', () => {
    expect(verdict(interpretAssertion('Tickets "1 × Adult, 1 × Senior"', booked))).toBe(true);
  });
  it('near miss: `Tickets "1 × Adult"` (part of the value) fails', () => {
    expect(verdict(interpretAssertion('Tickets "1 × Adult"', booked))).toBe(false);
  });
  it('`When "Fri 27 Nov · 17:40", Seats C4, C5`: each label with its value, the unquoted one keeping its comma', () => {
    expect(verdict(interpretAssertion('When "Fri 27 Nov · 17:40", Seats C4, C5', booked))).toBe(true);
    expect(verdict(interpretAssertion('When "Fri 27 Nov · 17:40", Seats C4, C6', booked))).toBe(false);
  });
  it('`The Quiet Harbour "Drama · 15"`: the row of that title (its article kept) and its second line', () => {
    expect(verdict(interpretAssertion('The Quiet Harbour "Drama · 15"', booked))).toBe(true);
    expect(verdict(interpretAssertion('The Quiet Harbour "Comedy · 12A"', booked))).toBe(false);
  });
  it('near miss: a name the screen does not show is not read so', () => {
    expect(verdict(interpretAssertion('Snacks "None"', booked))).toBe('not settled');
    expect(verdict(interpretAssertion('Only "Paper Moons"', booked))).toBe('not settled');
  });
  it('`Dialog "Cancel this booking?"`: a dialog is open with that text; with none open it fails', () => {
    const open = screen('Ticket', [
      node('alert', 'Cancel this booking?', 300, {
        bounds: { x: 16, y: 300, width: 360, height: 120 },
        children: [node('text', 'Cancel this booking?', 310), node('button', 'Keep booking', 380)],
      }),
    ]);
    expect(verdict(interpretAssertion('Dialog "Cancel this booking?"', open))).toBe(true);
    expect(verdict(interpretAssertion('Dialog "Cancel this booking?"', booked))).toBe(false);
  });
  it('`Line "Drama · 15"`: a text said to be a line', () => {
    expect(verdict(interpretAssertion('Line "Drama · 15"', booked))).toBe(true);
    expect(verdict(interpretAssertion('Line "Drama · 12A"', booked))).toBe(false);
  });
});

describe('curly quotes inside a quoted text', () => {
  it('`"No films match “horror”"` is the whole text; another word in the curly quotes fails', () => {
    expect(verdict(interpretAssertion('"No films match “horror”"', booked))).toBe(true);
    expect(verdict(interpretAssertion('"No films match “comedy”"', booked))).toBe(false);
  });
  it('curly quotes alone are still the writer’s quotes', () => {
    expect(verdict(interpretAssertion('“You’re booked! Enjoy the film.”', booked))).toBe(true);
  });
});

const home = screen('Now showing', [
  node('text', 'Search', 80),
  node('input', '', 120, { id: 'home-search' }),
  node('list', null, 200, {
    bounds: { x: 0, y: 200, width: 393, height: 120 },
    children: [
      node('list_item', 'Signal from Europa', 200, { id: 'result-europa' }),
      node('list_item', 'Paper Moons', 260, { id: 'result-moons' }),
    ],
  }),
  node('button', 'Search', 800, { id: 'tab-search' }),
]);

describe('"Search tab", "in the results"', () => {
  it('"Search tab, type drama" taps the tab, not "tab" typed into the field labelled Search', () => {
    expect(ids(interpretStep('Search tab, type drama', home))).toEqual(['tab-search']);
  });
  it('"Tap Signal from Europa in the results" taps that row; a name no row has taps nothing', () => {
    expect(ids(interpretStep('Tap Signal from Europa in the results', home))).toEqual(['result-europa']);
    const r = interpretStep('Tap Northern Lights in the results', home);
    expect(r.settled && r.kind === 'actions').toBe(false);
  });
});

describe('"apply CODE" after another action', () => {
  const checkout = screen('Checkout', [
    node('list_item', 'Apple Pay', 100, { id: 'pay-apple' }),
    node('text', 'Voucher code', 200),
    node('input', '', 240, { id: 'voucher' }),
    node('button', 'Apply', 300, { id: 'apply' }),
  ]);
  it('"Pick Apple Pay, apply REEL5": the row, then the code on the next screen', () => {
    const r = interpretStep('Pick Apple Pay, apply REEL5', checkout);
    expect(ids(r)).toEqual(['pay-apple']);
    expect(r.settled && r.then).toBe('apply REEL5');
  });
  it('near miss: "Tap Apply" is still the button', () => {
    expect(ids(interpretStep('Tap Apply', checkout))).toEqual(['apply']);
  });
});

describe('a value named with its kind', () => {
  const film = screen('Paper Moons', [
    node('text', 'Showtimes', 250),
    node('button', '18:15 · Screen 2', 300, { id: 'show-1815' }),
    node('button', '21:00 · Screen 2', 360, { id: 'show-2100' }),
  ]);
  it('"Tap the 21:00 showtime" taps the button whose label starts with that time', () => {
    expect(ids(interpretStep('Tap the 21:00 showtime', film))).toEqual(['show-2100']);
  });
  it('near miss: a time no label starts with, or a kind the screen does not name, taps nothing', () => {
    const r = interpretStep('Tap the 21:05 showtime', film);
    expect(r.settled && r.kind === 'actions').toBe(false);
    const m = interpretStep('Tap the 21:00 matinee', film);
    expect(m.settled && m.kind === 'actions').toBe(false);
  });
});
