import { describe, expect, it } from 'vitest';
import { serializeError } from './logging';
import { redactSecrets } from './redact';

describe('redactSecrets', () => {
  it('takes out the secrets the caller names, wherever they stand', () => {
    expect(redactSecrets('your key plain-operator-secret-42 was refused', ['plain-operator-secret-42'])).toBe(
      'your key [redacted] was refused',
    );
  });

  it('takes out credential headers and fields, however they are quoted', () => {
    const echoed = JSON.stringify({
      error: {
        message: 'bad',
        headers: {
          authorization: 'Bearer abc.def.ghi-opaque-value',
          'x-api-key': 'opaque-anthropic-value',
          'x-goog-api-key': 'opaque-google-value',
          cookie: 'session=1',
        },
      },
    });
    const out = redactSecrets(echoed);
    for (const secret of ['abc.def.ghi-opaque-value', 'opaque-anthropic-value', 'opaque-google-value'])
      expect(out).not.toContain(secret);
    expect(out).toContain('"authorization":"Bearer [redacted]"');
    expect(out).toContain('"x-api-key":"[redacted]"');
    expect(redactSecrets('Authorization: Basic dXNlcjpwYXNz\r\nX-Api-Key: k-123456')).toBe(
      'Authorization: Basic [redacted]\r\nX-Api-Key: [redacted]',
    );
    expect(redactSecrets('GET /v1beta/models/x:generateContent?key=opaque-q-value&alt=sse')).toBe(
      'GET /v1beta/models/x:generateContent?key=[redacted]&alt=sse',
    );
    // A body quoted inside a message: escaped quotes.
    expect(redactSecrets('{\\"api_key\\":\\"opaque-escaped\\"}')).not.toContain('opaque-escaped');
  });

  it('takes out bearer values and the shapes of keys and tokens', () => {
    const text = [
      'bearer opaque123456',
      'sk-proj-abcdefghijklmnop',
      'sk-ant-api03-abcdefghijkl',
      'AIzaSyA1234567890abcdefghijklmno',
      'ghp_abcdefghijklmnopqrstuv',
      'sk_live_abcdefghijklmnop',
      'whsec_abcdefghijklmnop',
      'tok_abcdefghijklmnop',
      'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VySWQiOjF9.c2lnbmF0dXJlLXZhbHVl',
    ].join(' ');
    expect(redactSecrets(text)).toBe(`bearer [redacted]${' [redacted]'.repeat(8)}`);
  });

  it('leaves ordinary text alone', () => {
    for (const text of [
      '{"max_tokens":1024,"token_type":"bearer","usage":{"input_tokens":12}}',
      'duplicate key value violates unique constraint "users_email_idx"',
      'The provider rejected the key for provider_a',
      'Key (email)=(a@b.c) already exists.',
    ])
      expect(redactSecrets(text)).toBe(text);
  });
});

describe('serializeError', () => {
  it('drops what HTTP clients attach (bodies, headers, requests) and redacts the message and stack', () => {
    const err = Object.assign(new Error('Bad request: {"authorization":"Bearer opaque-in-message-1"}'), {
      responseBody: '{"echo":"sk-proj-responsebodykey123"}',
      requestBodyValues: { messages: ['a screenshot'] },
      responseHeaders: { 'set-cookie': 'x' },
      statusCode: 400,
    });
    const out = JSON.stringify(serializeError(err));
    expect(out).not.toContain('opaque-in-message-1');
    expect(out).not.toContain('responsebodykey');
    expect(out).not.toContain('a screenshot');
    expect(out).toContain('"statusCode":400');
  });
});
