import { bigint, bigserial, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, ts } from './columns';

// Language models: each organization's default model, its own provider keys (BYOK), and one usage
// row per model call.

/** Providers of the API (spec, "AI config"); `platform` is the operator's hosted model. */
export const AI_PROVIDERS = ['platform', 'provider_a', 'provider_b', 'provider_c', 'aggregator'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];
/** Providers an organization may bring its own key for. */
export const KEY_PROVIDERS = ['provider_a', 'provider_b', 'provider_c', 'aggregator'] as const;
export type KeyProvider = (typeof KEY_PROVIDERS)[number];
/** Who pays a model call: the organization's usage credit, or its own key (an estimate is kept). */
export const AI_BILLING = ['platform', 'byok'] as const;
export type AiBilling = (typeof AI_BILLING)[number];
/** What a model call was for. */
export const AI_USAGE_PURPOSES = ['step', 'assertion', 'generate_test'] as const;
export type AiUsagePurpose = (typeof AI_USAGE_PURPOSES)[number];

export const aiConfigs = pgTable('ai_configs', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  defaultProvider: text('default_provider', { enum: AI_PROVIDERS }).notNull(),
  defaultModel: text('default_model').notNull(),
  updatedByUserId: integer('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').defaultNow().notNull(),
});

/** One key per organization and provider, sealed with AES-256-GCM; only `keyHint` is ever shown. */
export const aiProviderKeys = pgTable(
  'ai_provider_keys',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: KEY_PROVIDERS }).notNull(),
    sealedKey: text('sealed_key').notNull(),
    keyHint: text('key_hint').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ai_provider_keys_org_provider_idx').on(t.organizationId, t.provider)],
);

/**
 * One row per model call that answered: tokens and their cost in micro-credits (the billed amount
 * for `platform`, a list-price estimate for `byok`). Runs are referenced by id without a foreign
 * key so that usage outlives a deleted case and its runs.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    runId: integer('run_id'),
    stepIndex: integer('step_index'),
    purpose: text('purpose', { enum: AI_USAGE_PURPOSES }).notNull(),
    /** As the API names it: `:byok` for own-key models. */
    model: text('model').notNull(),
    provider: text('provider', { enum: AI_PROVIDERS }).notNull(),
    billing: text('billing', { enum: AI_BILLING }).notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    costMicro: bigint('cost_micro', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ai_usage_org_created_idx').on(t.organizationId, t.createdAt), index('ai_usage_run_idx').on(t.runId)],
);
