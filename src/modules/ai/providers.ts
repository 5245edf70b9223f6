import type { LanguageModel } from 'ai';
import type { AiConfig } from '../../config';
import type { AiProvider } from '../../db/schema';
import { loadAnthropic, loadGoogle, loadOpenAi, loadOpenAiCompatible, loadOpenRouter } from '../../lazy-modules';

/** Where and how to reach one provider: its key and, when overridden, its base URL. */
export interface ProviderAccess {
  provider: AiProvider;
  apiKey: string | undefined;
  baseUrl: string | undefined;
}

/**
 * The AI SDK model for a provider's wire format: `provider_a` OpenAI chat completions,
 * `provider_b` Anthropic messages, `provider_c` Gemini generateContent, `aggregator` OpenRouter,
 * `platform` any OpenAI-compatible endpoint the operator runs.
 */
export function languageModel(access: ProviderAccess, modelName: string): LanguageModel {
  const { apiKey, baseUrl } = access;
  switch (access.provider) {
    case 'provider_a':
      return loadOpenAi().createOpenAI({ apiKey, baseURL: baseUrl }).chat(modelName);
    case 'provider_b':
      return loadAnthropic().createAnthropic({ apiKey, baseURL: baseUrl })(modelName);
    case 'provider_c':
      return loadGoogle().createGoogleGenerativeAI({ apiKey, baseURL: baseUrl })(modelName);
    case 'aggregator':
      return loadOpenRouter().createOpenRouter({ apiKey, baseURL: baseUrl }).chat(modelName);
    case 'platform':
      if (!baseUrl) throw new Error('the platform model needs PLATFORM_AI_BASE_URL');
      return loadOpenAiCompatible().createOpenAICompatible({ name: 'platform', apiKey, baseURL: baseUrl })(modelName);
  }
}

/** The configured base URL of a provider (undefined: the SDK's default). */
export function baseUrlOf(config: AiConfig, provider: AiProvider): string | undefined {
  return provider === 'platform' ? config.platform?.baseUrl : config.baseUrls[provider];
}
