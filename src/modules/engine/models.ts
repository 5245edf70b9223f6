import { badRequest } from '../../errors';

/** The free, deterministic step interpreter: always available, never billed. */
export const INTERPRETER_MODEL = 'platform/interpreter';
export const PLATFORM_PROVIDER = 'platform';

export interface RunModel {
  model: string;
  provider: string;
  warnings: string[];
}

/**
 * The model a run uses. Until language models are configured for the organization, the built-in
 * interpreter settles steps; any other model or provider is refused with 400 rather than silently
 * replaced.
 */
export function resolveRunModel(input: { model?: string; provider?: string }): RunModel {
  if (input.provider !== undefined && input.provider !== PLATFORM_PROVIDER) {
    throw badRequest(`provider: ${input.provider} is not configured for this organization; use ${PLATFORM_PROVIDER}`);
  }
  if (input.model !== undefined && input.model !== INTERPRETER_MODEL) {
    throw badRequest(`model: unknown model ${input.model}; available: ${INTERPRETER_MODEL}`);
  }
  return { model: INTERPRETER_MODEL, provider: PLATFORM_PROVIDER, warnings: [] };
}
