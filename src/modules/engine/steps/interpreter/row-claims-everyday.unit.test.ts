import { describe, expect, it } from 'vitest';
import { interpretAssertion, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims about a list's rows in a tester's words: how many a list holds when some are below the fold, a state a row
 * is "shown as", a rating said without its star, a value that "stays" at what it reads, and a control named by its
 * label's head ("18:15" of "18:15 · Screen 2"). Each has a near miss that does not pass.
 */
const v = (claim: string, on: Observation) => {
  const r = interpretAssertion(claim, on);
  return r.settled ? r.passed : 'not settled';
};

const restaurants = [
  ['Luigi’s Pizzeria', 'Pizza · ★ 4.7 · 25–35 min'],
  ['Green Bowl', 'Vegan · ★ 4.8 · 20–30 min'],
  ['Sakura Sushi', 'Sushi · ★ 4.6 · Closed · opens 17:00'],
  ['Smash Burger Co.', 'Burgers · ★ 4.4 · Closed · opens 18:00'],
];
const home = screen('Home', [
  node('list', null, 200, {
    bounds: { x: 0, y: 200, width: 393, height: 652 },
    children: restaurants.map(([title, line], i) =>
      node('list_item', title!, 200 + i * 200, {
        id: `restaurant-${i}`,
        bounds: { x: 0, y: 200 + i * 200, width: 393, height: 180 },
        children: [node('text', line!, 250 + i * 200, { bounds: { x: 16, y: 250 + i * 200, width: 360, height: 30 } })],
      }),
    ),
  }),
]);

describe('a list’s rows', () => {
  it('are counted with those below the fold', () => {
    expect(v('4 restaurants are listed', home)).toBe(true);
    expect(v('3 restaurants are listed', home)).toBe(false);
  });

  it('"shown as closed" is the state the row’s line says', () => {
    expect(v('Sakura Sushi is shown as closed', home)).toBe(true);
    expect(v('Luigi’s Pizzeria is listed as closed', home)).not.toBe(true);
    // Quoted words are the text itself, not rewritten.
    expect(v('"Sakura Sushi is shown as closed" is shown', home)).toBe(false);
  });

  it('a rating is read without its star', () => {
    expect(v('Green Bowl is rated 4.8', home)).toBe(true);
    expect(v('Green Bowl is rated 4.8 stars', home)).toBe(true);
    expect(v('Green Bowl is rated 4.7', home)).toBe(false);
  });
});

describe('a value that stays, a control by its label’s head', () => {
  const basket = screen('Basket', [
    node('text', 'Delivery fee', 300, { bounds: { x: 16, y: 300, width: 200, height: 40 } }),
    node('text', '£1.99', 300, { bounds: { x: 300, y: 300, width: 70, height: 40 } }),
    node('text', 'Service fee', 360, { bounds: { x: 16, y: 360, width: 200, height: 40 } }),
    node('text', '£0.99', 360, { bounds: { x: 300, y: 360, width: 70, height: 40 } }),
    node('button', '18:15 · Screen 2', 500, { id: 'show-1815' }),
    node('button', '21:00 · Screen 1', 560, { id: 'show-2100', enabled: false }),
  ]);

  it('"stays £1.99 throughout" is what it reads', () => {
    expect(v('Delivery fee stays £1.99 and Service fee £0.99 throughout', basket)).toBe(true);
    expect(v('Delivery fee stays £2.99 throughout', basket)).toBe(false);
  });

  it('"18:15 is shown", "21:00 is disabled": the button whose label starts so', () => {
    expect(v('18:15 is shown', basket)).toBe(true);
    expect(v('21:00 is disabled', basket)).toBe(true);
    expect(v('18:15 is disabled', basket)).toBe(false);
    expect(v('19:30 is shown', basket)).toBe(false);
    // The details after the head are no name of their own.
    expect(v('Screen 2 is shown', basket)).not.toBe(true);
  });
});

describe('a value said with its preposition, under a heading', () => {
  const home = screen('Home', [
    node('text', 'Good morning, Sam', 80),
    node('text', 'Next appointment', 140),
    node('text', 'Dr Priya Shah', 185, { id: 'next-doctor' }),
    node('text', 'Tue 14 Apr at 09:30', 230),
    node('text', 'In person · Carewell Northgate', 275),
    node('button', 'View details', 330),
  ]);

  it('"is with Dr Priya Shah", "is on Tue 14 Apr at 09:30", "is at Carewell Northgate" read the value', () => {
    expect(v('The next appointment is with Dr Priya Shah', home)).toBe(true);
    expect(v('The next appointment is on Tue 14 Apr at 09:30', home)).toBe(true);
    expect(v('The next appointment is at Carewell Northgate', home)).toBe(true);
  });

  it('near misses: another name, another place, and a state word stays a state', () => {
    expect(v('The next appointment is with Dr Julia Kerr', home)).toBe(false);
    expect(v('The next appointment is at Carewell Southgate', home)).toBe(false);
    expect(v('"The next appointment is with Dr Priya Shah" is shown', home)).toBe(false);
    // "On" before a name says where a thing is, not what it reads.
    expect(v('View details is on Home', home)).not.toBe(false);
  });
});
