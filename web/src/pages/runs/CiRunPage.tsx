import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { api, ok } from '../../api/client';
import type { CiRun } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatDuration, formatTime, parseApiTime } from '../../components/format';
import { AnchorLink } from '../../components/links';
import { StatusBadge } from '../../components/StatusBadge';
import { CaseRunsTable } from './CaseRunsTable';

const TERMINAL = new Set(['passed', 'failed', 'cancelled', 'error']);

const PHASES: Record<CiRun['phase'], string> = {
  waiting_turn: 'Waiting for the runs before it in its multi-suite run',
  allocating: 'Asking for a device',
  queued: 'Waiting in the device queue',
  starting: 'The device is starting',
  running: 'Running',
  finished: 'Finished',
};

type CaseRow = Extract<NonNullable<CiRun['results']>[number], { case_id: string }>;
type StepRow = Extract<NonNullable<CiRun['results']>[number], { index: number }>;

/**
 * A CI run, where its `run_url` lands: status, the queue position while it waits for a device,
 * live progress, then per-case (suite) or per-step (case) results, with links to the engine's
 * run pages.
 */
export function CiRunPage() {
  const { runId } = useParams({ strict: false }) as { runId: string };
  const canCancel = useHasRole('developer');
  const run = useQuery({
    queryKey: ['ci-run', runId],
    queryFn: () => ok(api.GET('/api/v1/ci/runs/{run_id}', { params: { path: { run_id: runId } } })),
    refetchInterval: (q) => (q.state.data && TERMINAL.has(q.state.data.status) ? false : 2_000),
  });
  if (run.isPending) return <Loading />;
  if (!run.data) return <ErrorAlert error={run.error} title="Could not load the CI run" />;
  const r = run.data;
  const active = !TERMINAL.has(r.status);
  const cancel = async () => {
    try {
      await ok(api.POST('/api/v1/ci/runs/{run_id}/cancel', { params: { path: { run_id: r.run_id } } }));
      notify.ok('Cancelling the CI run…');
      await run.refetch();
    } catch (err) {
      notify.error(err, 'Could not cancel');
    }
  };
  const started = parseApiTime(r.started_at);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            CI {r.type === 'suite_run' ? 'suite run' : 'case run'}
          </Text>
          <Group gap="sm">
            <Title order={2}>{r.name}</Title>
            <StatusBadge status={r.status} testId="ci-status" />
            {r.visual_regression_status && r.visual_regression_status !== 'ok' ? (
              <Badge color={r.visual_regression_status === 'fail' ? 'red' : 'yellow'}>
                visual {r.visual_regression_status}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {r.run_id} · created {formatTime(r.created_at)}
            {started ? ` · started ${started.toLocaleString()}` : ''} · {formatDuration(r.duration_ms)}
          </Text>
        </Stack>
        {active && canCancel ? (
          <Button color="red" variant="light" onClick={cancel}>
            Cancel run
          </Button>
        ) : null}
      </Group>
      {r.error_message ? (
        <Alert
          color={r.status === 'failed' ? 'orange' : 'red'}
          title={r.status === 'failed' ? 'The run failed' : 'The run did not finish'}
        >
          {r.error_message}
        </Alert>
      ) : null}
      {active ? (
        <Alert color="blue" title={PHASES[r.phase]} data-testid="ci-phase">
          {r.queue ? `Number ${r.queue.position} in the device queue.` : 'This page follows the run as it goes.'}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="sm">
          <Stack gap={4}>
            <Text size="sm">
              {r.type === 'suite_run' ? 'Suite' : 'Case'}:{' '}
              {r.suite_id ? (
                <AnchorLink to="/tests/suites/$suiteId" params={{ suiteId: r.suite_id }}>
                  {r.name}
                </AnchorLink>
              ) : r.test_id ? (
                <AnchorLink to="/tests/cases/$caseId" params={{ caseId: r.test_id }}>
                  {r.name}
                </AnchorLink>
              ) : (
                r.name
              )}
            </Text>
            {r.engine_run_id ? (
              <Text size="sm">
                Executed as{' '}
                {r.engine_run_id.startsWith('srun_') ? (
                  <AnchorLink to="/suite-runs/$suiteRunId" params={{ suiteRunId: r.engine_run_id }}>
                    suite run {r.engine_run_id}
                  </AnchorLink>
                ) : (
                  <AnchorLink to="/runs/$runId" params={{ runId: r.engine_run_id }}>
                    run {r.engine_run_id}
                  </AnchorLink>
                )}
              </Text>
            ) : null}
            {r.session_id ? (
              <Text size="sm">
                On session{' '}
                <AnchorLink to="/sessions/$sessionId" params={{ sessionId: r.session_id }}>
                  {r.session_id.slice(0, 8)}
                </AnchorLink>
              </Text>
            ) : null}
          </Stack>
        </Paper>
        <Paper withBorder p="sm">
          <Stack gap={4}>
            <Text size="sm">Commit: {r.commit_sha ? <Code>{r.commit_sha.slice(0, 12)}</Code> : 'none'}</Text>
            {r.multi_suite_run_id ? (
              <Text size="sm">
                Part of{' '}
                <AnchorLink to="/ci/multi-suite-runs/$multiRunId" params={{ multiRunId: r.multi_suite_run_id }}>
                  the multi-suite run {r.multi_suite_run_id}
                </AnchorLink>
              </Text>
            ) : null}
            {r.metadata && Object.keys(r.metadata).length ? (
              <Text size="sm">
                Metadata: <Code>{JSON.stringify(r.metadata)}</Code>
              </Text>
            ) : null}
          </Stack>
        </Paper>
      </SimpleGrid>
      {r.results ? (
        r.type === 'suite_run' ? (
          <CaseResults rows={r.results as CaseRow[]} />
        ) : (
          <StepResults rows={r.results as StepRow[]} />
        )
      ) : null}
      <Stack gap="xs">
        <Title order={3}>Progress</Title>
        {r.progress.length ? (
          <ScrollArea.Autosize mah={360} type="auto">
            <List size="sm" spacing={2} aria-label="Progress" data-testid="ci-progress">
              {r.progress.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: progress lines are an ordered log
                <List.Item key={i}>
                  <Text span size="xs" c="dimmed">
                    {parseApiTime(p.at)?.toLocaleTimeString()}
                  </Text>{' '}
                  {p.message}
                </List.Item>
              ))}
            </List>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed">Nothing has happened yet.</Text>
        )}
      </Stack>
    </Stack>
  );
}

function CaseResults({ rows }: { rows: CaseRow[] }) {
  return (
    <Stack gap="xs">
      <Title order={3}>Cases</Title>
      {rows.length === 0 ? <Text c="dimmed">No case ran.</Text> : null}
      {rows.length ? <CaseRunsTable rows={rows} label="Cases of the CI run" /> : null}
    </Stack>
  );
}

function StepResults({ rows }: { rows: StepRow[] }) {
  return (
    <Stack gap="xs">
      <Title order={3}>Steps</Title>
      {rows.length === 0 ? <Text c="dimmed">No step ran.</Text> : null}
      {rows.length ? (
        <Table aria-label="Steps of the CI run">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th>Visual</Table.Th>
              <Table.Th>Duration</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((s) => (
              <Table.Tr key={s.index} data-step-status={s.status}>
                <Table.Td>
                  {s.index + 1}. {s.text}
                  {s.error ? (
                    <Text size="xs" c="red">
                      {s.error}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={s.status} />
                </Table.Td>
                <Table.Td>{s.resolved_by ?? '—'}</Table.Td>
                <Table.Td>{s.visual ? `${s.visual.diff_pct.toFixed(1)} % (${s.visual.verdict})` : '—'}</Table.Td>
                <Table.Td>{formatDuration(s.duration_ms)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Stack>
  );
}
