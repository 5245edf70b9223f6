import { describe, expect, it } from 'vitest';
import { interpretAssertion, interpretStep, parseStep } from './index';
import { node, screen } from './hand-built-screens.fixture';

const verdict = (r: ReturnType<typeof interpretAssertion>) => (r.settled ? r.passed : 'not settled');
const step = (text: string, on: Parameters<typeof interpretStep>[1]) => {
  const r = interpretStep(text, on);
  return r.settled && r.kind === 'check' ? r.passed : 'not settled';
};

const logIn = screen('Log in', [node('text', 'Email', 100), node('input', '', 145), node('button', 'Log in', 300)]);
const shelves = screen('Shelves', [node('text', 'Fiction', 100), node('button', 'Add shelf', 300)]);

describe('which screen stays or did not open', () => {
  it('"Shelves did not open" passes only while another screen shows', () => {
    expect(verdict(interpretAssertion('Verify Shelves did not open', logIn))).toBe(true);
    expect(verdict(interpretAssertion('Verify Shelves did not open', shelves))).toBe(false);
    expect(verdict(interpretAssertion("The Shelves screen didn't load", shelves))).toBe(false);
  });

  it('"should stay on Log in" and "We remain on the Log in screen" name the screen showing', () => {
    expect(verdict(interpretAssertion('should stay on Log in', logIn))).toBe(true);
    expect(verdict(interpretAssertion('should stay on Log in', shelves))).toBe(false);
    expect(step('We remain on the Log in screen', logIn)).toBe(true);
    expect(step('Should stay on the Log in screen', shelves)).toBe(false);
  });

  it('a switch that stays on is still a switch, not a screen', () => {
    const parsed = parseStep('Dark mode stays on');
    expect(parsed.understood && parsed.intent.kind === 'check' && parsed.intent.check.kind).toBe('state');
  });

  it('a lower-case word after "not" names no screen ("… and the banner is not shown")', () => {
    const r = parseStep('We are on the Log in screen and the banner is not shown');
    const names = r.understood && r.intent.kind === 'check' ? JSON.stringify(r.intent.check) : '';
    expect(names).not.toContain('"name":"shown"');
  });

  it('"The app opens on the Log in screen, not Shelves": the one screen and not the other', () => {
    expect(verdict(interpretAssertion('The app opens on the Log in screen, not Shelves', logIn))).toBe(true);
    expect(verdict(interpretAssertion('The app opens on the Log in screen, not Shelves', shelves))).toBe(false);
  });

  it('"No loan confirmation screen": passes on another title, fails on that one named loosely, refuses a half match', () => {
    expect(verdict(interpretAssertion('No loan confirmation screen', shelves))).toBe(true);
    expect(verdict(interpretAssertion('No loan confirmation screen', screen('Loan confirmation', [])))).toBe(false);
    expect(verdict(interpretAssertion('No loan confirmation screen', screen('Loan confirmed', [])))).toBe(false);
    expect(verdict(interpretAssertion('No loan confirmation screen', screen('Renewal confirmed', [])))).toBe(
      'not settled',
    );
  });

  it('"Wait for Shelves to load" waits for that title; a thing described is still refused', () => {
    const r = parseStep('Wait for Shelves to load');
    expect(r.understood && r.intent.kind === 'wait_until' && r.intent.screen).toBe(true);
    expect(parseStep('wait for the data to load').understood).toBe(false);
  });
});

describe('dialogs, headers and wordings', () => {
  const ask = (buttons: string[], text = 'The book goes back to the library.') =>
    screen('Loans', [
      node('button', 'Return', 200),
      node('alert', 'Return book?', 400, {
        bounds: { x: 16, y: 400, width: 360, height: 200 },
        children: [node('text', text, 440), ...buttons.map((b, i) => node('button', b, 500 + i * 50))],
      }),
    ]);

  it('"Dialog "Return book?" / "…" with Cancel and Return": open, both texts, exactly those buttons', () => {
    const claim = 'Dialog "Return book?" / "The book goes back to the library." with Cancel and Return';
    expect(verdict(interpretAssertion(claim, ask(['Cancel', 'Return'])))).toBe(true);
    expect(verdict(interpretAssertion(claim, ask(['Cancel', 'Keep'])))).toBe(false);
    expect(verdict(interpretAssertion(claim, ask(['Cancel', 'Return'], 'It is due tomorrow.')))).toBe(false);
    expect(verdict(interpretAssertion(claim, shelves))).toBe(false);
  });

  it('"Dialog title should be "…"" needs a dialog open with that text', () => {
    expect(verdict(interpretAssertion('Dialog title should be "Return book?"', ask(['OK'])))).toBe(true);
    expect(verdict(interpretAssertion('Dialog title should be "Renew book?"', ask(['OK'])))).toBe(false);
    const noDialog = screen('Loans', [node('text', 'Return book?', 200)]);
    expect(verdict(interpretAssertion('Dialog title should be "Return book?"', noDialog))).toBe(false);
  });

  it('"Header shows A and B" checks each text, never the screen title', () => {
    const book = screen('Book', [node('text', 'Northwind Atlas', 80), node('text', 'Travel', 120)]);
    expect(verdict(interpretAssertion('Header shows Northwind Atlas and Travel', book))).toBe(true);
    expect(verdict(interpretAssertion('Header shows Northwind Atlas and Poetry', book))).toBe(false);
    expect(verdict(interpretAssertion('Header: "Northwind Atlas" and "Travel"', book))).toBe(true);
  });

  it('"The error shown is "…" (remark)" is a message; the remark is set aside', () => {
    const form = screen('Renew', [node('text', 'Choose a branch', 200, { id: 'branch-error' })]);
    expect(verdict(interpretAssertion('The error shown is "Choose a branch" (branch checked before date)', form))).toBe(
      true,
    );
    expect(verdict(interpretAssertion('The error shown is "Choose a date" (branch checked before date)', form))).toBe(
      false,
    );
  });

  it('"Singular "1 loan" is used (not "1 loans")": the one wording and not the other', () => {
    const one = screen('Loans', [node('text', '1 loan', 100)]);
    const wrong = screen('Loans', [node('text', '1 loans', 100)]);
    // Both wordings are written out: "1 loan" on screen is not "1 loans", though a letter apart.
    expect(verdict(interpretAssertion('Singular "1 loan" is used (not "1 loans")', one))).toBe(true);
    expect(
      verdict(interpretAssertion('"Renew" is used, not "Extend"', screen('Loan', [node('button', 'Renew', 1)]))),
    ).toBe(true);
    expect(verdict(interpretAssertion('Singular "1 loan" is used (not "1 loans")', wrong))).toBe(false);
  });

  it('"Renew and Return book buttons present": each as a button', () => {
    const loan = screen('Loan', [node('button', 'Renew', 300), node('button', 'Return book', 360)]);
    const textOnly = screen('Loan', [node('button', 'Renew', 300), node('text', 'Return book', 360)]);
    expect(verdict(interpretAssertion('Renew and Return book buttons present', loan))).toBe(true);
    expect(verdict(interpretAssertion('Renew and Return book buttons present', textOnly))).toBe(false);
  });

  it('"Screen title and name are "…"": the title and the heading', () => {
    const book = screen('Dune', [node('text', 'Dune', 80, { bounds: { x: 16, y: 80, width: 360, height: 60 } })]);
    expect(verdict(interpretAssertion('Screen title and name are "Dune"', book))).toBe(true);
    expect(verdict(interpretAssertion('Screen title and name are "Emma"', book))).toBe(false);
  });

  it('"The Loan screen opens for Jo Park, Central Library": that screen and each text', () => {
    const loan = screen('Loan', [node('text', 'Jo Park', 100), node('text', 'Central Library', 150)]);
    expect(verdict(interpretAssertion('The Loan screen opens for Jo Park, Central Library', loan))).toBe(true);
    expect(verdict(interpretAssertion('The Loan screen opens for Jo Park, Eastgate Library', loan))).toBe(false);
    expect(verdict(interpretAssertion('The Renewal screen opens for Jo Park, Central Library', loan))).toBe(false);
  });

  it('""Enter a title" shown, still on New list": each part in its own form', () => {
    const form = screen('New list', [node('text', 'Enter a title', 200)]);
    expect(verdict(interpretAssertion('"Enter a title" shown, still on New list', form))).toBe(true);
    expect(verdict(interpretAssertion('"Enter a title" shown, still on Lists', form))).toBe(false);
    expect(verdict(interpretAssertion('"Title required" shown, still on New list', form))).toBe(false);
  });
});
