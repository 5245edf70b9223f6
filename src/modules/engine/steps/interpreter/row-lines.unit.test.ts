import { describe, expect, it } from 'vitest';
import { interpretAssertion, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/** A list row's second line (its subtitle, a text node inside the row as devices report it). */

const row = (title: string, subtitle: string | null, y: number) =>
  node('list_item', title, y, {
    bounds: { x: 0, y, width: 393, height: 56 },
    children: subtitle
      ? [node('text', subtitle, y + 30, { bounds: { x: 16, y: y + 30, width: 340, height: 16 } })]
      : [],
  });

const flights = screen('Flights', [
  node('list', null, 100, {
    bounds: { x: 0, y: 100, width: 393, height: 300 },
    children: [
      row('18:45 → 21:00 · from €49', 'Northwind NW 331 · Direct · 1h 15m', 100),
      row('07:10 → 09:25 · from €59', 'Skyline SK 204 · Direct · 1h 15m', 160),
      row('17:30 → 22:55 · from €61', 'Northwind NW 217 · 1 stop (Paris) · 4h 25m', 220),
      row('12:40 → 14:55 · from €72', null, 280),
    ],
  }),
]);

const trips = screen('My trips', [
  node('text', 'Upcoming trips', 80),
  node('list', null, 120, {
    bounds: { x: 0, y: 120, width: 393, height: 100 },
    children: [row('London → Edinburgh', '12 Sep 2025 · NW 62 · WF2T6H', 120)],
  }),
]);

const verdict = (text: string, obs: Observation) => {
  const r = interpretAssertion(text, obs);
  return r.settled ? r.passed : 'not settled';
};

describe("a row's second line", () => {
  it('reads the second line of a row by its place', () => {
    expect(verdict('The first row\'s second line reads "Northwind NW 331 · Direct · 1h 15m"', flights)).toBe(true);
    expect(verdict('The first row\'s subtitle is "Skyline SK 204 · Direct · 1h 15m"', flights)).toBe(false);
    // The title is not the second line.
    expect(verdict('The first row\'s second line reads "18:45 → 21:00 · from €49"', flights)).toBe(false);
  });

  it('reads further rows named after the first ("… and the third "…"")', () => {
    const ok =
      'The second row\'s second line reads "Skyline SK 204 · Direct · 1h 15m" and the third "Northwind NW 217 · 1 stop (Paris) · 4h 25m"';
    expect(verdict(ok, flights)).toBe(true);
    const wrong =
      'The second row\'s second line reads "Skyline SK 204 · Direct · 1h 15m" and the third "Northwind NW 217 · Direct · 4h 25m"';
    expect(verdict(wrong, flights)).toBe(false);
  });

  it('reads a row by the start of its title, each named part on its line', () => {
    expect(
      verdict("Check that the 17:30 row's second line shows Northwind NW 217 with 1 stop (Paris) and 4h 25m", flights),
    ).toBe(true);
    expect(verdict("the 17:30 row's second line shows Northwind NW 217 with Direct and 4h 25m", flights)).toBe(false);
    // A part must be whole words of the line: "4h 2" is not "4h 25m".
    expect(verdict("the 17:30 row's second line shows Northwind NW 217 with 4h 2", flights)).toBe(false);
  });

  it('fails a row with no second line and refuses a row that is not there to count', () => {
    expect(verdict('The fourth row\'s second line reads "Aurora Air"', flights)).toBe(false);
    expect(verdict('The ninth row\'s second line reads "Aurora Air"', flights)).toBe('not settled');
    expect(verdict('The 09:00 row\'s second line reads "Aurora Air"', flights)).toBe(false);
  });

  it('"Title (second line) is listed under Heading": the row by its title, its second line in parentheses', () => {
    const listed = 'London → Edinburgh (12 Sep 2025 · NW 62 · WF2T6H) is still listed under Upcoming trips';
    // Another booking reference in the second line: that row is not the one listed.
    expect(verdict(listed, trips)).toBe(true);
    expect(verdict('London → Edinburgh (12 Sep 2025 · NW 62 · QQ9Z9Z) is listed under Upcoming trips', trips)).toBe(
      false,
    );
    expect(verdict('London → Paris (12 Sep 2025 · NW 62 · WF2T6H) is listed under Upcoming trips', trips)).toBe(false);
    expect(verdict('London → Edinburgh (12 Sep 2025 · NW 62 · WF2T6H) is listed under Past trips', trips)).toBe(
      'not settled',
    );
  });

  it('"The list order is A, B, C" compares the rows in order', () => {
    const order = 'The list order is 18:45 → 21:00 · from €49, 07:10 → 09:25 · from €59, 17:30 → 22:55 · from €61';
    expect(verdict(order, flights)).toBe(true);
    const swapped = 'The list order is 07:10 → 09:25 · from €59, 18:45 → 21:00 · from €49, 17:30 → 22:55 · from €61';
    expect(verdict(swapped, flights)).toBe(false);
  });

  it('"Two upcoming trips: A and B": the rows under that heading are those, in any order', () => {
    const two = screen('My trips', [
      node('text', 'Upcoming trips', 80),
      node('list', null, 120, {
        bounds: { x: 0, y: 120, width: 393, height: 160 },
        children: [row('London → Paris', '14 Aug 2025', 120), row('London → Edinburgh', '12 Sep 2025', 180)],
      }),
    ]);
    expect(verdict('Verify two upcoming trips: London → Edinburgh and London → Paris', two)).toBe(true);
    expect(verdict('Verify two upcoming trips: London → Edinburgh and London → Rome', two)).toBe(false);
    expect(verdict('Verify one upcoming trip: London → Edinburgh', two)).not.toBe(true);
    expect(verdict('Verify two upcoming trips: London → Edinburgh and London → Paris', trips)).toBe(false);
  });
});
