import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import type { Delivery, Webhook } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
const DELIVERY_COLORS: Record<Delivery['status'], string> = {
  succeeded: 'green',
  pending: 'gray',
  retrying: 'yellow',
  failed: 'red',
};

export function Deliveries({ webhook, onClose }: { webhook: Webhook | null; onClose: () => void }) {
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
