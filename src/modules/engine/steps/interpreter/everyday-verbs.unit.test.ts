import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Verbs and claims a tester uses for a smart-home screen without reading any grammar: "Run the Movie night scene",
 * "Go into the Living Room", "Living Room has 4 devices" (said of the row on Home). Each has a near miss.
 */
const tapped = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : r.settled
      ? r.kind
      : 'not settled';
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

const home = screen('Home', [
  node('text', 'Scenes', 100),
  node('button', 'Movie night', 150, { id: 'scene-movie' }),
  node('button', 'Good night', 200, { id: 'scene-night' }),
  node('list_item', 'Living Room', 300, {
    id: 'room-living',
    children: [node('text', '4 devices · 2 lights on', 330)],
  }),
  node('list_item', 'Kitchen', 400, { id: 'room-kitchen', children: [node('text', '3 devices · 2 lights on', 430)] }),
]);

describe('running a named thing, going into a place', () => {
  it('"Run the Movie night scene", "Activate Good night": the control so named', () => {
    expect(tapped(interpretStep('Run the Movie night scene', home))).toEqual(['scene-movie']);
    expect(tapped(interpretStep('Activate Good night', home))).toEqual(['scene-night']);
    expect(tapped(interpretStep('Go into the Living Room', home))).toEqual(['room-living']);
  });

  it('near misses: a lower-case thing to run is no control’s name, and a scene not here is not guessed', () => {
    expect(parseStep('Run the tests').understood).toBe(false);
    expect(tapped(interpretStep('Run the Relax scene', home))).not.toEqual(['scene-movie']);
  });
});

describe('a count said of a row on the screen showing', () => {
  it('"Living Room has 4 devices" on Home reads the row, not a screen of that name', () => {
    expect(verdict(interpretAssertion('Living Room has 4 devices', home))).toBe(true);
    expect(verdict(interpretAssertion('Living Room has 3 devices', home))).toBe(false);
    expect(verdict(interpretAssertion('Kitchen has 2 lights on', home))).toBe(true);
  });
});
