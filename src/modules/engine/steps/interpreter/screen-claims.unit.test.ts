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

const back = node('button', 'Back', 60, { id: 'nav-back', bounds: { x: 8, y: 60, width: 40, height: 40 } });
const loan = screen('Loan L-204', [
  back,
  node('text', 'Status', 100, { bounds: { x: 16, y: 100, width: 100, height: 40 } }),
  node('text', 'Returned', 100, { bounds: { x: 200, y: 100, width: 150, height: 40 } }),
]);
const shop = screen('Oak Books', [back, node('text', 'Fiction', 100)]);

describe('the title with what sits beside it', () => {
  it('"Title "X", status Y": the title and the value beside the label', () => {
    expect(verdict('Title "Loan L-204", status Returned', loan)).toBe('passed');
    expect(verdict('Title "Loan L-204" and status "Overdue"', loan)).toBe('failed');
    expect(verdict('Title "Loan L-999", status Returned', loan)).toBe('failed');
  });

  it('"Title is "X" with a back arrow": the title and the Back button', () => {
    expect(verdict('Title is "Oak Books" with a back arrow', shop)).toBe('passed');
    expect(verdict('Title is "Oak Books" with a back arrow', screen('Oak Books', [node('text', 'Fiction', 100)]))).toBe(
      'failed',
    );
    expect(verdict('Title is "Oak Books" with a cart icon', shop)).not.toBe('passed');
  });
});

describe('the screen a step led to, and one it skipped', () => {
  it('"We land back on the X menu", "Tapping it opens the X menu": the screen of that title', () => {
    expect(verdict('We land back on the Oak Books menu', shop)).toBe('passed');
    expect(verdict('Tapping it opens the Oak Books menu', shop)).toBe('passed');
    expect(verdict('We land back on the Elm Books menu', shop)).toBe('failed');
  });

  it('"The app skips X and opens straight on Y"', () => {
    const home = screen('Home', [node('text', 'Welcome back', 100)]);
    expect(verdict('The app skips Log in and opens straight on Home', home)).toBe('passed');
    expect(verdict('The app skips Log in and opens straight on Home', logIn)).toBe('failed');
  });

  it('"X screen with Y title and Z button": the screen and each thing it holds', () => {
    const card = screen('Log in', [node('text', 'Oakley Library', 80), node('button', 'Log in', 180)]);
    expect(verdict('Log in screen with Oakley Library title and Log in button', card)).toBe('passed');
    expect(verdict('Log in screen with Oakley Library title and Join button', card)).toBe('failed');
    expect(verdict('Log in screen with Oakley Library title and Log in button', shop)).toBe('failed');
  });
});

describe("a dialog's button, a value that becomes another, a button named alone", () => {
  const dialog = screen('Oak Books', [
    node('alert', 'Shop closed', 300, { children: [node('text', 'Shop closed', 320), node('button', 'OK', 400)] }),
  ]);

  it('"The dialog has an OK button": that button among the open dialog\'s', () => {
    expect(verdict('The dialog has an OK button', dialog)).toBe('passed');
    expect(verdict('The dialog has a Cancel button', dialog)).toBe('failed');
    expect(verdict('The dialog has an OK button', shop)).toBe('failed');
  });

  it('"Status becomes "X"": the value beside the label', () => {
    expect(verdict('Status becomes "Returned"', loan)).toBe('passed');
    expect(verdict('Status becomes "Overdue"', loan)).toBe('failed');
  });

  it('"Edit details button" as an assertion is shown; as a step it is a tap', () => {
    const account = screen('Account', [node('button', 'Edit details', 200, { id: 'edit' })]);
    expect(verdict('Edit details button', account)).toBe('passed');
    expect(verdict('Sign out button', account)).toBe('failed');
    const step = parseStep('Edit details button');
    expect(step.understood && step.intent.kind === 'check').toBe(false);
  });
});

describe("a counter's value and a label written into its value", () => {
  const stepper = (n: string) =>
    screen('Gift card', [
      node('text', 'Cover: Hardback', 100, { id: 'cover-chosen' }),
      node('text', 'Copies', 150),
      node('button', 'Fewer copies', 200, { id: 'copies-minus' }),
      node('text', n, 250, { id: 'copies' }),
      node('button', 'More copies', 300, { id: 'copies-plus' }),
    ]);

  it('"Copies is 2": the number between the − and + buttons beside the label', () => {
    expect(verdict('Copies is 2', stepper('2'))).toBe('passed');
    expect(verdict('Copies is 2', stepper('3'))).toBe('failed');
  });

  it("a button that is no stepper's is not read as a counter", () => {
    const notStepper = screen('Gift card', [
      node('text', 'Copies', 150),
      node('button', 'Fewer copies', 200, { id: 'copies-minus' }),
      node('text', '2', 250),
      node('button', 'Gift wrap', 300),
    ]);
    expect(verdict('Copies is 2', notStepper)).not.toBe('passed');
  });

  it('"Cover shows "Cover: Hardback"": a text reading just that', () => {
    expect(verdict('Cover shows "Cover: Hardback"', stepper('1'))).toBe('passed');
    expect(verdict('Cover shows "Cover: Paperback"', stepper('1'))).toBe('failed');
  });
});
