import { describe, expect, it } from 'vitest';
import { node, screen } from './hand-built-screens.fixture';
import { interpretAssertion } from './index';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

describe('curly quotes inside a quoted text', () => {
  const saved = screen('Lists', [node('text', 'List “Groceries” saved', 100), node('button', 'New list', 300)]);
  const other = screen('Lists', [node('text', 'List “Chores” saved', 100), node('button', 'New list', 300)]);

  it('"List “Groceries” saved" is one quoted text, as the screen shows it', () => {
    expect(verdict(interpretAssertion('"List “Groceries” saved" is displayed', saved))).toBe(true);
    expect(verdict(interpretAssertion('Back on Lists with "List “Groceries” saved"', saved))).toBe(true);
    expect(verdict(interpretAssertion('"List “Groceries” saved" is displayed', other))).toBe(false);
  });
});
