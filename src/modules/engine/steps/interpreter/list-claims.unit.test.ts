import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

/** A library's loans: each row a title and, inside it, its second line. */
const loans = (rows: Array<[string, string]>, more: ReturnType<typeof node>[] = []) =>
  screen('Loans', [
    ...more,
    node('list', null, 200, {
      bounds: { x: 0, y: 200, width: 393, height: 600 },
      children: rows.map(([title, line], i) =>
        node('list_item', title, 210 + i * 70, {
          bounds: { x: 16, y: 210 + i * 70, width: 360, height: 60 },
          children: [node('text', line, 240 + i * 70)],
        }),
      ),
    }),
  ]);

const two = loans([
  ['Dune', 'Fiction · Due Fri 4 Jul'],
  ['Emma', 'Classics · Due Mon 7 Jul'],
]);

describe('rows as QA writers list them', () => {
  it('"Title - second line" reads the row of that title', () => {
    expect(verdict(interpretAssertion('Dune - "Fiction · Due Fri 4 Jul"', two))).toBe(true);
    expect(verdict(interpretAssertion('Dune - Fiction · Due Fri 4 Jul', two))).toBe(true);
    expect(verdict(interpretAssertion('Dune - "Classics · Due Mon 7 Jul"', two))).toBe(false);
  });

  it('"Title (a, b) is still first": the place, and the parts in brackets on its second line', () => {
    expect(verdict(interpretAssertion('Dune (Fiction, Fri 4 Jul) is still first', two))).toBe(true);
    expect(verdict(interpretAssertion('Dune (Fiction, Mon 7 Jul) is still first', two))).toBe(false);
    expect(verdict(interpretAssertion('Emma (Classics, Mon 7 Jul) is still first', two))).toBe(false);
  });

  it('"First item: Title "line"": the row at that place, its title and line', () => {
    expect(verdict(interpretAssertion('First item: Dune "Fiction · Due Fri 4 Jul"', two))).toBe(true);
    expect(verdict(interpretAssertion('First item: Emma "Classics · Due Mon 7 Jul"', two))).toBe(false);
    expect(verdict(interpretAssertion('First item: Dune "Fiction · Due Sat 5 Jul"', two))).toBe(false);
  });

  it('""2 results": A then B "line"": the count shown, the rows in order, the line under B', () => {
    const found = loans(
      [
        ['Dune', 'Fiction · Due Fri 4 Jul'],
        ['Emma', 'Classics · Due Mon 7 Jul'],
      ],
      [node('text', '2 results', 150)],
    );
    expect(verdict(interpretAssertion('"2 results": Dune then Emma "Classics · Due Mon 7 Jul"', found))).toBe(true);
    expect(verdict(interpretAssertion('"2 results": Emma then Dune', found))).toBe(false);
    expect(verdict(interpretAssertion('"3 results": Dune then Emma', found))).toBe(false);
    expect(verdict(interpretAssertion('"2 results" Dune', found))).toBe(true);
  });

  it('a bare list of a name, an email and a phone: each one shown', () => {
    const account = screen('Account', [
      node('text', 'Jo Park', 100),
      node('text', 'jo@shop.test', 150),
      node('text', '07700 900123', 200),
    ]);
    expect(verdict(interpretAssertion('Jo Park, jo@shop.test, 07700 900123', account))).toBe(true);
    expect(verdict(interpretAssertion('Jo Park, kim@shop.test, 07700 900123', account))).toBe(false);
  });
});

describe('a word of context before the claim', () => {
  const details = screen('Loan', [
    node('text', 'Borrower', 100, { bounds: { x: 16, y: 100, width: 150, height: 40 } }),
    node('text', 'Jo Park', 100, { bounds: { x: 200, y: 100, width: 170, height: 40 } }),
    node('text', 'Branch', 150, { bounds: { x: 16, y: 150, width: 150, height: 40 } }),
    node('text', 'Central Library, Eastgate', 150, { bounds: { x: 200, y: 150, width: 170, height: 40 } }),
    node('text', 'Renewal saved', 250),
    node('toggle', 'Reminders', 300, { checked: true, id: 'reminders' }),
  ]);

  it('"Details: Label value, Label value" checks each label on the screen showing', () => {
    expect(verdict(interpretAssertion('Details: Borrower Jo Park, Branch Central Library, Eastgate', details))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('Details: Borrower Kim Lee, Branch Central Library, Eastgate', details))).toBe(
      false,
    );
  });

  it('"Loan says "…" and Label value" and "Settings: X ON": a text, a label, a switch', () => {
    expect(verdict(interpretAssertion('Loan says "Renewal saved" and Borrower Jo Park', details))).toBe(true);
    expect(verdict(interpretAssertion('Loan says "Renewal failed" and Borrower Jo Park', details))).toBe(false);
    expect(verdict(interpretAssertion('Settings: Reminders ON, Borrower Jo Park', details))).toBe(true);
    expect(verdict(interpretAssertion('Settings: Reminders OFF, Borrower Jo Park', details))).toBe(false);
  });

  it('"Under Settings: X is on, …" stays a part of the screen with its statements', () => {
    const settings = screen('Settings', [
      node('toggle', 'Reminders', 100, { checked: true }),
      node('toggle', 'Newsletter', 160, { checked: false }),
    ]);
    expect(verdict(interpretAssertion('Under Settings: Reminders is on, Newsletter is off', settings))).toBe(true);
    expect(verdict(interpretAssertion('Under Settings: Reminders is off, Newsletter is off', settings))).toBe(false);
  });

  it('one label and its value after a colon stays a label and its value', () => {
    const total = screen('Basket', [
      node('text', 'Total', 100, { bounds: { x: 16, y: 100, width: 150, height: 40 } }),
      node('text', '€9.00', 100, { bounds: { x: 200, y: 100, width: 170, height: 40 } }),
    ]);
    expect(verdict(interpretAssertion('Total: €9.00', total))).toBe(true);
    expect(verdict(interpretAssertion('Total: €8.00', total))).toBe(false);
  });
});
