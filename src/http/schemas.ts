import { z } from 'zod';

/** PostgreSQL `integer`, the type of every serial id: larger numbers cannot name a row. */
const MAX_INT4 = 2_147_483_647;

/** A numeric row id in a path or query string. */
export const RowId = z.coerce.number().int().positive().max(MAX_INT4);

/** A list offset: a non-negative integer PostgreSQL can take. */
export const Offset = z.coerce.number().int().min(0).max(MAX_INT4).default(0);

/** A whole number from a query string: digits only, so that `?n=` is an error rather than 0. */
export const QueryCount = z
  .string()
  .regex(/^\d+$/, 'must be a whole number')
  .transform(Number)
  .pipe(z.number().int().max(MAX_INT4));

/** An email address as every form takes it: valid, at most 254 characters, trimmed. */
export const Email = z
  .email({ error: 'must be a valid email address' })
  .max(254)
  .transform((v) => v.trim());

/** The path of every `/organizations/{org_id}/…` route. */
export const OrgParams = z.object({ org_id: RowId });
export type OrgParams = z.infer<typeof OrgParams>;
