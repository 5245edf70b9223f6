import { ScrollRegion } from '../../components/ScrollRegion';
import { AnchorLink } from '../../components/links';
import { Button, Group, Modal, Pagination, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, download, ok } from '../../api/client';
import type { AppSummary } from '../../api/types';
import { EmptyState, ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge } from '../../components/StatusBadge';
import { createAndStartSession } from './start-session';

const PAGE_SIZE = 25;
type Status = 'pending' | 'starting' | 'active' | 'stopped' | 'failed';
type TimeRange = 'last-hour' | 'last-day' | 'last-week' | 'last-month';

export function SessionsPage() {
  const [status, setStatus] = useState<Status | null>(null);
  const [deviceType, setDeviceType] = useState<'ios' | 'android' | null>(null);
  const [timeRange, setTimeRange] = useState<TimeRange | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const [opened, { open, close }] = useDisclosure();
  const query = {
    status: status ?? undefined,
    device_type: deviceType ?? undefined,
    time_range: timeRange ?? undefined,
    search: debounced || undefined,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  };
  const sessions = useQuery({
    queryKey: ['sessions', query],
    queryFn: () => ok(api.GET('/api/v1/sessions', { params: { query } })),
    refetchInterval: 10_000,
  });
  const rows = sessions.data?.slice(0, PAGE_SIZE) ?? [];
  const hasMore = (sessions.data?.length ?? 0) > PAGE_SIZE;

  // A new filter starts again from the first page.
  const filterBy = (set: () => void) => {
    setPage(1);
    set();
  };
  const exportCsv = () =>
    download('/api/v1/sessions/export/csv', 'sessions.csv').catch((err) => notify.error(err, 'Export failed'));

  return (
    <>
      <PageHeader
        title="Sessions"
        description="Live devices you and your team started, and their history"
        actions={
          <>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
              Export CSV
            </Button>
            <Button leftSection={<IconPlus size={16} />} onClick={open}>
              New session
            </Button>
          </>
        }
      />
      <Group mb="md" gap="sm" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Device, email or session id"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Select
          label="Status"
          placeholder="Any"
          clearable
          data={['pending', 'starting', 'active', 'stopped', 'failed']}
          value={status}
          onChange={(v) => filterBy(() => setStatus(v as Status | null))}
        />
        <Select
          label="Platform"
          placeholder="Any"
          clearable
          data={[
            { value: 'ios', label: 'iOS' },
            { value: 'android', label: 'Android' },
          ]}
          value={deviceType}
          onChange={(v) => filterBy(() => setDeviceType(v as 'ios' | 'android' | null))}
        />
        <Select
          label="Started"
          placeholder="Any time"
          clearable
          data={[
            { value: 'last-hour', label: 'Last hour' },
            { value: 'last-day', label: 'Last day' },
            { value: 'last-week', label: 'Last week' },
            { value: 'last-month', label: 'Last month' },
          ]}
          value={timeRange}
          onChange={(v) => filterBy(() => setTimeRange(v as TimeRange | null))}
        />
      </Group>
      <ErrorAlert error={sessions.error} />
      {sessions.isPending ? <Loading /> : null}
      {sessions.data && rows.length === 0 ? (
        <EmptyState title="No sessions here" action={<Button onClick={open}>Start a session</Button>}>
          {status || deviceType || timeRange || debounced
            ? 'Nothing matches these filters.'
            : 'Start a session to get a live iOS or Android device in your browser.'}
        </EmptyState>
      ) : null}
      {rows.length ? (
        <ScrollRegion label="Sessions (scrolls sideways)" minWidth={760}>
          <Table striped highlightOnHover aria-label="Sessions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Started by</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Minutes</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((s) => (
                <Table.Tr key={s.session_id}>
                  <Table.Td>
                    <AnchorLink to="/sessions/$sessionId" params={{ sessionId: s.session_id }}>
                      {s.device_name ?? `${s.device_type} ${s.device_category}`}
                    </AnchorLink>
                    <Text size="xs" c="dimmed">
                      {s.os_version ? `${s.device_type} ${s.os_version}` : s.session_id}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={s.queue_position ? 'queued' : s.status} />
                  </Table.Td>
                  <Table.Td>{s.user_email ?? '—'}</Table.Td>
                  <Table.Td>{formatTime(s.start_time ?? s.created_at)}</Table.Td>
                  <Table.Td>{s.duration_minutes ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      ) : null}
      {page > 1 || hasMore ? (
        <Pagination
          mt="md"
          total={hasMore ? page + 1 : page}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page` })}
        />
      ) : null}
      <NewSessionDialog opened={opened} onClose={close} />
    </>
  );
}

/** Starts a session: platform, form factor, an optional app installed before it becomes usable. */
export function NewSessionDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [deviceType, setDeviceType] = useState<'ios' | 'android'>('android');
  const [category, setCategory] = useState<string | null>('phone');
  const [appId, setAppId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')), enabled: opened });
  const appsForPlatform = (apps.data ?? []).filter((a: AppSummary) => a.platform === deviceType);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const id = await createAndStartSession({
        device_type: deviceType,
        ...(category ? { device_category: category as 'phone' | 'tablet' | 'tv' } : {}),
        ...(appId ? { app_id: appId } : {}),
      });
      onClose();
      await navigate({ to: '/sessions/$sessionId', params: { sessionId: id } });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="New session">
      <form onSubmit={submit}>
        <Stack>
          <ErrorAlert error={error} title="Could not start the session" />
          <Select
            label="Platform"
            data={[
              { value: 'android', label: 'Android' },
              { value: 'ios', label: 'iOS' },
            ]}
            value={deviceType}
            onChange={(v) => {
              setDeviceType((v as 'ios' | 'android') ?? 'android');
              setAppId(null);
            }}
            allowDeselect={false}
          />
          <Select
            label="Device"
            data={[
              { value: 'phone', label: 'Phone' },
              { value: 'tablet', label: 'Tablet' },
              { value: 'tv', label: 'TV' },
            ]}
            value={category}
            onChange={setCategory}
            clearable
            placeholder="Any phone or tablet"
          />
          <Select
            label="App to install"
            description="Installed and launched before the session is yours"
            placeholder="None"
            clearable
            data={appsForPlatform.map((a) => ({ value: a.public_id, label: a.name }))}
            value={appId}
            onChange={setAppId}
          />
          <Button type="submit" loading={busy}>
            Start session
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
