/**
 * Shapes of endpoints the spec defines that this server may not serve yet (AI configuration,
 * keys and models; credits and usage; webhooks and the GitHub connection). The console reads
 * them with `requestIfAvailable` and hides a section whose endpoint answers 404. Once they are in
 * the OpenAPI document, `npm run web:openapi` types them and these can go.
 */
export type AiProvider = 'platform' | 'provider_a' | 'provider_b' | 'provider_c' | 'aggregator';

export interface AiConfig {
  default_provider: AiProvider;
  default_model: string;
}

export interface AiModel {
  id: string;
  name: string;
  provider: string;
  builtin: boolean;
}

export interface ProviderKey {
  id: number;
  provider: string;
  key_hint: string;
  created_at: string;
}

interface UsageBucket {
  input_tokens: number;
  output_tokens: number;
  cost_micro: number;
  runs_count: number;
}

export interface AiUsage {
  total: UsageBucket;
  byok: UsageBucket;
  platform: UsageBucket;
  by_model: Array<{ model: string; runs: number; cost_micro: number }>;
}

export interface CreditBalance {
  allowance_micro: number;
  prepaid_micro: number;
  plan_allowance_micro: number;
  plan_period_end: string | null;
  low_balance: boolean;
  bundles: Array<{ bundle_key: string; amount_micro: number }>;
  custom_min_micro: number;
  custom_max_micro: number;
}

export interface LedgerEntry {
  id: number;
  created_at: string;
  entry_type: string;
  balance_bucket: 'allowance' | 'prepaid';
  amount_micro: number;
  model: string | null;
  test_run_id: number | null;
  is_streaming: boolean;
}

export interface Metric {
  current: number;
  limit: number | null;
  unit: string;
}

export interface UsageDashboard {
  plan_id: string;
  plan_name: string;
  monthly_sessions: number;
  ai_cost_micro: number;
  byok_cost_micro: number;
  ai_runs: number;
  byok_runs: number;
  by_model: Array<{ model: string; runs: number; cost_micro: number }>;
  streaming_overage_minutes: number;
  streaming_overage_micro: number;
  ai_credit_platform?: Metric;
  ai_tokens_byok?: Metric;
  streaming_minutes?: Metric;
  active_sessions?: Metric;
}

export interface Webhook {
  id: number;
  url: string;
  description: string | null;
  enabled: boolean;
  event_types: string[];
  created_at: string;
  secret?: string;
}

export interface EventType {
  type: string;
  category: string;
  description: string;
  default_enabled: boolean;
}

export interface Delivery {
  id: number | string;
  event_type?: string;
  type?: string;
  status?: string;
  response_status?: number | null;
  created_at: string;
  attempts?: number;
}

export interface GithubConnection {
  repository: string | null;
  connected?: boolean;
}

/** 1,000,000 micro-credits are one US dollar. */
export function dollars(micro: number): string {
  return (micro / 1_000_000).toLocaleString(undefined, { style: 'currency', currency: 'USD' });
}
