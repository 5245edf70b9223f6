import { Alert, Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { api, ok } from '../../api/client';
import { ErrorAlert, Loading } from '../../components/feedback';
import { formatTime } from '../../components/format';
import { AnchorLink } from '../../components/links';
import { StatusBadge } from '../../components/StatusBadge';
import { CaseRunsTable } from './CaseRunsTable';

const TERMINAL = new Set(['passed', 'failed', 'cancelled', 'error']);

/** A multi-suite CI run (every suite matching some tags): each suite's CI run and its cases, live until all have ended. */
export function MultiSuiteRunPage() {
  const { multiRunId } = useParams({ strict: false }) as { multiRunId: string };
  const run = useQuery({
    queryKey: ['multi-suite-run', multiRunId],
    queryFn: () =>
      ok(api.GET('/api/v1/ci/multi-suite-runs/{public_id}', { params: { path: { public_id: multiRunId } } })),
    refetchInterval: (q) => (q.state.data && TERMINAL.has(q.state.data.status) ? false : 2_000),
  });
  if (run.isPending) return <Loading />;
  if (!run.data) return <ErrorAlert error={run.error} title="Could not load the multi-suite run" />;
  const r = run.data;
  return (
    <Stack>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          CI multi-suite run
        </Text>
        <Group gap="sm">
          <Title order={2}>Suites tagged {r.tags.join(r.match === 'all' ? ' and ' : ' or ')}</Title>
          <StatusBadge status={r.status} testId="multi-status" />
          {r.visual_regression_status && r.visual_regression_status !== 'ok' ? (
            <Badge color={r.visual_regression_status === 'fail' ? 'red' : 'yellow'}>
              visual {r.visual_regression_status}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {r.id} · started {formatTime(r.started_at)}
          {r.completed_at ? ` · completed ${formatTime(r.completed_at)}` : ''}
          {r.commit_sha ? ' · commit ' : ''}
          {r.commit_sha ? <Code>{r.commit_sha.slice(0, 12)}</Code> : null}
        </Text>
      </Stack>
      {!TERMINAL.has(r.status) ? (
        <Alert color="blue">
          The suites run one after another, each on its own device session. This page follows them.
        </Alert>
      ) : null}
      {r.suite_runs.map((s) => (
        <Paper key={s.run_id} withBorder p="sm">
          <Stack gap="xs">
            <Group justify="space-between">
              <Group gap="sm">
                <AnchorLink to="/ci/runs/$runId" params={{ runId: s.run_id }} fw={600}>
                  {s.suite_name}
                </AnchorLink>
                <StatusBadge status={s.status} />
              </Group>
              <Text size="sm" c="dimmed">
                {s.passed} passed · {s.failed} failed
              </Text>
            </Group>
            {s.error_message ? (
              <Text size="sm" c="red.8">
                {s.error_message}
              </Text>
            ) : null}
            {s.case_runs.length ? <CaseRunsTable rows={s.case_runs} label={`Cases of ${s.suite_name}`} /> : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
