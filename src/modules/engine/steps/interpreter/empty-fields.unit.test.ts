import { describe, expect, it } from 'vitest';
import { labelled, node, screen } from './hand-built-screens.fixture';
import { interpretAssertion } from './index';

const signIn = (email = '', password = '', extra: ReturnType<typeof node>[] = []) =>
  screen('Sign in', [
    ...labelled('Email', 'email', 100, email),
    ...labelled('Password', 'password', 200, password),
    node('button', 'Sign in', 320),
    ...extra,
  ]);
const verdict = (claim: string, seen = signIn()) => {
  const r = interpretAssertion(claim, seen);
  return r.settled ? r.passed : 'not settled';
};

describe('claims that fields are empty', () => {
  const claims = [
    'Both fields are empty',
    'All fields are blank',
    'The fields are empty',
    'The Sign in screen shows empty Email and Password fields',
    'Sign in screen with empty fields',
    'Sign in is shown with empty Email and Password',
    'Empty Email and Password fields',
    'The Email and Password fields are blank',
  ];

  it.each(claims)('%s: holds on an empty form', (claim) => {
    expect(verdict(claim)).toBe(true);
  });

  it.each(claims)('%s: fails when a field holds text', (claim) => {
    expect(verdict(claim, signIn('sam@x.test'))).toBe(false);
  });

  it('fails on "both" when there are three fields, and on another screen than the one named', () => {
    const three = signIn('', '', labelled('Name', 'name', 400));
    expect(verdict('Both fields are empty', three)).toBe(false);
    expect(verdict('All fields are empty', three)).toBe(true);
    const home = screen('Home', labelled('Search', 'q', 100));
    expect(verdict('Sign in screen with empty fields', home)).toBe(false);
    expect(verdict('Both fields are empty', screen('Home', [node('text', 'Hello', 100)]))).toBe('not settled');
  });
});
