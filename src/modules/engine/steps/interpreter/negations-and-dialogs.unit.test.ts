import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { labelled, logInForm, node, screen } from './hand-built-screens.fixture';

/**
 * Checks said with a negation, with their evidence in brackets, of a message under a field, or of a dialog's
 * buttons, on hand-built screens: each reading, and a near miss that fails or is left not settled.
 */

const verdict = (step: string, on: Parameters<typeof interpretAssertion>[1]) => {
  const r = interpretAssertion(step, on);
  return r.settled ? r.passed : 'not settled';
};

/** A sign-up form sent empty: a message under each field, or none. */
const join = (errors: boolean) =>
  screen('Join', [
    ...labelled('Username', 'username', 80),
    ...(errors ? [node('text', 'Pick a username', 170, { id: 'username-error' })] : []),
    ...labelled('Passcode', 'passcode', 220),
    ...(errors ? [node('text', 'Pick a passcode', 310, { id: 'passcode-error' })] : []),
    node('button', 'Create account', 400, { id: 'create' }),
  ]);

describe('neither … nor, and "should not show"', () => {
  it('"Neither "A" nor "B" is shown" passes only when both are absent', () => {
    const step = 'Neither "Pick a username" nor "Pick a passcode" is shown';
    expect(verdict(step, join(false))).toBe(true);
    expect(verdict(step, join(true))).toBe(false);
  });

  it('one of the two shown is enough to fail', () => {
    const one = screen('Join', [...labelled('Username', 'username', 80), node('text', 'Pick a passcode', 310)]);
    expect(verdict('Neither "Pick a username" nor "Pick a passcode" should be visible', one)).toBe(false);
  });

  it('"Should NOT show "A"" and "The page does not display "A"" fail when the text is there', () => {
    expect(verdict('Should NOT show "Pick a username"', join(true))).toBe(false);
    expect(verdict('Should NOT show "Pick a username"', join(false))).toBe(true);
    expect(verdict('The page does not display "Pick a passcode"', join(true))).toBe(false);
    expect(verdict('Should show "Pick a passcode"', join(true))).toBe(true);
  });

  it('a negation said as a name never reads as a label and its value', () => {
    expect(verdict('Never shows "Pick a username"', join(true))).not.toBe(true);
  });
});

describe('a named message, and evidence in brackets', () => {
  it('""A" error shown" is the text on screen', () => {
    expect(verdict('"Pick a passcode" error shown', join(true))).toBe(true);
    expect(verdict('"Pick a passcode" error shown', join(false))).toBe(false);
    expect(verdict('"Pick a passcode" error is not shown', join(false))).toBe(true);
  });

  it('a heading of the same words is no message: the check is not settled, and fails once the message is gone', () => {
    const picker = (error: boolean) =>
      screen('New event', [
        node('text', 'Pick a colour', 80),
        node('button', 'Red', 125),
        ...(error ? [node('text', 'Pick a colour', 300, { id: 'form-error' })] : []),
      ]);
    expect(verdict('"Pick a colour" error shown', picker(true))).toBe(true);
    expect(verdict('"Pick a colour" error shown', picker(false))).toBe('not settled');
    expect(verdict('"Choose a size" error shown', picker(true))).toBe(false);
  });

  it('a claim with the text that shows it in brackets is judged by that text', () => {
    const step = 'Still on Join; nothing was sent ("Pick a username" still shown)';
    expect(verdict(step, join(true))).toBe(true);
    expect(verdict(step, join(false))).toBe(false);
    // The screen named must be the one showing.
    expect(verdict('Still on Settings; nothing was sent ("Pick a username" still shown)', join(true))).toBe(false);
  });

  it('a claim that goes on after its brackets is not judged by them', () => {
    expect(verdict('Join opens on Username ("Pick a username" shown), not on Passcode', join(true))).toBe(
      'not settled',
    );
  });
});

describe('a message under a field', () => {
  it('passes when the text is just below that field', () => {
    expect(verdict('"Pick a username" is shown under the Username field', join(true))).toBe(true);
    expect(verdict('"Pick a passcode" appears below the Passcode field', join(true))).toBe(true);
  });

  it('fails when the text is under another field, or absent', () => {
    expect(verdict('"Pick a passcode" is shown under the Username field', join(true))).toBe(false);
    expect(verdict('"Pick a username" is shown under the Username field', join(false))).toBe(false);
  });

  it('a field the screen does not have is not settled', () => {
    expect(verdict('"Pick a username" is shown under the Nickname field', join(true))).toBe('not settled');
  });
});

describe("a dialog's buttons, and a tap that opens no dialog", () => {
  const remove = (buttons: string[]) =>
    screen('Library', [
      node('button', 'Return book', 500, { id: 'return', enabled: false }),
      node('alert', 'Remove book?', 300, {
        bounds: { x: 40, y: 300, width: 300, height: 150 },
        children: buttons.map((b, i) =>
          node('button', b, 400, { bounds: { x: 40 + i * 100, y: 400, width: 100, height: 40 } }),
        ),
      }),
    ]);
  const shelf = screen('Library', [node('button', 'Return book', 500, { id: 'return', enabled: false })]);

  it('"Dialog buttons are A and B" holds for exactly those buttons, in any order', () => {
    expect(verdict('Dialog buttons are Keep and Remove book', remove(['Remove book', 'Keep']))).toBe(true);
    expect(verdict('The popup options are "Keep", "Remove book"', remove(['Keep', 'Remove book']))).toBe(true);
  });

  it('a missing, extra or renamed button fails, and so does no dialog', () => {
    expect(verdict('Dialog buttons are Keep and Remove book', remove(['Keep', 'Remove book', 'Later']))).toBe(false);
    expect(verdict('Dialog buttons are Keep and Remove book', remove(['Keep', 'Delete book']))).toBe(false);
    expect(verdict('Dialog buttons are Keep and Remove book', shelf)).toBe(false);
  });

  it('"X is greyed out and tapping it opens no dialog": disabled, and no dialog open', () => {
    const step = 'Return book is greyed out and tapping it opens no dialog';
    expect(verdict(step, shelf)).toBe(true);
    expect(verdict(step, remove(['Keep', 'Remove book']))).toBe(false);
    const enabled = screen('Library', [node('button', 'Return book', 500, { id: 'return' })]);
    expect(verdict(step, enabled)).toBe(false);
  });
});

describe('a segment that says a count', () => {
  const inbox = (count: string) =>
    screen('Inbox', [
      node('button', 'Unread', 80, { id: 'seg-unread', bounds: { x: 16, y: 80, width: 170, height: 40 } }),
      node('button', 'Archived', 80, { id: 'seg-archived', bounds: { x: 200, y: 80, width: 170, height: 40 } }),
      node('text', count, 140),
      node('list_item', 'Welcome aboard', 200),
    ]);

  it('"Unread still says "3 unread"" is the count shown with that segment', () => {
    expect(verdict('Unread still says "3 unread"', inbox('3 unread'))).toBe(true);
    expect(verdict('Unread still says "3 unread"', inbox('4 unread'))).toBe(false);
  });

  it("a count that does not name the segment, or a button's own label, is read on the button", () => {
    expect(verdict('Archived says "3 unread"', inbox('3 unread'))).toBe(false);
    expect(verdict('The Unread button says "3 unread"', inbox('3 unread'))).toBe(false);
  });
});

describe('a heading and the options it offers', () => {
  const sizes = screen('Order tee', [
    node('text', 'Pick a colour', 80),
    node('button', 'Red', 125),
    node('button', 'Teal', 170),
    node('text', 'Pick a size', 230),
    node('button', 'S', 275),
    node('button', 'M', 320),
  ]);

  it('"Pick a size offers S and M": each option under that heading', () => {
    expect(verdict('Pick a size offers S and M', sizes)).toBe(true);
    expect(verdict('Pick a colour offers Red, Teal', sizes)).toBe(true);
  });

  it('an option missing, or a heading the screen lacks, fails', () => {
    expect(verdict('Pick a size offers S, M and L', sizes)).toBe(false);
    // Red is on screen, above the heading: not one of its options.
    expect(verdict('Pick a size offers Red and S', sizes)).not.toBe(true);
    expect(verdict('Pick a fabric offers S and M', sizes)).not.toBe(true);
  });
});

describe('the app opening on a screen without asking for credentials', () => {
  const step = 'The app opens straight on Today ("Hello, Ann") without asking for email and password';
  const today = (greeting: string) =>
    screen('Today', [node('text', greeting, 80), node('list_item', 'Water the plants', 140)]);

  it('passes on that screen with the greeting and no such fields', () => {
    expect(verdict(step, today('Hello, Ann'))).toBe(true);
  });

  it('fails on the log-in form, or with another greeting', () => {
    expect(verdict(step, logInForm())).toBe(false);
    expect(verdict(step, today('Hello, Bob'))).toBe(false);
  });

  it('fails when the screen asks for a password after all', () => {
    const asking = screen('Today', [node('text', 'Hello, Ann', 80), ...labelled('Password', 'pin', 140)]);
    expect(verdict(step, asking)).toBe(false);
  });
});
