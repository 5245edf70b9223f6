import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt } from './columns';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userEmail: text('user_email').notNull(),
    action: text('action').notNull(),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_org_created_idx').on(t.organizationId, t.createdAt.desc(), t.id.desc())],
);
