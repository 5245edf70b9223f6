import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

/** A library member's account page, and the form that edits it. */
const account = screen('Account', [node('text', 'Kim Lee', 100), node('text', '07700 900123', 140)]);
const edit = screen('Edit member', [node('input', 'Kim Lee', 100, { id: 'name' })]);

describe('a claim that says when it holds', () => {
  it('"Back to Account: …" holds on that screen and is refused on another', () => {
    expect(verdict(interpretAssertion('Back to Account: "Kim Lee" is shown', account))).toBe(true);
    expect(verdict(interpretAssertion('Back to Account: "Jo Park" is shown', account))).toBe(false);
    expect(verdict(interpretAssertion('Back to Account: "Kim Lee" is shown', edit))).toBe('not settled');
  });

  it('"Going back, Account still shows …": the place that shows is the screen named', () => {
    expect(verdict(interpretAssertion('Going back, Account still shows "07700 900123"', account))).toBe(true);
    expect(verdict(interpretAssertion('Going back, Account still shows "07700 900999"', account))).toBe(false);
    expect(verdict(interpretAssertion('Going back, Account still shows "07700 900123"', edit))).toBe('not settled');
  });

  it('"After …" and "Before …" speak of another moment: refused with the way to write them', () => {
    const after = interpretAssertion('After saving: "Kim Lee" is shown', account);
    expect(verdict(after)).toBe('not settled');
    expect(after.settled ? '' : after.reason).toMatch(/another moment/);
    expect(verdict(interpretAssertion('Before saving the screen shows "Kim Lee"', account))).toBe('not settled');
  });

  it('"Before:" and "Earlier:" as a word of context are another moment too, even when the screen shows the claim', () => {
    for (const claim of ['Before: "Kim Lee" and "07700 900123"', 'Earlier: "Kim Lee" and "07700 900123"']) {
      const r = interpretAssertion(claim, account);
      expect(verdict(r)).toBe('not settled');
      expect(r.settled ? '' : r.reason).toMatch(/another moment/);
    }
    // The near misses: a word that says where, and a bare "After:" (where the steps end), are set aside.
    expect(verdict(interpretAssertion('Details: "Kim Lee" and "07700 900123"', account))).toBe(true);
    expect(verdict(interpretAssertion('After: "Kim Lee" and "07700 900123"', account))).toBe(true);
  });
});
