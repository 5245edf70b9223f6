import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep, readAssertionText, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Lists of picks ("Tap E5 first, then D2", "Select three bays: A1, A2, A3", "Pick A1, A2 and Continue"), a tap the
 * step says must be refused ("Tap B1 (should be refused)"), and claims of what a step led to ("Checkout opens",
 * "Dune is the only book", "Caption changes to "…""). Each form has a near miss that must not pass.
 */

const taps = (text: string): string[] => {
  const p = parseStep(text);
  if (!p.understood) return [`refused: ${p.reason}`];
  const steps = p.intent.kind === 'sequence' ? p.intent.steps : [p.intent];
  return steps.map((s) => (s.kind === 'tap' ? s.target.text : s.kind));
};
const ids = (r: Resolution): string[] =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.selector?.id ? [a.selector.id] : []))
    : [];
const verdict = (r: Resolution) => (r.settled && r.kind === 'check' ? r.passed : 'other');

describe('lists of picks', () => {
  it('"Tap E5 first, then D2, then A3": "first" only says the order', () => {
    expect(taps('Tap E5 first, then D2, then A3')).toEqual(['E5', 'D2', 'A3']);
  });
  it('"Select three bays: A1, A2, A3": the count said before the list is dropped when it is the list\'s length', () => {
    expect(taps('Select three bays: A1, A2, A3')).toEqual(['A1', 'A2', 'A3']);
  });
  it("near miss: a count that is not the list's length stays in the step (no element has that name)", () => {
    expect(taps('Select two bays: A1, A2, A3')[0]).toBe('two bays: A1');
  });
  it('"Pick A1, A2 and Continue", "Select E8, Continue": the last name, a verb, is a button tapped', () => {
    expect(taps('Pick A1, A2 and Continue')).toEqual(['A1', 'A2', 'Continue']);
    expect(taps('Select E8, Continue')).toEqual(['E8', 'Continue']);
  });
  it('near miss: "Tap Save and Continue" (no list) is left as one name', () => {
    expect(taps('Tap Save and Continue')).not.toEqual(['Save', 'Continue']);
  });
});

const bays = (b1 = 'Bay B1', title = 'Bays') =>
  screen(title, [
    node('button', 'Bay A1', 100, { id: 'bay-a1' }),
    node('button', b1, 160, { id: 'bay-b1' }),
    node('text', 'Up to 1 bay at a time', 220),
  ]);

describe('a tap the step says must be refused', () => {
  const step = 'Tap B1 (should be refused)';
  it('the element is tapped, then read again: the same name on the same screen passes', () => {
    const r = interpretStep(step, bays());
    expect(ids(r)).toEqual(['bay-b1']);
    const then = r.settled ? r.then! : '';
    expect(then).toBe('verify the tap on "Bay B1" was refused on "Bays"');
    expect(verdict(interpretStep(then, bays()))).toBe(true);
  });
  it('near miss: the element taken ("Bay B1, selected") or another screen fails', () => {
    const then = 'verify the tap on "Bay B1" was refused on "Bays"';
    expect(verdict(interpretStep(then, bays('Bay B1, selected')))).toBe(false);
    expect(verdict(interpretStep(then, bays('Bay B1', 'Payment')))).toBe(false);
  });
  it('"Try to select B1, which should be rejected": the same form', () => {
    expect(ids(interpretStep('Try to select B1, which should be rejected', bays()))).toEqual(['bay-b1']);
  });
});

const shelf = (rows: string[], title = 'Books') =>
  screen(title, [
    node('text', `Showing: ${rows.length === 1 ? 'Sci-Fi' : 'All'}`, 70, { id: 'shelf-caption' }),
    ...rows.map((r, i) => node('list_item', r, 120 + i * 60, { id: `book-${i}` })),
  ]);

describe('claims of what a step led to', () => {
  it('"Checkout opens", "Books does not open": the screen of that name shows, or not', () => {
    expect(verdict(interpretAssertion('Checkout opens', shelf([], 'Checkout')))).toBe(true);
    expect(verdict(interpretAssertion('Now reading opens', shelf([], 'Now reading')))).toBe(true);
    expect(verdict(interpretAssertion('Books does not open', shelf([], 'Sign in')))).toBe(true);
    // A sentence's capital "The" is no part of the screen's name.
    expect(verdict(interpretAssertion('The Checkout screen opens', shelf([], 'Checkout')))).toBe(true);
    expect(verdict(interpretAssertion('The Checkout page is opened', shelf([], 'Checkout')))).toBe(true);
  });
  it('near miss: another screen fails; a dialog or the keyboard is no screen', () => {
    expect(verdict(interpretAssertion('Checkout opens', shelf([])))).toBe(false);
    expect(verdict(interpretAssertion('Books does not open', shelf([])))).toBe(false);
    const keyboard = readAssertionText('The keyboard opens');
    expect(keyboard.understood && keyboard.intent.kind === 'check' && keyboard.intent.check.kind).not.toBe('screen');
  });
  it('"Dune is the only book", "Dune is the only result in the list": the one row of the list', () => {
    expect(verdict(interpretAssertion('Dune is the only book', shelf(['Dune'])))).toBe(true);
    expect(verdict(interpretAssertion('Dune is the only result in the list', shelf(['Dune'])))).toBe(true);
  });
  it('near miss: another row beside it, or another row alone, fails', () => {
    expect(verdict(interpretAssertion('Dune is the only book', shelf(['Dune', 'Emma'])))).toBe(false);
    expect(verdict(interpretAssertion('Dune is the only book', shelf(['Emma'])))).toBe(false);
  });
  it('"Caption changes to "Showing: Sci-Fi"": that text, exactly', () => {
    expect(verdict(interpretAssertion('Caption changes to "Showing: Sci-Fi"', shelf(['Dune'])))).toBe(true);
  });
  it('"Caption reads "Showing: All"": that text, exactly; another fails', () => {
    expect(verdict(interpretAssertion('Caption reads "Showing: All"', shelf(['Dune', 'Emma'])))).toBe(true);
    expect(verdict(interpretAssertion('Caption reads "Showing: All"', shelf(['Dune'])))).toBe(false);
  });
  it('near miss: the caption reading another text fails', () => {
    expect(verdict(interpretAssertion('Caption changes to "Showing: Sci-Fi"', shelf(['Dune', 'Emma'])))).toBe(false);
    expect(verdict(interpretAssertion('Caption changes to "Showing: Sci"', shelf(['Dune'])))).toBe(false);
  });
  it('"Continue enabled": the state said without "is"; a disabled button fails', () => {
    const form = (enabled: boolean) => screen('Order', [node('button', 'Continue', 600, { id: 'continue', enabled })]);
    expect(verdict(interpretAssertion('Continue enabled', form(true)))).toBe(true);
    expect(verdict(interpretAssertion('Continue enabled', form(false)))).toBe(false);
  });
});
