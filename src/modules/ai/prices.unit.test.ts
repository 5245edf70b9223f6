import { describe, expect, it } from 'vitest';
import { costMicro, priceOf, UNLISTED_PRICE } from './prices';

describe('the price table', () => {
  it('prices a model by its provider-side name; aggregator ids by the name after the vendor', () => {
    expect(priceOf('gpt-4.1-mini')).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('openai/gpt-4.1-mini')).toEqual({ input: 0.4, output: 1.6 });
    expect(priceOf('anthropic/claude-sonnet-4.5')).toEqual({ input: 3, output: 15 });
    expect(priceOf('acme/unheard-of')).toEqual(UNLISTED_PRICE);
  });

  it('dollars per million tokens are micro-credits per token; platform calls take the markup, own-key estimates do not', () => {
    const call = { modelName: 'gpt-4.1-mini', inputTokens: 10_000, outputTokens: 1_000 };
    expect(costMicro({ ...call, billing: 'byok', platformMarkup: 1.5 })).toBe(5_600);
    expect(costMicro({ ...call, billing: 'platform', platformMarkup: 1.5 })).toBe(8_400);
    expect(costMicro({ ...call, billing: 'platform', platformMarkup: 1 })).toBe(5_600);
  });

  it('rounds up: a call that used tokens never costs nothing; no tokens cost nothing', () => {
    expect(
      costMicro({
        modelName: 'gemini-2.5-flash-lite',
        inputTokens: 1,
        outputTokens: 0,
        billing: 'byok',
        platformMarkup: 1,
      }),
    ).toBe(1);
    expect(
      costMicro({
        modelName: 'gemini-2.5-flash-lite',
        inputTokens: 0,
        outputTokens: 0,
        billing: 'platform',
        platformMarkup: 2,
      }),
    ).toBe(0);
  });
});
