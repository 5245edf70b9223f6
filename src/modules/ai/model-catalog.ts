import { AI_PROVIDERS, KEY_PROVIDERS, type AiBilling, type AiProvider, type KeyProvider } from '../../db/schema';
import { type AppError, badRequest } from '../../errors';
import { INTERPRETER_MODEL, PLATFORM_PROVIDER } from '../engine';

/** An own-key model id ends with this (spec, "AI config"). */
export const BYOK_SUFFIX = ':byok';

/** A model as the API lists it (spec, "Model"). */
export interface ModelEntry {
  id: string;
  name: string;
  provider: AiProvider;
  builtin: boolean;
}

/** Vision-capable models reachable with an organization's own key, per provider. */
export const CURATED_MODELS: Record<KeyProvider, Array<{ name: string; label: string }>> = {
  provider_a: [
    { name: 'gpt-4.1-mini', label: 'GPT-4.1 mini' },
    { name: 'gpt-4.1', label: 'GPT-4.1' },
    { name: 'gpt-4o', label: 'GPT-4o' },
    { name: 'gpt-4o-mini', label: 'GPT-4o mini' },
  ],
  provider_b: [
    { name: 'claude-sonnet-4-5', label: 'Claude Sonnet 4.5' },
    { name: 'claude-haiku-4-5', label: 'Claude Haiku 4.5' },
    { name: 'claude-opus-4-1', label: 'Claude Opus 4.1' },
  ],
  provider_c: [
    { name: 'gemini-2.5-flash', label: 'Gemini 2.5 Flash' },
    { name: 'gemini-2.5-pro', label: 'Gemini 2.5 Pro' },
    { name: 'gemini-2.5-flash-lite', label: 'Gemini 2.5 Flash-Lite' },
  ],
  // The aggregator's recommended set, shown when no aggregator key is configured.
  aggregator: [
    { name: 'openai/gpt-4.1-mini', label: 'OpenAI: GPT-4.1 mini' },
    { name: 'anthropic/claude-sonnet-4.5', label: 'Anthropic: Claude Sonnet 4.5' },
    { name: 'google/gemini-2.5-flash', label: 'Google: Gemini 2.5 Flash' },
    { name: 'qwen/qwen2.5-vl-72b-instruct', label: 'Qwen: Qwen2.5 VL 72B Instruct' },
  ],
};

/** What a run or a generate-test call will use: the API's id, the provider and the name the provider knows. */
export interface ModelChoice {
  /** As the API names it: `platform/interpreter`, the platform model, or `<name>:byok`. */
  model: string;
  provider: AiProvider;
  /** The name sent to the provider (no suffix); null for the interpreter. */
  modelName: string | null;
  billing: AiBilling | 'free';
}

/** What an organization can reach: the operator's platform model, its own keys, the aggregator's models. */
export interface Reach {
  platformModel: string | undefined;
  keys: ReadonlySet<KeyProvider>;
  /** The aggregator's vision models, or null when they cannot be listed right now. */
  aggregatorModels(): Promise<string[] | null>;
}

export const INTERPRETER_CHOICE: ModelChoice = {
  model: INTERPRETER_MODEL,
  provider: PLATFORM_PROVIDER,
  modelName: null,
  billing: 'free',
};

/** How the request names its model and provider fields (`model`, or `default_model` in the AI config). */
export interface FieldNames {
  model: string;
  provider: string;
}
const API_FIELDS: FieldNames = { model: 'model', provider: 'provider' };

/** 400 whose detail names the field as the request does. */
function fieldError(detail: string, fields: FieldNames): AppError {
  return badRequest(detail.replace(/^model:/, `${fields.model}:`).replace(/^provider:/, `${fields.provider}:`));
}

const isProvider = (p: string): p is AiProvider => (AI_PROVIDERS as readonly string[]).includes(p);
const isKeyProvider = (p: string): p is KeyProvider => (KEY_PROVIDERS as readonly string[]).includes(p);

function curatedProviderOf(name: string): KeyProvider | undefined {
  return KEY_PROVIDERS.find((p) => CURATED_MODELS[p].some((m) => m.name === name));
}

/** The built-in models: the interpreter, and the operator's model when one is configured. */
export function builtinModels(platformModel: string | undefined): ModelEntry[] {
  const out: ModelEntry[] = [
    { id: INTERPRETER_MODEL, name: 'Step interpreter (free, no language model)', provider: 'platform', builtin: true },
  ];
  if (platformModel)
    out.push({
      id: platformModel,
      name: `${platformModel} (hosted, billed from usage credit)`,
      provider: 'platform',
      builtin: true,
    });
  return out;
}

export function byokEntry(provider: KeyProvider, name: string, label = name): ModelEntry {
  return { id: `${name}${BYOK_SUFFIX}`, name: label, provider, builtin: false };
}

/**
 * Resolves a requested model (and provider) against what the organization can reach; 400 with a
 * sentence naming the field otherwise. Own-key models need a key for their provider; a name the
 * catalogue does not list is accepted only with its provider given.
 */
export async function resolveModelChoice(
  req: { model: string; provider: string | undefined },
  reach: Reach,
  fields: FieldNames = API_FIELDS,
): Promise<ModelChoice> {
  const { model, provider } = req;
  const badRequest = (detail: string) => fieldError(detail, fields);
  if (provider !== undefined && !isProvider(provider))
    throw badRequest(`provider: ${provider} is not a provider; use one of ${AI_PROVIDERS.join(', ')}`);
  if (model === INTERPRETER_MODEL) {
    if (provider !== undefined && provider !== PLATFORM_PROVIDER)
      throw badRequest(`provider: ${INTERPRETER_MODEL} is a platform model, not one of ${provider}`);
    return INTERPRETER_CHOICE;
  }
  if (!model.endsWith(BYOK_SUFFIX)) {
    if (provider !== undefined && provider !== PLATFORM_PROVIDER)
      throw badRequest(`model: ${provider} models run with the organization's own key; name it ${model}${BYOK_SUFFIX}`);
    if (model === reach.platformModel)
      return { model, provider: PLATFORM_PROVIDER, modelName: model, billing: 'platform' };
    const own = curatedProviderOf(model);
    if (own)
      throw badRequest(`model: ${model} runs with the organization's own ${own} key; name it ${model}${BYOK_SUFFIX}`);
    throw badRequest(`model: unknown model ${model}; GET /api/v1/ai/models lists the available ones`);
  }
  const name = model.slice(0, -BYOK_SUFFIX.length);
  if (!name) throw badRequest('model: a model name is needed before :byok');
  if (provider === PLATFORM_PROVIDER)
    throw badRequest(`provider: ${model} runs with the organization's own key; platform takes no keys`);
  const owner = provider ?? curatedProviderOf(name) ?? (name.includes('/') ? 'aggregator' : undefined);
  if (owner === undefined || !isKeyProvider(owner))
    throw badRequest(`model: unknown model ${model}; give its provider too (${KEY_PROVIDERS.join(', ')})`);
  if (owner === 'aggregator' && !name.includes('/'))
    throw badRequest(
      `model: aggregator models are named vendor/model, e.g. ${CURATED_MODELS.aggregator[0]!.name}${BYOK_SUFFIX}`,
    );
  if (!reach.keys.has(owner))
    throw badRequest(`model: ${model} needs a ${owner} key; add one with POST /api/v1/ai/keys`);
  if (owner === 'aggregator') {
    const listed = await reach.aggregatorModels();
    if (listed && !listed.includes(name) && !CURATED_MODELS.aggregator.some((m) => m.name === name)) {
      throw badRequest(
        `model: the aggregator lists no vision model ${name}; GET /api/v1/ai/models/openrouter lists them`,
      );
    }
  }
  return { model, provider: owner, modelName: name, billing: 'byok' };
}

/**
 * The model to use when a request names none, or names only a provider: the organization's
 * default when it fits, else the provider's default (the platform model, or the interpreter).
 */
export function defaultRequest(
  req: { model?: string; provider?: string },
  orgDefault: { provider: AiProvider; model: string },
  reach: Pick<Reach, 'platformModel' | 'keys'>,
  fields: FieldNames = API_FIELDS,
): { model: string; provider: string | undefined } {
  const badRequest = (detail: string) => fieldError(detail, fields);
  if (req.model !== undefined) return { model: req.model, provider: req.provider };
  if (req.provider === undefined || req.provider === orgDefault.provider)
    return { model: orgDefault.model, provider: orgDefault.provider };
  if (req.provider === PLATFORM_PROVIDER)
    return { model: reach.platformModel ?? INTERPRETER_MODEL, provider: PLATFORM_PROVIDER };
  if (!isKeyProvider(req.provider))
    throw badRequest(`provider: ${req.provider} is not a provider; use one of ${AI_PROVIDERS.join(', ')}`);
  if (!reach.keys.has(req.provider))
    throw badRequest(
      `provider: ${req.provider} is not configured for this organization; add its key with POST /api/v1/ai/keys`,
    );
  throw badRequest(`model: name a model of ${req.provider} (GET /api/v1/ai/models lists them)`);
}

/** The choice a run was started with, from its stored model and provider. */
export function choiceOfRun(model: string, provider: string): ModelChoice {
  if (model === INTERPRETER_MODEL) return INTERPRETER_CHOICE;
  if (model.endsWith(BYOK_SUFFIX) && isKeyProvider(provider))
    return { model, provider, modelName: model.slice(0, -BYOK_SUFFIX.length), billing: 'byok' };
  return { model, provider: PLATFORM_PROVIDER, modelName: model, billing: 'platform' };
}
