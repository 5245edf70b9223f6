import { describe, expect, it } from 'vitest';
import { interpretAssertion, parseStep, type Observation } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims about the screen as a whole: which screen it is joined with another claim, whether a tab bar is
 * there. Each has a near miss that must not pass.
 */

const verdict = (text: string, obs: Observation) => {
  const r = interpretAssertion(text, obs);
  return r.settled ? (r.passed ? 'passed' : 'failed') : 'not settled';
};

const tabs = [
  node('button', 'Library', 800, { id: 'tab-library', bounds: { x: 0, y: 800, width: 130, height: 52 } }),
  node('button', 'Shelves', 800, { id: 'tab-shelves', bounds: { x: 130, y: 800, width: 130, height: 52 } }),
];
const logIn = screen('Log in', [
  node('input', '', 120, { id: 'card' }),
  node('button', 'Log in', 180, { id: 'log-in' }),
]);
const shelves = screen('Shelves', [node('text', 'Fiction', 100), ...tabs]);
// A long list: its foot is at the foot of the screen, where a tab bar could hide below it.
const longList = screen('Shelves', [node('text', 'Fiction', 100), node('text', 'Poetry', 790)]);

describe('"X is still on the Y screen and the tab bar is not shown"', () => {
  const claim = 'The user is still on the Log in screen and the tab bar is not shown';

  it('reads the screen and the tab bar, never "an element named The user is"', () => {
    expect(parseStep(claim)).toEqual({
      understood: true,
      intent: {
        kind: 'check',
        check: {
          kind: 'all',
          checks: [
            { kind: 'screen', name: 'Log in', negated: false },
            { kind: 'tab_bar', shown: false },
          ],
        },
      },
    });
  });

  it('passes on that screen with no tab bar, fails on another screen', () => {
    expect(verdict(claim, logIn)).toBe('passed');
    expect(verdict(claim, shelves)).toBe('failed');
    expect(verdict(claim, longList)).toBe('failed');
  });

  it('keeps a named screen and another claim apart', () => {
    expect(verdict('The user is on the Log in screen and the Log in button is shown', logIn)).toBe('passed');
    expect(verdict('The user is on the Log in screen and the Log in button is shown', shelves)).toBe('failed');
  });
});

describe('"the tab bar is (not) shown"', () => {
  it('reads tab-bar items, not a text "tab bar"', () => {
    expect(verdict('The tab bar is not shown', shelves)).toBe('failed');
    expect(verdict('The tab bar is visible', shelves)).toBe('passed');
    expect(verdict('There is no tab bar', logIn)).toBe('passed');
  });

  it('is not settled when content reaches the foot of the screen (a tab bar may be below it)', () => {
    expect(verdict('The tab bar is not shown', longList)).toBe('not settled');
    expect(verdict('The tab bar is visible', longList)).toBe('not settled');
  });
});
