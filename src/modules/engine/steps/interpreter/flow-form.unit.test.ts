import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/** A flow said in one phrase that starts on a search form: its values searched, the rest walked from the results. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const button = (text: string, id: string, y: number, extra = {}) => node('button', text, y, { id, ...extra });

const searchForm = screen('Search', [
  ...labelled('From', 'from', 80),
  ...labelled('To', 'to', 170),
  ...labelled('Date', 'date', 260),
  node('text', 'Passengers', 350),
  node('text', '1 passenger', 390),
  button('Add passenger', 'add-passenger', 430),
  button('Remove passenger', 'remove-passenger', 480),
  button('Search flights', 'search', 700),
]);
const results = screen('London → Paris', [
  node('list_item', '06:55 → 09:10 · from €59', 120, { id: 'flight-early' }),
  node('list_item', '18:45 → 21:00 · from €49', 180, { id: 'flight-late' }),
]);
const review = (accepted = false) =>
  screen('Review booking', [
    node('text', 'Total', 300, { bounds: { x: 16, y: 300, width: 120, height: 40 } }),
    node('text', '€67.40', 300, { bounds: { x: 300, y: 300, width: 80, height: 40 } }),
    node('toggle', 'I accept the fare rules', 500, { id: 'accept', checked: accepted }),
    button('Confirm and pay', 'confirm', 600, { enabled: accepted }),
  ]);

describe('a flow that starts on a search form', () => {
  it('searches its leading values here, then hands on the rest', () => {
    const r = interpretStep('Book London → Paris, 14 Aug 2025, 1 passenger, 18:45 flight, Light fare', searchForm);
    expect(typed(r)).toEqual([
      ['from', 'London'],
      ['to', 'Paris'],
      ['date', '14 Aug 2025'],
    ]);
    expect(tapped(r).at(-1)).toBe('search');
    expect(then(r)).toBe('rest of the booking: 18:45 flight, Light fare');
  });

  it('"Search for flights from London to Paris on 14 Aug 2025": the route, never "flights from London" as the origin', () => {
    const r = interpretStep('Search for flights from London to Paris on 14 Aug 2025', searchForm);
    expect(typed(r)).toEqual([
      ['from', 'London'],
      ['to', 'Paris'],
      ['date', '14 Aug 2025'],
    ]);
    expect(tapped(r).at(-1)).toBe('search');
  });

  it('reads "Reach X for …" and "… up to X" as where the flow stops, with nothing paid', () => {
    const reach = interpretStep('Reach Review booking for London → Paris, 14 Aug 2025, 18:45', searchForm);
    expect(then(reach)).toBe('rest of the flow: 18:45, up to Review booking');
    const upTo = interpretStep(
      'Go through a booking for London → Paris, 14 Aug 2025, 18:45, up to Review booking',
      searchForm,
    );
    expect(then(upTo)).toBe('rest of the flow: 18:45, up to Review booking');
    // On the results, the time is a row; the kind word ("flight") is no part left to do.
    const row = interpretStep('rest of the flow: 18:45 flight, up to Review booking', results);
    expect(tapped(row)).toEqual(['flight-late']);
    expect(then(row)).toBe('rest of the flow: up to Review booking');
    // There, the flow is done: the Confirm button is never tapped.
    const there = interpretStep('rest of the flow: up to Review booking', review(true));
    expect(there.settled && tapped(there)).toEqual([]);
  });

  it('never stops on the screen it was walking to with a part never done', () => {
    const r = interpretStep('rest of the flow: Flex fare, up to Review booking', review(true));
    expect(r.settled).toBe(false);
    expect(!r.settled && r.reason).toMatch(/"Flex fare" never found/);
  });

  it('accepts the terms a disabled Pay or Confirm waits on, when the booking is otherwise done', () => {
    const r = interpretStep('rest of the booking: no extras', review(false));
    expect(tapped(r)).toEqual(['accept']);
    // Two consent switches, or none off: nothing is guessed.
    const two = screen('Review booking', [
      node('toggle', 'I accept the fare rules', 500, { id: 'a1', checked: false }),
      node('toggle', 'I agree to the privacy notice', 550, { id: 'a2', checked: false }),
      button('Confirm and pay', 'confirm', 600, { enabled: false }),
    ]);
    expect(tapped(interpretStep('rest of the booking: no extras', two))).toEqual([]);
  });

  it('checks a value said on the way on the first screen it holds on, never failing earlier', () => {
    const r = interpretStep('rest of the flow: verify Total €67.40 before paying, up to Review booking', review(true));
    expect(r.settled && r.kind).toBe('check');
    expect(then(r)).toBe('rest of the flow: up to Review booking');
    // A value that does not hold here is looked for further on, never passed.
    const wrong = interpretStep(
      'rest of the flow: verify Total €99.00 before paying, up to Review booking',
      review(true),
    );
    expect(wrong.settled && wrong.kind === 'check' && wrong.passed).toBe(false);
  });

  it('leaves a flow not starting with a route on a form to the readers before', () => {
    const r = interpretStep('Book 14 Aug 2025, London, 18:45 flight', searchForm);
    expect(typed(r)).toEqual([]);
  });
});

describe('any one of a kind, in a flow that names none', () => {
  const seats = (extra: ReturnType<typeof node>[] = []) =>
    screen('Choose seats', [
      button('Seat A1, taken', 'seat-A1', 200, { enabled: false }),
      button('Seat A2, taken', 'seat-A2', 240),
      button('Seat A3', 'seat-A3', 280),
      button('Seat A4', 'seat-A4', 320),
      ...extra,
      button('Continue', 'continue', 700, { enabled: false }),
    ]);
  const rest = (parts: string) => `rest of the booking: ${parts}`;

  it('"one seat": the first free seat in reading order (not one marked taken, even if enabled)', () => {
    const r = interpretStep(rest('one seat, no snacks'), seats());
    expect(tapped(r)).toEqual(['seat-A3']);
    expect(then(r)).toMatch(/no snacks$/);
    expect(then(r)).not.toMatch(/seat/);
  });

  it('"2 seats" leaves one seat for the next screen; "one adult seat" leaves the adult ticket line', () => {
    expect(then(interpretStep(rest('2 seats'), seats()))).toMatch(/1 seats$/);
    expect(then(interpretStep(rest('one adult seat'), seats()))).toMatch(/one adult$/);
  });

  it('near miss: fewer free seats than asked, or no buttons of that kind, is no pick', () => {
    expect(tapped(interpretStep(rest('3 seats'), seats()))).not.toContain('seat-A3');
    expect(tapped(interpretStep(rest('one table'), seats()))).toEqual([]);
  });
});
