import { Button, Group, PasswordInput, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { api, ok } from '../../api/client';
import type { AiModel, AiProvider, KeyProvider, ProviderKey } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { dollars, formatTime, plural } from '../../components/format';
import { ModelSelect, modelBilling, PROVIDERS, providerName } from '../../components/ModelSelect';

const KEY_PROVIDERS = PROVIDERS.filter((p): p is { value: KeyProvider; label: string } => p.value !== 'platform');

/** The organization's default model, its own provider keys (BYOK) and its AI usage. Editing needs developer. */
export function AiSection() {
  const canEdit = useHasRole('developer');
  const config = useQuery({ queryKey: ['ai-config'], queryFn: () => ok(api.GET('/api/v1/ai/config')) });
  const usage = useQuery({ queryKey: ['ai-usage'], queryFn: () => ok(api.GET('/api/v1/ai/usage')) });
  return (
    <Stack gap="xl" maw={760}>
      <ErrorAlert error={config.error} title="Could not load the AI settings" />
      {config.data ? (
        <DefaultModel provider={config.data.default_provider} model={config.data.default_model} canEdit={canEdit} />
      ) : config.isPending ? (
        <Loading />
      ) : null}
      <ProviderKeys canEdit={canEdit} />
      {usage.data ? (
        <Stack gap="sm">
          <Title order={3}>AI usage this month</Title>
          <Text>
            {plural(usage.data.total.runs_count, 'run')} · {dollars(usage.data.platform.cost_micro)} billed from credit
            · {dollars(usage.data.byok.cost_micro)} estimated on your keys ·{' '}
            {(usage.data.total.input_tokens + usage.data.total.output_tokens).toLocaleString()} tokens
          </Text>
        </Stack>
      ) : null}
    </Stack>
  );
}

function DefaultModel({ provider, model, canEdit }: { provider: AiProvider; model: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<{ id: string; provider: AiProvider }>({ id: model, provider });
  useEffect(() => setPicked({ id: model, provider }), [model, provider]);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await ok(
        api.PUT('/api/v1/ai/config', { body: { default_provider: picked.provider, default_model: picked.id } }),
      );
      queryClient.setQueryData(['ai-config'], saved);
      notify.ok(`Default model saved: ${saved.default_model}.`);
    } catch (err) {
      notify.error(err, 'Could not save the default model');
    }
  };
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <Title order={3}>Default model</Title>
        <Text size="sm" c="dimmed">
          Used by runs that do not name a model. Plain steps are settled by the built-in interpreter for free first.
        </Text>
        <ModelSelect
          label="Default model"
          value={picked.id}
          onChange={(m: AiModel | null) => m && setPicked({ id: m.id, provider: m.provider })}
          disabled={!canEdit}
        />
        <Text size="sm" c="dimmed" data-testid="default-model">
          Now: {model} ({modelBilling(model, provider)})
        </Text>
        {canEdit ? (
          <Group>
            <Button type="submit" disabled={picked.id === model && picked.provider === provider}>
              Save default model
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

function ProviderKeys({ canEdit }: { canEdit: boolean }) {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['ai-keys'], queryFn: () => ok(api.GET('/api/v1/ai/keys')) });
  const [keyProvider, setKeyProvider] = useState<KeyProvider>('provider_a');
  const [apiKey, setApiKey] = useState('');
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['ai-keys'] });
    await queryClient.invalidateQueries({ queryKey: ['ai-models'] });
  };
  const addKey = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const saved = await ok(api.POST('/api/v1/ai/keys', { body: { provider: keyProvider, api_key: apiKey } }));
      setApiKey('');
      await refresh();
      notify.ok(`${providerName(saved.provider)} key saved (${saved.key_hint}).`);
    } catch (err) {
      notify.error(err, 'Could not save the key');
    }
  };
  const removeKey = async (k: ProviderKey) => {
    try {
      await ok(api.DELETE('/api/v1/ai/keys/{key_id}', { params: { path: { key_id: k.id } } }));
      await refresh();
      notify.ok(`${providerName(k.provider)} key removed.`);
    } catch (err) {
      notify.error(err, 'Could not remove the key');
    }
  };
  return (
    <Stack gap="sm">
      <Title order={3}>Your provider keys</Title>
      <Text size="sm" c="dimmed">
        Runs on your own key are billed by the provider, not from your credit. Keys are stored encrypted; only their
        last characters are ever shown.
      </Text>
      <ErrorAlert error={keys.error} />
      {keys.data?.length ? (
        <Table aria-label="Provider keys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Provider</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.data.map((k) => (
              <Table.Tr key={k.id}>
                <Table.Td>{providerName(k.provider)}</Table.Td>
                <Table.Td data-testid="key-hint">{k.key_hint}</Table.Td>
                <Table.Td>{formatTime(k.created_at)}</Table.Td>
                <Table.Td ta="right">
                  {canEdit ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => void removeKey(k)}
                      aria-label={`Remove the ${providerName(k.provider)} key`}
                    >
                      Remove
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : keys.data ? (
        <Text c="dimmed">No keys yet.</Text>
      ) : null}
      {canEdit ? (
        <form onSubmit={addKey}>
          <Group align="flex-end">
            <Select
              label="Key provider"
              allowDeselect={false}
              data={KEY_PROVIDERS}
              value={keyProvider}
              onChange={(v) => setKeyProvider((v as KeyProvider | null) ?? keyProvider)}
            />
            <PasswordInput
              label="API key"
              description="Replaces the provider's key if one is saved"
              required
              minLength={8}
              value={apiKey}
              onChange={(e) => setApiKey(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit">Save key</Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
