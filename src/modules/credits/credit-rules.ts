import { planFor } from '../plans';

/** 1,000,000 micro-credits are one US dollar (the spec's cost unit). */
export const MICROS_PER_USD = 1_000_000;

/** Top-up bundles (docs/design/0019-plans-and-credits.md): that many dollars. */
export const BUNDLES = [
  { bundle_key: 'credits_10', amount_micro: 10 * MICROS_PER_USD },
  { bundle_key: 'credits_25', amount_micro: 25 * MICROS_PER_USD },
  { bundle_key: 'credits_50', amount_micro: 50 * MICROS_PER_USD },
  { bundle_key: 'credits_100', amount_micro: 100 * MICROS_PER_USD },
] as const;

export const CUSTOM_TOPUP_MIN_MICRO = 5 * MICROS_PER_USD;
export const CUSTOM_TOPUP_MAX_MICRO = 1_000 * MICROS_PER_USD;

/** One started minute of streaming past the plan's minutes. */
export const STREAMING_MINUTE_MICRO = 60_000;

/** The free step interpreter: never billed. */
export const INTERPRETER_MODEL = 'platform/interpreter';

/**
 * Who pays for a run's model: `platform` (the hosted model, deducted from usage credit), `byok`
 * (the organization's own provider key: an estimate is recorded, nothing deducted) or `free`
 * (the interpreter, and runs with no model).
 */
export type RunBilling = 'platform' | 'byok' | 'free';

export function runBilling(run: { provider: string | null; model: string | null }): RunBilling {
  if (!run.model || run.model === INTERPRETER_MODEL || !run.provider) return 'free';
  if (run.provider === 'platform' && !run.model.endsWith(':byok')) return 'platform';
  return 'byok';
}

/** The allowance period containing `at`: its calendar month in UTC, like the streaming meter's. */
export function allowancePeriodAt(at: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)),
    end: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)),
  };
}

/** The monthly allowance of a plan; enterprise's is what the operator set (none: 0). */
export function planAllowanceMicro(planId: string, enterpriseAllowanceMicro: number | null): number {
  return planFor(planId).allowanceMicros ?? enterpriseAllowanceMicro ?? 0;
}

/** Low when allowance + prepaid is under $1, or under 10 % of the plan's allowance. */
export function isLowBalance(totalMicro: number, planAllowance: number): boolean {
  return totalMicro < MICROS_PER_USD || totalMicro < planAllowance / 10;
}

/**
 * How a deduction of `amount` splits over the buckets: the allowance first, then prepaid, never
 * below zero; what neither covers is `uncovered`.
 */
export function splitDeduction(
  amount: number,
  buckets: { allowance: number; prepaid: number },
): { allowance: number; prepaid: number; uncovered: number } {
  const allowance = Math.min(Math.max(0, amount), buckets.allowance);
  const prepaid = Math.min(amount - allowance, buckets.prepaid);
  return { allowance, prepaid, uncovered: amount - allowance - prepaid };
}

/** "12.5" → 12_500_000: exact decimal dollars (at most 6 places) to micro-credits; null if not that. */
export function parseUsd(text: string): number | null {
  const m = /^(\d{1,7})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * MICROS_PER_USD + Number((m[2] ?? '').padEnd(6, '0'));
}

/** 12_500_000 → "$12.50" (micro-credits below a cent are shown). */
export function formatUsd(micro: number): string {
  const sign = micro < 0 ? '-' : '';
  const abs = Math.abs(micro);
  const dollars = Math.floor(abs / MICROS_PER_USD);
  const fraction = String(abs % MICROS_PER_USD)
    .padStart(6, '0')
    .replace(/0{1,4}$/, '');
  return `${sign}$${dollars}.${fraction.padEnd(2, '0')}`;
}
