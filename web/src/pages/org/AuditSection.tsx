import { ScrollRegion } from '../../components/ScrollRegion';
import { Button, Code, Group, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api, download, ok } from '../../api/client';
import { EmptyState, ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { useOrgId } from './org-id';

const PAGE_SIZE = 50;
type TimeRange = 'last-hour' | 'last-day' | 'last-week' | 'last-month';

/** Who did what, when: filterable, paged, and exported as CSV with the same filters. */
export function AuditSection() {
  const orgId = useOrgId();
  const [action, setAction] = useState('');
  const [userEmail, setUserEmail] = useState('');
  const [resourceType, setResourceType] = useState('');
  const [timeRange, setTimeRange] = useState<TimeRange | null>(null);
  const [page, setPage] = useState(1);
  const [filters] = useDebouncedValue({ action, userEmail, resourceType }, 300);
  const query = {
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.userEmail ? { user_email: filters.userEmail } : {}),
    ...(filters.resourceType ? { resource_type: filters.resourceType } : {}),
    ...(timeRange ? { time_range: timeRange } : {}),
  };
  const events = useQuery({
    queryKey: ['audit', orgId, query, page],
    queryFn: () =>
      ok(
        api.GET('/api/v1/organizations/{org_id}/audit-events', {
          params: { path: { org_id: orgId }, query: { ...query, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } },
        }),
      ),
  });
  // A new filter starts again from the first page.
  const filterBy = <T,>(set: (v: T) => void, value: T) => {
    setPage(1);
    set(value);
  };
  const exportCsv = () => {
    const qs = new URLSearchParams(query as Record<string, string>).toString();
    download(`/api/v1/organizations/${orgId}/audit-events/csv${qs ? `?${qs}` : ''}`, 'audit-log.csv').catch((err) =>
      notify.error(err, 'Export failed'),
    );
  };
  const pages = Math.max(1, Math.ceil((events.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Audit log</Title>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap">
        <TextInput
          label="Action"
          placeholder="session.created"
          value={action}
          onChange={(e) => filterBy(setAction, e.currentTarget.value)}
        />
        <TextInput
          label="User email"
          value={userEmail}
          onChange={(e) => filterBy(setUserEmail, e.currentTarget.value)}
        />
        <TextInput
          label="Resource type"
          placeholder="session, app, test_suite"
          value={resourceType}
          onChange={(e) => filterBy(setResourceType, e.currentTarget.value)}
        />
        <Select
          label="When"
          placeholder="Any time"
          clearable
          data={[
            { value: 'last-hour', label: 'Last hour' },
            { value: 'last-day', label: 'Last day' },
            { value: 'last-week', label: 'Last week' },
            { value: 'last-month', label: 'Last month' },
          ]}
          value={timeRange}
          onChange={(v) => filterBy(setTimeRange, v as TimeRange | null)}
        />
      </Group>
      <ErrorAlert error={events.error} />
      {events.isPending ? <Loading /> : null}
      {events.data?.events.length === 0 ? (
        <EmptyState title="No events">Nothing matches these filters.</EmptyState>
      ) : null}
      {events.data?.events.length ? (
        <>
          <Text size="sm" c="dimmed">
            {events.data.total} event{events.data.total === 1 ? '' : 's'}
          </Text>
          <ScrollRegion label="Audit events (scrolls sideways)" minWidth={760}>
            <Table striped aria-label="Audit events">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Who</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Resource</Table.Th>
                  <Table.Th>Details</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{formatTime(e.created_at)}</Table.Td>
                    <Table.Td>{e.user_email}</Table.Td>
                    <Table.Td>
                      <Code>{e.action}</Code>
                    </Table.Td>
                    <Table.Td>
                      {e.resource_type} {e.resource_id}
                    </Table.Td>
                    <Table.Td>
                      {e.details ? (
                        <Text size="xs" ff="monospace" maw={320} lineClamp={2} title={JSON.stringify(e.details)}>
                          {JSON.stringify(e.details)}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
          {pages > 1 ? (
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
