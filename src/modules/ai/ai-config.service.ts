import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import { KEY_PROVIDERS } from '../../db/schema';
import { recordAudit } from '../audit';
import type { ModelResolver, RunModel } from '../engine';
import { listProviderKeys, upsertAiConfig } from './ai.repository';
import type { AiConfigResponse, ModelResponse, UpdateAiConfigBody } from './ai.schemas';
import { builtinModels, byokEntry, CURATED_MODELS } from './model-catalog';
import { aggregatorModelsOf, chooseModel, orgDefaultModel, type AiDeps } from './model-reach';

const CONFIG_FIELDS = { model: 'default_model', provider: 'default_provider' };

/** The organization's model settings: its default model, the models it can reach, and a run's model. */
export class AiConfigService implements ModelResolver {
  constructor(private readonly deps: AiDeps) {}

  async getConfig({ ctx }: { ctx: Ctx }): Promise<AiConfigResponse> {
    const org = requireRole(ctx, 'viewer');
    const current = await orgDefaultModel(ctx.db, org.id);
    return { default_provider: current.provider, default_model: current.model };
  }

  /**
   * Sets the default model. A provider alone keeps the current model when it is that provider's,
   * else takes the provider's default; own-key models need the provider's key; unknown ones 400.
   */
  async updateConfig({ ctx, input }: { ctx: Ctx; input: UpdateAiConfigBody }): Promise<AiConfigResponse> {
    const org = requireRole(ctx, 'developer');
    return withTransaction(ctx, async (tx) => {
      const before = await orgDefaultModel(tx.db, org.id);
      if (input.default_model === undefined && input.default_provider === undefined)
        return { default_provider: before.provider, default_model: before.model };
      const choice = await chooseModel(
        this.deps,
        tx.db,
        org.id,
        { model: input.default_model, provider: input.default_provider },
        CONFIG_FIELDS,
      );
      await upsertAiConfig(tx.db, {
        organizationId: org.id,
        defaultProvider: choice.provider,
        defaultModel: choice.model,
        updatedByUserId: actorIdentity(tx).userId,
        updatedAt: tx.clock.now(),
      });
      await recordAudit(tx, {
        action: 'ai_config.updated',
        resourceType: 'ai_config',
        resourceId: org.id,
        details: { from: before, to: { provider: choice.provider, model: choice.model } },
      });
      return { default_provider: choice.provider, default_model: choice.model };
    });
  }

  /** Built-in models (the interpreter, the platform model) and the curated models of each provider the organization has a key for. */
  async listModels({ ctx }: { ctx: Ctx }): Promise<ModelResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const keys = new Set((await listProviderKeys(ctx.db, org.id)).map((k) => k.provider));
    const own = KEY_PROVIDERS.filter((p) => keys.has(p)).flatMap((p) =>
      CURATED_MODELS[p].map((m) => byokEntry(p, m.name, m.label)),
    );
    return [...builtinModels(this.deps.config.platform?.model), ...own];
  }

  /**
   * The aggregator's vision models: fetched live with the organization's aggregator key (kept 10
   * minutes), else the curated recommended set. All are own-key models: the aggregator bills directly.
   */
  async listAggregatorModels({ ctx }: { ctx: Ctx }): Promise<ModelResponse[]> {
    const org = requireRole(ctx, 'viewer');
    const live = await aggregatorModelsOf(this.deps, ctx.db, org.id);
    return (live ?? CURATED_MODELS.aggregator.map((m) => ({ id: m.name, name: m.label }))).map((m) =>
      byokEntry('aggregator', m.id, m.name),
    );
  }

  /** The engine's model check for a starting run (ModelResolver). */
  async resolveRunModel({ ctx, input }: { ctx: Ctx; input: { model?: string; provider?: string } }): Promise<RunModel> {
    const org = requireRole(ctx, 'viewer');
    const choice = await chooseModel(this.deps, ctx.db, org.id, input);
    return { model: choice.model, provider: choice.provider, warnings: [] };
  }
}
