import type { AiConfig } from '../../config';
import type { SecretBox } from '../../crypto/secret-box';
import type { DbOrTx } from '../../db/client';
import type { AiProvider } from '../../db/schema';
import { AppError } from '../../errors';
import { INTERPRETER_MODEL, PLATFORM_PROVIDER } from '../engine';
import type { AggregatorCatalog } from './aggregator-models';
import { findAiConfig, findProviderKey, listProviderKeys } from './ai.repository';
import { defaultRequest, resolveModelChoice, type FieldNames, type ModelChoice, type Reach } from './model-catalog';

/** What the AI services share: the providers' configuration, the key box and the aggregator's list. */
export interface AiDeps {
  config: AiConfig;
  secretBox: SecretBox;
  aggregator: AggregatorCatalog;
}

/** An organization without an AI config uses the free interpreter. */
export const DEFAULT_AI_CONFIG: { provider: AiProvider; model: string } = {
  provider: PLATFORM_PROVIDER,
  model: INTERPRETER_MODEL,
};

export async function orgDefaultModel(db: DbOrTx, orgId: number): Promise<{ provider: AiProvider; model: string }> {
  const row = await findAiConfig(db, orgId);
  return row ? { provider: row.defaultProvider, model: row.defaultModel } : DEFAULT_AI_CONFIG;
}

/** The aggregator's live vision models with the organization's key; null without a key. 502 when they cannot be listed. */
export async function aggregatorModelsOf(deps: AiDeps, db: DbOrTx, orgId: number) {
  const key = await findProviderKey(db, orgId, 'aggregator');
  return key ? deps.aggregator.visionModels(deps.secretBox.open(key.sealedKey)) : null;
}

/** What the organization can reach now: the platform model, its keys, the aggregator's models. */
export async function reachOf(deps: AiDeps, db: DbOrTx, orgId: number): Promise<Reach> {
  const keys = new Set((await listProviderKeys(db, orgId)).map((k) => k.provider));
  return {
    platformModel: deps.config.platform?.model,
    keys,
    async aggregatorModels() {
      try {
        return (await aggregatorModelsOf(deps, db, orgId))?.map((m) => m.id) ?? null;
      } catch (err) {
        // The list cannot be had now: aggregator ids are then accepted by their form.
        if (err instanceof AppError) return null;
        throw err;
      }
    },
  };
}

/** The model a request means: the one it names (or its provider's default, or the organization's), checked. */
export async function chooseModel(
  deps: AiDeps,
  db: DbOrTx,
  orgId: number,
  req: { model?: string; provider?: string },
  fields?: FieldNames,
): Promise<ModelChoice> {
  const reach = await reachOf(deps, db, orgId);
  const wanted = defaultRequest(req, await orgDefaultModel(db, orgId), reach, fields);
  return resolveModelChoice(wanted, reach, fields);
}
