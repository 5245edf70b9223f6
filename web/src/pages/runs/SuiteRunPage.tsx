import { AnchorLink } from '../../components/links';
import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { api, ok } from '../../api/client';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatDuration, formatTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useOrganizationChannel } from '../../realtime/realtime';
import { ShardLanes } from './ShardLanes';

const ACTIVE = new Set(['pending', 'running']);

/** A suite run: its cases in order, each linking to its run, live while it goes. */
export function SuiteRunPage() {
  const { suiteRunId } = useParams({ strict: false }) as { suiteRunId: string };
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: ['suite-run', suiteRunId],
    queryFn: () =>
      ok(api.GET('/api/v1/tests/suite-runs/{suite_run_id}', { params: { path: { suite_run_id: suiteRunId } } })),
    refetchInterval: (q) => (q.state.data && !ACTIVE.has(q.state.data.status) ? false : 2_000),
  });
  useOrganizationChannel((m) => {
    if (m.type === 'run.finished' || m.type === 'run.started')
      void queryClient.invalidateQueries({ queryKey: ['suite-run', suiteRunId] });
  });
  const suite = useQuery({
    queryKey: ['suite', run.data?.suite_public_id],
    queryFn: () =>
      ok(api.GET('/api/v1/tests/suites/{suite_id}', { params: { path: { suite_id: run.data!.suite_public_id } } })),
    enabled: !!run.data,
  });
  if (run.isPending) return <Loading />;
  if (!run.data) return <ErrorAlert error={run.error} title="Could not load the suite run" />;
  const r = run.data;
  const names = new Map((suite.data?.cases ?? []).map((c) => [c.public_id, c.name]));
  const cancel = async () => {
    try {
      await ok(api.POST('/api/v1/ai/suite/run/{suite_run_id}/cancel', { params: { path: { suite_run_id: r.id } } }));
      notify.ok('Cancelling the suite run…');
    } catch (err) {
      notify.error(err, 'Could not cancel');
    }
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Stack gap={2}>
          <AnchorLink to="/tests/suites/$suiteId" params={{ suiteId: r.suite_public_id }} size="sm">
            ← {suite.data?.name ?? 'Suite'}
          </AnchorLink>
          <Group gap="sm">
            <Title order={2}>Suite run {r.public_id}</Title>
            <StatusBadge status={r.status} testId="run-status" />
          </Group>
          <Text size="sm" c="dimmed">
            Started {formatTime(r.started_at)} · {formatDuration(r.duration_ms)} · reset: {r.reset_strategy}
          </Text>
        </Stack>
        {ACTIVE.has(r.status) ? (
          <Button color="red" variant="light" onClick={cancel}>
            Cancel suite run
          </Button>
        ) : null}
      </Group>
      <ErrorAlert error={r.error_message ? new Error(r.error_message) : null} title="The suite run stopped" />
      <ShardLanes shards={r.shards ?? []} runs={r.test_runs} names={names} />
      <Table striped aria-label="Cases of the suite run">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Case</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.test_runs.map((t) => (
            <Table.Tr key={t.public_id}>
              <Table.Td>
                <AnchorLink to="/runs/$runId" params={{ runId: t.public_id }}>
                  {names.get(t.test_case_public_id) ?? t.test_case_public_id}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  <StatusBadge status={t.status} />
                  {t.flaky ? (
                    <Badge color="yellow" variant="light" title={`passed on attempt ${t.attempts.length}`}>
                      flaky
                    </Badge>
                  ) : null}
                  {t.quarantined ? (
                    <Badge color="orange" variant="light">
                      quarantined
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>{formatDuration(t.duration_ms)}</Table.Td>
              <Table.Td>{t.error_message ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
