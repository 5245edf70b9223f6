import { describe, expect, it } from 'vitest';
import { interpretStep, parseStep, type DeviceAction, type Resolution } from './index';
import { node, screen } from './hand-built-screens.fixture';

/**
 * How testers say who signs in and where to go: the account described before its credentials, a path
 * with no verb, a row named by whose it is, and a place said without "screen" before the step.
 * Each form has a near miss that must not be guessed.
 */

const acts = (r: Resolution): DeviceAction[] => (r.settled && r.kind === 'actions' ? r.actions : []);
const done = (r: Resolution) =>
  r.settled
    ? r.kind === 'check'
      ? `check ${r.passed}`
      : acts(r).map((a) => (a.op === 'input' ? `${a.event.kind} ${a.selector?.id ?? a.selector?.text}` : a.op))
    : `not settled: ${r.reason}`;
const intentOf = (s: string) => {
  const p = parseStep(s);
  return p.understood ? p.intent : null;
};

describe('the account described, then its credentials', () => {
  it.each([
    'Sign in as the test user: kim@x.test, password pw1',
    'Log in as Kim (email kim@x.test, password pw1)',
    'Sign in as Kim with email kim@x.test and password pw1',
  ])('"%s" types both and signs in', (s) => {
    const i = intentOf(s);
    expect(i?.kind).toBe('sequence');
    const steps = i?.kind === 'sequence' ? i.steps : [];
    expect(steps.map((x) => (x.kind === 'type' ? x.text : x.kind))).toEqual(['kim@x.test', 'pw1', 'tap']);
  });

  it('with no password said, nothing is typed', () => {
    expect(intentOf('Sign in as the test user: kim@x.test')?.kind).not.toBe('sequence');
  });
});

describe('a path with no verb', () => {
  it.each([
    ['Account > Edit details', ['Account', 'Edit details']],
    ['Shelves -> Fiction -> Dune', ['Shelves', 'Fiction', 'Dune']],
  ])('"%s" goes there', (s, path) => {
    expect(intentOf(s)).toEqual({ kind: 'navigate', path });
  });

  it('a comparison is not a path', () => {
    expect(intentOf('Total > 10')?.kind).not.toBe('navigate');
    expect(intentOf('Price > £5 is shown')?.kind).toBe('check');
  });
});

describe('a row named by whose it is', () => {
  const list = screen('Loans', [
    node('list_item', 'Dr Kim Lee', 140, { id: 'loan-kim' }),
    node('list_item', 'Sam Ortiz', 200, { id: 'loan-sam' }),
  ]);

  it.each(["Open Dr Kim Lee's loan", "Go to Dr Kim Lee's overdue loan"])('"%s" opens that row', (s) => {
    expect(done(interpretStep(s, list))).toEqual(['tap loan-kim']);
  });

  it('someone the list does not show is not guessed', () => {
    expect(done(interpretStep("Open Jo Park's loan", list))).toMatch(/^not settled/);
  });
});

describe('a place said without "screen"', () => {
  const tabs = [
    node('button', 'Home', 60, { id: 'tab-home', bounds: { x: 0, y: 60, width: 190, height: 40 } }),
    node('button', 'Settings', 60, { id: 'tab-settings', bounds: { x: 200, y: 60, width: 190, height: 40 } }),
  ];
  const home = screen('Home', [...tabs, node('button', 'Renew all', 160, { id: 'renew' })]);
  const settings = screen('Settings', [...tabs, node('toggle', 'Reminders', 160, { id: 'rem', checked: false })]);

  it('"From Home tap Renew all" taps it on Home', () => {
    expect(done(interpretStep('From Home tap Renew all', home))).toEqual(['tap renew']);
  });

  it('"Settings: turn on Reminders" goes to Settings first when another tab shows', () => {
    const r = interpretStep('Settings: turn on Reminders', home);
    expect(done(r)).toEqual(['tap tab-settings']);
    expect(r.settled && r.then).toBe('turn on Reminders');
    expect(done(interpretStep('Settings: turn on Reminders', settings))).toEqual(['tap rem']);
  });

  it('a place the screen neither is nor offers fails the step', () => {
    const detail = screen('Dune', [node('text', 'Frank Herbert', 140), node('button', 'Renew all', 200)]);
    expect(done(interpretStep('From Home tap Renew all', detail))).toBe('check false');
  });

  it('"Step 3: tap Save" and "Email: kim@x.test" are not places', () => {
    expect(JSON.stringify(intentOf('Step 3: tap Save'))).not.toContain('"screen"');
    expect(JSON.stringify(intentOf('Email: kim@x.test'))).not.toContain('"screen"');
  });
});
