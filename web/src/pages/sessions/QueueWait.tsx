import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api, ok } from '../../api/client';
import type { Session } from '../../api/types';
import { notify } from '../../components/feedback';
import { clock } from '../../components/format';

/**
 * Estimated wait from how fast this entry has moved up so far: the time per place seen while
 * watching, times the places left. Nothing is claimed before the entry has moved once.
 */
function useEta(position: number | null): number | null {
  const first = useRef<{ position: number; at: number } | null>(null);
  const [eta, setEta] = useState<number | null>(null);
  useEffect(() => {
    if (position === null) return;
    if (!first.current) first.current = { position, at: Date.now() };
    const moved = first.current.position - position;
    if (moved > 0) setEta(((Date.now() - first.current.at) / moved) * position);
  }, [position]);
  return eta;
}

export function QueueWait({ session, position }: { session: Session; position: number | null }) {
  const eta = useEta(position);
  const [busy, setBusy] = useState(false);
  const leave = async () => {
    if (!session.queue_entry_id) return;
    setBusy(true);
    try {
      await ok(
        api.DELETE('/api/v1/sessions/queue/{queue_entry_id}', {
          params: { path: { queue_entry_id: session.queue_entry_id } },
        }),
      );
      notify.ok('You left the queue.');
    } catch (err) {
      notify.error(err, 'Could not leave the queue');
    } finally {
      setBusy(false);
    }
  };
  if (position === null) {
    return (
      <Paper withBorder p="lg">
        <Group>
          <Loader size="sm" role="status" aria-label="Waiting" />
          <Text>Asking for a device…</Text>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="lg" aria-live="polite">
      <Stack gap="xs">
        <Title order={3}>Waiting for a device</Title>
        <Text>
          Every matching device is busy. You are <strong>number {position}</strong> in the queue; the session starts by
          itself when a device frees up.
        </Text>
        <Text c="dimmed" size="sm">
          {eta === null
            ? 'Estimating the wait from how fast the queue moves…'
            : `Estimated wait: about ${clock(eta / 1000)}`}
        </Text>
        <Group>
          <Button variant="default" onClick={leave} loading={busy}>
            Leave the queue
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
