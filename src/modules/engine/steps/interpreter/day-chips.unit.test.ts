import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Days and showings said as people say them: "Select tomorrow" on a row of days that starts with Today, "Pick
 * the 21:00 showing" under "Showtimes" (a showing is a showtime).
 */
const chip = (t: string, x: number, y = 300) =>
  node('button', t, y, { id: t, bounds: { x, y, width: 80, height: 40 } });
const film = (days: string[], stacked = false) =>
  screen('Paper Moons', [
    node('text', 'Showtimes', 250),
    ...days.map((d, i) => (stacked ? chip(d, 16, 300 + i * 45) : chip(d, 16 + i * 90))),
    node('button', '18:15 · Screen 2', 500, { id: 'show-1815' }),
    node('button', '21:00 · Screen 2', 550, { id: 'show-2100' }),
  ]);

const tapped = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : r.settled
      ? r.kind
      : 'not settled';

describe('a day said relative to today', () => {
  it('is the button that many places after Today, in a row or stacked', () => {
    expect(tapped(interpretStep('Select tomorrow', film(['Today', 'Sat 28', 'Sun 29'])))).toEqual(['Sat 28']);
    expect(tapped(interpretStep('Pick the day after tomorrow', film(['Today', 'Sat 28', 'Sun 29'])))).toEqual([
      'Sun 29',
    ]);
    expect(tapped(interpretStep('Select tomorrow', film(['Today', 'Sat 28', 'Sun 29'], true)))).toEqual(['Sat 28']);
  });

  it('near misses: no Today, or what follows it is no day', () => {
    expect(tapped(interpretStep('Select tomorrow', film(['Sat 28', 'Sun 29'])))).toBe('not settled');
    expect(tapped(interpretStep('Select tomorrow', film(['Today', 'Later'])))).toBe('not settled');
  });
});

describe('a showing named by its time', () => {
  it('is the showtime whose label starts with that time', () => {
    expect(tapped(interpretStep('Pick the 21:00 showing', film(['Today'])))).toEqual(['show-2100']);
  });

  it('near miss: a time no label starts with', () => {
    expect(tapped(interpretStep('Pick the 20:00 showing', film(['Today'])))).toBe('not settled');
  });
});
