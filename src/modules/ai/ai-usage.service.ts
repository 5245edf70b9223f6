import { requireRole, type Ctx } from '../../context';
import { countUsageRuns, usageByBilling, usageByModel, type UsageTotals } from './ai.repository';
import type { UsageResponse } from './ai.schemas';

const NONE: UsageTotals = { inputTokens: 0, outputTokens: 0, costMicro: 0, runsCount: 0 };

function render(t: UsageTotals) {
  return {
    input_tokens: t.inputTokens,
    output_tokens: t.outputTokens,
    cost_micro: t.costMicro,
    runs_count: t.runsCount,
  };
}

/** The organization's model usage, from its usage rows (one per answered model call). */
export class AiUsageService {
  /**
   * `platform`: what usage credit paid; `byok`: list-price estimates of own-key calls; `total`:
   * both (actual plus estimate). `runs_count` counts runs that made a call; generate-test calls
   * count in tokens and cost but are not runs.
   */
  async getUsage({ ctx }: { ctx: Ctx }): Promise<UsageResponse> {
    const org = requireRole(ctx, 'viewer');
    const rows = await usageByBilling(ctx.db, org.id);
    const of = (billing: string) => rows.find((r) => r.billing === billing) ?? NONE;
    const platform = of('platform');
    const byok = of('byok');
    const total: UsageTotals = {
      inputTokens: platform.inputTokens + byok.inputTokens,
      outputTokens: platform.outputTokens + byok.outputTokens,
      costMicro: platform.costMicro + byok.costMicro,
      runsCount: await countUsageRuns(ctx.db, org.id),
    };
    const models = await usageByModel(ctx.db, org.id);
    return {
      total: render(total),
      byok: render(byok),
      platform: render(platform),
      by_model: models.map((m) => ({ model: m.model, runs: m.runs, cost_micro: m.costMicro })),
    };
  }
}
