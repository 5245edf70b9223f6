import type { AiBilling } from '../../db/schema';

/** List prices in US dollars per million input and output tokens. */
export interface ModelPrice {
  input: number;
  output: number;
}

/**
 * Public list prices of the models simdeck offers, kept in code (docs/design/0018-ai-providers-models-and-costs.md).
 * Aggregator ids (`openai/gpt-4.1-mini`) are priced as the model after the vendor prefix.
 */
const PRICES: Record<string, ModelPrice> = {
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'claude-opus-4-1': { input: 15, output: 75 },
  'claude-sonnet-4-5': { input: 3, output: 15 },
  'claude-haiku-4-5': { input: 1, output: 5 },
  'gemini-2.5-pro': { input: 1.25, output: 10 },
  'gemini-2.5-flash': { input: 0.3, output: 2.5 },
  'gemini-2.5-flash-lite': { input: 0.1, output: 0.4 },
  'qwen2.5-vl-72b-instruct': { input: 0.25, output: 0.75 },
};

/** What a model missing from the table is estimated at: a mid-to-high tier, so estimates err high. */
export const UNLISTED_PRICE: ModelPrice = { input: 3, output: 15 };

/** The list price of a model by its provider-side name (`gpt-4.1-mini`, `anthropic/claude-sonnet-4.5`). */
export function priceOf(modelName: string): ModelPrice {
  const bare = modelName.includes('/') ? modelName.slice(modelName.lastIndexOf('/') + 1) : modelName;
  return PRICES[bare] ?? PRICES[bare.replace(/\./g, '-')] ?? UNLISTED_PRICE;
}

/**
 * The cost of one call in micro-credits (1,000,000 = $1): tokens at list price, times the
 * operator's markup for platform calls; BYOK calls are an estimate at list price. Rounded up, so
 * a call that used tokens never costs 0.
 */
export function costMicro(input: {
  modelName: string;
  inputTokens: number;
  outputTokens: number;
  billing: AiBilling;
  platformMarkup: number;
}): number {
  const price = priceOf(input.modelName);
  // $ per million tokens is micro-credits per token.
  const list = input.inputTokens * price.input + input.outputTokens * price.output;
  const factor = input.billing === 'platform' ? input.platformMarkup : 1;
  return Math.ceil(Number((list * factor).toFixed(6)));
}
