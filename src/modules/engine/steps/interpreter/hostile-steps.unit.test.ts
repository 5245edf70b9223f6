import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

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
  // Accounts named, signing out, empty fields, absence by kind, subjects, places, steps that look through.
  `Sign in with ${"Sam's ".repeat(300)}account`,
  `Log in as ${'Sam '.repeat(400)}again`,
  `Sign out from ${'Profile '.repeat(240)}and confirm`,
  `The ${'Sign in '.repeat(240)}screen shows empty Email and Password fields`,
  `Empty ${'Email, '.repeat(280)}and Password fields`,
  `No ${'error '.repeat(300)}under Email`,
  `No ${'Promo '.repeat(330)}line is added`,
  `Only ${'A and '.repeat(390)}B remain`,
  `No order is placed - ${'we are still on '.repeat(120)}Checkout`,
  `Summary shows ${'"a" b, '.repeat(280)}`,
  `Home greeting: ${'"a" '.repeat(480)}`,
  `Tap ${'A, '.repeat(600)}and B in turn`,
  `Check ${'A, then '.repeat(280)}B`,
  `Scroll through the ${'list '.repeat(380)}`,
  `Tap − on both lines until ${'the basket '.repeat(180)}is empty`,
  `${'Add schedule → '.repeat(130)}tap Mon`,
  `Go to ${'Orders '.repeat(280)}tab`,
  `In the dialog ${'tap Cancel, '.repeat(160)}`,
  `Turn it back on ${'again '.repeat(300)}`,
  // A form listed as its entries, options said loosely, places said last, parts by their heading.
  `name ${'Bedtime, time '.repeat(140)}22:30`,
  `name ${'a, b '.repeat(390)}`,
  `${'Doctor '.repeat(330)}X`,
  `Doctor: ${'X, Doctor: '.repeat(180)}X`,
  `Switch ${'units '.repeat(330)}to °F`,
  `Set ${'°F '.repeat(600)}`,
  `Turn off ${'Sounds in '.repeat(200)}Settings`,
  `Tap ${'Good night in the '.repeat(110)}Scenes row`,
  `Tap ${'name it '.repeat(240)}Bedtime`,
  `Now add ${'Sat and '.repeat(280)}Sun as well`,
  `Invite ${'a'.repeat(1900)} as Admin`,
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

describe('hostile step text on a form with a field and a heading over options', () => {
  const entries = screen('Add schedule', [
    ...labelled('Name', 'name', 80, ''),
    node('text', 'Time', 180, { id: 'time-heading' }),
    node('button', '22:30', 220, { id: 'time-2230' }),
    node('text', 'Scene', 800, { id: 'scene-heading' }),
  ]);
  it.each(hostile.slice(-11).map((s) => [s.slice(0, 24), s]))(
    '"%s…" is read to an answer that is no pass',
    (_l, text) => {
      const step = interpretStep(text, entries);
      expect(step.settled && step.kind === 'check' && step.passed).not.toBe(true);
    },
  );
});

describe('a hostile step before a pronoun', () => {
  it.each([`Turn ${'Floor lamp '.repeat(180)}off`, `Tap ${'C4 '.repeat(600)}`, `Add one ${'nachos '.repeat(280)}`])(
    'the step it names is read to an answer that is no pass',
    (previous) => {
      for (const text of ['Turn it back on', 'Remove it again', 'Tap it again']) {
        const r = interpretStep(text, form, previous.slice(0, 2000));
        expect(r.settled && r.kind === 'check' && r.passed).not.toBe(true);
      }
    },
  );
});
