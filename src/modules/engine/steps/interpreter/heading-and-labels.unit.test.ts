import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Assertions about what a screen is headed with and several labels with their values, on hand-built
 * screens: each reading, and a near miss that must fail or stay not settled.
 */

/** A label at the left of a row and its value at the right. */
const row = (label: string, value: string, y: number, id: string) => [
  node('text', label, y, { bounds: { x: 16, y, width: 140, height: 30 } }),
  node('text', value, y, { id: `${id}-value`, bounds: { x: 180, y, width: 190, height: 30 } }),
];

const loan = () =>
  screen('Loan', [
    node('text', 'Northwind Atlas', 70, { id: 'loan-title' }),
    node('text', 'Travel · Shelf 4', 115, { id: 'loan-shelf' }),
    ...row('Borrower', 'Jo Park', 170, 'borrower'),
    ...row('Due', 'Fri 4 Jul', 210, 'due'),
    ...row('Time', '17:30', 250, 'time'),
    ...row('Type', 'Home delivery', 290, 'type'),
    ...row('Branch', 'Central Library, Eastgate', 330, 'branch'),
    node('text', 'Other loans', 400, { id: 'others-heading' }),
    node('button', 'Renew', 700, { id: 'renew' }),
  ]);

const account = (notice: string | null) =>
  screen('Account', [
    node('text', 'Your account', 70, { id: 'account-heading' }),
    ...(notice ? [node('text', notice, 110, { id: 'notice' })] : []),
    node('text', 'Jo Park', 150, { id: 'member-name' }),
    node('text', 'jo@x.test', 195, { id: 'member-email' }),
    node('text', 'We use these details to reach you.', 240, { id: 'intro' }),
  ]);

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

describe('several labels with their values', () => {
  it('splits where the screen shows a label, so values keep their commas and colons', () => {
    expect(
      verdict(
        interpretAssertion(
          'Borrower Jo Park, Due Fri 4 Jul, Time 17:30, Type Home delivery, Branch Central Library, Eastgate',
          loan(),
        ),
      ),
    ).toBe(true);
    expect(verdict(interpretAssertion('Verify Due Fri 4 Jul, Branch Central Library, Eastgate', loan()))).toBe(true);
  });

  it('a value beside another label, or another value, fails', () => {
    expect(verdict(interpretAssertion('Borrower Fri 4 Jul, Due Jo Park', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Due Fri 4 Jul, Time 17:45', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Due Fri 4 Jul, Branch Central Library', loan()))).toBe(false);
  });

  it('a label the screen does not show is not settled', () => {
    expect(verdict(interpretAssertion('Due Fri 4 Jul, Room 4', loan()))).toBe('not settled');
  });

  it('parts that are statements are not read as values', () => {
    expect(verdict(interpretAssertion('Borrower, Due and Time are shown', loan()))).not.toBe(false);
  });
});

describe('a screen heading', () => {
  it('reads the first text of the content, quoted or not, with what is under it', () => {
    expect(verdict(interpretAssertion('Heading "Northwind Atlas"', loan()))).toBe(true);
    expect(verdict(interpretAssertion('Heading Northwind Atlas with Travel underneath', loan()))).toBe(true);
  });

  it('another heading, or another text under it, fails', () => {
    // A part's heading (an id that says so, or a text above a list) is a heading too; a value is not.
    expect(verdict(interpretAssertion('Heading "Other loans"', loan()))).toBe(true);
    expect(verdict(interpretAssertion('Heading "Jo Park"', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Heading "Travel · Shelf 4"', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Heading Northwind Atlas with Shelf 5 underneath', loan()))).toBe(false);
    // A heading said with more after it ("; two loans: …") is left to other forms, never failed as a heading.
    expect(verdict(interpretAssertion('Heading Northwind Atlas; two loans: Jo Park (Fri 4 Jul)', loan()))).not.toBe(
      false,
    );
  });

  it('a screen with its heading: both must hold', () => {
    expect(verdict(interpretAssertion('Loan screen opens with heading "Northwind Atlas"', loan()))).toBe(true);
    expect(verdict(interpretAssertion('Loan screen headed "Northwind Atlas"', loan()))).toBe(true);
    expect(verdict(interpretAssertion('Account screen headed "Northwind Atlas"', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Loan screen headed "Fri 4 Jul"', loan()))).toBe(false);
  });

  it('"X heading is shown": a text of that name, which a missing one fails', () => {
    expect(verdict(interpretAssertion('Other loans heading is shown', loan()))).toBe(true);
    expect(verdict(interpretAssertion('Next loans heading is shown', loan()))).toBe(false);
  });
});

describe('what a screen opens with', () => {
  it('"Intro "…"" is that text on screen', () => {
    expect(verdict(interpretAssertion('Intro "We use these details to reach you."', account(null)))).toBe(true);
    expect(verdict(interpretAssertion('Intro "We use these details."', account(null)))).toBe(false);
  });

  it('"X opens showing A and B": that screen, with both', () => {
    expect(verdict(interpretAssertion('Account opens showing Jo Park and jo@x.test', account(null)))).toBe(true);
    // A subject the screen does not name is no screen it can confirm.
    expect(verdict(interpretAssertion('Loan opens showing Jo Park and jo@x.test', account(null)))).not.toBe(true);
    expect(verdict(interpretAssertion('Account opens showing Jo Park and jo@x.test', loan()))).toBe(false);
    expect(verdict(interpretAssertion('Account opens showing Jo Park and kim@x.test', account(null)))).not.toBe(true);
  });

  it('"Back on X with "…"": that screen, showing the text', () => {
    expect(verdict(interpretAssertion('Back on Account with "Changes saved"', account('Changes saved')))).toBe(true);
    expect(verdict(interpretAssertion('Back on Account with "Changes saved"', account(null)))).toBe(false);
    expect(verdict(interpretAssertion('Back on Loan with "Changes saved"', account('Changes saved')))).toBe(false);
    // More than a screen's name before the text is not this form.
    expect(verdict(interpretAssertion('Back on Account with Jo Park showing "Changes saved"', account(null)))).not.toBe(
      true,
    );
  });
});

describe('a list shown with its number of rows', () => {
  const shelf = (n: number, top = 100) =>
    screen('Shelves', [
      node('list', null, top, {
        bounds: { x: 0, y: top, width: 393, height: n * 60 },
        children: Array.from({ length: n }, (_, i) => node('list_item', `Shelf ${i + 1}`, top + i * 60)),
      }),
    ]);

  it('the whole list on screen with that many rows passes; another number fails', () => {
    expect(verdict(interpretAssertion('Shelves list shown again with the three shelves', shelf(3)))).toBe(true);
    expect(verdict(interpretAssertion('Shelves list shown again with the four shelves', shelf(3)))).toBe(false);
    expect(verdict(interpretAssertion('Loans list shown again with the three shelves', shelf(3)))).toBe(false);
  });

  it('a list that goes on below the screen is not settled, unless it already holds more rows', () => {
    expect(verdict(interpretAssertion('Shelves list shown with the fourteen shelves', shelf(14)))).toBe('not settled');
    expect(verdict(interpretAssertion('Shelves list shown with the ten shelves', shelf(14)))).toBe(false);
  });
});

describe('a screen named by the line it opens with', () => {
  const activity = (first: string) =>
    screen('Activity', [
      node('text', first, 70),
      node('list_item', 'Front door unlocked by Alex', 120, { children: [node('text', 'Today 18:42', 140)] }),
    ]);

  it('"Recent activity screen" is "Activity" opening with "Recent activity"', () => {
    expect(verdict(interpretAssertion('The Recent activity screen is shown', activity('Recent activity')))).toBe(true);
    expect(verdict(interpretAssertion('Recent activity screen opens', activity('Recent activity')))).toBe(true);
  });

  it('near misses: another first line, or a name that does not end with the title', () => {
    expect(verdict(interpretAssertion('The Recent activity screen is shown', activity('Older activity')))).toBe(false);
    expect(verdict(interpretAssertion('The Recent orders screen is shown', activity('Recent orders')))).toBe(false);
  });
});
