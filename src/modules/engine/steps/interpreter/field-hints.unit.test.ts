import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep } from './index';
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

describe('a field named by its hint in a step', () => {
  const typedInto = (r: ReturnType<typeof interpretStep>) =>
    r.settled && r.kind === 'actions'
      ? [...new Set(r.actions.map((a) => ('selector' in a ? a.selector?.id : undefined)))]
      : [];
  const labelled = (extra: ReturnType<typeof node>[] = []) =>
    screen('Now showing', [node('text', 'Search', 60), node('input', '', 100, { id: 'film-search' }), ...extra]);

  it("is the screen's one search field when nothing else here is so named", () => {
    expect(typedInto(interpretStep('Type europa in the "Films or genres" field', labelled()))).toEqual(['film-search']);
  });

  it('is never a field that is no search field, nor one of several', () => {
    const note = screen('Order', [node('text', 'Note', 60), node('input', '', 100, { id: 'note' })]);
    expect(typedInto(interpretStep('Type europa in the "Films or genres" field', note))).toEqual([]);
    const two = labelled([node('text', 'Postcode', 160), node('input', '', 200, { id: 'postcode' })]);
    expect(typedInto(interpretStep('Type europa in the "Films or genres" field', two))).toEqual([]);
    // A field of its own named, not a hint: never typed into the search field.
    expect(typedInto(interpretStep('Change the delivery address to Work', labelled()))).toEqual([]);
    expect(typedInto(interpretStep('Enter Work as the delivery address', labelled()))).toEqual([]);
  });
});
