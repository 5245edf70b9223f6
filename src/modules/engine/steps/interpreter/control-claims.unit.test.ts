import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Observation, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Claims about a control and what sits with it (a line's − and +, a switch and the value under it, a screen that no
 * longer shows a text, the first entry and its second line), and a stepper tapped with the value expected in
 * brackets. Each form has a near miss that fails or is not settled.
 */

const verdict = (text: string, at: Observation) => {
  const r = interpretAssertion(text, at);
  return r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled';
};

/** A line per lamp: its switch, the value under it, then its − and + (named by what they do, ids say minus / plus). */
const lamp = (name: string, id: string, y: number, on: boolean, level: number) => [
  node('toggle', name, y, { id, checked: on }),
  node('text', `Level ${level}%`, y + 50, { id: `${id}-level` }),
  node('button', `Lower ${name}`, y + 80, { id: `${id}-minus`, enabled: on }),
  node('button', `Raise ${name}`, y + 120, { id: `${id}-plus`, enabled: on }),
];
const study = (level = 40) =>
  screen('Study', [
    node('button', 'Back', 10, { id: 'back' }),
    ...lamp('Desk lamp', 'desk', 100, true, level),
    ...lamp('Reading light', 'reading', 300, false, 70),
    node('toggle', 'Fan', 500, { id: 'fan', checked: true }),
  ]);

describe("a line's − and +", () => {
  it('"Reading light − and + are disabled" reads both of that line', () => {
    expect(verdict('Reading light − and + are disabled', study())).toBe('pass');
    expect(verdict("Desk lamp's + and − are enabled", study())).toBe('pass');
  });

  it('near miss: the other state fails; a line with no stepper is not settled', () => {
    expect(verdict('Desk lamp − and + are disabled', study())).toBe('fail');
    expect(verdict('Fan − and + are disabled', study())).toBe('not settled');
  });
});

describe('a switch and the value under it', () => {
  it('"Desk lamp on at "Level 40%"" reads the switch and the text below it', () => {
    expect(verdict('Desk lamp on at "Level 40%"', study())).toBe('pass');
    expect(verdict('Reading light off at Level 70%', study())).toBe('pass');
  });

  it('near miss: another value, or the other state, fails', () => {
    expect(verdict('Desk lamp on at "Level 50%"', study())).toBe('fail');
    expect(verdict('Desk lamp off at "Level 40%"', study())).toBe('fail');
  });
});

describe('a screen that no longer shows a text', () => {
  const start = (banner: boolean) =>
    screen('Start', [node('text', 'Good evening', 100), ...(banner ? [node('text', 'Quiet hours are on', 150)] : [])]);

  it('passes on that screen without the text, fails with it', () => {
    expect(verdict('Start no longer shows "Quiet hours are on"', start(false))).toBe('pass');
    expect(verdict('Start no longer shows "Quiet hours are on"', start(true))).toBe('fail');
  });

  it('near miss: said of another screen than the one showing, it is not settled', () => {
    expect(verdict('Preferences no longer shows "Quiet hours are on"', start(false))).toBe('not settled');
  });
});

describe('the first entry, its title quoted and its second line after a separator', () => {
  const log = screen('Log', [
    node('list', '', 100, {
      bounds: { x: 16, y: 100, width: 360, height: 130 },
      children: [
        node('list_item', 'Evening ran', 100, { children: [node('text', 'Just now', 130)] }),
        node('list_item', 'Door opened', 170, { children: [node('text', 'Today 18:42', 200)] }),
      ],
    }),
  ]);

  it('"First entry: "Evening ran" · Just now" reads the first row and its line', () => {
    expect(verdict('First entry: "Evening ran" · Just now', log)).toBe('pass');
  });

  it('near miss: another title or another line fails', () => {
    expect(verdict('First entry: "Door opened" · Today 18:42', log)).toBe('fail');
    expect(verdict('First entry: "Evening ran" · Today 18:42', log)).toBe('fail');
  });
});

describe('a stepper tapped with the value expected in brackets', () => {
  const then = (r: Resolution) => (r.settled ? r.then : undefined);

  it('"Tap + on Desk lamp once (50%)" taps it, then checks the value beside the line on the next screen', () => {
    const r = interpretStep('Tap + on Desk lamp once (50%)', study());
    expect(r.settled && r.kind).toBe('actions');
    expect(then(r)).toBe('verify the value beside "Desk lamp" holds "50%"');
    expect(verdict('Desk lamp on at "Level 50%"', study(50))).toBe('pass');
    const after = interpretStep(then(r)!, study(50));
    expect(after.settled && after.kind === 'check' && after.passed).toBe(true);
  });

  it('near miss: another value after the taps fails; a bracket after another tap is not read so', () => {
    const after = interpretStep('verify the value beside "Desk lamp" holds "50%"', study(150));
    expect(after.settled && after.kind === 'check' && after.passed).toBe(false);
    const r = interpretStep('Tap Back (50%)', study());
    expect(then(r) ?? '').not.toMatch(/holds/);
  });
});
