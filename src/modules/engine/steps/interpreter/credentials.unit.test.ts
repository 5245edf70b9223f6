import { describe, expect, it } from 'vitest';
import type { Intent, Target } from './intent';
import { node, screen } from './hand-built-screens.fixture';
import { interpretStep, type Resolution } from './index';
import { parseStep } from './parse-step';

const USER: Target = { text: '', role: 'field', anyOf: expect.arrayContaining(['Email', 'Username']) };
const PASSWORD: Target = { text: '', role: 'field', anyOf: expect.arrayContaining(['Password']) };
const signIn = (user: string, password: string, tap: Intent | null): Intent => ({
  kind: 'sequence',
  steps: [
    { kind: 'type', text: user, target: USER },
    { kind: 'type', text: password, target: PASSWORD },
    ...(tap ? [tap] : []),
  ] as Intent[],
});
const SIGN_IN_BUTTON: Intent = {
  kind: 'tap',
  target: { text: '', role: 'button', anyOf: expect.arrayContaining(['Sign in', 'Log in']) },
};
const tapNamed = (text: string): Intent => ({ kind: 'tap', target: { text } });

describe('signing in however the credentials are arranged', () => {
  it.each<[string, Intent]>([
    ['Log in with the test account (kim@x.test, password pw1)', signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    ['Sign in using the demo credentials kim@x.test / pw1', signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    ['Enter kim@x.test and pw1 on Sign in and tap Sign in', signIn('kim@x.test', 'pw1', tapNamed('Sign in'))],
    ['Enter kim@x.test with password pw1 and tap Log in', signIn('kim@x.test', 'pw1', tapNamed('Log in'))],
    ['Use kim@x.test / pw1 to log in', signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    // The brackets are not part of the user or the password.
    ['Sign in (kim@x.test / pw1)', signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    ['Log in (kim@x.test, pw1)', signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    ["Log in as Kim Lee's account: kim@x.test, password is pw1", signIn('kim@x.test', 'pw1', SIGN_IN_BUTTON)],
    ['Enter email kim@x.test and password pw1 on the login screen', signIn('kim@x.test', 'pw1', null)],
  ])('%s', (text, intent) => {
    const parsed = parseStep(text);
    expect(parsed.understood, JSON.stringify(parsed)).toBe(true);
    if (parsed.understood) expect(parsed.intent).toEqual(intent);
  });

  it.each([
    // Which account is meant is not in the text.
    "Sign in with Sam's account",
    'Log in with the test account',
    // An email and a number with nothing saying one is a password or that this signs in.
    'Enter kim@x.test and 07700900214',
    // More than signing in: another instruction after the credentials is not swallowed.
    'Sign in with kim@x.test / pw1 and delete the account',
    'Log in with kim@x.test, password pw1, then open Settings and turn off Alerts',
    // The button tapped last is not a sign-in button.
    'Enter kim@x.test and pw1 and tap Delete account',
  ])('does not read %s as signing in alone', (text) => {
    const parsed = parseStep(text);
    if (!parsed.understood) return;
    // Whatever it reads, it is never the bare sign-in: the rest of the step is not dropped.
    for (const tap of [SIGN_IN_BUTTON, tapNamed('Delete account'), null])
      expect(parsed.intent).not.toEqual(signIn('kim@x.test', 'pw1', tap));
    expect(parsed.intent).not.toEqual(signIn('kim@x.test', '07700900214', null));
    expect(parsed.intent).not.toEqual(signIn('kim@x.test', '07700900214', SIGN_IN_BUTTON));
  });

  it('says nothing of an account it is not told', () => {
    expect(parseStep("Sign in with Sam's account").understood).toBe(false);
    expect(parseStep('Log in with the test account').understood).toBe(false);
  });
});

describe('signing out as a step of its own', () => {
  const SIGN_OUT: Intent = {
    kind: 'tap',
    target: { text: '', role: 'button', anyOf: expect.arrayContaining(['Sign out', 'Log out']) },
  };
  it.each<[string, Intent]>([
    ['Sign out', SIGN_OUT],
    ['Log out of the app.', SIGN_OUT],
    [
      'Sign out from Profile and confirm',
      {
        kind: 'sequence',
        steps: [{ kind: 'navigate', path: ['Profile'] }, SIGN_OUT, { kind: 'dialog', accept: true, what: null }],
      },
    ],
    ['Log out via the Account tab', { kind: 'sequence', steps: [{ kind: 'navigate', path: ['Account'] }, SIGN_OUT] }],
    ['Sign out, confirm', { kind: 'sequence', steps: [SIGN_OUT, { kind: 'dialog', accept: true, what: null }] }],
  ])('%s', (text, intent) => {
    expect(parseStep(text)).toEqual({ understood: true, intent });
  });

  it('is not read when the step says more than where and whether to confirm', () => {
    for (const text of ['Sign out and sign in as Kim', 'Log out without confirming'])
      expect(parseStep(text).understood).toBe(false);
    // Each clause on its own: the sign-out, then the dialog's cancelling button.
    expect(parseStep('Sign out and cancel')).toEqual({
      understood: true,
      intent: { kind: 'sequence', steps: [SIGN_OUT, { kind: 'dialog', accept: false, what: null }] },
    });
  });
});

describe('signing out from a place the sign-out button is behind', () => {
  const rows = (extra: ReturnType<typeof node>[] = []) =>
    screen('Settings', [
      node('list', null, 100, {
        bounds: { x: 0, y: 100, width: 393, height: 120 },
        children: [
          node('list_item', 'Household members', 100, { id: 'members' }),
          node('list_item', 'Profile', 160, { id: 'profile' }),
        ],
      }),
      ...extra,
    ]);
  const result = (r: Resolution) =>
    r.settled && r.kind === 'actions'
      ? { taps: r.actions.map((a) => (a.op === 'input' ? a.selector?.id : a.op)), then: r.then }
      : r;

  it('"Sign out from Profile and confirm" with no sign-out button here: Profile first, then the sign-out and its dialog', () => {
    expect(result(interpretStep('Sign out from Profile and confirm', rows()))).toEqual({
      taps: ['profile'],
      then: 'Sign out and confirm',
    });
    expect(result(interpretStep('Log out via the Profile screen', rows()))).toEqual({
      taps: ['profile'],
      then: 'Log out',
    });
  });

  it('near miss: a sign-out button on this screen is tapped here, as the step always read', () => {
    const here = rows([node('button', 'Sign out', 400, { id: 'sign-out' })]);
    expect(result(interpretStep('Sign out from Profile', here))).not.toEqual({ taps: ['profile'], then: 'Log out' });
  });
});
