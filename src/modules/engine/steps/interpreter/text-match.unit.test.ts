import { describe, expect, it } from 'vitest';
import { editDistance, humanizeId, maxEditsFor, normalizeText, tolerantDistance } from './text-match';

describe('tolerant text matching', () => {
  it('folds case, quotes, punctuation and whitespace', () => {
    expect(normalizeText('  Welcome,   DEMO! ')).toBe('welcome demo');
    expect(normalizeText('“Sign in”')).toBe('sign in');
    expect(normalizeText('Log-In')).toBe('log in');
  });

  it('counts an adjacent transposition as one edit and stops past the limit', () => {
    expect(editDistance('sign in', 'sing in')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('ab', 'abcdefgh', 1)).toBe(2);
  });

  it('allows more edits for longer texts, none for short ones', () => {
    expect([1, 3, 4, 7, 8, 14, 15, 60].map(maxEditsFor)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
    expect(tolerantDistance('Usernme', 'Username')).toBe(1);
    expect(tolerantDistance('Sign In', 'sign in')).toBe(0);
    expect(tolerantDistance('Go', 'Do')).toBeNull();
    expect(tolerantDistance('Sign in', 'Sign out')).toBeNull();
    expect(tolerantDistance('Send feedbak', 'Send feedback')).toBe(1);
  });

  it('never matches texts whose numbers differ', () => {
    expect(tolerantDistance('Item 3', 'Item 8')).toBeNull();
    expect(tolerantDistance('Item 3', 'Item 30')).toBeNull();
    expect(tolerantDistance('Version 1.2.0', 'Version 1.2.1')).toBeNull();
    expect(tolerantDistance('Item 3', 'Itme 3')).toBe(1);
  });

  it('reads identifiers as words', () => {
    expect(humanizeId('feedback-message')).toBe('feedback message');
    expect(humanizeId('com.shop:id/email_input')).toBe('email input');
    expect(humanizeId('signInButton')).toBe('sign In Button');
  });
});
