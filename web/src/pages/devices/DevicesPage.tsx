import { ScrollRegion } from '../../components/ScrollRegion';
import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import type { DevicePool } from '../../api/types';
import { EmptyState, ErrorAlert, Loading, notify } from '../../components/feedback';
import { osName } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { createAndStartSession } from '../sessions/start-session';

/** The fleet by pool, refreshed every few seconds: how many devices of each kind are free. */
export function DevicesPage() {
  const pools = useQuery({
    queryKey: ['device-pools'],
    queryFn: () => ok(api.GET('/api/v1/devices/pools')),
    refetchInterval: 5_000,
  });
  const devices = useQuery({
    queryKey: ['devices'],
    queryFn: () => ok(api.GET('/api/v1/devices')),
    refetchInterval: 5_000,
  });
  const total = pools.data?.reduce((n, p) => n + p.total, 0) ?? 0;
  const free = pools.data?.reduce((n, p) => n + p.free, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Devices"
        description={pools.data ? `${free} of ${total} devices free right now` : 'The device fleet, live'}
      />
      <ErrorAlert error={pools.error ?? devices.error} />
      {pools.isPending ? <Loading /> : null}
      {pools.data?.length === 0 ? (
        <EmptyState title="No devices are connected">
          Device hosts connect as workers. `npm start` runs one with a virtual fleet; on other machines run `simdeck
          worker` with a worker token (see Device hosts in the README).
        </EmptyState>
      ) : null}
      {pools.data?.some((p) => p.virtual) ? (
        <Alert color="blue" title="These are simdeck virtual devices" mb="md">
          {pools.data.every((p) => p.virtual) ? 'Every device here is' : 'Devices marked virtual are'} simulated by
          simdeck itself: real screens, input and streaming, but no Android or iOS underneath. They run apps that carry
          a simdeck app model (like the sample app); any other APK or IPA shows a placeholder screen. Real emulators and
          simulators come from a device host connected as a worker (see Device hosts in the README).
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} mb="xl">
        {pools.data?.map((pool) => (
          <PoolCard key={pool.group_key} pool={pool} />
        ))}
      </SimpleGrid>
      {devices.data?.length ? (
        <ScrollRegion label="Devices (scrolls sideways)" minWidth={600}>
          <Table striped aria-label="Devices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>OS</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Worker</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.data.map((d) => (
                <Table.Tr key={d.device_id}>
                  <Table.Td>{d.name}</Table.Td>
                  <Table.Td>{osName(d.type, d.category)}</Table.Td>
                  <Table.Td>{d.category}</Table.Td>
                  <Table.Td>{d.os_version}</Table.Td>
                  <Table.Td>{d.virtual ? 'virtual' : 'device host'}</Table.Td>
                  <Table.Td>{d.worker_id}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={d.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ) : null}
    </>
  );
}

function PoolCard({ pool }: { pool: DevicePool }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const id = await createAndStartSession({
        device_type: pool.device_type as 'ios' | 'android',
        device_category: pool.category as 'phone' | 'tablet' | 'tv',
      });
      await navigate({ to: '/sessions/$sessionId', params: { sessionId: id } });
    } catch (err) {
      notify.error(err, 'Could not start a session');
    } finally {
      setBusy(false);
    }
  };
  const busyCount = pool.total - pool.free;
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600}>{pool.model}</Text>
          <Group gap={4}>
            {pool.virtual ? (
              <Badge variant="outline" color="gray" tt="none">
                virtual
              </Badge>
            ) : null}
            <Badge variant="light" tt="none">
              {osName(pool.device_type, pool.category)} {pool.os_version}
            </Badge>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {pool.category} · {pool.free} free · {busyCount} busy
        </Text>
        <Progress
          value={pool.total ? (busyCount / pool.total) * 100 : 0}
          aria-label={`${pool.model}: ${busyCount} of ${pool.total} busy`}
        />
        <Button variant="light" onClick={start} loading={busy} aria-label={`Start a session on ${pool.model}`}>
          {pool.free > 0 ? 'Start a session' : 'Join the queue'}
        </Button>
      </Stack>
    </Card>
  );
}
