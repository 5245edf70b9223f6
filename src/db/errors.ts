/** PostgreSQL SQLSTATE of an error thrown by pg, directly or wrapped by Drizzle. */
export function sqlState(err: unknown): string | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown): boolean => sqlState(err) === '23505';
export const isForeignKeyViolation = (err: unknown): boolean => sqlState(err) === '23503';
/** The transaction was chosen to break a deadlock (it can be run again from its start). */
export const isDeadlock = (err: unknown): boolean => sqlState(err) === '40P01';
