import { describe, expect, it } from 'vitest';
import { interpretStep, parseStep, type DeviceAction, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Going back to a named screen, a row named with what kind of thing it is, and what a tester says after a
 * button's name without it being part of it. Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const done = (r: Resolution) =>
  r.settled
    ? acts(r).map((a) => (a.op === 'input' ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}` : a.op))
    : `not settled: ${r.reason}`;

const tabs = [
  node('button', 'Library', 60, { id: 'tab-library', bounds: { x: 0, y: 60, width: 130, height: 40 } }),
  node('button', 'Shelves', 60, { id: 'tab-shelves', bounds: { x: 130, y: 60, width: 130, height: 40 } }),
  node('button', 'Account', 60, { id: 'tab-account', bounds: { x: 260, y: 60, width: 130, height: 40 } }),
];

describe('"Go back to X"', () => {
  it('reads as going back to that screen', () => {
    expect(parseStep('Go back to the Shelves screen')).toEqual({
      understood: true,
      intent: { kind: 'back_to', screen: 'Shelves' },
    });
  });

  it('on a tab with no way back, taps the tab of that name', () => {
    const account = screen('Account', [...tabs, node('text', 'Signed in as Kim', 140)]);
    expect(done(interpretStep('Go back to Shelves', account))).toEqual(['tap tab-shelves']);
  });

  it('on a screen with a Back control, goes back (the next step checks where it led)', () => {
    const details = screen('Dune', [
      ...tabs,
      node('button', 'Back', 110, { id: 'back' }),
      node('text', 'Frank Herbert', 160),
    ]);
    expect(done(interpretStep('Go back to Shelves', details))).toEqual(['back']);
  });

  it('already on that screen, does nothing', () => {
    const shelves = screen('Shelves', tabs);
    expect(done(interpretStep('Go back to Shelves', shelves))).toEqual([]);
  });
});

describe('a row named with the kind of thing it is', () => {
  const list = screen('Shelves', [
    node('list_item', 'Northwind Atlas', 140, { id: 'book-atlas' }),
    node('list_item', 'Dune', 200, { id: 'book-dune' }),
  ]);

  it('"Open the Northwind Atlas book" opens that row', () => {
    expect(done(interpretStep('Open the Northwind Atlas book', list))).toEqual(['tap book-atlas']);
  });

  it('a capitalised last word is part of a name, not a kind: not guessed', () => {
    expect(done(interpretStep('Open the Dune Messiah', list))).toMatch(/^not settled/);
  });

  it('a kind after a name the screen does not show is not guessed', () => {
    expect(done(interpretStep('Open the Foundation book', list))).toMatch(/^not settled/);
  });

  const times = screen('Dune', [
    node('button', '17:40 · Screen 1', 300, { id: 'show-1740' }),
    node('button', '20:30 · Screen 2', 360, { id: 'show-2030' }),
    node('text', 'Showtimes', 250),
  ]);

  it('any lower-case word after the exact name of a control names its kind: "the 17:40 · Screen 1 showtime"', () => {
    expect(done(interpretStep('Tap the 17:40 · Screen 1 showtime', times))).toEqual(['tap show-1740']);
  });

  it("a name that is only part of a control's name, or a text that is not a control, is not guessed", () => {
    expect(done(interpretStep('Tap the 17:40 matinee', times))).toMatch(/^not settled/);
    const plain = screen('Dune', [node('text', 'Frank Herbert', 160), node('button', 'Lend book', 200)]);
    expect(done(interpretStep('Tap the Frank Herbert biography', plain))).toMatch(/^not settled/);
  });
});

describe('words after a button name that say how, not which', () => {
  const form = screen('New loan', [
    node('input', '', 120, { id: 'days' }),
    node('button', 'Lend book', 200, { id: 'lend' }),
  ]);

  it('"Tap Lend book without a due date" taps Lend book', () => {
    expect(done(interpretStep('Tap Lend book without a due date', form))).toEqual(['tap lend']);
  });

  it('a button that is named so is tapped by its whole name', () => {
    const intro = screen('Welcome', [
      node('button', 'Continue', 200, { id: 'go' }),
      node('button', 'Continue without signing in', 260, { id: 'guest' }),
    ]);
    expect(done(interpretStep('Tap Continue without signing in', intro))).toEqual(['tap guest']);
  });

  it('"Confirm with Remove in the dialog" taps the dialog\'s Remove', () => {
    const dialog = screen('Shelves', [
      node('button', 'Remove', 300, { id: 'remove-row' }),
      node('alert', 'Remove book?', 400, {
        bounds: { x: 16, y: 400, width: 360, height: 200 },
        children: [
          node('button', 'Cancel', 460, { id: 'cancel' }),
          node('button', 'Remove', 520, { id: 'confirm-remove' }),
        ],
      }),
    ]);
    expect(done(interpretStep('Confirm with Remove in the dialog', dialog))).toEqual(['tap confirm-remove']);
  });
});
