import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, ts, updatedAt } from './columns';

// Webhook endpoints, their deliveries, and source-control connections (commit statuses).

export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    /** The event types the endpoint is subscribed to. */
    eventTypes: jsonb('event_types').$type<string[]>().notNull(),
    /** The HMAC signing secret, sealed with the secret box (it must be read back to sign). */
    secretSealed: text('secret_sealed').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_org_idx').on(t.organizationId, t.id)],
);

export const DELIVERY_STATES = ['pending', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export interface DeliveryAttempt {
  at: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number;
}

/**
 * One event to one endpoint. `body` is the exact JSON sent (a redelivery sends it again);
 * `next_attempt_at` is when the next attempt is due, on the service clock.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    state: text('state', { enum: DELIVERY_STATES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    deliveredAt: ts('delivered_at'),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    attemptLog: jsonb('attempt_log').$type<DeliveryAttempt[]>().notNull().default([]),
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id.desc()),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`state IN ('pending', 'retrying')`),
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** An organization's GitHub repository for commit statuses; the token is sealed at rest. */
export const githubConnections = pgTable(
  'github_connections',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    repository: text('repository').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    tokenHint: text('token_hint').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('github_connections_org_idx').on(t.organizationId)],
);
