import { withTransaction, type Ctx } from '../../../context';
import type { MeteringService } from '../../credits';
import { addRunUsage } from '../runs.repository';
import type { CallHold, CallUsage, RunUsage } from '../steps/step-agent';

/** A run's model usage as its `result` reports it (additive `model_usage`). */
export interface ModelUsageSummary {
  model_calls: number;
  input_tokens: number;
  output_tokens: number;
  /** Billed micro-credits for a platform model; the list-price estimate for an own-key model. */
  cost_micro: number;
  billing: 'platform' | 'byok' | null;
}

/**
 * The totals of a run's model calls. Each call is added to the run row at once (atomic
 * increments), so the totals survive a run that ends in the middle of a step: `tokens_used`
 * counts every token, `cost_micro` only what the organization's usage credit pays (platform
 * calls; own-key calls are estimates in the usage rows and in `model_usage`). A platform call
 * holds credit before it is made (the credits module), and its hold turns into the run's unsettled
 * cost in the transaction that adds the call: parallel runs never spend the same credit twice.
 */
export class RunUsageMeter implements RunUsage {
  private calls = 0;
  private inputTokens = 0;
  private outputTokens = 0;
  private cost = 0;
  private billing: 'platform' | 'byok' | null = null;

  constructor(private readonly deps: { ctx: Ctx; credits: MeteringService; runId: number; model: string | null }) {}

  get spentMicro(): number {
    return this.cost;
  }

  /** A run with a model shows 0 tokens and 0 cost until its first call. */
  async start(): Promise<void> {
    await addRunUsage(this.deps.ctx.db, this.deps.runId, { tokens: 0, costMicro: 0 });
  }

  async hold(input: { maxCostMicro: number; expiresInMs: number }): Promise<CallHold> {
    const { holdId } = await this.deps.credits.holdCredit({
      ctx: this.deps.ctx,
      input: {
        runId: this.deps.runId,
        model: this.deps.model,
        amountMicro: input.maxCostMicro,
        expiresInMs: input.expiresInMs,
      },
    });
    return { id: holdId };
  }

  async release(hold: CallHold): Promise<void> {
    await this.deps.credits.releaseHold({ ctx: this.deps.ctx, input: { holdId: hold.id } });
  }

  async add(u: CallUsage, hold: CallHold | null): Promise<void> {
    this.calls++;
    this.inputTokens += u.inputTokens;
    this.outputTokens += u.outputTokens;
    this.cost += u.costMicro;
    this.billing = u.billing;
    await withTransaction(this.deps.ctx, async (tx) => {
      await addRunUsage(tx.db, this.deps.runId, {
        tokens: u.inputTokens + u.outputTokens,
        costMicro: u.billing === 'platform' ? u.costMicro : 0,
      });
      if (hold) await this.deps.credits.releaseHold({ ctx: tx, input: { holdId: hold.id } });
    });
  }

  summary(): ModelUsageSummary {
    return {
      model_calls: this.calls,
      input_tokens: this.inputTokens,
      output_tokens: this.outputTokens,
      cost_micro: this.cost,
      billing: this.billing,
    };
  }
}
