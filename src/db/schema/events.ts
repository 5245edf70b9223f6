import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { createdAt, ts } from './columns';

/**
 * The outbox of domain events (`app.uploaded`, `session.started`, ...). A row is written in the
 * same transaction as the change it reports; webhook delivery reads from here.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    metadata: jsonb('metadata'),
    createdAt: createdAt(),
    /** Set once every webhook subscribed at the time has a delivery row. */
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [
    index('domain_events_org_created_idx').on(t.organizationId, t.createdAt),
    index('domain_events_undispatched_idx').on(t.id).where(sql`dispatched_at IS NULL`),
  ],
);
