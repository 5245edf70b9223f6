import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Which element a step means among rows, tabs, chips and steppers: the same row listed twice, "the X tab", the
 * screen's own button beside the open tab, "X tab, step", "X in the Y list", "the X category", "the result",
 * "the back arrow without …", "tap + to make it N", a row named by its parts, "Change X to Y", a path ending in an
 * action with values. Each form has a near miss that must be refused or fail.
 */

const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];

const row = (text: string, sub: string, y: number, id: string) =>
  node('list_item', text, y, {
    id,
    children: [node('text', sub, y + 20, { bounds: { x: 30, y: y + 20, width: 300, height: 16 } })],
  });

/** A bookshop: a Featured list above the full list, category chips, a search field and a tab bar. */
const shop = (allSub = '£9.00 · Paperback') =>
  screen('Shop', [
    node('text', 'Browse', 60),
    node('input', '', 100, { id: 'shop-search' }),
    node('button', 'Fiction', 150, { id: 'cat-fiction' }),
    node('button', 'Poetry shelf', 195, { id: 'cat-poetry' }),
    node('text', 'Featured', 240),
    node('list', null, 280, {
      bounds: { x: 16, y: 280, width: 360, height: 100 },
      children: [
        row('Dune', '£9.00 · Paperback', 280, 'featured-dune'),
        row('Emma', '£7.00 · Paperback', 330, 'featured-emma'),
      ],
    }),
    node('text', 'All books', 380),
    node('list', null, 420, {
      bounds: { x: 16, y: 420, width: 360, height: 100 },
      children: [row('Dune', allSub, 420, 'book-dune'), row('Ulysses', '£12.00 · Hardback', 470, 'book-ulysses')],
    }),
    node('button', 'Shop', 700, { id: 'tab-shop' }),
    node('button', 'Browse', 745, { id: 'tab-browse' }),
    node('button', 'Loans', 790, { id: 'tab-loans' }),
  ]);

describe('the same row listed twice', () => {
  it('"Tap Dune": rows of one role and the same whole text are one thing: the first is tapped', () => {
    expect(ids(interpretStep('Tap Dune', shop()))).toEqual(['featured-dune']);
  });
  it('near miss: rows whose texts differ stay ambiguous', () => {
    const r = interpretStep('Tap Dune', shop('£11.00 · Hardback'));
    expect(r.settled).toBe(false);
  });
});

describe('tabs', () => {
  it('"Tap the Browse tab": the tab-bar item, not the field labelled so', () => {
    expect(ids(interpretStep('Tap the Browse tab', shop()))).toEqual(['tab-browse']);
  });
  it('"Tap Browse" on the Browse screen: the screen\'s own button, not the tab already open', () => {
    const browse = screen('Browse', [
      node('button', 'Browse', 100, { id: 'browse-go' }),
      node('button', 'Browse', 745, { id: 'tab-browse' }),
    ]);
    expect(ids(interpretStep('Tap Browse', browse))).toEqual(['browse-go']);
  });
  it('near miss: on another screen the two stay ambiguous', () => {
    const other = screen('Loans', [
      node('button', 'Browse', 100, { id: 'browse-go' }),
      node('button', 'Browse', 745, { id: 'tab-browse' }),
    ]);
    expect(interpretStep('Tap Browse', other).settled).toBe(false);
  });
  it('"Loans tab, tap Overdue": the tab first, then the step', () => {
    const r = interpretStep('Loans tab, tap Overdue', shop());
    expect(ids(r)).toEqual(['tab-loans']);
    expect(r.settled && r.then).toBe('tap Overdue');
  });
  it('near miss: "Visit the Loans tab, tap Overdue" is an action on the tab, never a place named "Visit the Loans"', () => {
    const r = interpretStep('Visit the Loans tab, tap Overdue', shop());
    expect(r.settled && r.kind === 'scroll_until').toBe(false);
  });
  it('near miss: "Returns tab, tap Overdue" with no such tab fails there, and nothing is typed', () => {
    const r = interpretStep('Returns tab, tap Overdue', shop());
    expect(ids(r)).toEqual([]);
    expect(r.settled && r.kind === 'actions').toBe(false);
  });
});

describe('where and what kind', () => {
  it('"Tap Emma in the Featured list": the row under that heading', () => {
    expect(ids(interpretStep('Tap Emma in the Featured list', shop()))).toEqual(['featured-emma']);
  });
  it('near miss: "Tap Ulysses in the Featured list" is not tapped from another list', () => {
    expect(ids(interpretStep('Tap Ulysses in the Featured list', shop()))).toEqual([]);
  });
  it('"Tap Ulysses in the book list": no such heading, the one element of that name', () => {
    expect(ids(interpretStep('Tap Ulysses in the book list', shop()))).toEqual(['book-ulysses']);
  });
  it('"Tap the Fiction category": the chip of that name', () => {
    expect(ids(interpretStep('Tap the Fiction category', shop()))).toEqual(['cat-fiction']);
  });
  it('near miss: "Tap the Drama category" names nothing here', () => {
    expect(ids(interpretStep('Tap the Drama category', shop()))).toEqual([]);
  });
  it('"Tap the back arrow without saving": the screen\'s Back control', () => {
    const edit = screen('Edit note', [
      node('button', 'Back', 70, { id: 'nav-back' }),
      node('button', 'Save', 500, { id: 'save' }),
    ]);
    expect(ids(interpretStep('Tap the back arrow without saving', edit))).toEqual(['nav-back']);
  });
});

describe('the result', () => {
  const results = (...names: string[]) =>
    screen('Search', [
      node('text', `${names.length} result${names.length === 1 ? '' : 's'}`, 80),
      ...names.map((n, i) => row(n, 'Recipe', 120 + i * 50, `result-${i}`)),
    ]);
  it('"Tap the result": the only result row', () => {
    expect(ids(interpretStep('Tap the result', results('Lentil soup')))).toEqual(['result-0']);
  });
  it('near miss: two results are refused', () => {
    expect(interpretStep('Tap the result', results('Lentil soup', 'Pea soup')).settled).toBe(false);
  });
});

describe('a stepper', () => {
  const cart = (count: string) =>
    screen('Candle', [
      node('button', 'Decrease quantity', 300, { id: 'qty-minus' }),
      node('text', count, 345),
      node('button', 'Increase quantity', 390, { id: 'qty-plus' }),
    ]);
  it('"Tap + to make it 3": + until the count reads 3, then the count is checked', () => {
    const r = interpretStep('Tap + to make it 3', cart('1'));
    expect(ids(r)).toEqual(['qty-plus', 'qty-plus']);
    expect(r.settled && r.then).toBe('verify the count next to "Increase quantity" reads 3');
    const check = interpretStep(r.settled && r.then ? r.then : '', cart('3'));
    expect(check.settled && check.kind === 'check' && check.passed).toBe(true);
  });
  it('near miss: a count that did not move fails the check; a count past it fails at once', () => {
    const check = interpretStep('verify the count next to "Increase quantity" reads 3', cart('1'));
    expect(check.settled && check.kind === 'check' && check.passed).toBe(false);
    const past = interpretStep('Tap + to make it 3', cart('4'));
    expect(past.settled && past.kind === 'check' && !past.passed).toBe(true);
  });
});

describe('a row named by its parts', () => {
  const orders = () =>
    screen('Orders', [
      node('list', null, 100, {
        bounds: { x: 16, y: 100, width: 360, height: 200 },
        children: [
          row('Oak Street Bakery', 'Mon 3 Feb · £12.00 · Delivered', 100, 'past-ref-1001'),
          row('Oak Street Bakery', 'Fri 7 Feb · £8.00 · Delivered', 150, 'past-ref-1002'),
          row('Hill Deli', 'Mon 3 Feb · £5.00 · Delivered', 200, 'past-ref-1003'),
        ],
      }),
    ]);
  it('"Open the Oak Street Bakery order from Fri 7 Feb": the one row showing every part', () => {
    expect(ids(interpretStep('Open the Oak Street Bakery order from Fri 7 Feb', orders()))).toEqual(['past-ref-1002']);
  });
  it('"Mon 3 Feb Oak order (REF-1001) > Reorder": parts in any order, a reference its id carries, then the rest', () => {
    const r = interpretStep('Mon 3 Feb Oak order (REF-1001) > Reorder', orders());
    expect(ids(r)).toEqual(['past-ref-1001']);
    expect(r.settled && r.then).toBe('go to Reorder');
  });
  it('near miss: parts that fit two rows are refused; a date no row shows taps nothing', () => {
    expect(interpretStep('Open the Oak Street Bakery order', orders()).settled).toBe(false);
    expect(ids(interpretStep('Open the Oak order from Sun 9 Feb', orders()))).toEqual([]);
  });
});

describe('an action, then an option on the screen it opens', () => {
  const home = () => screen('Home', [node('button', 'Change shop', 100, { id: 'change-shop' })]);
  it('"Change shop to North Street on Home", "Change shop -> North Street"', () => {
    for (const step of ['Change shop to North Street on Home', 'Change shop -> North Street']) {
      const r = interpretStep(step, home());
      expect(ids(r)).toEqual(['change-shop']);
      expect(r.settled && r.then).toBe('tap "North Street"');
    }
  });
  it('near miss: a place said that is not this screen is not read so', () => {
    expect(ids(interpretStep('Change shop to North Street on Basket', home()))).toEqual([]);
  });
  it('"Classes > Yoga > Move to Tue 3 Mar 10:30, save": the path, then the button and each value', () => {
    const classes = screen('Home', [node('button', 'Classes', 100, { id: 'tab-classes' })]);
    const r = interpretStep('Classes > Yoga > Move to Tue 3 Mar 10:30, save', classes);
    expect(ids(r)).toEqual(['tab-classes']);
    expect(r.settled && r.then).toBe('go to Yoga, then tap "Move"; tap "Tue 3 Mar"; tap "10:30", save');
  });
});

describe('more of the same forms', () => {
  const cart = () =>
    screen('Candle', [
      node('button', 'Back', 70, { id: 'nav-back' }),
      node('button', 'Decrease quantity', 300, { id: 'qty-minus' }),
      node('text', '1', 345),
      node('button', 'Increase quantity', 390, { id: 'qty-plus' }),
      node('button', 'Add to bag', 500, { id: 'add' }),
    ]);
  it('"Tap + once", "Press the back arrow instead of adding"', () => {
    expect(ids(interpretStep('Tap + once', cart()))).toEqual(['qty-plus']);
    expect(ids(interpretStep('Press the back arrow instead of adding', cart()))).toEqual(['nav-back']);
  });
  it('"Tap + so the quantity is 2 and tap Add to bag": the count is checked before the rest', () => {
    const r = interpretStep('Tap + so the quantity is 2 and tap Add to bag', cart());
    expect(ids(r)).toEqual(['qty-plus']);
    const check = interpretStep(r.settled && r.then ? r.then : '', cart());
    expect(check.settled && check.kind === 'check' && check.passed).toBe(false);
  });
  it('near miss: "+" with no stepper on screen taps nothing', () => {
    expect(
      ids(interpretStep('Tap + once', screen('Candle', [node('button', 'Add to bag', 500, { id: 'add' })]))),
    ).toEqual([]);
  });
  it('"Tap Oak Street Bakery Fri 7 Feb": a tap names a row by its parts too; two such rows are refused', () => {
    const orders = screen('Orders', [
      node('list', null, 100, {
        bounds: { x: 16, y: 100, width: 360, height: 200 },
        children: [
          row('Oak Street Bakery', 'Mon 3 Feb · £12.00', 100, 'past-1'),
          row('Oak Street Bakery', 'Fri 7 Feb · £8.00', 150, 'past-2'),
          row('Oak Street Bakery', 'Fri 7 Feb · £3.00', 200, 'past-3'),
        ],
      }),
    ]);
    expect(ids(interpretStep('Tap Oak Street Bakery Mon 3 Feb', orders))).toEqual(['past-1']);
    expect(ids(interpretStep('Tap Oak Street Bakery Fri 7 Feb', orders))).toEqual([]);
  });
});
