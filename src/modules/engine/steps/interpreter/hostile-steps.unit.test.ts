import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Step text is written by users: the longest step a case may hold (2,000 characters), shaped to make the newer
 * forms (a place before the step, several labels with values, a path, a pick list, a described sign-in)
 * backtrack, is read to an answer, and the answer is never a pass.
 */

const hostile = [
  `On the ${'a '.repeat(1000)}screen x`,
  `From ${'a, '.repeat(700)}tap`,
  `Sign in as ${'x '.repeat(1000)}: a@b.c, password`,
  `${'A > '.repeat(500)}B`,
  `Doctor ${'X, '.repeat(700)}Date`,
  `Neither "${'a'.repeat(1990)}" nor`,
  `Choose ${'1 at 2 and '.repeat(190)}save`,
  `Settings: ${'turn on '.repeat(250)}`,
  // The basket, rows by their parts, labelled fields, context claims and row lists.
  `Add ${'1 Tea and '.repeat(200)}from Corner`,
  `Order ${'1 Tea + '.repeat(250)}from X, paying Card`,
  `Open the ${'Oak '.repeat(500)}order from Fri 7 Feb`,
  `Email: ${'a, Password: '.repeat(150)}b, tap Log in`,
  `Details: ${'Doctor X, '.repeat(200)}Date`,
  `Fiction: ${'Dune "a", '.repeat(200)}Emma "b"`,
  `Rows in order: ${'A (b), '.repeat(280)}C (d)`,
  `Tap + on ${'Oat '.repeat(500)}Milk`,
  `Before: ${'"a" and '.repeat(250)}"b"`,
  // Credentials in any arrangement, arrow paths, kind words, stepper lines, picks, refused taps, outcomes.
  `Log in with the test account (${'a@b.co, '.repeat(250)}password pw)`,
  `Enter a@b.co and pw on Sign in ${'and tap '.repeat(250)}Sign in`,
  `${'Settings → '.repeat(180)}Members`,
  `Tap the ${'17:40 · '.repeat(250)}showtime`,
  `${'Adult − once, '.repeat(150)}Continue`,
  `Take ${'adult '.repeat(330)}down to 0`,
  `Select six seats: ${'D1, '.repeat(480)}E1`,
  `Tap ${'B1 '.repeat(600)}(should be refused)`,
  `${'Now showing '.repeat(160)}opens`,
  `Date is ${'Tue 24 Feb and Time is 16:40 and '.repeat(55)}`,
  // A long name for the loose finder: every word generic, or generic and named words mixed.
  `Tap ${'the '.repeat(600)}row`,
  `Tap ${'the B1 '.repeat(300)}`,
].map((s) => s.slice(0, 2000));

const form = screen('Settings', [
  node('text', 'Doctor', 100),
  node('text', 'X', 100, { bounds: { x: 200, y: 100, width: 160, height: 40 } }),
  node('toggle', 'Reminders', 160, { id: 'rem', checked: false }),
  node('button', 'Save', 220, { id: 'save' }),
]);

describe('hostile step text', () => {
  it.each(hostile.map((s) => [s.slice(0, 24), s]))('"%s…" is read to an answer that is no pass', (_label, text) => {
    expect(() => parseStep(text)).not.toThrow();
    const step = interpretStep(text, form);
    expect(step.settled && step.kind === 'check' && step.passed).not.toBe(true);
    const check = interpretAssertion(text, form);
    expect(check.settled && check.passed).not.toBe(true);
  });
});
