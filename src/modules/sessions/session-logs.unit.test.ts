import { describe, expect, it } from 'vitest';
import { maskKnownSecrets } from './session-logs';

describe('what a device log never keeps', () => {
  it('masks API tokens, bearer values, JWTs and password-like pairs, and the secrets it is given', () => {
    expect(maskKnownSecrets('using tok_AbCdEfGhIjKlMnOpQrStUv for upload')).toBe('using tok_•••• for upload');
    expect(maskKnownSecrets('Authorization: Bearer abc.def-ghi_jklmnop')).toBe('Authorization: Bearer ••••');
    expect(maskKnownSecrets('jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl here')).toBe('jwt •••• here');
    expect(maskKnownSecrets('login password=hunter22&user=demo')).toBe('login password=••••&user=demo');
    expect(maskKnownSecrets('{"api_key": "sk-live-1234"}')).toBe('{"api_key": "••••"}');
    expect(maskKnownSecrets('typed s3cr3t!', ['s3cr3t!'])).toBe('typed ••••');
    expect(maskKnownSecrets('Screen shown: items (Items)')).toBe('Screen shown: items (Items)');
  });
});
