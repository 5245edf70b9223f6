import { describe, expect, it } from 'vitest';
import type { KeyProvider } from '../../db/schema';
import { choiceOfRun, defaultRequest, resolveModelChoice, type Reach } from './model-catalog';

const reach = (keys: KeyProvider[], aggregator: string[] | null = ['acme/vision-1']): Reach => ({
  platformModel: 'hosted-1',
  keys: new Set(keys),
  aggregatorModels: async () => aggregator,
});
const resolve = (model: string, provider: string | undefined, r: Reach) => resolveModelChoice({ model, provider }, r);

describe('resolving a model', () => {
  it('the interpreter is always there, free', async () => {
    expect(await resolve('platform/interpreter', undefined, reach([]))).toEqual({
      model: 'platform/interpreter',
      provider: 'platform',
      modelName: null,
      billing: 'free',
    });
    expect(await resolve('platform/interpreter', 'platform', reach([]))).toMatchObject({ billing: 'free' });
  });

  it('the platform model is billed to the platform; own-key models to the key, their provider taken from the catalogue or the vendor/ form', async () => {
    expect(await resolve('hosted-1', undefined, reach([]))).toEqual({
      model: 'hosted-1',
      provider: 'platform',
      modelName: 'hosted-1',
      billing: 'platform',
    });
    expect(await resolve('claude-haiku-4-5:byok', undefined, reach(['provider_b']))).toEqual({
      model: 'claude-haiku-4-5:byok',
      provider: 'provider_b',
      modelName: 'claude-haiku-4-5',
      billing: 'byok',
    });
    expect(await resolve('acme/vision-1:byok', undefined, reach(['aggregator']))).toMatchObject({
      provider: 'aggregator',
      modelName: 'acme/vision-1',
    });
    expect(await resolve('gpt-5-preview:byok', 'provider_a', reach(['provider_a']))).toMatchObject({
      provider: 'provider_a',
      modelName: 'gpt-5-preview',
    });
  });

  it('an aggregator model is accepted by its form when the live list cannot be had', async () => {
    expect(await resolve('acme/new-model:byok', undefined, reach(['aggregator'], null))).toMatchObject({
      provider: 'aggregator',
    });
    await expect(resolve('acme/new-model:byok', undefined, reach(['aggregator']))).rejects.toThrow(
      /the aggregator lists no vision model acme\/new-model/,
    );
  });

  it.each([
    ['gpt-9', undefined, [], /^model: unknown model gpt-9/],
    [
      'gpt-4o',
      undefined,
      ['provider_a'],
      /^model: gpt-4o runs with the organization's own provider_a key; name it gpt-4o:byok/,
    ],
    ['gpt-4o:byok', undefined, [], /^model: gpt-4o:byok needs a provider_a key/],
    ['gpt-4o:byok', 'platform', ['provider_a'], /^provider: gpt-4o:byok runs with the organization's own key/],
    ['hosted-1', 'provider_a', ['provider_a'], /^model: provider_a models run with the organization's own key/],
    ['whatever:byok', undefined, ['provider_a'], /^model: unknown model whatever:byok; give its provider too/],
    ['gpt-4o:byok', 'aggregator', ['aggregator'], /^model: aggregator models are named vendor\/model/],
    [':byok', undefined, [], /^model: a model name is needed before :byok/],
    ['platform/interpreter', 'provider_c', [], /^provider: platform\/interpreter is a platform model/],
    ['gpt-4o:byok', 'acme', [], /^provider: acme is not a provider/],
  ] as Array<[string, string | undefined, KeyProvider[], RegExp]>)(
    '%s (%s) is refused',
    async (model, provider, keys, detail) => {
      await expect(resolve(model, provider, reach(keys))).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        detail: expect.stringMatching(detail),
      });
    },
  );
});

describe('the model a request means when it names none', () => {
  const orgDefault = { provider: 'provider_a' as const, model: 'gpt-4o:byok' };
  it("takes the organization's default, or the provider's default for platform", () => {
    expect(defaultRequest({}, orgDefault, reach(['provider_a']))).toEqual({
      model: 'gpt-4o:byok',
      provider: 'provider_a',
    });
    expect(defaultRequest({ provider: 'provider_a' }, orgDefault, reach(['provider_a']))).toEqual({
      model: 'gpt-4o:byok',
      provider: 'provider_a',
    });
    expect(defaultRequest({ provider: 'platform' }, orgDefault, reach([]))).toEqual({
      model: 'hosted-1',
      provider: 'platform',
    });
    expect(defaultRequest({ provider: 'platform' }, orgDefault, { platformModel: undefined, keys: new Set() })).toEqual(
      { model: 'platform/interpreter', provider: 'platform' },
    );
    expect(defaultRequest({ model: 'x', provider: 'y' }, orgDefault, reach([]))).toEqual({ model: 'x', provider: 'y' });
  });

  it('a provider without a key, or with a key but no model named, is refused', () => {
    expect(() => defaultRequest({ provider: 'provider_b' }, orgDefault, reach([]))).toThrow(
      /^provider: provider_b is not configured for this organization/,
    );
    expect(() => defaultRequest({ provider: 'provider_b' }, orgDefault, reach(['provider_b']))).toThrow(
      /^model: name a model of provider_b/,
    );
  });
});

it("a run's stored model and provider give back its billing", () => {
  expect(choiceOfRun('platform/interpreter', 'platform').billing).toBe('free');
  expect(choiceOfRun('hosted-1', 'platform')).toEqual({
    model: 'hosted-1',
    provider: 'platform',
    modelName: 'hosted-1',
    billing: 'platform',
  });
  expect(choiceOfRun('acme/vision-1:byok', 'aggregator')).toEqual({
    model: 'acme/vision-1:byok',
    provider: 'aggregator',
    modelName: 'acme/vision-1',
    billing: 'byok',
  });
});
