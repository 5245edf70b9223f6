import { describe, expect, it } from 'vitest';
import { interpretStep, type Resolution } from './index';
import { parseStep } from './parse-step';
import { node, screen } from './hand-built-screens.fixture';

/**
 * Wordings around a step's action, on hand-built screens of a shop: signing in "again", a path of names before
 * its first action ("Orders → Kim Lee → tap Track parcel") gone by as a path, "straight away" after a name, and
 * the screen the step is already on named after it ("… on Shop"). Each form has a near miss that is not guessed.
 */

const tapped = (r: Resolution) =>
  r.settled && r.kind === 'actions'
    ? r.actions.flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []))
    : [];
const then = (r: Resolution) => (r.settled ? r.then : `not settled: ${r.reason}`);

const tabs = [node('button', 'Shop', 780, { id: 'tab-shop' }), node('button', 'Orders', 780, { id: 'tab-orders' })];
/** A home screen with a heading that shares the Orders tab's name. */
const shopHome = (withTabs = true) =>
  screen('Shop', [
    node('text', 'Orders', 100, { id: 'orders-heading' }),
    node('button', 'Track parcel', 160, { id: 'track' }),
    ...(withTabs ? tabs : []),
  ]);

describe('signing in again', () => {
  it('"Sign in again with kim@x.test / pw1" types both and signs in', () => {
    const r = parseStep('Sign in again with kim@x.test / pw1');
    expect(r.understood && r.intent.kind === 'sequence' ? r.intent.steps.map((s) => s.kind) : r).toEqual([
      'type',
      'type',
      'tap',
    ]);
  });

  it('near miss: another word left beside the credentials is another instruction, not read as signing in', () => {
    const r = parseStep('Sign in again later with kim@x.test / pw1');
    expect(r.understood && r.intent.kind === 'sequence').toBe(false);
  });
});

describe('a path of names before its first action', () => {
  it('"Orders → Kim Lee → tap Track parcel" goes to the Orders tab, not its heading', () => {
    const r = interpretStep('Orders → Kim Lee → tap Track parcel', shopHome());
    expect(tapped(r)).toEqual(['tab-orders']);
    expect(then(r)).toBe('go to Kim Lee, then tap Track parcel');
  });

  it('near miss: with only the heading of that name, the heading is never tapped', () => {
    const r = interpretStep('Orders → Kim Lee → tap Track parcel', shopHome(false));
    expect(tapped(r)).toEqual([]);
  });
});

describe('"straight away" after a name', () => {
  it('"Tap Track parcel straight away" taps the button', () => {
    expect(tapped(interpretStep('Tap Track parcel straight away', shopHome()))).toEqual(['track']);
  });

  it('near miss: "straight" alone is part of the name, which matches nothing', () => {
    expect(tapped(interpretStep('Tap Track parcel straight', shopHome()))).toEqual([]);
  });
});

describe('the screen the step is on, named after the step', () => {
  it('"Tap Track parcel on Shop" on the Shop screen taps it', () => {
    expect(tapped(interpretStep('Tap the Track parcel button on Shop', shopHome()))).toEqual(['track']);
  });

  it('near miss: "Tap on Sign in" on the Sign in screen taps the button of that name', () => {
    const signIn = screen('Sign in', [node('button', 'Sign in', 300, { id: 'sign-in' })]);
    expect(tapped(interpretStep('Tap on Sign in', signIn))).toEqual(['sign-in']);
  });

  it('near miss: another screen named is no place to leave out', () => {
    expect(tapped(interpretStep('Tap the Track parcel button on Orders', shopHome()))).toEqual([]);
  });
});
