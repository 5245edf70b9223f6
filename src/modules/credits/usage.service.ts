import { requireRole, type Ctx } from '../../context';
import { apiTime } from '../../http/api-time';
import { planFor, type StorageQuota } from '../plans';
import { allowanceOf, readCreditAccount } from './credit-account';
import { allowancePeriodAt, MICROS_PER_USD, runBilling } from './credit-rules';
import type { UsageDashboard } from './credits.schemas';
import { countLiveSessions } from '../sessions';
import { countSessionsCreatedSince, ledgerUsageSince, runUsageSince, sessionIntervalsSince } from './usage.repository';

/** The usage dashboard: what the organization used this month against its plan's limits. */
export class UsageService {
  constructor(private readonly deps: { storageQuota: StorageQuota }) {}

  /**
   * Figures of the current calendar month (UTC), the period of the allowance and of the streaming
   * meter. `streaming_minutes` counts live sessions up to now, as the meter does.
   */
  async getUsageDashboard({ ctx }: { ctx: Ctx }): Promise<UsageDashboard> {
    const org = requireRole(ctx, 'viewer');
    const now = ctx.clock.now();
    const period = allowancePeriodAt(now);
    const account = await readCreditAccount(ctx, org.id);
    const plan = planFor(account.planId);
    const [monthlySessions, live, intervals, runs, ledger, storage] = await Promise.all([
      countSessionsCreatedSince(ctx.db, org.id, period.start),
      countLiveSessions(ctx.db, org.id),
      sessionIntervalsSince(ctx.db, org.id, period.start, now),
      runUsageSince(ctx.db, org.id, period.start),
      ledgerUsageSince(ctx.db, org.id, period.start),
      this.deps.storageQuota.usage(ctx, org.id),
    ]);
    const streamedMs = intervals.reduce(
      (sum, i) =>
        sum +
        Math.max(
          0,
          Math.min(i.end?.getTime() ?? now.getTime(), now.getTime()) -
            Math.max(i.start.getTime(), period.start.getTime()),
        ),
      0,
    );
    const byModel = new Map<string, { runs: number; cost: number }>();
    const totals = { platformRuns: 0, byokRuns: 0, byokCost: 0, byokTokens: 0 };
    for (const r of runs) {
      const billing = runBilling(r);
      const cost = Number(r.costMicro);
      if (billing === 'platform') totals.platformRuns += r.runs;
      if (billing === 'byok') {
        totals.byokRuns += r.runs;
        totals.byokCost += cost;
        totals.byokTokens += Number(r.tokens);
      }
      const entry = byModel.get(r.model!) ?? { runs: 0, cost: 0 };
      byModel.set(r.model!, { runs: entry.runs + r.runs, cost: entry.cost + cost });
    }
    return {
      plan_id: plan.id,
      plan_name: plan.name,
      monthly_sessions: monthlySessions,
      ai_cost_micro: ledger.aiMicro,
      byok_cost_micro: totals.byokCost,
      ai_runs: totals.platformRuns,
      byok_runs: totals.byokRuns,
      by_model: [...byModel]
        .map(([model, v]) => ({ model, runs: v.runs, cost_micro: v.cost }))
        .sort((a, b) => b.cost_micro - a.cost_micro || b.runs - a.runs || a.model.localeCompare(b.model)),
      streaming_overage_minutes: ledger.streamingMinutes,
      streaming_overage_micro: ledger.streamingMicro,
      ai_credit_platform: {
        current: ledger.aiMicro / MICROS_PER_USD,
        limit: allowanceOf(account) / MICROS_PER_USD,
        unit: 'USD',
      },
      ai_tokens_byok: { current: totals.byokTokens, limit: null, unit: 'tokens' },
      streaming_minutes: {
        current: Math.round(streamedMs / 6_000) / 10,
        limit: plan.streamingMinutesPerMonth,
        unit: 'minutes',
      },
      active_sessions: { current: live, limit: plan.concurrentSessions, unit: 'sessions' },
      storage: {
        current: Math.round(storage.usedBytes / 104_857.6) / 10,
        limit: storage.quotaBytes === null ? null : Math.round(storage.quotaBytes / 104_857.6) / 10,
        unit: 'MB',
      },
      period_start: apiTime(period.start),
      period_end: apiTime(period.end),
    };
  }
}
