import { describe, expect, it } from 'vitest';
import { interpretAssertion } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

/** A library catalogue's search: an empty field whose hint the tree does not carry. */
const search = screen('Catalogue', [node('input', '', 100, { id: 'q' }), node('button', 'Search', 150)]);
/** The same field on a platform that shows the hint as the empty field's text. */
const shown = screen('Catalogue', [node('input', 'Titles or authors', 100, { id: 'q' })]);
const noField = screen('Catalogue', [node('text', 'Titles or authors', 100)]);

describe("a field's hint (placeholder)", () => {
  it('is not settled when the tree does not carry it, never guessed', () => {
    expect(verdict(interpretAssertion('A Search field with the hint "Titles or authors" is shown', search))).toBe(
      'not settled',
    );
    expect(verdict(interpretAssertion('Search field empty with the hint "Titles or authors"', search))).toBe(
      'not settled',
    );
  });

  it('passes when the hint is on screen, fails when there is no field', () => {
    expect(verdict(interpretAssertion('Search field with the hint "Titles or authors"', shown))).toBe(true);
    expect(verdict(interpretAssertion('Search field with the hint "Titles or authors"', noField))).toBe(false);
  });
});
