import { timestamp } from 'drizzle-orm/pg-core';

/** Every stored time is a timestamptz; the API renders it in UTC without a zone designator. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => ts('created_at').defaultNow().notNull();
export const updatedAt = () => ts('updated_at').defaultNow().notNull();
