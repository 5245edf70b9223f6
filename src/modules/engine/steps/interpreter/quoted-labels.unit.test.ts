import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, isSatisfied, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Names with their values in quotes, noted down without a verb (`Payment "Card", Total £18.48`), a text in quotes
 * with the value beside it, a control or a heading by its kind, phrases a comma split that are one label and its
 * value, and steps that start at a tab or follow a path before a comma. Each has a near miss.
 */

const verdict = (text: string, at: Observation) => {
  const r = interpretAssertion(text, at);
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
};

/** A library loan's details: labels with their values below, two lines with a fee under each, a button. */
const loan = () =>
  screen('Loan', [
    node('button', 'Back', 10, { id: 'back' }),
    node('text', 'Northwind Atlas', 70, { id: 'loan-title', bounds: { x: 16, y: 70, width: 360, height: 40 } }),
    node('text', 'A maritime history, with maps', 120, {
      id: 'loan-blurb',
      bounds: { x: 16, y: 120, width: 360, height: 20 },
    }),
    node('text', 'Branch', 160, { bounds: { x: 16, y: 160, width: 360, height: 18 } }),
    node('text', 'Central Library, East Gate', 185, { bounds: { x: 16, y: 185, width: 360, height: 22 } }),
    node('text', 'Format', 220, { bounds: { x: 16, y: 220, width: 360, height: 18 } }),
    node('text', 'Hardback', 245, { bounds: { x: 16, y: 245, width: 360, height: 22 } }),
    node('text', '2 × Renewal', 290, { bounds: { x: 16, y: 290, width: 360, height: 22 } }),
    node('text', '€1.00', 318, { id: 'renewal-fee', bounds: { x: 16, y: 318, width: 360, height: 22 } }),
    node('text', '1 × Late return', 360, { bounds: { x: 16, y: 360, width: 360, height: 22 } }),
    node('text', '€0.50', 388, { id: 'late-fee', bounds: { x: 16, y: 388, width: 360, height: 22 } }),
    node('text', 'Fee', 430, { bounds: { x: 16, y: 430, width: 360, height: 18 } }),
    node('text', '€2.50', 455, { id: 'fee-total', bounds: { x: 16, y: 455, width: 360, height: 22 } }),
    node('button', 'Pay fees · €2.50', 520, { id: 'pay' }),
  ]);

describe('names with quoted values', () => {
  it('`Format "Hardback", Fee €2.50` reads each label and the value below it', () => {
    expect(verdict('Format "Hardback", Fee €2.50', loan())).toBe('pass');
    expect(verdict('Branch "Central Library, East Gate"', loan())).toBe('pass');
  });

  it('near miss: another value below the label, or the value cut short, fails', () => {
    expect(verdict('Format "Paperback", Fee €2.50', loan())).toBe('fail');
    expect(verdict('Branch "Central Library"', loan())).toBe('fail');
    expect(verdict('Format "Hardback", Fee €3.50', loan())).toBe('fail');
  });

  it('a word that only says what the value is: the value shown; an id that names it', () => {
    expect(verdict('Description "A maritime history, with maps"', loan())).toBe('pass');
    expect(verdict('Description "A maritime history"', loan())).toBe('fail');
  });

  it('a label the screen lacks, said as a statement, is not read so', () => {
    expect(verdict('Borrower "Jo Park"', loan())).toBe('not settled');
    expect(verdict('Format is now "Hardback"', loan())).not.toBe('fail');
  });

  it('a text in quotes with the value beside it: `"2 × Renewal" €1.00 and "1 × Late return" €0.50`', () => {
    expect(verdict('"2 × Renewal" €1.00 and "1 × Late return" €0.50', loan())).toBe('pass');
    expect(verdict('Renewal stays "2 × Renewal" at €1.00', loan())).toBe('pass');
    expect(verdict('"2 × Renewal" €0.50', loan())).toBe('fail');
    // the subject must be in the text it speaks of
    expect(verdict('Fine stays "2 × Renewal" at €1.00', loan())).toBe('not settled');
  });

  it('a control or the heading by its kind: `Button "Pay fees · €2.50"`, `Loan header "Northwind Atlas"`', () => {
    expect(verdict('Button "Pay fees · €2.50"', loan())).toBe('pass');
    expect(verdict('Button "Pay fees · €3.00"', loan())).toBe('fail');
    expect(verdict('Loan header "Northwind Atlas"', loan())).toBe('pass');
    expect(verdict('Loan header "Dune"', loan())).toBe('fail');
    // said of another screen
    expect(verdict('Basket header "Northwind Atlas"', loan())).toBe('not settled');
  });
});

describe('phrases a comma split that are one label and its value', () => {
  it('"Branch Central Library, East Gate" is the label and its whole value', () => {
    expect(verdict('Branch Central Library, East Gate', loan())).toBe('pass');
  });

  it('near miss: another ending fails', () => {
    expect(verdict('Branch Central Library, West Gate', loan())).toBe('fail');
  });
});

/** A home screen whose tab bar is below the content, and a list screen with the tab bar on it. */
const home = () =>
  screen('Home', [
    node('text', 'Search', 100, { bounds: { x: 16, y: 100, width: 360, height: 18 } }),
    node('input', '', 125, { id: 'home-search' }),
    node('list', null, 300, {
      bounds: { x: 16, y: 300, width: 360, height: 600 },
      children: [1, 2, 3, 4, 5, 6, 7, 8].map((i) =>
        node('list_item', `Shop ${i}`, 300 + i * 70, { bounds: { x: 16, y: 300 + i * 70, width: 360, height: 64 } }),
      ),
    }),
  ]);
const orders = () =>
  screen('Orders', [
    node('button', 'Active', 80, { id: 'seg-active' }),
    node('button', 'Past', 130, { id: 'seg-past' }),
    node('button', 'Home', 700, { id: 'tab-home' }),
    node('button', 'Orders', 750, { id: 'tab-orders' }),
  ]);

describe('steps that start at a tab or follow a path', () => {
  it('"Search tab, type wrap" scrolls to the Search tab; it never types "tab" into the Search field', () => {
    for (const step of ['Search tab, type wrap and tap Search', 'Search tab: type wrap, tap Search']) {
      const r = interpretStep(step, home());
      expect(r.settled && r.kind).toBe('scroll_until');
      if (r.settled && r.kind === 'scroll_until') expect(r.plan.target).toMatchObject({ text: 'Search', role: 'tab' });
    }
    const bare = interpretStep('Search tab', home());
    expect(bare.settled && bare.kind === 'actions' && JSON.stringify(bare.actions).includes('"tab"')).toBe(false);
  });

  it('near miss: "Search for tabs" is still a search', () => {
    const r = interpretStep('Search for tabs', home());
    expect(r.settled && r.kind === 'actions' && JSON.stringify(r.actions)).toContain('"tabs"');
  });

  it('"Orders > Past, tap Shop 2" follows the path, then taps; it is no screen called "Orders > Past"', () => {
    const r = interpretStep('Orders > Past, tap Shop 2', orders());
    expect(r.settled && r.kind).toBe('actions');
    expect(r.settled && r.then).toContain('Past');
    expect(r.settled && r.then).toContain('tap Shop 2');
  });
});

/** Search results: two rows with their second lines, a message with the words searched for in curly quotes. */
const results = (rows: Array<[string, string]>) =>
  screen('Search', [
    node('text', `${rows.length} results`, 80),
    node('text', 'No exact match for “atlas”', 120),
    node('list', null, 200, {
      bounds: { x: 16, y: 200, width: 360, height: rows.length * 64 },
      children: rows.map(([title, line], i) =>
        node('list_item', title, 200 + i * 64, {
          bounds: { x: 16, y: 200 + i * 64, width: 360, height: 64 },
          children: [node('text', line, 236 + i * 64, { bounds: { x: 32, y: 236 + i * 64, width: 300, height: 16 } })],
        }),
      ),
    }),
  ]);

describe('rows, lists and quotes', () => {
  const two = () =>
    results([
      ['Northwind Atlas', 'Maps · Central'],
      ['Atlas of Birds', 'Nature · Eastgate'],
    ]);

  it('`Atlas of Birds "Nature · Eastgate"`: a row and its second line; another line fails', () => {
    expect(verdict('Atlas of Birds "Nature · Eastgate"', two())).toBe('pass');
    expect(verdict('Then Atlas of Birds "Nature · Eastgate"', two())).toBe('pass');
    expect(verdict('Atlas of Birds "Maps · Central"', two())).toBe('fail');
  });

  it('"Only Northwind Atlas is listed": the list holds that one row', () => {
    expect(verdict('Only Northwind Atlas is listed', results([['Northwind Atlas', 'Maps · Central']]))).toBe('pass');
    expect(verdict('Only Northwind Atlas is listed', two())).toBe('fail');
    expect(verdict('Only Atlas of Birds is listed', results([['Northwind Atlas', 'Maps · Central']]))).toBe('fail');
  });

  it('names listed as absent are each looked for: one of them on screen fails the claim', () => {
    expect(verdict('Northwind Atlas and Atlas of Birds are not in the list', two())).toBe('fail');
    expect(verdict('Sea Charts, Atlas of Birds and Star Maps are not shown', two())).toBe('fail');
    expect(verdict('Sea Charts and Star Maps are not shown', two())).toBe('pass');
  });

  it('curly quotes inside straight ones are the text\'s own: `"No exact match for “atlas”"`', () => {
    expect(verdict('"No exact match for “atlas”"', two())).toBe('pass');
    expect(verdict('"No exact match for “birds”"', two())).toBe('fail');
    expect(verdict('“2 results” is shown', two())).toBe('pass');
  });
});

/** A basket: each line a count and a name, its price under it, then its − and + buttons. */
const basket = (lines: Array<[number, string, string]>) =>
  screen('Basket', [
    ...lines.flatMap(([n, name, price], i) => [
      node('text', `${n} × ${name}`, 80 + i * 160),
      node('text', price, 120 + i * 160),
      node('button', `One ${name} fewer`, 160 + i * 160),
      node('button', `One more ${name}`, 200 + i * 160),
    ]),
  ]);

describe('a line that is gone', () => {
  it('"Pear tart is gone" fails while "2 × Pear tart" is listed, whatever the kind word', () => {
    const both = basket([
      [1, 'Fig roll', '€2.00'],
      [2, 'Pear tart', '€6.00'],
    ]);
    for (const claim of ['Pear tart is gone', 'The Pear tart line disappears entirely', 'The Pear tart row is gone'])
      expect(verdict(claim, both)).toBe('fail');
  });

  it('near miss: with the line removed the claim holds', () => {
    const one = basket([[1, 'Fig roll', '€2.00']]);
    expect(verdict('The Pear tart line disappears entirely', one)).toBe('pass');
    expect(verdict('Pear tart is gone', one)).toBe('pass');
  });
});

describe('values listed after a plural noun', () => {
  const slots = () =>
    screen('Checkout', [node('button', '19:00', 100), node('button', '19:30', 150), node('button', '20:00', 200)]);

  it('"Slots 19:00, 19:30 and 20:00 appear" checks each value', () => {
    expect(verdict('Slots 19:00, 19:30 and 20:00 appear', slots())).toBe('pass');
  });

  it('near miss: a value not on screen fails', () => {
    expect(verdict('Slots 19:00, 19:30 and 21:00 appear', slots())).toBe('fail');
  });
});

describe('a control named with a kind word, scrolled to', () => {
  const tips = (shown: boolean) =>
    screen('Checkout', [
      node('list', null, 60, { bounds: { x: 16, y: 60, width: 360, height: 900 } }),
      node('text', 'Total', 700),
      ...(shown ? [node('button', 'No tip', 760), node('button', '£2', 800)] : []),
    ]);

  it('"Choose a £2 tip" below the fold scrolls until the £2 button shows', () => {
    const r = interpretStep('Choose a £2 tip', tips(false));
    expect(r.settled && r.kind).toBe('scroll_until');
    if (r.settled && r.kind === 'scroll_until') {
      expect(isSatisfied(r.plan, tips(true))).toBe(true);
      expect(isSatisfied(r.plan, tips(false))).toBe(false);
    }
  });
});
