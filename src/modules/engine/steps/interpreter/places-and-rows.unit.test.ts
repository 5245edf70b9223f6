import { describe, expect, it } from 'vitest';
import { interpretStep, type DeviceAction, type Resolution } from './index';
import { labelled, node, screen } from './hand-built-screens.fixture';

/**
 * Steps that reach their place first: a value after "<Place> tab:", a scroll to the end said as a tour,
 * "<action> from <Place> and confirm", and "<verb phrase> for <row>" (open the row, then its button).
 * Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const typed = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'text' ? [[a.selector?.id, a.event.text]] : []));
const tapped = (r: Resolution) =>
  acts(r).flatMap((a) => (a.op === 'input' && a.event.kind === 'tap' ? [a.selector?.id ?? a.selector?.text] : []));
const then = (r: Resolution) => (r.settled ? r.then : undefined);

const tabs = () => [
  node('button', 'Shelf', 800, { id: 'tab-shelf', bounds: { x: 0, y: 800, width: 130, height: 40 } }),
  node('button', 'Find', 800, { id: 'tab-find', bounds: { x: 131, y: 800, width: 130, height: 40 } }),
  node('button', 'Account', 800, { id: 'tab-account', bounds: { x: 262, y: 800, width: 130, height: 40 } }),
];

/** A library app: its Shelf of loans (rows), a Find screen with one search field, an Account screen. */
const shelf = () =>
  screen('Shelf', [
    node('list', null, 100, {
      bounds: { x: 0, y: 100, width: 393, height: 300 },
      children: [
        node('list_item', 'The Hobbit', 100, { id: 'loan-1' }),
        node('list_item', 'Dune', 150, { id: 'loan-2' }),
      ],
    }),
    ...tabs(),
  ]);
const find = () => screen('Find', [...labelled('Title or author', 'find-input', 80), ...tabs()]);
const loan = () =>
  screen('Loan', [node('text', 'The Hobbit', 80), node('button', 'Renew loan', 300, { id: 'renew' }), ...tabs()]);
const account = (signOut = false) =>
  screen('Account', [
    node('text', 'Kim Lee', 80),
    ...(signOut ? [node('button', 'Log out', 700, { id: 'log-out' })] : []),
    ...tabs(),
  ]);

describe('"<Place> tab: <value>": the value goes to the field there', () => {
  it('taps the tab, then enters the value and reads the rest', () => {
    const r = interpretStep('Find tab: tolkien, tap Shelf', shelf());
    expect(tapped(r)).toEqual(['tab-find']);
    expect(then(r)).toBe('enter tolkien, then tap Shelf');
    expect(typed(interpretStep(then(r)!, find()))).toEqual([['find-input', 'tolkien']]);
  });

  it('near miss: a claim after the place is no value', () => {
    expect(typed(interpretStep('Find tab: tolkien is shown', find()))).toEqual([]);
  });
});

describe('a scroll to the end said as a tour', () => {
  it('"Scroll through the whole list to the bottom" scrolls until the screen stops changing', () => {
    const r = interpretStep('Scroll through the whole list to the bottom', shelf());
    expect(r.settled && r.kind === 'scroll_until' && r.plan.target).toEqual({ text: '' });
  });

  it('"Look over Shelf, scrolling down to the end of the loans" checks the screen, then scrolls', () => {
    const r = interpretStep('Look over Shelf, scrolling down to the end of the loans', shelf());
    expect(r.settled && r.kind).toBe('check');
    expect(then(r)).toBe('scroll to the bottom');
    const elsewhere = interpretStep('Look over Shelf, scrolling down to the end of the loans', account());
    expect(elsewhere.settled && elsewhere.kind === 'check' && elsewhere.passed).toBe(false);
  });

  it('near miss: "scroll up … to the bottom" goes two ways and is not read so', () => {
    const r = interpretStep('Scroll up through the list to the bottom', shelf());
    expect(r.settled && r.kind === 'scroll_until').toBe(false);
  });
});

describe('"<action> from <Place> and confirm"', () => {
  it('goes to that tab first, then does the action and confirms', () => {
    const r = interpretStep('Log out from Account and confirm', shelf());
    expect(tapped(r)).toEqual(['tab-account']);
    expect(then(r)).toBe('Log out and confirm');
    const there = interpretStep(then(r)!, account(true));
    expect(tapped(there)).toEqual(['log-out']);
    expect(then(there)).toBe('confirm the dialog');
  });

  it('near miss: a place that is no tab or screen here is not gone to', () => {
    expect(tapped(interpretStep('Log out from Settings and confirm', shelf()))).toEqual([]);
  });
});

describe('"<verb phrase> for <row>": the row, then its button', () => {
  it('opens the row named, then reads the verb phrase on the screen it leads to', () => {
    const r = interpretStep('Renew the loan for The Hobbit', shelf());
    expect(tapped(r)).toEqual(['loan-1']);
    expect(then(r)).toBe('Renew the loan');
    expect(tapped(interpretStep(then(r)!, loan()))).toEqual(['renew']);
  });

  it('near miss: a row not on this screen, or a verb of navigation, is not opened', () => {
    expect(tapped(interpretStep('Renew the loan for Emma', shelf()))).toEqual([]);
    expect(tapped(interpretStep('Search the shelf for Dune', shelf()))).toEqual([]);
  });
});

describe('names only, separated by commas, from a tab here', () => {
  it('"Account, Loans, Dune Messiah" is the path Account > Loans > Dune Messiah', () => {
    const r = interpretStep('Account, Loans, Dune Messiah', shelf());
    expect(tapped(r)).toEqual(['tab-account']);
    expect(then(r)).toBe('go to Loans > Dune Messiah');
  });

  it('near miss: a list whose first name is no tab or button here, or with a value, is no path', () => {
    expect(tapped(interpretStep('Settings, Loans, The Hobbit', shelf()))).toEqual([]);
    // A button here, then the next names one by one (another form), never one path read as names only.
    expect(then(interpretStep('Account, Loans, 2 copies', shelf())) ?? '').not.toContain('>');
    expect(then(interpretStep('Account, Loans, renew The Hobbit', shelf())) ?? '').not.toContain('>');
  });
});

describe('"<button> <name> (<row before>) <values>": the path, then the values picked there', () => {
  const home = () =>
    screen('Home', [node('button', 'Reserve a table', 300, { id: 'reserve' }), node('text', 'Tonight', 400)]);

  it('taps the button, goes to the row in brackets, then the name, then picks the values', () => {
    const r = interpretStep(
      'Reserve a table with Kim Lee (Upstairs) on Mon 13 Apr 19:00, note Window seat, Outdoor on',
      home(),
    );
    expect(tapped(r)).toEqual(['reserve']);
    expect(then(r)).toBe('go to Upstairs > Kim Lee, then choose Mon 13 Apr at 19:00, note "Window seat", Outdoor on');
  });

  it('near miss: without the row in brackets, or with a first name that is no button here, nothing is tapped', () => {
    const r = interpretStep('Reserve a table with Kim Lee on Mon 13 Apr 19:00, note Window seat, Outdoor on', home());
    expect(tapped(r)).toEqual([]);
    expect(tapped(interpretStep('Hold a table with Kim Lee (Upstairs) on Mon 13 Apr', home()))).toEqual([]);
  });
});
