import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts';
import { createdAt, ts, updatedAt } from './columns';

// Usage credit (docs/design/0019-plans-and-credits.md): one account per organization with its two
// buckets and allowance period, the ledger every change of a bucket writes, Stripe top-ups and
// the Stripe events already handled.

export const LEDGER_ENTRY_TYPES = [
  'usage_deduction',
  'prepaid_topup',
  'subscription_refill',
  'grant',
  'refund',
] as const;
export type LedgerEntryType = (typeof LEDGER_ENTRY_TYPES)[number];
export const BALANCE_BUCKETS = ['allowance', 'prepaid'] as const;
export type BalanceBucket = (typeof BALANCE_BUCKETS)[number];
export const TOPUP_STATUSES = ['pending', 'completed', 'failed', 'expired'] as const;
export type TopupStatus = (typeof TOPUP_STATUSES)[number];

/**
 * An organization's credit: each bucket equals the sum of its ledger entries, kept so in the
 * transaction that writes them, and never below zero (the checks).
 */
export const creditAccounts = pgTable(
  'credit_accounts',
  {
    organizationId: integer('organization_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    allowanceMicro: bigint('allowance_micro', { mode: 'number' }).notNull().default(0),
    prepaidMicro: bigint('prepaid_micro', { mode: 'number' }).notNull().default(0),
    /** The allowance period (a calendar month, UTC) the allowance bucket belongs to. */
    periodStart: ts('period_start').notNull(),
    periodEnd: ts('period_end').notNull(),
    /** The monthly allowance of an enterprise organization, set by the operator. */
    enterpriseAllowanceMicro: bigint('enterprise_allowance_micro', { mode: 'number' }),
    /** Set when the balance went low and `billing.credit_low` was sent; cleared when it recovers. */
    lowBalanceNotified: boolean('low_balance_notified').notNull().default(false),
    /** When streaming overage first found no credit for a started minute; null while credit lasts. */
    streamingCreditOutAt: ts('streaming_credit_out_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('credit_accounts_allowance_nonnegative', sql`${t.allowanceMicro} >= 0`),
    check('credit_accounts_prepaid_nonnegative', sql`${t.prepaidMicro} >= 0`),
  ],
);

export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    entryType: text('entry_type', { enum: LEDGER_ENTRY_TYPES }).notNull(),
    balanceBucket: text('balance_bucket', { enum: BALANCE_BUCKETS }).notNull(),
    /** Signed: deductions are negative. */
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    model: text('model'),
    /** The run an AI entry settles; a plain number, as ledger entries outlive the runs they record. */
    testRunId: integer('test_run_id'),
    isStreaming: boolean('is_streaming').notNull().default(false),
    /** Streaming overage: the session, and which of its overage minutes of the month (1, 2, ...). */
    sessionId: text('session_id'),
    streamingMinute: integer('streaming_minute'),
    /** A refill: what was left of the previous period's allowance and lapsed. */
    lapsedMicro: bigint('lapsed_micro', { mode: 'number' }),
    note: text('note'),
    /**
     * What the entry settles (`run:<id>`, `stream:<session>:<month>:<minute>`, `topup:<id>`,
     * `refill:<period>`...): one operation writes its entries once, whoever retries it.
     */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_org_id_idx').on(t.organizationId, t.id.desc()),
    uniqueIndex('credit_ledger_reference_idx').on(t.organizationId, t.reference, t.balanceBucket),
    index('credit_ledger_run_idx').on(t.testRunId),
    // This month's usage (the dashboard, the streaming meter).
    index('credit_ledger_org_created_idx').on(t.organizationId, t.createdAt),
  ],
);

/**
 * Usage credit held for a platform model call in flight: taken (under the account's lock) before
 * the call, gone when the call's cost is added to its run (or charged) or it failed. Holds of
 * one organization plus its runs' unsettled cost never exceed its balance. A hold outlives a
 * crashed process only until `expires_at`, after which it counts for nothing and a sweep drops it.
 */
export const creditHolds = pgTable(
  'credit_holds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The run whose call it covers (a plain number, as for ledger entries); null outside runs (generate-test). */
    testRunId: integer('test_run_id'),
    model: text('model'),
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('credit_holds_org_idx').on(t.organizationId, t.expiresAt),
    index('credit_holds_run_idx').on(t.testRunId),
    check('credit_holds_amount_nonnegative', sql`${t.amountMicro} >= 0`),
  ],
);

/** A Stripe Checkout top-up, from the request that opened it to the webhook that credits it. */
export const creditTopups = pgTable(
  'credit_topups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    amountMicro: bigint('amount_micro', { mode: 'number' }).notNull(),
    bundleKey: text('bundle_key'),
    status: text('status', { enum: TOPUP_STATUSES }).notNull().default('pending'),
    checkoutSessionId: text('checkout_session_id'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    uniqueIndex('credit_topups_checkout_idx').on(t.checkoutSessionId),
    index('credit_topups_org_idx').on(t.organizationId, t.id),
  ],
);

/** Stripe events already handled: a replayed or concurrent duplicate finds its id here. */
export const stripeEvents = pgTable('stripe_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  processedAt: ts('processed_at').notNull(),
});
