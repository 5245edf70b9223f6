import { describe, expect, it } from 'vitest';
import { interpretStep, parseStep, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * "On the Verify screen, enter 1357 and tap Continue": the place a step happens, said first. On that
 * screen the rest is done; on another the step fails there instead of acting on the wrong screen.
 */

const acted = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.map((a) => (a.op === 'input' ? `${a.event.kind}${'text' in a.event ? ` ${a.event.text}` : ''}` : a.op))
    : r.settled
      ? `${r.kind}${r.kind === 'check' ? ` ${r.passed}` : ''}`
      : `not settled: ${r.reason}`;

const verify = screen('Verify', [
  node('text', 'Enter the code we sent you', 80),
  node('input', '', 140, { id: 'code' }),
  node('button', 'Continue', 200),
]);
const library = screen('Library', [
  node('button', 'Library', 60, { id: 'tab-library' }),
  node('button', 'Shelves', 60, { id: 'tab-shelves', bounds: { x: 200, y: 60, width: 170, height: 40 } }),
  node('list_item', 'Dune', 140),
]);

describe('a step that starts with where it happens', () => {
  it.each([
    'On the Verify screen enter 1357 and tap Continue',
    'On the Verify screen, enter 1357 and tap Continue',
    'In the Verify page, enter 1357, then tap Continue',
    'While on the "Verify" screen, enter 1357 and tap Continue',
  ])('"%s" does the rest on that screen', (text) => {
    const r = interpretStep(text, verify);
    expect(acted(r)).toEqual(['tap', 'text 1357']);
    expect(r.settled && r.then).toMatch(/tap Continue/i);
  });

  it('reads as a check of the screen and the rest without a device', () => {
    const p = parseStep('On the Verify screen enter 1357 in the code field and tap Continue');
    expect(p.understood && p.intent.kind).toBe('sequence');
    expect(p.understood && p.intent.kind === 'sequence' && p.intent.steps[0]).toEqual({
      kind: 'check',
      check: { kind: 'screen', name: 'Verify', negated: false },
    });
  });

  it('fails on another screen rather than act there', () => {
    const r = interpretStep('On the Verify screen enter 1357 and tap Continue', library);
    expect(acted(r)).toBe('check false');
    expect(r.settled && r.kind === 'check' && r.reasoning).toMatch(/Verify screen, but the screen is "Library"/);
  });

  it('goes to a tab named as the place to start from, then does the rest', () => {
    const shelves = screen('Shelves', [
      node('button', 'Library', 60, { id: 'tab-library' }),
      node('button', 'Shelves', 60, { id: 'tab-shelves', bounds: { x: 200, y: 60, width: 170, height: 40 } }),
    ]);
    const r = interpretStep('From the Library tab, open Dune', shelves);
    expect(acted(r)).toEqual(['tap']);
    expect(r.settled && r.then).toBe('open Dune');
    expect(acted(interpretStep('From the Library tab, open Dune', library))).toEqual(['tap']);
  });

  it('a screen of that name the app does not offer is a failure, not a guess', () => {
    expect(acted(interpretStep('From the Settings screen, open Dune', library))).toBe('check false');
  });

  it('a place described, not named, says only where ("on the next screen")', () => {
    expect(acted(interpretStep('On the next screen, enter 1357', verify))).toEqual(['tap', 'text 1357']);
  });

  it('a field, a list or a dialog is not a screen: those forms are read as before', () => {
    const p = parseStep('In the code field, enter 1357');
    expect(p.understood && JSON.stringify(p.intent)).not.toContain('"screen"');
  });

  it('"On Library tap View details": the place ends where the verb starts ("View" is the button\'s)', () => {
    const withDetails = screen('Library', [node('button', 'View details', 140, { id: 'details' })]);
    expect(acted(interpretStep('On Library tap View details', withDetails))).toEqual(['tap']);
    expect(acted(interpretStep('On Library tap View details', verify))).toBe('check false');
  });

  it.each(['At the bottom tap Continue', 'In the search bar type milk', 'On the keyboard press Enter'])(
    '"%s" names a part of the screen, not a screen',
    (text) => {
      const p = parseStep(text);
      expect(JSON.stringify(p)).not.toContain('"screen"');
    },
  );
});
