import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  MultiSelect,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { Delivery, EventType, Webhook } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { GithubConnection } from './GithubConnection';

/** Webhooks with their deliveries, and the GitHub connection for commit statuses (developers read, admins change). */
export function IntegrationsSection() {
  return (
    <Stack gap="xl" maw={960}>
      <Webhooks />
      <GithubConnection />
    </Stack>
  );
}

function SecretOnce({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Alert color="yellow" title="Signing secret: copy it now">
      <Stack gap="xs">
        <Text size="sm">
          Deliveries carry X-Webhook-Signature, an HMAC-SHA256 of the body with this secret. It is shown only this once.
        </Text>
        <Code block tabIndex={0} data-testid="webhook-secret">
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy}>
                {copied ? 'Copied' : 'Copy secret'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onDone}>
            I have saved it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The event catalog as MultiSelect groups, one per category. */
function eventOptions(catalog: EventType[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const t of catalog)
    groups.set(t.category, [
      ...(groups.get(t.category) ?? []),
      { value: t.type, label: `${t.type}: ${t.description}` },
    ]);
  return [...groups].map(([group, items]) => ({ group, items }));
}

function Webhooks() {
  const isAdmin = useHasRole('admin');
  const queryClient = useQueryClient();
  const webhooks = useQuery({ queryKey: ['webhooks'], queryFn: () => ok(api.GET('/api/v1/integrations/webhooks')) });
  const [creating, create] = useDisclosure();
  const [selected, setSelected] = useState<Webhook | null>(null);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks'] });
  const act = async (what: () => Promise<unknown>, done?: string) => {
    try {
      await what();
      await refresh();
      if (done) notify.ok(done);
    } catch (err) {
      notify.error(err);
    }
  };
  const path = (w: Webhook) => ({ params: { path: { id: w.id } } });
  const list = webhooks.data ?? [];
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
      {secret ? <SecretOnce secret={secret} onDone={() => setSecret(null)} /> : null}
      <ErrorAlert error={webhooks.error} title="Could not load the webhooks" />
      {webhooks.isPending ? <Loading /> : null}
      {webhooks.data && list.length === 0 ? <Text c="dimmed">No endpoints yet.</Text> : null}
      {list.length ? (
        <Table aria-label="Webhooks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Endpoint</Table.Th>
              <Table.Th>Enabled</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {w.url}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {w.description ? `${w.description} · ` : ''}
                    {w.event_types.length} event types · added {formatTime(w.created_at)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`Enable ${w.url}`}
                    checked={w.enabled}
                    disabled={!isAdmin}
                    onChange={() =>
                      void act(
                        () =>
                          ok(
                            api.PATCH('/api/v1/integrations/webhooks/{id}', {
                              ...path(w),
                              body: { enabled: !w.enabled },
                            }),
                          ),
                        w.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.',
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => setSelected(w)}
                      aria-label={`Deliveries to ${w.url}`}
                    >
                      Deliveries
                    </Button>
                    {isAdmin ? (
                      <>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() => setEditing(w)}
                          aria-label={`Events of ${w.url}`}
                        >
                          Events
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={() =>
                            void act(async () =>
                              setSecret(
                                (await ok(api.POST('/api/v1/integrations/webhooks/{id}/regenerate-secret', path(w))))
                                  .secret,
                              ),
                            )
                          }
                        >
                          New secret
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() =>
                            void act(
                              () => ok(api.DELETE('/api/v1/integrations/webhooks/{id}', path(w))),
                              'Endpoint deleted.',
                            )
                          }
                          aria-label={`Delete ${w.url}`}
                        >
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
      {isAdmin ? (
        <CreateWebhook
          opened={creating}
          onClose={create.close}
          onCreated={(s) => {
            setSecret(s);
            void refresh();
          }}
        />
      ) : null}
      {isAdmin ? (
        <EditEvents webhook={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
      ) : null}
      <Deliveries webhook={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

function CreateWebhook({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const catalog = useQuery({
    queryKey: ['event-catalog'],
    queryFn: () => ok(api.GET('/api/v1/integrations/events/catalog')),
    enabled: opened,
    staleTime: 300_000,
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      // No events picked: the API subscribes the catalog's default set.
      const r = await ok(
        api.POST('/api/v1/integrations/webhooks', {
          body: {
            url,
            enabled: true,
            ...(description ? { description } : {}),
            ...(events.length ? { event_types: events } : {}),
          },
        }),
      );
      onCreated(r.secret);
      setUrl('');
      setDescription('');
      setEvents([]);
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
          <TextInput
            label="URL"
            type="url"
            required
            placeholder="https://ci.example.com/hooks/simdeck"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <TextInput label="Description" value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <MultiSelect
            label="Events"
            description="Leave empty for the default set"
            searchable
            data={eventOptions(catalog.data ?? [])}
            value={events}
            onChange={setEvents}
          />
          <Button type="submit">Add endpoint</Button>
        </Stack>
      </form>
    </Modal>
  );
}

function EditEvents({
  webhook,
  onClose,
  onSaved,
}: {
  webhook: Webhook | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const catalog = useQuery({
    queryKey: ['event-catalog'],
    queryFn: () => ok(api.GET('/api/v1/integrations/events/catalog')),
    enabled: !!webhook,
    staleTime: 300_000,
  });
  const [events, setEvents] = useState<string[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const value = events ?? webhook?.event_types ?? [];
  const close = () => {
    setEvents(null);
    setError(null);
    onClose();
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!webhook) return;
    try {
      await ok(
        api.PUT('/api/v1/integrations/webhooks/{id}/subscriptions', {
          params: { path: { id: webhook.id } },
          body: { event_types: value },
        }),
      );
      notify.ok('Events saved.');
      onSaved();
      close();
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={!!webhook} onClose={close} title={`Events sent to ${webhook?.url ?? ''}`} size="lg">
      <form onSubmit={save}>
        <Stack>
          <ErrorAlert error={error} title="Could not save the events" />
          <MultiSelect
            label="Events"
            searchable
            data={eventOptions(catalog.data ?? [])}
            value={value}
            onChange={setEvents}
          />
          <Button type="submit">Save events</Button>
        </Stack>
      </form>
    </Modal>
  );
}

const DELIVERY_COLORS: Record<Delivery['status'], string> = {
  succeeded: 'green',
  pending: 'gray',
  retrying: 'yellow',
  failed: 'red',
};

function Deliveries({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
  const isAdmin = useHasRole('admin');
  const deliveries = useQuery({
    queryKey: ['deliveries', webhook?.id],
    queryFn: () =>
      ok(
        api.GET('/api/v1/integrations/webhooks/{id}/deliveries', {
          params: { path: { id: webhook?.id ?? 0 }, query: { limit: 50 } },
        }),
      ),
    enabled: !!webhook,
    refetchInterval: 5_000,
  });
  const list = deliveries.data?.deliveries ?? [];
  const redeliver = async (d: Delivery) => {
    if (!webhook) return;
    try {
      await ok(
        api.POST('/api/v1/integrations/webhooks/{id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { id: webhook.id, delivery_id: d.id } },
        }),
      );
      notify.ok('Sent again as a new delivery.');
      await deliveries.refetch();
    } catch (err) {
      notify.error(err, 'Could not redeliver');
    }
  };
  return (
    <Modal opened={!!webhook} onClose={onClose} title={`Deliveries to ${webhook?.url ?? ''}`} size="xl">
      <ErrorAlert error={deliveries.error} />
      {deliveries.data && list.length === 0 ? <Text c="dimmed">No deliveries in the last 30 days.</Text> : null}
      {list.length ? (
        <Table aria-label="Deliveries">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Event</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Attempts</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatTime(d.created_at)}</Table.Td>
                <Table.Td>
                  {d.event_type}
                  {d.redelivery_of ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      (again)
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={DELIVERY_COLORS[d.status]}>
                    {d.status}
                  </Badge>{' '}
                  <Text span size="sm">
                    {d.response_status ?? ''} {d.error ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{d.attempts}</Table.Td>
                <Table.Td>
                  {isAdmin ? (
                    <Button size="xs" variant="subtle" onClick={() => void redeliver(d)}>
                      Redeliver
                    </Button>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {(deliveries.data?.total ?? 0) > list.length ? (
        <Text size="sm" c="dimmed" mt="sm">
          The {list.length} most recent of {deliveries.data?.total}.
        </Text>
      ) : null}
    </Modal>
  );
}
