import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { AiConfig } from '../../config';
import { systemContext } from '../../context';
import type { SecretBox } from '../../crypto/secret-box';
import type { DbOrTx } from '../../db/client';
import type { AiBilling, AiUsagePurpose, KeyProvider } from '../../db/schema';
import { AppError } from '../../errors';
import { redactSecrets } from '../../redact';
import type { MeteringService } from '../credits';
import type { AgentRun, CallHold, CallUsage, RunUsage } from '../engine';
import { emitEvent } from '../events';
import { findProviderKey, insertUsage } from './ai.repository';
import { promptTokenBound } from './call-bound';
import type { ModelChoice } from './model-catalog';
import {
  callModel,
  MAX_RETRY_AFTER_MS,
  ModelCallFailure,
  type ModelReply,
  type ModelRequest,
  type ModelTarget,
} from './model-call';
import { costMicro } from './prices';
import { baseUrlOf, languageModel } from './providers';

export interface ModelSessionDeps {
  db: DbOrTx;
  clock: Clock;
  log: FastifyBaseLogger;
  config: AiConfig;
  secretBox: SecretBox;
  /** Usage credit: holds before platform calls, and the charge of calls made outside runs. */
  credits: MeteringService;
}

/** A paid model choice: the platform model or an own-key one. */
export type PaidChoice = ModelChoice & { modelName: string; billing: AiBilling };

export interface CallOptions {
  purpose: AiUsagePurpose;
  stepIndex: number | null;
  signal: AbortSignal;
}

/** A reply with what it cost. */
export type PricedReply = ModelReply & { costMicro: number };

const usd = (micro: number) => `$${(micro / 1_000_000).toFixed(2)}`;

/**
 * Model calls for one organization and model: the provider reached with the operator's key or
 * the organization's own (decrypted once, on the first call), each answered call written as a
 * usage row and, in a run, added to the run's totals. Provider failures become AppError
 * UPSTREAM_ERROR with a sentence for the run or client; a BYOK quota error also emits
 * `run.warning.byok_quota_low`.
 */
export class ModelSession {
  private target: ModelTarget | null = null;

  constructor(
    private readonly deps: ModelSessionDeps,
    private readonly organizationId: number,
    readonly choice: PaidChoice,
    private readonly run: AgentRun | null,
  ) {}

  /**
   * One call. A platform call first holds usage credit for what it may cost at most (402 when
   * none is left for it), and the hold ends when its cost is added (to the run, or charged at
   * once outside runs) or when it fails.
   */
  async call(request: ModelRequest, opts: CallOptions): Promise<PricedReply> {
    const { config } = this.deps;
    const run = this.run;
    if (run && run.usage.spentMicro >= config.runBudgetMicro) {
      throw new AppError('PAYMENT_REQUIRED', `The run spent its model budget of ${usd(config.runBudgetMicro)}`);
    }
    const target = this.target ?? (this.target = await this.connect());
    const usage = run?.usage ?? this.outsideRuns;
    const bound = this.priced(promptTokenBound(request), request.maxOutputTokens);
    const hold =
      this.choice.billing === 'platform' ? await usage.hold({ maxCostMicro: bound, expiresInMs: this.holdMs }) : null;
    let reply: ModelReply;
    try {
      reply = await callModel(
        target,
        request,
        { timeoutMs: config.callTimeoutMs, maxRetries: config.maxRetries, retryBaseMs: config.retryBaseMs },
        opts.signal,
        this.deps.log,
      );
    } catch (err) {
      if (hold)
        await usage
          .release(hold)
          .catch((e) => this.deps.log.warn({ err: e }, 'releasing a credit hold failed; it expires'));
      if (!(err instanceof ModelCallFailure)) throw err;
      // The sentence is simdeck's own; the key is taken out all the same before a run or client keeps it.
      const detail = redactSecrets(err.detail, [target.apiKey]);
      if (err.kind === 'quota' && this.choice.billing === 'byok' && run) await this.warnQuota(run, detail);
      throw new AppError('UPSTREAM_ERROR', detail);
    }
    const cost = this.priced(reply.inputTokens, reply.outputTokens);
    if (hold && cost > bound)
      this.deps.log.warn(
        { model: this.choice.model, costMicro: cost, heldMicro: bound, inputTokens: reply.inputTokens },
        'a platform model call cost more than its credit hold (the provider counted more tokens than estimated)',
      );
    await insertUsage(this.deps.db, {
      organizationId: this.organizationId,
      runId: run?.runId ?? null,
      stepIndex: opts.stepIndex,
      purpose: opts.purpose,
      model: this.choice.model,
      provider: this.choice.provider,
      billing: this.choice.billing,
      inputTokens: reply.inputTokens,
      outputTokens: reply.outputTokens,
      costMicro: cost,
      createdAt: this.deps.clock.now(),
    });
    await usage.add(
      {
        inputTokens: reply.inputTokens,
        outputTokens: reply.outputTokens,
        costMicro: cost,
        billing: this.choice.billing,
      },
      hold,
    );
    return { ...reply, costMicro: cost };
  }

  /** The reply cap of the agent's calls (AI_MAX_OUTPUT_TOKENS). */
  get maxOutputTokens(): number {
    return this.deps.config.maxOutputTokens;
  }

  private priced(inputTokens: number, outputTokens: number): number {
    return costMicro({
      modelName: this.choice.modelName,
      inputTokens,
      outputTokens,
      billing: this.choice.billing,
      platformMarkup: this.deps.config.platformMarkup,
    });
  }

  /** How long a call can last with its retries and their waits: its hold lasts no longer. */
  private get holdMs(): number {
    const { callTimeoutMs, maxRetries } = this.deps.config;
    return (callTimeoutMs + MAX_RETRY_AFTER_MS) * (maxRetries + 1) + 60_000;
  }

  /** Calls outside runs (generate-test): a platform call is charged to usage credit as soon as it answers. */
  private readonly outsideRuns: RunUsage = {
    spentMicro: 0,
    hold: async (input) => {
      const { holdId } = await this.deps.credits.holdCredit({
        ctx: this.orgCtx(),
        input: {
          runId: null,
          model: this.choice.model,
          amountMicro: input.maxCostMicro,
          expiresInMs: input.expiresInMs,
        },
      });
      return { id: holdId };
    },
    add: async (u: CallUsage, hold: CallHold | null) => {
      if (hold)
        await this.deps.credits.chargeCall({
          ctx: this.orgCtx(),
          input: { holdId: hold.id, model: this.choice.model, costMicro: u.billing === 'platform' ? u.costMicro : 0 },
        });
    },
    release: async (hold: CallHold) => {
      await this.deps.credits.releaseHold({ ctx: this.orgCtx(), input: { holdId: hold.id } });
    },
  };

  private orgCtx() {
    return systemContext(this.deps, { id: this.organizationId, role: 'admin' });
  }

  private async connect(): Promise<ModelTarget> {
    const { provider, modelName } = this.choice;
    const baseUrl = baseUrlOf(this.deps.config, provider);
    if (provider === 'platform') {
      const platform = this.deps.config.platform;
      if (!platform || platform.model !== modelName)
        throw new AppError('UNPROCESSABLE', `The platform model ${modelName} is no longer offered`);
      return {
        model: languageModel({ provider, apiKey: platform.apiKey, baseUrl }, modelName),
        provider,
        modelName,
        apiKey: platform.apiKey,
      };
    }
    const key = await findProviderKey(this.deps.db, this.organizationId, provider as KeyProvider);
    if (!key)
      throw new AppError(
        'UNPROCESSABLE',
        `The organization has no ${provider} key any more; add one with POST /api/v1/ai/keys`,
      );
    const apiKey = this.deps.secretBox.open(key.sealedKey);
    return { model: languageModel({ provider, apiKey, baseUrl }, modelName), provider, modelName, apiKey };
  }

  private async warnQuota(run: AgentRun, detail: string): Promise<void> {
    const ctx = systemContext(this.deps, { id: run.organizationId, role: 'admin' });
    await emitEvent(ctx, {
      type: 'run.warning.byok_quota_low',
      data: {
        run_id: run.runId,
        run_public_id: run.runPublicId,
        provider: this.choice.provider,
        model: this.choice.model,
        detail,
      },
      metadata: run.metadata,
    });
  }
}
