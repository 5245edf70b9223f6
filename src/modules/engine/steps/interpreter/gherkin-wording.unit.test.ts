import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/**
 * Steps as feature files write them: "Given I am logged in as … with password …", "Given I am on the Sign in screen",
 * "Then I should see an error message", "Then I should see "Paper Moons" in the results". Each has a near miss.
 */
const acted = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) =>
        a.op === 'input'
          ? [`${a.event.kind} ${a.selector?.id ?? ''}${a.event.kind === 'text' ? ` ${a.event.text}` : ''}`]
          : [],
      )
    : r.settled
      ? r.kind
      : 'not settled';
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

const signIn = (error = false) =>
  screen('Sign in', [
    ...labelled('Email', 'email', 100),
    ...labelled('Password', 'password', 200),
    ...(error ? [node('text', 'Email or password is incorrect', 300, { id: 'signin-error' })] : []),
    node('button', 'Sign in', 400, { id: 'sign-in' }),
  ]);

describe('a precondition said as a state', () => {
  it('"Given I am logged in as … with password …" signs in with those credentials', () => {
    const r = interpretStep('Given I am logged in as kim@x.test with password pw1', signIn());
    expect(acted(r)).toContain('text email kim@x.test');
    expect(acted(r)).toContain('text password pw1');
    expect(acted(r)).toContain('tap sign-in');
  });

  it('"Given I am on the Sign in screen" is a check of the screen; "Given I am logged in" of the session', () => {
    expect(parseStep('Given I am on the Sign in screen')).toEqual({
      understood: true,
      intent: { kind: 'check', check: { kind: 'screen', name: 'Sign in', negated: false } },
    });
    expect(parseStep('Given I am logged in')).toEqual({
      understood: true,
      intent: { kind: 'check', check: { kind: 'signed_in', signedIn: true } },
    });
  });

  it('near miss: "I am logged in as Kim" names no credentials and is not typed anywhere', () => {
    const r = interpretStep('Then I am logged in as Kim', signIn());
    const typed = acted(r);
    expect(Array.isArray(typed) && typed.some((a) => a.startsWith('text'))).toBe(false);
  });
});

describe('checks as feature files say them', () => {
  it('"I should see an error message", "An error message should be displayed": some error is shown', () => {
    expect(verdict(interpretAssertion('Then I should see an error message', signIn(true)))).toBe(true);
    expect(verdict(interpretAssertion('An error message should be displayed', signIn(true)))).toBe(true);
    expect(verdict(interpretAssertion('Then I should see an error message', signIn(false)))).toBe(false);
  });

  it('"I should see X in the results" is X on screen, the results being the list', () => {
    const results = screen('Search', [
      node('list_item', 'Paper Moons', 200, { id: 'result-1' }),
      node('text', '1 film found', 120),
    ]);
    expect(verdict(interpretAssertion('Then I should see "Paper Moons" in the results', results))).toBe(true);
    expect(verdict(interpretAssertion('Paper Moons is shown in the search results', results))).toBe(true);
    expect(verdict(interpretAssertion('I should see "Northern Lights" in the results', results))).toBe(false);
  });
});
