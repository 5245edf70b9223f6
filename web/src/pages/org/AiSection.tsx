import { Badge, Button, Group, PasswordInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { request } from '../../api/client';
import { type AiConfig, type AiModel, type AiProvider, type AiUsage, dollars, type ProviderKey } from '../../api/coming';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';

const PROVIDERS: Array<{ value: AiProvider; label: string }> = [
  { value: 'platform', label: 'simdeck (billed from usage credit)' },
  { value: 'provider_a', label: 'OpenAI' },
  { value: 'provider_b', label: 'Anthropic' },
  { value: 'provider_c', label: 'Google Gemini' },
  { value: 'aggregator', label: 'OpenRouter' },
];
const providerName = (p: string) => PROVIDERS.find((x) => x.value === p)?.label ?? p;

/** The organization's default model, its own provider keys (BYOK) and the models they reach. */
export function AiSection({ config }: { config: AiConfig }) {
  const canEdit = useHasRole('developer');
  const queryClient = useQueryClient();
  const models = useQuery({ queryKey: ['ai-models'], queryFn: () => request<AiModel[]>('GET', '/api/v1/ai/models') });
  const keys = useQuery({ queryKey: ['ai-keys'], queryFn: () => request<ProviderKey[]>('GET', '/api/v1/ai/keys') });
  const usage = useQuery({ queryKey: ['ai-usage'], queryFn: () => request<AiUsage>('GET', '/api/v1/ai/usage') });
  const [provider, setProvider] = useState<AiProvider>(config.default_provider);
  const [model, setModel] = useState<string | null>(config.default_model);
  const [keyProvider, setKeyProvider] = useState<AiProvider>('provider_a');
  const [apiKey, setApiKey] = useState('');

  const saveConfig = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await request('PUT', '/api/v1/ai/config', { default_provider: provider, ...(model ? { default_model: model } : {}) });
      await queryClient.invalidateQueries({ queryKey: ['ai-config'] });
      notify.ok('AI defaults saved.');
    } catch (err) {
      notify.error(err, 'Could not save the AI defaults');
    }
  };
  const addKey = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await request('POST', '/api/v1/ai/keys', { provider: keyProvider, api_key: apiKey });
      setApiKey('');
      await queryClient.invalidateQueries({ queryKey: ['ai-keys'] });
      await queryClient.invalidateQueries({ queryKey: ['ai-models'] });
      notify.ok(`${providerName(keyProvider)} key saved.`);
    } catch (err) {
      notify.error(err, 'Could not save the key');
    }
  };
  const removeKey = async (k: ProviderKey) => {
    try {
      await request('DELETE', `/api/v1/ai/keys/${k.id}`);
      await queryClient.invalidateQueries({ queryKey: ['ai-keys'] });
      await queryClient.invalidateQueries({ queryKey: ['ai-models'] });
    } catch (err) {
      notify.error(err, 'Could not remove the key');
    }
  };

  return (
    <Stack gap="xl" maw={760}>
      <form onSubmit={saveConfig}>
        <Stack gap="sm">
          <Title order={3}>Default model</Title>
          <Text size="sm" c="dimmed">
            Used by runs that do not name a model. Plain steps are settled by the built-in interpreter for free first.
          </Text>
          <Select label="Provider" allowDeselect={false} data={PROVIDERS} value={provider} onChange={(v) => setProvider((v as AiProvider) ?? provider)} disabled={!canEdit} />
          <Select label="Model" searchable data={(models.data ?? []).map((m) => ({ value: m.id, label: `${m.name}${m.builtin ? '' : ' (your key)'}` }))} value={model} onChange={setModel} disabled={!canEdit} />
          {canEdit ? (
            <Group>
              <Button type="submit">Save defaults</Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      <Stack gap="sm">
        <Title order={3}>Your provider keys</Title>
        <Text size="sm" c="dimmed">
          Runs on your own key are billed by the provider, not from your credit. Keys are stored encrypted and never shown again.
        </Text>
        <ErrorAlert error={keys.error} />
        {keys.data?.length ? (
          <Table aria-label="Provider keys">
            <Table.Tbody>
              {keys.data.map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{providerName(k.provider)}</Table.Td>
                  <Table.Td>{k.key_hint}</Table.Td>
                  <Table.Td>{formatTime(k.created_at)}</Table.Td>
                  <Table.Td>
                    {canEdit ? (
                      <Button size="xs" variant="subtle" color="red" onClick={() => void removeKey(k)} aria-label={`Remove the ${providerName(k.provider)} key`}>
                        Remove
                      </Button>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed">No keys yet.</Text>
        )}
        {canEdit ? (
          <form onSubmit={addKey}>
            <Group align="flex-end">
              <Select label="Provider" allowDeselect={false} data={PROVIDERS.filter((p) => p.value !== 'platform')} value={keyProvider} onChange={(v) => setKeyProvider((v as AiProvider) ?? keyProvider)} />
              <PasswordInput label="API key" required value={apiKey} onChange={(e) => setApiKey(e.currentTarget.value)} style={{ flex: 1 }} />
              <Button type="submit">Save key</Button>
            </Group>
          </form>
        ) : null}
      </Stack>
      <Stack gap="sm">
        <Title order={3}>Models</Title>
        <Group gap="xs">
          {(models.data ?? []).map((m) => (
            <Badge key={m.id} variant={m.builtin ? 'light' : 'outline'}>
              {m.name}
            </Badge>
          ))}
        </Group>
      </Stack>
      {usage.data ? (
        <Stack gap="sm">
          <Title order={3}>AI usage</Title>
          <Text>
            {usage.data.total.runs_count} runs · {dollars(usage.data.platform.cost_micro)} billed · {dollars(usage.data.byok.cost_micro)} estimated on your keys · {usage.data.total.input_tokens + usage.data.total.output_tokens} tokens
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}
