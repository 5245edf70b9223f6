import { Alert, Badge, Button, Code, CopyButton, Group, Modal, MultiSelect, PasswordInput, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { request, requestIfAvailable } from '../../api/client';
import type { Delivery, EventType, GithubConnection, Webhook } from '../../api/coming';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';

/** Webhooks with their deliveries, and the GitHub connection for commit statuses; each shown when the server has it. */
export function IntegrationsSection({ webhooks, github }: { webhooks: Webhook[] | null; github: GithubConnection | null | undefined }) {
  return (
    <Stack gap="xl" maw={900}>
      {webhooks ? <Webhooks webhooks={webhooks} /> : null}
      {github !== undefined && github !== null ? <Github connection={github} /> : null}
    </Stack>
  );
}

function SecretOnce({ secret }: { secret: string }) {
  return (
    <Alert color="yellow" title="Signing secret: copy it now">
      <Stack gap="xs">
        <Text size="sm">Deliveries carry X-Webhook-Signature, an HMAC-SHA256 with this secret. It is shown only once.</Text>
        <Code block tabIndex={0}>{secret}</Code>
        <CopyButton value={secret}>{({ copied, copy }) => <Button size="xs" variant="light" onClick={copy}>{copied ? 'Copied' : 'Copy secret'}</Button>}</CopyButton>
      </Stack>
    </Alert>
  );
}

function Webhooks({ webhooks }: { webhooks: Webhook[] }) {
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  const [creating, create] = useDisclosure();
  const [selected, setSelected] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const toggle = async (w: Webhook) => {
    try {
      await request('PATCH', `/api/v1/integrations/webhooks/${w.id}`, { enabled: !w.enabled });
      await refresh();
    } catch (err) {
      notify.error(err);
    }
  };
  const remove = async (w: Webhook) => {
    try {
      await request('DELETE', `/api/v1/integrations/webhooks/${w.id}`);
      await refresh();
    } catch (err) {
      notify.error(err);
    }
  };
  const rotate = async (w: Webhook) => {
    try {
      const r = await request<{ secret: string }>('POST', `/api/v1/integrations/webhooks/${w.id}/regenerate-secret`);
      setSecret(r.secret);
    } catch (err) {
      notify.error(err);
    }
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={3}>Webhooks</Title>
          <Text size="sm" c="dimmed">
            Signed POSTs to your endpoints when runs finish, visuals regress, apps are uploaded and more.
          </Text>
        </Stack>
        {isAdmin ? <Button onClick={create.open}>Add endpoint</Button> : null}
      </Group>
      {secret ? <SecretOnce secret={secret} /> : null}
      {webhooks.length === 0 ? <Text c="dimmed">No endpoints yet.</Text> : null}
      {webhooks.length ? (
        <Table aria-label="Webhooks">
          <Table.Tbody>
            {webhooks.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {w.url}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {w.description ?? ''} · {w.event_types.length} event types
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch aria-label={`Enable ${w.url}`} checked={w.enabled} onChange={() => void toggle(w)} disabled={!isAdmin} />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="subtle" onClick={() => setSelected(w)}>
                      Deliveries
                    </Button>
                    {isAdmin ? (
                      <>
                        <Button size="xs" variant="subtle" onClick={() => void rotate(w)}>
                          New secret
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => void remove(w)} aria-label={`Delete ${w.url}`}>
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <CreateWebhook opened={creating} onClose={create.close} onCreated={(s) => {
          setSecret(s);
          void refresh();
        }} />
      <Deliveries webhook={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

function CreateWebhook({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (secret: string) => void }) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const catalog = useQuery({ queryKey: ['event-catalog'], queryFn: () => requestIfAvailable<EventType[]>('/api/v1/integrations/events/catalog'), enabled: opened });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const defaults = (catalog.data ?? []).filter((t) => t.default_enabled).map((t) => t.type);
      const r = await request<Webhook>('POST', '/api/v1/integrations/webhooks', { url, description, event_types: events.length ? events : defaults });
      onCreated(r.secret ?? '');
      onClose();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Add a webhook endpoint" size="lg">
      <form onSubmit={submit}>
        <Stack>
          <ErrorAlert error={error} title="Could not add the endpoint" />
          <TextInput label="URL" type="url" required placeholder="https://ci.example.com/hooks/simdeck" value={url} onChange={(e) => setUrl(e.currentTarget.value)} />
          <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <MultiSelect label="Events" description="Leave empty for the default set" searchable data={(catalog.data ?? []).map((t) => ({ value: t.type, label: `${t.type} — ${t.description}` }))} value={events} onChange={setEvents} />
          <Button type="submit">Add endpoint</Button>
        </Stack>
      </form>
    </Modal>
  );
}

function Deliveries({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const deliveries = useQuery({ queryKey: ['deliveries', webhook?.id], queryFn: () => request<Delivery[] | { deliveries: Delivery[] }>('GET', `/api/v1/integrations/webhooks/${webhook?.id}/deliveries`), enabled: !!webhook });
  const list = Array.isArray(deliveries.data) ? deliveries.data : (deliveries.data?.deliveries ?? []);
  const redeliver = async (d: Delivery) => {
    try {
      await request('POST', `/api/v1/integrations/webhooks/${webhook?.id}/deliveries/${d.id}/redeliver`);
      notify.ok('Delivery queued again.');
      await deliveries.refetch();
    } catch (err) {
      notify.error(err);
    }
  };
  return (
    <Modal opened={!!webhook} onClose={onClose} title={`Deliveries to ${webhook?.url ?? ''}`} size="xl">
      <ErrorAlert error={deliveries.error} />
      {list.length === 0 ? <Text c="dimmed">No deliveries in the last 30 days.</Text> : null}
      {list.length ? (
        <Table aria-label="Deliveries">
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatTime(d.created_at)}</Table.Td>
                <Table.Td>{d.event_type ?? d.type}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={d.status === 'succeeded' || d.status === 'delivered' ? 'green' : d.status === 'pending' ? 'gray' : 'red'}>
                    {d.status ?? '—'}
                  </Badge>{' '}
                  {d.response_status ?? ''}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" onClick={() => void redeliver(d)}>
                    Redeliver
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Modal>
  );
}

function Github({ connection }: { connection: GithubConnection }) {
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  const [repository, setRepository] = useState(connection.repository ?? '');
  const [token, setToken] = useState('');
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await request('PUT', '/api/v1/integrations/github', { repository, token });
      setToken('');
      await queryClient.invalidateQueries({ queryKey: ['github'] });
      notify.ok('GitHub connected: CI runs with a commit SHA post commit statuses.');
    } catch (err) {
      notify.error(err, 'Could not connect GitHub');
    }
  };
  return (
    <form onSubmit={save}>
      <Stack gap="sm">
        <Title order={3}>GitHub</Title>
        <Text size="sm" c="dimmed">
          {connection.repository ? `Connected to ${connection.repository}.` : 'Not connected.'} CI runs with a commit SHA report pending, success and failure as commit statuses.
        </Text>
        {isAdmin ? (
          <Group align="flex-end">
            <TextInput label="Repository" placeholder="owner/name" required value={repository} onChange={(e) => setRepository(e.currentTarget.value)} />
            <PasswordInput label="Token" description="Needs the commit status scope; stored encrypted" required value={token} onChange={(e) => setToken(e.currentTarget.value)} style={{ flex: 1 }} />
            <Button type="submit">{connection.repository ? 'Update' : 'Connect'}</Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
