import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** How an API token begins, so that a bearer is told from a login JWT without a lookup. */
export const API_TOKEN_PREFIX = 'tok_';

/** A random URL-safe secret of `bytes` bytes of entropy, with an optional prefix. */
export function randomToken(bytes = 32, prefix = ''): string {
  return prefix + randomBytes(bytes).toString('base64url');
}

/** Stored form of a high-entropy token: its SHA-256 hex. Lookups go by this hash. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
