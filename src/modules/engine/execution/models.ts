import type { Ctx } from '../../../context';
import { badRequest } from '../../../errors';
import type { ModelResolver, RunModel } from '../steps/step-agent';

/** The free, deterministic step interpreter: always available, never billed. */
export const INTERPRETER_MODEL = 'platform/interpreter';
export const PLATFORM_PROVIDER = 'platform';

/**
 * The model a run uses. With language models wired in (the ai module), the request's model or
 * the organization's default, checked against its keys and the operator's platform model;
 * without them only the interpreter. Either way `platform/interpreter` is always valid, and an
 * unknown model or provider is refused with 400 rather than silently replaced.
 */
export async function resolveRunModel({
  ctx,
  input,
  resolver,
}: {
  ctx: Ctx;
  input: { model?: string; provider?: string };
  resolver: ModelResolver | undefined;
}): Promise<RunModel> {
  if (resolver) return resolver.resolveRunModel({ ctx, input });
  if (input.provider !== undefined && input.provider !== PLATFORM_PROVIDER) {
    throw badRequest(`provider: ${input.provider} is not configured for this organization; use ${PLATFORM_PROVIDER}`);
  }
  if (input.model !== undefined && input.model !== INTERPRETER_MODEL) {
    throw badRequest(`model: unknown model ${input.model}; available: ${INTERPRETER_MODEL}`);
  }
  return { model: INTERPRETER_MODEL, provider: PLATFORM_PROVIDER, warnings: [] };
}
