import { Button, Modal, MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { EventType, Webhook } from '../../api/types';
import { ErrorAlert, notify } from '../../components/feedback';
function eventOptions(catalog: EventType[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const t of catalog)
    groups.set(t.category, [
      ...(groups.get(t.category) ?? []),
      { value: t.type, label: `${t.type}: ${t.description}` },
    ]);
  return [...groups].map(([group, items]) => ({ group, items }));
}

export function CreateWebhook({
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

export function EditEvents({
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
