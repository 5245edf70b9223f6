import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep } from './index';
import { node, screen } from './hand-built-screens.fixture';
import { tourMoment } from './place-moments';

/**
 * The wordings of this stage's readers (a field left empty, marking as done, adding to a field, turning a line up,
 * a thing's state, a row's part, a list shown, tomorrow, a count of taps) fed what an author or an imported file
 * may hold: lines at the length limit built to make their patterns backtrack, control characters and quotes, on a
 * crowded screen. Each is answered (read or refused), none passes a claim the screen does not hold, and the
 * screen given is left as it was.
 */
const crowded = () =>
  screen('Tasks', [
    node('text', 'Today', 60),
    ...Array.from({ length: 120 }, (_, i) =>
      node('list_item', `Task ${i} with a longer title`, 100 + i * 50, {
        id: `t-${i}`,
        children: [node('text', `Today · Home · Low priority · ${i}`, 120 + i * 50)],
      }),
    ),
    node('toggle', 'Remind me', 6200, { checked: false }),
    node('input', '', 6300, { id: 'note' }),
  ]);

const long = (unit: string) => unit.repeat(Math.ceil(1990 / unit.length)).slice(0, 1990);

/**
 * Every step is answered (read or refused) and leaves the screen it was read on unchanged; no claim the screen does
 * not hold passes. `previous` is the step before each one.
 */
function answersHostileLines(steps: string[], claims: string[], previous: string): void {
  it('every step is answered, and the screen it was read on is unchanged', () => {
    const seen = crowded();
    const before = JSON.stringify(seen);
    for (const text of steps) {
      const r = interpretStep(text, seen, previous);
      expect(typeof r.settled).toBe('boolean');
      expect(parseStep(text)).toHaveProperty('understood');
    }
    expect(JSON.stringify(seen)).toBe(before);
  });

  it('no claim the screen does not hold passes', () => {
    const seen = crowded();
    for (const text of claims) {
      const r = interpretAssertion(text, seen);
      expect(r.settled && r.passed, text.slice(0, 60)).toBe(false);
    }
  });
}

const HOSTILE_STEPS = [
  `Tap Save with ${long('the ')}password empty`,
  `Tap Save with no ${long('email ')}`,
  `Mark ${long('Task 1 ')} as done`,
  `Mark it as ${long('done ')}`,
  `Add the ${long('note ')}: x`,
  `Increase the ${long('Ceiling light ')} brightness by 3 steps`,
  `Select ${long('tomorrow ')}`,
  `Enable the ${long('reminder')}`,
  `Tap + ${long('on ')}three times`,
  'Tap Save with the \u0000password\u0007 empty',
  `Change my ${long('phone number ')} to 07700 900123`,
];

const HOSTILE_CLAIMS = [
  `The ${long('appointment ')} is cancelled`,
  `${long('Task 1 ')} has High priority`,
  `${long('Task 1 ')} shows Urgent`,
  `Task 1 with a longer title is ${long('closed ')}`,
  `The ${long('task ')}list is displayed`,
  `${long('Pay rent ')} appears in the list`,
  `After ${long('two ')} taps it reads 100%`,
  `Count stops at ${long('4')}`,
  `The quantity is 3, not ${long('4, not ')}`,
  'The "task" list is displayed"""',
];

describe('hostile wordings for this stage’s readers', () => {
  answersHostileLines(HOSTILE_STEPS, HOSTILE_CLAIMS, `Open ${long('x')}`);
});

/**
 * The next stage's readers (a tour's stop, values under a chip, a state shown as, a rating, a value that stays, a
 * statement that starts with a verb, a precondition said as a state, an error message seen, a dialog named by a word,
 * a swipe said with "do", a route searched, a row checked off) fed the same kind of lines.
 */
const TOUR_STEPS = [
  `Given I am logged in as ${long('kim ')} with password ${long('pw ')}`,
  `Given I am logged in as kim@x.test with ${long('password ')}`,
  `Check off ${long('Task 1 ')}`,
  `Run the ${long('Movie night ')} scene`,
  `Go into the ${long('Living Room ')}`,
  `Search for flights from ${long('London to ')} Paris`,
  `user do ${long('long ')} swipe up`,
  `I swipe left by ${long('300 ')} pixels`,
  `I dismiss ${long('security ')} alert if it is visible`,
  `Show ${long('All button ')} should be disabled`,
  `switch "${long('Wi-Fi ')}" should be on`,
  'Given\u0000 I am logged in as "a@b.co" with password "\u0007"',
];

const TOUR_CLAIMS = [
  `Today: ${long('18:15 and ')}`,
  `Today: 18:15, ${long('both bookable ')}`,
  `${long('Task 1 ')} is shown as closed`,
  `Task 1 with a longer title is rated ${long('4.8')}`,
  `Delivery fee stays ${long('£1.99 ')} throughout`,
  `Task 1 is 3 and does not go ${long('below ')} it`,
  `The next appointment is with ${long('Dr Priya Shah ')}`,
  `There are ${long('10 tasks left ')}`,
  `${long('Task 1 ')} has 4 devices`,
  `Then I should see "${long('Paper Moons ')}" in the results`,
  `I should see an ${long('error ')} message`,
  `"${long('A')}" and "${long('B')}" are disabled`,
  `${long('121')} restaurants are listed`,
];

describe('hostile wordings for the next stage’s readers', () => {
  answersHostileLines(TOUR_STEPS, TOUR_CLAIMS, `Check ${long('Today, then ')}`);

  it('a stop of a tour is found on a long timeline of long parts, or not at all', () => {
    const points = Array.from({ length: 200 }, (_, i) => ({ step: 1, text: `tap "${long('Sat 28 ')}" ${i}` }));
    expect(tourMoment(`${long('Sat 28 ')}: 13:30`, points)).toBeNull();
    expect(tourMoment(`Today: ${long('13:30 and ')}`, points)).toBeNull();
  });
});
