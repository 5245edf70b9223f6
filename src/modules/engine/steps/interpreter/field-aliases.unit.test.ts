import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Fields named as people name them rather than as the form labels them: "the origin" for From, "the surname" for
 * Last name, "the number of passengers" for Passengers. Only a label the screen shows exactly answers, and a
 * field's other name finds a text field only.
 */
const search = (from = '', to = '') =>
  screen('Search', [
    node('text', 'From', 100),
    node('input', from, 145, { id: 'from' }),
    node('text', 'To', 200),
    node('input', to, 245, { id: 'to' }),
    node('text', 'Passengers', 300),
    node('text', '2 passengers', 345, { id: 'count' }),
    node('button', 'Mobile', 450, { id: 'mobile' }),
  ]);

const typed = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) =>
        a.op === 'input' && a.event.kind === 'text' ? [`${a.selector?.id} ${a.event.text}`] : [],
      )
    : r.settled
      ? r.kind
      : r.reason;
const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');

describe('a field named by another word for it', () => {
  it('types into the field its usual label names', () => {
    expect(typed(interpretStep('Set the origin to London', search()))).toEqual(['from London']);
    expect(typed(interpretStep('Enter Paris as the destination', search()))).toEqual(['to Paris']);
    expect(typed(interpretStep('Change my origin to Oslo', search()))).toEqual(['from Oslo']);
    expect(typed(interpretStep('Change my from to Oslo', search()))).toEqual(['from Oslo']);
  });

  it('reads the value of that field', () => {
    expect(verdict(interpretAssertion('The origin is London', search('London')))).toBe(true);
    expect(verdict(interpretAssertion('Destination shows Paris', search('London', 'Rome')))).toBe(false);
    expect(verdict(interpretAssertion('Number of passengers is 2', search()))).toBe(true);
    expect(verdict(interpretAssertion('Number of passengers is 3', search()))).toBe(false);
  });

  it('near misses: no label of that kind, or one that is no text field', () => {
    expect(typed(interpretStep('Enter 07700 900123 as the phone number', search()))).toMatch(/no element|not/);
    expect(typed(interpretStep('Enter Kim as the surname', search()))).toMatch(/no element|not/);
  });
});

describe('a field named after "add"', () => {
  const transfer = () =>
    screen('Transfer', [
      node('text', 'Reference (optional)', 100),
      node('input', '', 145, { id: 'reference' }),
      node('button', 'Add payee', 300, { id: 'add-payee' }),
    ]);

  it('"Add the reference Rent", "Add a reference: Rent for May" type into that field', () => {
    expect(typed(interpretStep('Add the reference Rent', transfer()))).toEqual(['reference Rent']);
    expect(typed(interpretStep('Add a reference: Rent for May', transfer()))).toEqual(['reference Rent for May']);
  });

  it('near miss: a name that is no text field here is not typed into', () => {
    expect(typed(interpretStep('Add a payee Jo Park', transfer()))).not.toEqual(['reference Jo Park']);
  });
});
