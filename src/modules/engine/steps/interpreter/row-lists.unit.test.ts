import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';
import type { UiNode } from '../../../../worker/driver';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

let y = 100;
const list = (rows: Array<[string, string]>): UiNode =>
  node('list', null, (y += 10), {
    bounds: { x: 0, y, width: 393, height: rows.length * 60 + 60 },
    children: rows.map(([title, line]) =>
      node('list_item', title, (y += 60), {
        bounds: { x: 16, y, width: 360, height: 56 },
        children: [node('text', line, y + 20)],
      }),
    ),
  });

/** A bookshop's shelves: a heading, then its rows, each a title and a second line. */
const shelves = () => {
  y = 100;
  return screen('Shelves', [
    node('text', 'Fiction', (y += 40)),
    list([
      ['Dune', '£9.00 · Herbert, 1965'],
      ['Emma', '£7.50 · Austen'],
    ]),
    node('text', 'Poetry', (y += 40)),
    list([['Odes', '£4.00 · Keats']]),
  ]);
};

/** A library's past loans, newest first; the same title may come twice. */
const loans = () => {
  y = 100;
  return screen('Past loans', [
    list([
      ['Dune', 'Fiction · Fri 4 Jul, 10:00'],
      ['Emma', 'Classics · Mon 2 Jun, 16:40'],
      ['Emma', 'Classics · Tue 6 May, 16:40'],
      ['Odes', 'Poetry · Wed 2 Apr, 09:00'],
    ]),
  ]);
};

describe('several rows listed in one claim, each with its line', () => {
  it('"Heading: A "line", B "line"": the rows under that heading, each line as quoted', () => {
    expect(verdict(interpretAssertion('Fiction: Dune "£9.00 · Herbert, 1965", Emma "£7.50 · Austen"', shelves()))).toBe(
      true,
    );
    // A row of another heading, a line cut short, a heading not on screen.
    expect(verdict(interpretAssertion('Fiction: Dune "£9.00 · Herbert, 1965", Odes "£4.00 · Keats"', shelves()))).toBe(
      false,
    );
    expect(verdict(interpretAssertion('Fiction: Dune "£9.00 · Herbert", Emma "£7.50 · Austen"', shelves()))).toBe(
      false,
    );
    expect(verdict(interpretAssertion('Drama: Dune "£9.00 · Herbert, 1965", Emma "£7.50 · Austen"', shelves()))).toBe(
      'not settled',
    );
  });

  it('"Place lists A (line), B (line)": each line holds the parts in brackets, "…" left unread', () => {
    expect(verdict(interpretAssertion('Fiction lists Dune (£9.00 · Herbert), Emma (Austen)', shelves()))).toBe(true);
    expect(verdict(interpretAssertion('Fiction lists Dune (£9.00 · …), Emma (Austen)', shelves()))).toBe(true);
    expect(verdict(interpretAssertion('Fiction lists Dune (£9.50 · Herbert), Emma (Austen)', shelves()))).toBe(false);
    expect(
      verdict(interpretAssertion('Shelves lists Odes with "£4.00 · Keats" and Emma with "£7.50 · Austen"', shelves())),
    ).toBe(true);
  });

  it('"two books: A (…) and B (…)": that many rows, these ones', () => {
    const one = () => {
      y = 100;
      return screen('Browse', [
        node('text', 'Fiction', (y += 40)),
        list([
          ['Dune', '£9.00 · Herbert'],
          ['Emma', '£7.50 · Austen'],
        ]),
      ]);
    };
    expect(verdict(interpretAssertion('Heading Fiction; two books: Dune (£9.00) and Emma (Austen)', one()))).toBe(true);
    expect(verdict(interpretAssertion('Three books: Dune (£9.00), Emma (Austen) and Odes (Keats)', one()))).toBe(false);
  });

  it('"Rows in order: A (…), B (…)": one after another, the same title twice told apart by its line', () => {
    const all =
      'Rows in order: Dune (Fiction · Fri 4 Jul, 10:00), Emma (Classics · Mon 2 Jun, 16:40), Emma (Classics · Tue 6 May, 16:40), Odes (Poetry · Wed 2 Apr, 09:00)';
    expect(verdict(interpretAssertion(all, loans()))).toBe(true);
    expect(verdict(interpretAssertion('Rows in order: Emma (Tue 6 May), Emma (Mon 2 Jun)', loans()))).toBe(false);
    // A row left out between two is not "one after another".
    expect(verdict(interpretAssertion('Rows in order: Dune (Fri 4 Jul), Odes (Wed 2 Apr)', loans()))).toBe(false);
  });

  it('"Second: A "line"": the row at that place without a noun', () => {
    expect(verdict(interpretAssertion('Second: Emma "Classics · Mon 2 Jun, 16:40"', loans()))).toBe(true);
    expect(verdict(interpretAssertion('Second: Emma "Classics · Tue 6 May, 16:40"', loans()))).toBe(false);
  });
});
