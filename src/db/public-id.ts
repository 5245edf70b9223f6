import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Prefixes of the public ids (docs/design/0007-identifiers.md). */
export type PublicIdPrefix = 'app' | 'ste' | 'tc' | 'run' | 'srun' | 'ci' | 'msr' | 'rec';

/** A short, URL-safe, unguessable id: the prefix, an underscore and 20 base62 characters (~119 bits). */
export function newPublicId(prefix: PublicIdPrefix): string {
  const bytes = randomBytes(20);
  let out = '';
  for (const b of bytes) out += ALPHABET[b % 62];
  return `${prefix}_${out}`;
}
