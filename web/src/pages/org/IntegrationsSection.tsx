import { Alert, Button, Code, CopyButton, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import type { Webhook } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { GithubConnection } from './GithubConnection';
import { Deliveries } from './WebhookDeliveries';
import { CreateWebhook, EditEvents } from './WebhookDialogs';

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
