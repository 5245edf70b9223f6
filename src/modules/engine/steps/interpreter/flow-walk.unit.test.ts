import { describe, expect, it } from 'vitest';
import { type DeviceAction, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/** "Book Northern Lights today 17:40, seat A5, 1 adult, No thanks, pay": a whole flow walked screen by screen. */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const then = (r: Resolution) => (r.settled ? r.then : undefined);
const button = (text: string, id: string, y: number, extra = {}) => node('button', text, y, { id, ...extra });

const films = screen('Now showing', [
  node('list_item', 'Northern Lights', 120, { id: 'film-northern' }),
  node('list_item', 'Paper Moons', 180, { id: 'film-paper' }),
]);
const showtimes = screen('Northern Lights', [
  button('Today', 'day-fri', 100),
  button('Sat 28', 'day-sat', 150),
  button('17:40 · Screen 1', 'show-1740', 220),
  button('20:30 · Screen 2', 'show-2030', 270),
]);
const seats = (extra: ReturnType<typeof node>[] = []) =>
  screen('Choose seats', [
    button('Seat A5', 'seat-a5', 120),
    button('Seat A6', 'seat-a6', 170),
    button('Seat C1, taken', 'seat-c1', 220, { enabled: false }),
    ...extra,
    button('Continue', 'seats-continue', 700),
  ]);
const tickets = screen('Tickets', [
  node('text', 'Adult', 100),
  button('One adult fewer', 'adult-minus', 140),
  node('text', '0', 140),
  button('One more adult', 'adult-plus', 140),
]);

describe('a whole flow in one phrase', () => {
  it('does the first part on the screen it starts on, and hands on the rest', () => {
    const r = interpretStep('Book Northern Lights today 17:40, seat A5, 1 adult, No thanks, pay', films);
    expect(tapped(r)).toEqual(['film-northern']);
    expect(then(r)).toBe('rest of the booking: today 17:40, seat A5, 1 adult, No thanks, pay');
  });

  it('picks the day before the time, then the time whose name starts with it', () => {
    const day = interpretStep('rest of the flow: 17:40 today, seat A5', showtimes);
    expect(tapped(day)).toEqual(['day-fri']);
    expect(then(day)).toBe('rest of the flow: 17:40, seat A5');
    const time = interpretStep(then(day)!, showtimes);
    expect(tapped(time)).toEqual(['show-1740']);
    expect(then(time)).toBe('rest of the flow: seat A5');
  });

  it('taps a seat said with its kind word, and ends when nothing is left', () => {
    const r = interpretStep('rest of the flow: seat A5', seats());
    expect(tapped(r)).toEqual(['seat-a5']);
    expect(then(r)).toBeUndefined();
  });

  it('leads on with the one Continue when no part is on the screen, and counts it', () => {
    const r = interpretStep('rest of the flow: No thanks, pay', seats());
    expect(tapped(r)).toEqual(['seats-continue']);
    expect(then(r)).toBe('rest of the flow (Continue ×1): No thanks, pay');
  });

  it('a part that says to leave something out is done by doing nothing', () => {
    const r = interpretStep('rest of the flow: no snacks', seats());
    expect(r.settled && r.kind === 'actions' && r.actions).toEqual([]);
  });

  it('a part of one word is the one control its name starts with', () => {
    const pay = screen('Checkout', [node('list_item', 'Visa', 100, { id: 'visa' }), button('Pay £14.00', 'pay', 600)]);
    expect(tapped(interpretStep('rest of the flow: pay', pay))).toEqual(['pay']);
  });
});

describe('parts said loosely', () => {
  it('"seats C4 C5": each seat in turn, the kind word dropped once a seat is done', () => {
    const grid = screen('Choose seats', [button('Seat C4', 'seat-c4', 120), button('Seat C5', 'seat-c5', 170)]);
    const first = interpretStep('rest of the flow: seats C4 C5, no snacks', grid);
    expect(tapped(first)).toEqual(['seat-c4']);
    expect(then(first)).toBe('rest of the flow: C5, no snacks');
  });

  it('"C4 at Northern Lights": the film first, the seat said before "at" kept for later', () => {
    const r = interpretStep('Book C4 at Northern Lights 17:40, pay', films);
    expect(tapped(r)).toEqual(['film-northern']);
    expect(then(r)).toBe('rest of the booking: C4, 17:40, pay');
  });

  it('with no Continue, the one button that completes the flow leads on ("Pay £14.00")', () => {
    const checkout = screen('Checkout', [node('text', 'Total £14.00', 100), button('Pay £14.00', 'pay', 600)]);
    const r = interpretStep('rest of the flow: view ticket', checkout);
    expect(tapped(r)).toEqual(['pay']);
    expect(then(r)).toBe('rest of the flow (Continue ×1): view ticket');
  });

  it('the rest after a clause of its own is never taken as something to tap', () => {
    const far = screen('Now showing', [
      node('list_item', 'Northern Lights', 120, { id: 'film-northern' }),
      node('list_item', 'The Quiet Harbour', 1400, { id: 'film-harbour' }),
    ]);
    const r = interpretStep('Book The Quiet Harbour 20:15 today, seat B3, pay', far);
    expect(then(r)).toMatch(/; rest of the booking: 20:15 today, seat B3, pay$/);
  });
});

describe('"Book …": the flow ends with the booking made', () => {
  const form = (reason = '', confirm = true) =>
    screen('Book appointment', [
      button('Thu 16 Apr', 'day-3', 100),
      button('11:15', 'time-1115', 160),
      node('text', 'Reason for visit', 220),
      node('input', reason, 260, { id: 'reason' }),
      node('toggle', 'Video', 320, { id: 'video', checked: false }),
      button('Confirm booking', 'confirm-booking', 700, { enabled: confirm }),
    ]);

  it('types a lower-case label\'s quoted value into its field, and sets a switch said "on"', () => {
    const typed = interpretStep('rest of the booking: reason "Low mood"', form());
    expect(acts(typed).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [a.event.text] : []))).toEqual([
      'Low mood',
    ]);
    expect(then(typed)).toBe('rest of the booking: ');
    expect(tapped(interpretStep('rest of the booking: Video on', form('Low mood')))).toEqual(['video']);
  });

  it('a label and a quoted value with no field so labelled is read as a name (`in "person"` is "In person")', () => {
    const chips = screen('Book appointment', [button('In person', 'in-person', 100), button('Video', 'video', 150)]);
    expect(tapped(interpretStep('rest of the flow: in "person"', chips))).toEqual(['in-person']);
  });

  it('once every part is done, the one Confirm (or Pay) button makes it, and the walk ends there', () => {
    const r = interpretStep('rest of the booking: ', form('Low mood'));
    expect(tapped(r)).toEqual(['confirm-booking']);
    expect(then(r)).toBeUndefined();
  });

  it('near misses: never confirmed before a value still to enter, nor passed when nothing can confirm it', () => {
    const early = interpretStep('rest of the booking: reason "Low mood" please', form());
    expect(tapped(early)).not.toContain('confirm-booking');
    // Scrolled through already: no part and no way to make it is left to find.
    const disabled = interpretStep('rest of the booking (scrolled ×6): ', form('Low mood', false));
    expect(disabled.settled).toBe(false);
    expect(!disabled.settled && disabled.reason).toMatch(/no one Pay, Confirm or Book button completes it/);
  });

  it('a flow said with another verb ends when its parts are done', () => {
    const r = interpretStep('rest of the flow: Thu 16 Apr', form());
    expect(tapped(r)).toEqual(['day-3']);
    expect(then(r)).toBeUndefined();
  });
});

describe('near misses: the walk never guesses', () => {
  it('"1 adult" sets the Adult line to 1 with its stepper, never by the "One adult fewer" name', () => {
    const r = interpretStep('rest of the flow: 1 adult, pay', tickets);
    expect(tapped(r)).toEqual(['adult-plus']);
    const none = screen('Tickets', [button('One adult fewer', 'adult-minus', 140)]);
    expect(tapped(interpretStep('rest of the flow: one adult, pay', none))).toEqual([]);
  });

  it('a taken (disabled) seat is not tapped: the walk stops there', () => {
    const r = interpretStep('rest of the flow (Continue ×1): seat C1', seats());
    expect(tapped(r)).not.toContain('seat-c1');
  });

  it('two controls of one name are not chosen between', () => {
    const twice = screen('Films', [button('Book', 'book-1', 100), button('Book', 'book-2', 200)]);
    expect(tapped(interpretStep('rest of the flow: Book, pay', twice))).toEqual([]);
  });

  it('a name held by two controls is not chosen between', () => {
    const two = screen('Times', [button('17:40 · Screen 1', 's1', 100), button('17:40 · Screen 2', 's2', 150)]);
    const r = interpretStep('rest of the flow: 17:40', two);
    expect(tapped(r)).toEqual([]);
    expect(r.settled).toBe(false);
  });

  it('a flow whose first part is not on the screen it starts on is not walked from its middle', () => {
    const r = interpretStep('Book Tom Ellis on Today at 17:40, seat A5, pay', showtimes);
    expect(tapped(r)).toEqual([]);
    expect(r.settled).toBe(false);
    expect(!r.settled && r.reason).toMatch(/whole flow/);
  });

  it('Continue is not tapped at the start of a flow, nor more than five times in a row', () => {
    expect(tapped(interpretStep('Book Sam Hill, seat A5, 1 adult, pay', seats()))).toEqual([]);
    const r = interpretStep('rest of the flow (Continue ×5): pay', seats());
    expect(tapped(r)).toEqual([]);
    expect(!r.settled && r.reason).toMatch(/nothing of "pay" is on this screen/);
  });

  it('two Continue buttons: neither is chosen', () => {
    const r = interpretStep('rest of the flow: pay', seats([button('Continue without seats', 'skip', 650)]));
    expect(tapped(r)).toEqual([]);
  });

  it('hostile: a 2,000-character flow is read to an answer in milliseconds, never a pass', () => {
    const long = `Book Northern Lights ${'today 17:40 seat A5, '.repeat(90)}pay`;
    const started = performance.now();
    const r = interpretStep(long, films);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(r.settled && r.kind === 'check' && r.passed).toBeFalsy();
    const rest = interpretStep(`rest of the flow: ${'Seat x '.repeat(300)}`, seats());
    expect(performance.now() - started).toBeLessThan(2000);
    expect(tapped(rest)).not.toContain('seat-a5');
    // The rest's own counts, written by hand to be huge, never buy more Continue taps or swipes.
    const forged = interpretStep(`rest of the flow (Continue ×${'9'.repeat(40)}, scrolled ×99): pay`, seats());
    expect(tapped(forged)).toEqual([]);
    expect(forged.settled).toBe(false);
  });
});

describe('confirming a dialog whose buttons both start like a dismissal', () => {
  const dialog = (question: string, buttons: string[]) =>
    screen('Ticket', [
      node('alert', question, 300, {
        bounds: { x: 16, y: 300, width: 360, height: 120 },
        children: buttons.map((b, i) =>
          node('button', b, 350, { id: `ask-${i}`, bounds: { x: 30 + 170 * i, y: 350, width: 150, height: 40 } }),
        ),
      }),
    ]);

  it('"Cancel this booking?" with Keep booking and Cancel booking: the button repeating the question confirms', () => {
    expect(
      tapped(interpretStep('confirm the dialog', dialog('Cancel this booking?', ['Keep booking', 'Cancel booking']))),
    ).toEqual(['ask-1']);
  });

  it('near misses: a one-word "Cancel" never answers yes, and a question the buttons do not repeat stays open', () => {
    expect(tapped(interpretStep('confirm the dialog', dialog('Cancel this booking?', ['Keep', 'Cancel'])))).toEqual([]);
    expect(
      tapped(interpretStep('confirm the dialog', dialog('Are you sure?', ['Keep booking', 'Cancel booking']))),
    ).toEqual([]);
  });
});
