import { describe, expect, it } from 'vitest';
import { suiteAccounts, withAccount } from './accounts';
import { parseStep } from './parse-step';
import { typedAccount } from './typed-account';

const none = () => null;

describe('accounts a suite names', () => {
  it('reads user and password variables, with a prefix or nested under a name', () => {
    expect(suiteAccounts(null, { email: 'sam@x.test', password: 'pw1' })).toEqual([
      { user: 'sam@x.test', password: 'pw1', names: ['sam', 'x', 'test'] },
    ]);
    const two = suiteAccounts(null, {
      sam_email: 'sam@x.test',
      sam_password: 'pw1',
      adminUsername: 'root',
      adminPassword: 'pw2',
    });
    expect(two.map((a) => [a.user, a.password])).toEqual([
      ['sam@x.test', 'pw1'],
      ['root', 'pw2'],
    ]);
    expect(two[1]!.names).toContain('admin');
    expect(suiteAccounts(null, { alex: { username: 'alex', password: 'pw3' } })[0]!.names).toContain('alex');
  });

  it('reads the accounts a context names in prose', () => {
    const [a] = suiteAccounts(
      'The app under test is Homely.\nTest account: sam@homely.test / home2024 (Sam Rivera).',
      {},
    );
    expect(a).toMatchObject({ user: 'sam@homely.test', password: 'home2024' });
    expect(a!.names).toEqual(expect.arrayContaining(['test', 'sam']));
    const [b] = suiteAccounts('Log in with username: demo, password: s3cret', {});
    expect(b).toMatchObject({ user: 'demo', password: 's3cret' });
  });

  it('reads a user and a password on lines of their own, as a product page lists them', () => {
    const page =
      '## Test account\n\n- Email: `mia@reelhouse.test`\n- Password: `reel2024`\n- Member: Mia Torres, Gold member';
    const [a] = suiteAccounts(page, {});
    expect(a).toMatchObject({ user: 'mia@reelhouse.test', password: 'reel2024' });
    expect(a!.names).toEqual(expect.arrayContaining(['test', 'mia', 'torres']));
    expect(withAccount("Log in with Mia's account", [a!], none)).toBe('Log in with mia@reelhouse.test / reel2024');
  });

  it('finds none in a context without credentials, and a password never without its user', () => {
    expect(suiteAccounts('A food delivery app. Orders and baskets, and a profile.', {})).toEqual([]);
    expect(suiteAccounts(null, { password: 'pw1' })).toEqual([]);
  });

  it('reads a hostile context and variables in bounded time, with at most 20 accounts', () => {
    const context = Array.from({ length: 5000 }, (_, i) => `user${i}@x.test / pw${i}`).join('\n');
    const deep: Record<string, unknown> = {};
    let at = deep;
    for (let i = 0; i < 100; i++) at = (at[`k${i}`] = { password: 'x', email: 'e@x.test' }) as Record<string, unknown>;
    const started = performance.now();
    expect(suiteAccounts(context, deep).length).toBeLessThanOrEqual(20);
    expect(suiteAccounts(`${'user '.repeat(50_000)}password`, {})).toBeDefined();
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('reads a context of one endless word, or of addresses run together, without stalling', () => {
    // Regular expressions that scan a word for "@" from every start would take seconds to minutes on these.
    const started = performance.now();
    for (const context of [
      'a'.repeat(20_000),
      'a@'.repeat(10_000),
      `email: ${'a'.repeat(19_990)}`,
      'x@y.z/'.repeat(3_000),
    ])
      expect(suiteAccounts(context, {})).toEqual([]);
    expect(performance.now() - started).toBeLessThan(2000);
    // A real account beside such a word is still read.
    expect(suiteAccounts(`${'a@'.repeat(5_000)}\nTest account: sam@x.test / pw1`, {})).toMatchObject([
      { user: 'sam@x.test', password: 'pw1' },
    ]);
  });
});

describe('the account the case typed', () => {
  it('is the last user and password typed, whatever the form', () => {
    expect(typedAccount(['Enter email sam@x.test', 'Enter password wrong1', 'Tap Sign in'])).toMatchObject({
      user: 'sam@x.test',
      password: 'wrong1',
    });
    expect(
      typedAccount(['Sign in with sam@x.test / pw1', 'Sign out', 'Clear the password and type pw2'])?.password,
    ).toBe('pw2');
    expect(typedAccount(['Type sam@x.test in Email, leave Password blank'])).toBeNull();
  });
});

describe('a step that signs in with an account it names', () => {
  const sam = suiteAccounts('Test account: sam@homely.test / home2024', {});
  const two = suiteAccounts(null, {
    sam_email: 'sam@x.test',
    sam_password: 'pw1',
    alex_email: 'alex@x.test',
    alex_password: 'pw2',
  });

  it('is read with the credentials of the account the suite names', () => {
    expect(withAccount('Sign in with the test account', sam, none)).toBe('Sign in with sam@homely.test / home2024');
    expect(withAccount("Sign in with Sam's account", sam, none)).toBe('Sign in with sam@homely.test / home2024');
    expect(withAccount('Log in with valid credentials.', sam, none)).toBe('Log in with sam@homely.test / home2024');
    expect(withAccount('log in as Alex', two, none)).toBe('Log in with alex@x.test / pw2');
    expect(withAccount("Sign in with Sam's account", two, none)).toBe('Sign in with sam@x.test / pw1');
  });

  it('signs in again with what the case typed before', () => {
    const typed = () => ({ user: 'sam@x.test', password: 'pw9', names: [] });
    expect(withAccount('Sign in again', [], typed)).toBe('Sign in with sam@x.test / pw9');
    expect(withAccount('Log back in', [], typed)).toBe('Sign in with sam@x.test / pw9');
    expect(withAccount('Sign in again with the same account', sam, typed)).toBe('Sign in with sam@x.test / pw9');
  });

  it('signs in again as the last part of a step, the parts before it as written', () => {
    const typed = () => ({ user: 'sam@x.test', password: 'pw9', names: [] });
    expect(withAccount('Sign out, then sign in again', [], typed)).toBe('Sign out, then Sign in with sam@x.test / pw9');
    expect(withAccount('Kill the app, relaunch and log back in', [], typed)).toBe(
      'Kill the app, relaunch and Sign in with sam@x.test / pw9',
    );
    expect(withAccount('Sign out and sign in again', [], none)).toBeNull();
    expect(withAccount('Sign in again and tap Profile', [], typed)).toBeNull();
  });

  it('is left as written when which account is meant is not known', () => {
    // A person no account is said to be, several accounts and no name, nothing typed before.
    expect(withAccount("Sign in with Alex's account", sam, none)).toBeNull();
    expect(withAccount('Sign in with the test account', two, none)).toBeNull();
    expect(withAccount('Sign in with the test account', [], none)).toBeNull();
    expect(withAccount('Sign in again', sam, none)).toBeNull();
    // Not a sign-in with a named account at all.
    expect(withAccount('Sign in with the wrong password', sam, none)).toBeNull();
    expect(withAccount('Tap Sign in again', sam, none)).toBeNull();
    expect(withAccount('Sign in with an invalid account', sam, none)).toBeNull();
  });
});

describe('a step naming an account the case does not know', () => {
  it('is refused saying where an account is named; other steps keep their reasons', () => {
    const r = parseStep("Sign in with Kim's account");
    expect(r).toMatchObject({ understood: false, reason: expect.stringMatching(/account this case does not know/) });
    expect(parseStep('Sign in with the test account')).toMatchObject({ reason: expect.stringMatching(/variables/) });
    expect(parseStep('Frobnicate the widget')).toMatchObject({ reason: expect.stringMatching(/interpreter grammar/) });
    // Spelt out, it is read as always.
    expect(parseStep('Sign in with kim@x.test / pw1').understood).toBe(true);
  });
});
