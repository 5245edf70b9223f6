import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * A stepper button of a named line ("+ on Oat Milk"), names separated by commas after "go to" as a path, a row
 * named by its parts after "from", and "back to X". Each form has a near miss that must be refused or read otherwise.
 */

const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];

const small = (y: number) => ({ bounds: { x: 30, y, width: 40, height: 40 } });

/** A café order: each line's title, its price, then its − and + (named for the line). */
const order = (second = 'Flat White') =>
  screen('Your order', [
    node('text', '1 × Oat Milk Latte', 100),
    node('text', '£3.50', 130),
    node('button', 'One Oat Milk Latte fewer', 160, { id: 'line-latte-minus', ...small(160) }),
    node('button', 'One more Oat Milk Latte', 160, { id: 'line-latte-plus', ...small(160) }),
    node('text', `2 × ${second}`, 220),
    node('text', '£6.00', 250),
    node('button', '−', 280, { id: 'line-b-minus', ...small(280) }),
    node('button', '+', 280, { id: 'line-b-plus', ...small(280) }),
    node('button', 'Checkout', 700, { id: 'checkout' }),
  ]);

describe('a stepper button of a named line', () => {
  it('"Tap + on Oat Milk Latte": the plus named for that line', () => {
    expect(ids(interpretStep('Tap + on Oat Milk Latte', order()))).toEqual(['line-latte-plus']);
  });
  it('"Tap − on Oat Milk Latte": the minus named for that line', () => {
    expect(ids(interpretStep('Tap − on Oat Milk Latte', order()))).toEqual(['line-latte-minus']);
  });
  it('"Tap the + next to Flat White": a bare + after the line\'s title', () => {
    expect(ids(interpretStep('Tap the + next to Flat White', order()))).toEqual(['line-b-plus']);
  });
  it('"Tap Flat White\'s −": the possessive form', () => {
    expect(ids(interpretStep("Tap Flat White's −", order()))).toEqual(['line-b-minus']);
  });
  it("near miss: a line that is not in the order is never given another line's button", () => {
    expect(ids(interpretStep('Tap + on Mocha', order()))).toEqual([]);
  });
  it('near miss: two lines of the same name are refused', () => {
    const r = interpretStep('Tap + on Oat Milk Latte', order('Oat Milk Latte'));
    expect(r.settled).toBe(false);
  });
});

const row = (text: string, sub: string, y: number, id: string) =>
  node('list_item', text, y, {
    id,
    children: [node('text', sub, y + 20, { bounds: { x: 30, y: y + 20, width: 300, height: 16 } })],
  });

/** A library's loans: Current / History switches and rows of a title with a date, and a tab bar. */
const loans = () =>
  screen('Loans', [
    node('button', 'Current', 80, { id: 'seg-current' }),
    node('button', 'History', 80, { id: 'seg-history', bounds: { x: 200, y: 80, width: 150, height: 40 } }),
    row('Dune', 'Mon 3 Feb · Returned', 140, 'loan-1'),
    row('Emma', 'Tue 4 Feb · Returned', 200, 'loan-2'),
    row('Dune', 'Sat 8 Feb · Returned', 260, 'loan-3'),
    node('button', 'Shelves', 790, { id: 'tab-shelves', bounds: { x: 16, y: 790, width: 120, height: 40 } }),
    node('button', 'Loans', 790, { id: 'tab-loans', bounds: { x: 200, y: 790, width: 120, height: 40 } }),
  ]);

describe('paths and rows named after "go to" / "open"', () => {
  it('"Go to Loans, History": names separated by commas are a path', () => {
    const r = interpretStep('Go to Loans, History', loans());
    expect(r.settled && r.kind === 'actions' ? r.then : null).toBe('go to History');
  });
  it('"Open the Dune loan from Sat 8 Feb": the row every part names, not the first row holding the date', () => {
    expect(ids(interpretStep('Open the Dune loan from Sat 8 Feb', loans()))).toEqual(['loan-3']);
  });
  it('near miss: a date two rows share with the name is refused', () => {
    const r = interpretStep('Open the Dune loan from Feb', loans());
    expect(ids(r)).toEqual([]);
  });
  it('"Then back to Shelves" on a tab screen with no Back control: the tab of that name', () => {
    expect(ids(interpretStep('back to Shelves', loans()))).toEqual(['tab-shelves']);
  });
});

/** A long form whose Send button is below the fold (not in the tree until scrolled to). */
const longForm = () =>
  screen(
    'Request',
    Array.from({ length: 14 }, (_, i) => node('text', `Line ${i + 1}`, 80 + i * 60)),
  );

describe('a bare button name below the fold', () => {
  it('"Send request": scrolled to, then tapped', () => {
    const r = interpretStep('Send request', longForm());
    expect(r.settled && r.kind === 'scroll_until' ? r.then : null).toBe('tap Send request');
  });
  it('near miss: on a screen that does not scroll the name is not understood', () => {
    const r = interpretStep('Send request', screen('About', [node('text', 'Version 2', 100)]));
    expect(r.settled ? r.kind : r.reason).toMatch(/not understood/);
  });
  it('near miss: a claim said bare ("The order is sent") is never scrolled to and tapped', () => {
    const r = interpretStep('The order is sent', longForm());
    expect(r.settled && r.kind === 'scroll_until').toBe(false);
  });
});
