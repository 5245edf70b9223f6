import { z } from 'zod';
import { BALANCE_BUCKETS, LEDGER_ENTRY_TYPES } from '../../db/schema';
import { ApiTimestamp } from '../../http/api-time';
import { Offset } from '../../http/schemas';

const Micro = z.number().int();

export const CreditBalance = z.object({
  allowance_micro: Micro.meta({ description: 'Remaining monthly plan allowance' }),
  prepaid_micro: Micro.meta({ description: 'Remaining purchased credit' }),
  plan_allowance_micro: Micro,
  plan_period_end: ApiTimestamp.nullable().meta({ description: 'End of the allowance period; null on the free plan' }),
  low_balance: z.boolean(),
  bundles: z.array(z.object({ bundle_key: z.string(), amount_micro: Micro })),
  custom_min_micro: Micro,
  custom_max_micro: Micro,
  plan_id: z.string().meta({ description: 'additive' }),
  topup_available: z
    .boolean()
    .meta({ description: 'additive: false when top-ups answer 503 (no payment provider configured)' }),
});
export type CreditBalance = z.infer<typeof CreditBalance>;

export const LedgerEntry = z.object({
  id: z.number().int(),
  created_at: ApiTimestamp,
  entry_type: z.enum(LEDGER_ENTRY_TYPES),
  balance_bucket: z.enum(BALANCE_BUCKETS),
  amount_micro: Micro.meta({ description: 'Signed; deductions are negative' }),
  model: z.string().nullable(),
  test_run_id: z.number().int().nullable(),
  is_streaming: z.boolean(),
  session_id: z.string().nullable().meta({ description: 'additive: the session of a streaming-overage entry' }),
  lapsed_micro: Micro.nullable().meta({
    description:
      'additive: on a subscription_refill, the unused allowance that lapsed (amount_micro is the net change)',
  }),
  note: z.string().nullable().meta({ description: 'additive: the operator note of a grant' }),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const LedgerList = z.object({ total: z.number().int(), entries: z.array(LedgerEntry) });
export type LedgerList = z.infer<typeof LedgerList>;

export const LedgerQuery = z.object({
  limit: z.coerce.number().int().min(1, 'must be between 1 and 100').max(100, 'must be between 1 and 100').default(20),
  offset: Offset,
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

export const TopupBody = z.object({
  bundle_key: z.string().min(1).max(100).optional(),
  amount_usd: z
    .number({ error: 'must be a whole number of dollars' })
    .int('must be a whole number of dollars')
    .optional(),
});
export type TopupBody = z.infer<typeof TopupBody>;

export const TopupResponse = z.object({ url: z.string() });

const Metric = (unit: string) => z.object({ current: z.number(), limit: z.number().nullable(), unit: z.literal(unit) });

export const UsageDashboard = z.object({
  plan_id: z.string(),
  plan_name: z.string(),
  monthly_sessions: z.number().int(),
  ai_cost_micro: Micro,
  byok_cost_micro: Micro,
  ai_runs: z.number().int(),
  byok_runs: z.number().int(),
  by_model: z.array(z.object({ model: z.string(), runs: z.number().int(), cost_micro: Micro })),
  streaming_overage_minutes: z.number().int(),
  streaming_overage_micro: Micro,
  ai_credit_platform: Metric('USD'),
  ai_tokens_byok: Metric('tokens'),
  streaming_minutes: Metric('minutes'),
  active_sessions: Metric('sessions'),
  storage: Metric('MB').meta({
    description:
      'additive: what the organization stores now (app packages, visual baselines, run screenshots) against its storage quota (null: none)',
  }),
  period_start: ApiTimestamp.meta({ description: 'additive: start of the month the figures cover' }),
  period_end: ApiTimestamp.meta({ description: 'additive' }),
});
export type UsageDashboard = z.infer<typeof UsageDashboard>;

export const WebhookReceived = z.object({ received: z.literal(true) });
