import { beforeEach, describe, expect, it } from 'vitest';
import { judgeAssertionInRun, type RunTimeline, type TimelineCursor } from './assertion-judge';
import { presentTense } from './interpreter';
import { node, screen } from './interpreter/hand-built-screens.fixture';
import type { Observation } from './interpreter';
import { untouchable } from './run-timeline.fixture';

/**
 * An assertion about an earlier moment of its case is judged on the screen the run kept of that
 * moment. These claims are judged on kept screens only: the device is never asked for anything (a
 * device that throws on any use proves it).
 */

const checkout = (paying: string) => screen('Checkout', [node('text', `Paying with ${paying}`, 200)]);

const account = (dialog: { title: string; text: string } | null) =>
  screen('Account', [
    node('text', 'Jo Park', 100),
    node('button', 'Sign out', 600, { id: 'sign-out' }),
    ...(dialog
      ? [
          node('alert', dialog.title, 300, {
            bounds: { x: 16, y: 300, width: 360, height: 200 },
            children: [
              node('text', dialog.title, 310),
              node('text', dialog.text, 340),
              node('button', 'Cancel', 400, { id: 'alert-cancel' }),
              node('button', 'Sign out', 440, { id: 'alert-sign-out' }),
            ],
          }),
        ]
      : []),
  ]);

/** One point per step, on the screens given. */
let steps: string[] = [];
const onSteps = (screens: Array<Observation | null>): RunTimeline => ({
  points: screens.map((screen, step) => ({ step, text: steps[step]!, screen })),
});

async function verdicts(texts: string[], timeline: RunTimeline, now: Observation): Promise<string[]> {
  const cursor: TimelineCursor = { from: 0, at: null };
  const out: string[] = [];
  for (const text of texts) {
    const { resolution: r } = await judgeAssertionInRun(
      untouchable,
      text,
      now,
      timeline,
      cursor,
      new AbortController().signal,
    );
    out.push(r.settled ? (r.passed ? 'pass' : 'fail') : 'not settled');
  }
  return out;
}

describe('a claim about an earlier moment', () => {
  beforeEach(() => {
    steps = ['Open Checkout', 'Tap Apple Pay', 'Tap Cash on delivery'];
  });

  it('"After Apple Pay: …" is read on the screen Tap Apple Pay left, not the last one', async () => {
    const timeline = onSteps([checkout('Visa'), checkout('Visa'), checkout('Apple Pay')]);
    expect(
      await verdicts(['After Apple Pay: "Paying with Apple Pay"'], timeline, checkout('Cash on delivery')),
    ).toEqual(['pass']);
    // The planted bug: Apple Pay does not take; the last screen alone would never show it.
    const buggy = onSteps([checkout('Visa'), checkout('Visa'), checkout('Visa')]);
    expect(await verdicts(['After Apple Pay: "Paying with Apple Pay"'], buggy, checkout('Cash on delivery'))).toEqual([
      'fail',
    ]);
  });

  it('a moment whose screen was not kept is not judged', async () => {
    const timeline = onSteps([checkout('Visa'), null, null]);
    expect(await verdicts(['After Apple Pay: "Paying with Apple Pay"'], timeline, checkout('Cash'))).toEqual([
      'not settled',
    ]);
  });
});

describe('a claim about the dialog once it has closed', () => {
  beforeEach(() => {
    steps = ['Open Account', 'Tap Sign out', 'Tap Cancel'];
  });
  const asked = { title: 'Sign out?', text: 'You will need your password to sign in again.' };

  it('is read on the last screen that had a dialog, and "It …" after it on the same one', async () => {
    const timeline = onSteps([account(null), account(null), account(asked)]);
    const claims = [
      'Dialog "Sign out?" with "You will need your password to sign in again."',
      'It offers Cancel and Sign out',
    ];
    expect(await verdicts(claims, timeline, account(null))).toEqual(['pass', 'pass']);
    const wrong = onSteps([account(null), account(null), account({ ...asked, text: 'Goodbye' })]);
    expect(await verdicts(claims.slice(0, 1), wrong, account(null))).toEqual(['fail']);
  });

  it('a claim that is not about the dialog, or says it has gone, stays on the screen the steps end on', async () => {
    const timeline = onSteps([account(null), account(null), account(asked)]);
    expect(await verdicts(['The dialog is closed', 'Dialog is gone'], timeline, account(null))).toEqual([
      'pass',
      'pass',
    ]);
    expect(await verdicts(['The dialog is closed'], timeline, account(asked))).toEqual(['fail']);
    // Words of the dialog's own text are no claim that it has gone.
    const closed = { title: 'Smash Burger Co. is closed', text: 'It opens at 18:00 today.' };
    const shop = onSteps([account(null), account(null), account(closed)]);
    expect(await verdicts(['Dialog title should be "Smash Burger Co. is closed"'], shop, account(null))).toEqual([
      'pass',
    ]);
    // The dialog's words without the word dialog: on the dialog once it has gone; words it never had fail.
    expect(await verdicts(['Message should be "It opens at 18:00 today."'], shop, account(null))).toEqual(['pass']);
    expect(await verdicts(['Message should be "It opens at 19:00 today."'], shop, account(null))).toEqual(['fail']);
    // On the screen now, they are read there.
    expect(await verdicts(['Message should be "Jo Park"'], shop, account(null))).toEqual(['pass']);
    expect(
      await verdicts(['"You will need your password to sign in again." is shown'], timeline, account(null)),
    ).toEqual(['fail']);
  });
});

describe('buttons named once the dialog that offered them has closed', () => {
  beforeEach(() => {
    steps = ['Open Account', 'Tap Sign out', 'Tap Cancel'];
  });
  const asked = { title: 'Sign out?', text: 'You will need your password to sign in again.' };

  it('are read on the last dialog of the run when the screen now lacks them', async () => {
    const timeline = onSteps([account(null), account(null), account(asked)]);
    expect(
      await verdicts(['Buttons Cancel and Sign out', 'Cancel and Sign out buttons'], timeline, account(null)),
    ).toEqual(['pass', 'pass']);
  });

  it('near miss: a button the dialog never had, or no dialog in the run, fails on the screen now', async () => {
    const timeline = onSteps([account(null), account(null), account(asked)]);
    expect(await verdicts(['Buttons Cancel and Delete'], timeline, account(null))).toEqual(['fail']);
    const none = onSteps([account(null), account(null), account(null)]);
    expect(await verdicts(['Buttons Cancel and Sign out'], none, account(null))).toEqual(['fail']);
  });
});

describe('a claim in the past tense: something the run showed at some moment', () => {
  const saved = screen('Account', [node('text', 'Jo Park', 100), node('text', 'Your details were saved', 200)]);
  beforeEach(() => {
    steps = ['Open Account', 'Tap Edit details', 'Tap Save', 'Open Home'];
  });

  it('holds when any screen a step was read on showed it, and fails when none did', async () => {
    const timeline = onSteps([account(null), checkout('Visa'), saved, checkout('Visa')]);
    expect(await verdicts(['"Your details were saved" was shown'], timeline, checkout('Visa'))).toEqual(['pass']);
    const never = onSteps([account(null), checkout('Visa'), account(null), checkout('Visa')]);
    expect(await verdicts(['"Your details were saved" was shown'], never, checkout('Visa'))).toEqual(['fail']);
    // The same claim in the present tense is of the screen now.
    expect(await verdicts(['"Your details were saved" is shown'], timeline, checkout('Visa'))).toEqual(['fail']);
  });

  it('the tense is read outside quotes', () => {
    expect(presentTense('Settings showed "Away mode is on"')).toBe('Settings shows "Away mode is on"');
    expect(presentTense('"Profile saved" was displayed')).toBe('"Profile saved" is displayed');
    expect(presentTense('"The code was shown" is visible')).toBeNull();
    // Participles are no past: these are claims of the screen now.
    expect(presentTense('Tasks listed in order: A, B')).toBeNull();
    expect(presentTense('The Search screen is displayed with the title "Search"')).toBeNull();
    expect(presentTense('London → Edinburgh is still listed under Upcoming trips')).toBeNull();
  });
});

describe('a claim said of a place a step went to', () => {
  const profile = (phone: string) => screen('Profile', [node('text', 'Phone', 100), node('text', phone, 140)]);
  const edit = screen('Edit profile', [node('input', '07700 900555', 100, { id: 'phone' })]);
  beforeEach(() => {
    steps = ['Tap Profile', 'Tap Edit', 'Tap Save'];
  });

  it('is judged where the step left that place, unless the steps end on that place again', async () => {
    const timeline = onSteps([screen('Home', []), profile('07700 900418'), edit]);
    // Saving returns to Profile: the claim is of the Profile the steps end on, not the one before editing.
    expect(await verdicts(['Profile shows "07700 900555"'], timeline, profile('07700 900555'))).toEqual(['pass']);
    expect(await verdicts(['Profile shows "07700 900418"'], timeline, profile('07700 900555'))).toEqual(['fail']);
    // The steps end elsewhere: the claim is of the Profile the first step opened.
    expect(await verdicts(['Profile shows "07700 900418"'], timeline, edit)).toEqual(['pass']);
  });

  it('a claim that holds on the screen the steps end on is of that screen ("Home" a row there, not a place)', async () => {
    steps = ['Tap Projects', 'Tap Home', 'Go back'];
    const project = screen('Home', [node('list_item', 'Water the plants', 100)]);
    const row = node('list_item', null, 100, {
      bounds: { x: 16, y: 100, width: 360, height: 80 },
      children: [node('text', 'Home', 110), node('text', 'No open tasks', 152)],
    });
    const projects = screen('Projects', [node('list', null, 90, { children: [row] })]);
    const timeline = onSteps([screen('Today', []), screen('Projects', []), project]);
    expect(await verdicts(['Home shows "No open tasks"'], timeline, projects)).toEqual(['pass']);
  });
});
