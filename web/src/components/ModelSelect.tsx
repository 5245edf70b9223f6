import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../api/client';
import type { AiModel, AiProvider } from '../api/types';

export const PROVIDERS: Array<{ value: AiProvider; label: string }> = [
  { value: 'platform', label: 'simdeck' },
  { value: 'provider_a', label: 'OpenAI' },
  { value: 'provider_b', label: 'Anthropic' },
  { value: 'provider_c', label: 'Google Gemini' },
  { value: 'aggregator', label: 'OpenRouter' },
];

export const providerName = (p: string): string => PROVIDERS.find((x) => x.value === p)?.label ?? p;

/** The built-in interpreter: simdeck's own, and free. */
export const INTERPRETER_MODEL = 'platform/interpreter';

/** Who runs a model and who pays: the interpreter is free, simdeck's hosted model is paid from usage credit. */
export function modelBilling(model: string, provider: string): string {
  if (model === INTERPRETER_MODEL) return 'simdeck, free';
  if (provider === 'platform') return 'simdeck, billed from usage credit';
  return `${providerName(provider)}, billed by the provider`;
}

/** The models the organization can pick: built-in, its own keys', and the aggregator's vision models. */
export function useModels(enabled = true) {
  const models = useQuery({
    queryKey: ['ai-models'],
    queryFn: () => ok(api.GET('/api/v1/ai/models')),
    enabled,
    staleTime: 60_000,
  });
  const aggregator = useQuery({
    queryKey: ['ai-models', 'aggregator'],
    queryFn: () => ok(api.GET('/api/v1/ai/models/openrouter')),
    enabled,
    staleTime: 60_000,
  });
  const keys = useQuery({ queryKey: ['ai-keys'], queryFn: () => ok(api.GET('/api/v1/ai/keys')), enabled });
  const hasAggregatorKey = (keys.data ?? []).some((k) => k.provider === 'aggregator');
  const listed = models.data ?? [];
  // The aggregator's models reach the model list once its key is saved; keep each model once.
  const seen = new Set(listed.map((m) => m.id));
  const all: AiModel[] = [...listed, ...(aggregator.data ?? []).filter((m) => !seen.has(m.id))];
  return {
    all,
    builtin: listed.filter((m) => m.builtin),
    own: listed.filter((m) => !m.builtin),
    aggregator: (aggregator.data ?? []).filter((m) => !seen.has(m.id)),
    hasAggregatorKey,
    error: models.error ?? aggregator.error,
    isPending: models.isPending,
  };
}

/**
 * A model picker fed by `/ai/models` and `/ai/models/openrouter`, grouped by who bills it. The
 * aggregator's models need the organization's aggregator key; without one they are not offered.
 */
export function ModelSelect({
  value,
  onChange,
  label = 'Model',
  placeholder,
  clearable,
  disabled,
  enabled = true,
}: {
  value: string | null;
  onChange: (model: AiModel | null) => void;
  label?: string;
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  enabled?: boolean;
}) {
  const m = useModels(enabled);
  const item = (x: AiModel, off = false) => ({
    value: x.id,
    label: x.builtin ? x.name : `${x.name} · ${providerName(x.provider)}`,
    disabled: off,
  });
  const data = [
    { group: 'Built in', items: m.builtin.map((x) => item(x)) },
    { group: 'On your keys (billed by the provider)', items: m.own.map((x) => item(x)) },
    // OpenRouter's models are offered once the organization has saved an OpenRouter key.
    { group: 'OpenRouter', items: m.hasAggregatorKey ? m.aggregator.map((x) => item(x)) : [] },
  ].filter((g) => g.items.length > 0);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      clearable={clearable}
      disabled={disabled}
      nothingFoundMessage="No model by that name"
      data={data}
      value={value}
      onChange={(id) => onChange(id ? (m.all.find((x) => x.id === id) ?? null) : null)}
    />
  );
}
