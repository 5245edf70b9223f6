import { describe, expect, it } from 'vitest';
import { interpretAssertion, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * What an assertion says after its quoted texts, joined by "and", "with" or a comma, is judged with them: never
 * dropped, so a claim is never passed on its quoted texts alone.
 */

const verdict = (text: string, at: Observation) => {
  const r = interpretAssertion(text, at);
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
};

const times = (soldOut: boolean) =>
  screen('Rate order', [
    node('text', 'Choose a rating', 100),
    node('button', '17:40 · Screen 1', 200, { id: 'show-1740', enabled: !soldOut }),
    node('button', 'Settings', 300, { id: 'settings' }),
  ]);

describe('a claim after the quoted texts', () => {
  it('"… is shown and tappable": the text and its state', () => {
    expect(verdict('"17:40 · Screen 1" is shown and tappable', times(false))).toBe('pass');
    expect(verdict('"17:40 · Screen 1" is shown and tappable', times(true))).toBe('fail');
    expect(verdict('"17:40 · Screen 1" is shown and disabled', times(true))).toBe('pass');
  });

  it('"… is shown and we stay on Rate order": the text and the screen', () => {
    expect(verdict('"Choose a rating" is shown and we stay on Rate order', times(false))).toBe('pass');
    expect(verdict('"Choose a rating" is shown and we stay on Checkout', times(false))).toBe('fail');
  });

  it('"…, with a Settings button": the text and the control', () => {
    expect(verdict('"Choose a rating" is shown, with a Settings button', times(false))).toBe('pass');
    expect(verdict('"Choose a rating" is shown with a Logout button', times(false))).toBe('fail');
  });

  it('any other claim the check grammar reads: "… and an empty Phone field"', () => {
    const form = (phone: string) =>
      screen('Passengers', [node('text', 'Passenger 1', 100), node('input', phone, 200, { id: 'phone' })]);
    expect(verdict('"Passenger 1" is shown and an empty Phone field', form(''))).toBe('pass');
    expect(verdict('"Passenger 1" is shown and an empty Phone field', form('07700 900123'))).toBe('fail');
  });

  it('near miss: a claim after the quotes that cannot be read leaves the assertion unjudged, never passed', () => {
    expect(verdict('"Choose a rating" is displayed and nothing is saved', times(false))).toBe('not settled');
    expect(verdict('"Choose a rating" is shown, with the stars greyed out', times(false))).toBe('not settled');
  });

  it('a place after the quotes is no claim of its own: read as before', () => {
    expect(verdict('"Choose a rating" appears on screen', times(false))).toBe('pass');
  });
});

describe('a name said to be shown with quoted texts', () => {
  const films = (title: string) =>
    screen('Now showing', [node('text', 'Showing: Comedy', 100), node('list_item', title, 200)]);

  it('"Paper Moons is shown with the caption "…"": the name is claimed too, never dropped for the quoted text', () => {
    const claim = 'Paper Moons is shown with the caption "Showing: Comedy"';
    expect(verdict(claim, films('Paper Moons'))).toBe('pass');
    expect(verdict(claim, films('Velocity Run'))).toBe('fail');
    // A subject in lower case says what kind of thing holds the text: the text alone is read.
    expect(verdict('The caption is shown with "Showing: Comedy"', films('Velocity Run'))).toBe('pass');
  });
});
