import { describe, expect, it } from 'vitest';
import type { RunTimeline } from './assertion-judge';
import { interpretAssertion, type Observation } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import { tourMoment } from './interpreter/place-moments';
import { judgedInRun as judged } from './run-timeline.fixture';

/**
 * A claim led by one stop of a tour a step made ("Check Today, then Sat 28, then Sun 29", then "Today: 18:15 and
 * 21:00", "Sat 28 has 13:30") is judged on the screen that stop left, not on the one the step ended on.
 */

const day = (times: string[]) =>
  screen('Paper Moons', [
    node('button', 'Today', 100, { id: 'day-fri' }),
    node('button', 'Sat 28', 150, { id: 'day-sat' }),
    node('button', 'Sun 29', 200, { id: 'day-sun' }),
    node('text', 'Showtimes', 260),
    // A showtime's label goes on after its time: "18:15 · Screen 2".
    ...times.map((t, i) => node('button', `${t} · Screen 2`, 320 + 50 * i, { id: `show-${i}` })),
  ]);

describe('a claim led by a stop of a tour', () => {
  const tour: RunTimeline = {
    points: [
      { step: 0, text: 'Open Paper Moons', screen: day([]) },
      { step: 1, text: 'Check Today, then Sat 28, then Sun 29', screen: day(['19:00']) },
      { step: 1, text: 'tap "Sat 28"; tap "Sun 29"', screen: day(['18:15', '21:00']) },
      { step: 1, text: 'tap "Sun 29"', screen: day(['13:30']) },
    ],
  };
  const now = day(['18:45']);

  it('is judged where that stop left the screen', async () => {
    expect(await judged('Today: 18:15 and 21:00', tour, now)).toBe('pass');
    expect(await judged('Sat 28: 13:30', tour, now)).toBe('pass');
    expect(await judged('Sat 28 has 13:30', tour, now)).toBe('pass');
    expect(await judged('Sun 29: 18:45', tour, now)).toBe('pass');
    expect(await judged('Today: 18:15 and 21:00, both bookable', tour, now)).toBe('pass');
  });

  it('fails when that stop did not show it, though another did', async () => {
    expect(await judged('Today: 13:30', tour, now)).toBe('fail');
    expect(await judged('Sat 28: 18:45', tour, now)).toBe('fail');
    expect(await judged('Sun 29: 21:00', tour, now)).toBe('fail');
  });

  it('a whole step is no stop: what the steps after it did is what the claim is of', async () => {
    const settings = (on: boolean) =>
      screen('Settings', [node('toggle', 'Face ID', 100, { id: 'face-id', checked: on })]);
    const steps: RunTimeline = {
      points: [
        { step: 0, text: 'Open Settings', screen: settings(false) },
        { step: 1, text: 'Turn on Face ID', screen: settings(false) },
      ],
    };
    expect(await judged('Settings: Face ID is on', steps, settings(true))).not.toBe('fail');
    expect(tourMoment('Settings has Face ID on', steps.points)).toBeNull();
    expect(tourMoment('Settings: Face ID is on', steps.points)).toBeNull();
  });
});

describe('a chip by its name, then the values under it', () => {
  const v = (claim: string, on: Observation) => {
    const r = interpretAssertion(claim, on);
    return r.settled ? r.passed : 'not settled';
  };
  const today = screen('Paper Moons', [
    node('button', 'Today', 100, { id: 'day-fri' }),
    node('button', 'Sat 28', 150, { id: 'day-sat' }),
    node('button', '18:15 · Screen 2', 320, { id: 'show-1815' }),
    node('button', '21:00 · Screen 1', 370, { id: 'show-2100', enabled: false }),
    node('text', 'Total', 600),
    node('text', '£5.00', 645),
  ]);

  it('are the values on the screen, not the chip’s own text', () => {
    expect(v('Today: 18:15 and 21:00', today)).toBe(true);
    expect(v('Today: 18:15 and 13:30', today)).toBe(false);
    // Said bookable: each must be enabled.
    expect(v('Today: 18:15 and 21:00, both bookable', today)).toBe(false);
    expect(v('Today: 18:15', today)).toBe(true);
  });

  it('near miss: a label with a value beside it is still read as that value', () => {
    expect(v('Total: £5.00', today)).toBe(true);
    expect(v('Total: £6.00', today)).toBe(false);
    // Words, not values, after the chip: not read as values under it.
    expect(v('Today: sold out', today)).not.toBe(true);
  });
});
