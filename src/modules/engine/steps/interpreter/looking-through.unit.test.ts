import { describe, expect, it } from 'vitest';
import { node, screen } from './hand-built-screens.fixture';
import { interpretStep, type Resolution } from './index';

/** Steps that look through, or repeat over, several things; and steps whose "it" is the step before's. */

const film = (days = ['Today', 'Sat 28', 'Sun 29']) =>
  screen('Velocity Run', [
    node('text', 'Showtimes', 80),
    node('list', null, 120, {
      bounds: { x: 16, y: 120, width: 360, height: 170 },
      children: days.map((d, i) => node('button', d, 120 + i * 44, { id: `day-${i}` })),
    }),
    node('button', '19:10 · Screen 1', 300),
    node('text', 'Settings', 400, { id: 'settings-heading' }),
  ]);

const tabs = screen('Now showing', [
  node('list_item', 'Northern Lights', 100),
  node('button', 'Films', 800, { id: 'tab-films', bounds: { x: 0, y: 800, width: 98, height: 40 } }),
  node('button', 'Search', 800, { id: 'tab-search', bounds: { x: 98, y: 800, width: 98, height: 40 } }),
  node('button', 'My tickets', 800, { id: 'tab-tickets', bounds: { x: 196, y: 800, width: 98, height: 40 } }),
  node('button', 'Account', 800, { id: 'tab-account', bounds: { x: 294, y: 800, width: 98, height: 40 } }),
]);

const seats = screen('Choose seats', [
  node('list', null, 100, {
    bounds: { x: 16, y: 100, width: 360, height: 400 },
    children: [
      node('button', 'Seat A7', 100, { id: 'seat-A7' }),
      node('button', 'Seat A8, selected', 150, { id: 'seat-A8' }),
      node('button', 'Seat B1', 200, { id: 'seat-B1' }),
    ],
  }),
]);

const stars = screen('Rate order', [
  node('text', 'How was your order?', 80),
  node('list', null, 120, {
    bounds: { x: 16, y: 120, width: 360, height: 300 },
    children: [1, 2, 3, 4, 5].map((k) =>
      node('button', `${k} star${k > 1 ? 's' : ''}`, 100 + k * 44, { id: `star-${k}` }),
    ),
  }),
  node('button', 'Submit rating', 400),
]);

const search = (fields = 1) =>
  screen('Search', [
    node('input', 'wrap', 100, { id: 'search-field' }),
    ...(fields > 1 ? [node('input', '', 160, { id: 'other-field' })] : []),
    node('button', 'Search', 220, { id: 'search-go' }),
  ]);

const signIn = (error: boolean) =>
  screen('Sign in', [
    node('input', 'jo@x.test', 100, { id: 'email' }),
    node('input', '••••', 160, { id: 'password' }),
    ...(error ? [node('text', 'Email or password is incorrect', 220, { id: 'signin-error' })] : []),
    node('button', 'Sign in', 300),
  ]);

const basket = (lines: string[]) =>
  screen('Basket', [
    ...lines.flatMap((l, i) => [
      node('text', `1 × ${l}`, 100 + i * 60),
      node('button', `One ${l} fewer`, 120 + i * 60, { id: `minus-${i}` }),
      node('button', `One more ${l}`, 140 + i * 60, { id: `plus-${i}` }),
    ]),
    ...(lines.length ? [] : [node('text', 'Your basket is empty', 100)]),
  ]);

const lamp = screen('Living Room', [node('toggle', 'Floor lamp', 100, { checked: false, id: 'lamp' })]);

const tapsOn = (r: Resolution) => (r.settled && r.kind === 'actions' ? r.reasoning : r.settled ? r.kind : r.reason);

describe('steps that look through several things', () => {
  it('taps each day chip in turn for "go through the day chips", "check each day", "look at all three days"', () => {
    for (const step of ['Go through the day chips', 'check each day', 'Look at all three days']) {
      const r = interpretStep(step, film());
      expect(r.settled && r.kind === 'actions').toBe(true);
      expect(tapsOn(r)).toContain('"Today"');
      expect(r.settled && r.then).toBe('tap "Sat 28"; tap "Sun 29"');
    }
  });
  it('refuses a day count the screen does not show, and a screen with no day chips', () => {
    expect(interpretStep('Look at all four days', film()).settled).toBe(false);
    expect(interpretStep('Go through the day chips', seats).settled).toBe(false);
  });
  it('opens named sibling buttons one after another for "Check Today, then Sat 28, then Sun 29"', () => {
    const r = interpretStep('Check Today, then Sat 28, then Sun 29', film());
    expect(tapsOn(r)).toContain('"Today"');
    expect(r.settled && r.then).toBe('tap "Sat 28"; tap "Sun 29"');
    // A name that is no button here is no list of chips to open.
    expect(tapsOn(interpretStep('Check Today, then Mon 30', film()))).not.toContain('tap button "Today"');
    // Without "then" the names may only be claimed to show: no tap.
    expect(tapsOn(interpretStep('Check Today and Sat 28', film()))).not.toContain('tap button "Today"');
  });
  it('reads "Open X and look at all three days" as the open, then the tour', () => {
    const r = interpretStep('Open Northern Lights and look at all three days', tabs);
    expect(r.settled && r.then).toBe('look at all three days');
  });
  it('taps "A, B and C in turn" one by one, and never passes a name not found', () => {
    const r = interpretStep('Tap Search, My tickets, Account and Films in turn', tabs);
    expect(tapsOn(r)).toContain('#tab-search');
    expect(r.settled && r.then).toBe('tap "My tickets"; tap "Account"; tap "Films"');
    const missing = interpretStep('Tap Wallet, Search and Films in turn', tabs);
    expect(missing.settled && missing.kind === 'actions').toBe(false);
  });
  it('"look at Settings" checks a heading of that name shows, and fails when none does', () => {
    const r = interpretStep('look at Settings', film());
    expect(r.settled && r.kind === 'check' && r.passed).toBe(true);
    const none = interpretStep('look at Settings', seats);
    expect(none.settled && none.kind === 'check' && none.passed).toBe(false);
  });
  it('"Open Kitchen, check it, go back" drops the look at what was opened', () => {
    const r = interpretStep('Open Northern Lights, check it, go back', tabs);
    expect(tapsOn(r)).toContain('"Northern Lights"');
    expect(r.settled && r.then).toBe('go back');
  });
  it('"Check the error" passes on an error shown and fails on none', () => {
    const r = interpretStep('Check the error, then clear the password', signIn(true));
    expect(r.settled && r.kind === 'check' && r.passed).toBe(true);
    expect(r.settled && r.then).toBe('clear the password');
    const none = interpretStep('Check the error', signIn(false));
    expect(none.settled && none.kind === 'check' && none.passed).toBe(false);
  });
  it('"Check the error is showing" is one claim, with nothing left to do after it', () => {
    const r = interpretStep('Check the error is showing', signIn(true));
    expect(r.settled && r.kind === 'check' && r.passed).toBe(true);
    expect(r.settled && r.then).toBeFalsy();
    const none = interpretStep('Check that the error message appears', signIn(false));
    expect(none.settled && none.kind === 'check' && none.passed).toBe(false);
    expect(none.settled && none.then).toBeFalsy();
  });
  it('"Untap A8" taps a selected seat; one not selected fails', () => {
    const r = interpretStep('Untap A8, then tap B1', seats);
    expect(tapsOn(r)).toContain('#seat-A8');
    expect(r.settled && r.then).toBe('tap B1');
    const free = interpretStep('Untap A7', seats);
    expect(free.settled && free.kind === 'check' && free.passed).toBe(false);
  });
  it('"Tap E2 as the seventh" is the tap; the count is a remark', () => {
    expect(tapsOn(interpretStep('Tap B1 as the seventh', seats))).toContain('#seat-B1');
  });
  it('"Tap the 4th star" taps the fourth of a row of star buttons; a fifth of four is refused', () => {
    const r = interpretStep('Tap the 4th star, then Submit rating', stars);
    expect(tapsOn(r)).toContain('#star-4');
    expect(r.settled && r.then).toBe('Submit rating');
    expect(interpretStep('Tap the 7th star', stars).settled).toBe(false);
  });
  it('near miss: on a screen with a list, "the third task" is its third row, never a button that says "task"', () => {
    const tasks = screen('Today', [
      node('button', 'New task', 60, { id: 'new-task' }),
      node('button', 'Add task', 60, { id: 'add-task', bounds: { x: 200, y: 60, width: 150, height: 40 } }),
      node('list', null, 120, {
        bounds: { x: 0, y: 120, width: 393, height: 300 },
        children: ['Buy milk', 'Send the report', 'Return library books'].map((t, i) =>
          node('list_item', t, 130 + i * 60, { id: `task-${i}` }),
        ),
      }),
    ]);
    const taps = tapsOn(interpretStep('Tap the third task', tasks));
    expect(taps).toContain('#task-2');
    expect(taps).not.toContain('#new-task');
  });
  it('"Clear the field" clears the one text field; with two it names none', () => {
    const r = interpretStep('Clear the field, type WRAP', search());
    expect(tapsOn(r)).toContain('#search-field');
    expect(r.settled && r.then).toBe('type WRAP');
    expect(interpretStep('Clear the field', search(2)).settled).toBe(false);
  });
});

describe('a − tapped on every line until none is left', () => {
  it("taps the first line's −, then reads the step again until no − is left", () => {
    const r = interpretStep('Tap − on both lines until the basket is empty', basket(['Margherita', 'Cola']));
    expect(tapsOn(r)).toContain('#minus-0');
    const then = r.settled ? r.then! : '';
    expect(tapsOn(interpretStep(then, basket(['Cola'])))).toContain('#minus-0');
    const end = interpretStep(then, basket([]));
    expect(end.settled && end.kind === 'actions' && end.actions.length).toBe(0);
  });
  it('never passes with no line to start with, nor "both" with three lines', () => {
    expect(interpretStep('Tap − on both lines until the basket is empty', basket([])).settled).toBe(false);
    expect(interpretStep('Tap − on both lines until the basket is empty', basket(['A', 'B', 'C'])).settled).toBe(false);
  });
});

describe('a pronoun read with the step before', () => {
  it('"Remove it again" after "Add one Cola" removes one Cola', () => {
    const snacks = screen('Snacks', [
      node('text', 'Cola', 100),
      node('button', 'One cola fewer', 140, { id: 'cola-minus' }),
      node('text', '1', 180),
      node('button', 'One more cola', 220, { id: 'cola-plus' }),
    ]);
    expect(tapsOn(interpretStep('Remove it again', snacks, 'Add one Cola'))).toContain('#cola-minus');
    expect(interpretStep('Remove it again', snacks, 'Tap Cola').settled).toBe(false);
  });
  it('"Turn it back on" after "Turn Floor lamp off" turns that switch on', () => {
    expect(tapsOn(interpretStep('Turn it back on', lamp, 'Turn Floor lamp off'))).toContain('#lamp');
  });
  it('"Turn it back on" after a step that turned nothing is not read as a switch', () => {
    const r = interpretStep('Turn it back on', lamp, 'Tap Floor lamp');
    expect(r.settled && r.kind === 'actions' && r.actions.length > 0).toBe(false);
    // "back on" after a step that turned it on already is no "back".
    const same = interpretStep('Turn it back on', lamp, 'Turn Floor lamp on');
    expect(same.settled && same.kind === 'actions' && same.actions.length > 0).toBe(false);
  });
});
