import { AnchorLink } from '../../components/links';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { api, ok } from '../../api/client';
import type { Run, RunResult, StepResult, TraceEntry } from '../../api/types';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatDuration, formatTime } from '../../components/format';
import { StatusBadge } from '../../components/StatusBadge';
import { useOrganizationChannel } from '../../realtime/realtime';
import { ApproveBaselineButton } from './ApproveBaseline';
import { RunArtifacts } from './RunArtifacts';
import { StepCompare } from './StepCompare';
import { AccessibilityBadge, StepFindings } from './StepFindings';
import { Suggestions } from './Suggestions';

const ACTIVE = new Set(['pending', 'running']);

type LiveStep = Pick<StepResult, 'index' | 'text' | 'status' | 'resolved_by'>;

function StepIcon({ status }: { status: string }) {
  if (status === 'passed')
    return (
      <ThemeIcon color="green" size="sm" radius="xl" aria-label="passed">
        <IconCheck size={14} />
      </ThemeIcon>
    );
  if (status === 'failed')
    return (
      <ThemeIcon color="red" size="sm" radius="xl" aria-label="failed">
        <IconX size={14} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon color="gray" size="sm" radius="xl" aria-label={status}>
      <IconMinus size={14} />
    </ThemeIcon>
  );
}

/** One test run, live while it runs: its steps as they settle, then screenshots, visual diffs and the agent's reasoning. */
export function RunPage() {
  const { runId } = useParams({ strict: false }) as { runId: string };
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveStep[]>([]);
  const run = useQuery({
    queryKey: ['run', runId],
    queryFn: () => ok(api.GET('/api/v1/tests/runs/{run_id}', { params: { path: { run_id: runId } } })),
    refetchInterval: (q) => (q.state.data && !ACTIVE.has(q.state.data.status) ? false : 2_000),
  });
  useOrganizationChannel((m) => {
    if (m.type === 'run.step' && m.run_public_id === runId)
      setLive((steps) =>
        [
          ...steps.filter((s) => s.index !== m.step_index),
          {
            index: m.step_index,
            text: m.text,
            status: m.status,
            resolved_by: m.resolved_by as LiveStep['resolved_by'],
          },
        ].sort((a, b) => a.index - b.index),
      );
    if (m.type === 'run.finished' && m.run_public_id === runId)
      void queryClient.invalidateQueries({ queryKey: ['run', runId] });
  });

  if (run.isPending) return <Loading />;
  if (!run.data) return <ErrorAlert error={run.error} title="Could not load the run" />;
  return <RunView run={run.data} live={live} />;
}

function RunView({ run, live }: { run: Run; live: LiveStep[] }) {
  const result = (run.result ?? null) as RunResult | null;
  const trace = (Array.isArray(run.reasoning_log) ? run.reasoning_log : []) as TraceEntry[];
  const testCase = useQuery({
    queryKey: ['case', run.test_case_public_id],
    queryFn: () =>
      ok(api.GET('/api/v1/tests/cases/{case_id}', { params: { path: { case_id: run.test_case_public_id } } })),
  });
  const steps: Array<StepResult | LiveStep> = result?.steps?.length ? result.steps : live;
  const active = ACTIVE.has(run.status);
  const cancel = async () => {
    try {
      await ok(api.POST('/api/v1/tests/runs/{run_id}/cancel', { params: { path: { run_id: run.public_id } } }));
      notify.ok('Cancelling the run…');
    } catch (err) {
      notify.error(err, 'Could not cancel');
    }
  };

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <AnchorLink to="/tests/cases/$caseId" params={{ caseId: run.test_case_public_id }} size="sm">
            ← {testCase.data?.name ?? 'Case'}
          </AnchorLink>
          <Group gap="sm">
            <Title order={2}>Run {run.public_id}</Title>
            <StatusBadge status={run.status} testId="run-status" />
            {result?.visual_regression_status && result.visual_regression_status !== 'ok' ? (
              <Badge color={result.visual_regression_status === 'fail' ? 'red' : 'yellow'}>
                visual {result.visual_regression_status}
              </Badge>
            ) : null}
            <AccessibilityBadge status={result?.accessibility_status} />
          </Group>
          <Text size="sm" c="dimmed">
            Started {formatTime(run.started_at)} · {formatDuration(run.duration_ms)} · {run.model_used ?? 'no model'}
            {run.tokens_used ? ` · ${run.tokens_used} tokens` : ''}
          </Text>
        </Stack>
        {active ? (
          <Button color="red" variant="light" onClick={cancel}>
            Cancel run
          </Button>
        ) : result?.steps?.some((s) => s.screenshot) ? (
          <ApproveBaselineButton runId={run.public_id} caseId={run.test_case_public_id} />
        ) : null}
      </Group>
      {run.error_message ? (
        <Alert
          color={run.status === 'failed' ? 'orange' : 'red'}
          title={run.status === 'failed' ? 'The run failed' : 'The run stopped'}
        >
          {run.error_message}
        </Alert>
      ) : null}
      {result?.suggestions?.length ? <Suggestions run={run} suggestions={result.suggestions} /> : null}
      <Tabs defaultValue="steps">
        <Tabs.List mb="md">
          <Tabs.Tab value="steps">Steps</Tabs.Tab>
          <Tabs.Tab value="assertions">Assertions ({result?.assertions?.length ?? 0})</Tabs.Tab>
          <Tabs.Tab value="reasoning">Reasoning ({trace.length})</Tabs.Tab>
          {active ? null : <Tabs.Tab value="artifacts">Video and log</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="steps">
          {steps.length === 0 ? (
            <Text c="dimmed">
              {active ? 'Preparing the device: installing the build and resetting the app…' : 'No steps ran.'}
            </Text>
          ) : null}
          <Accordion multiple variant="separated" aria-label="Steps">
            {steps.map((s) => (
              <Accordion.Item key={s.index} value={String(s.index)} data-step-status={s.status}>
                <Accordion.Control>
                  <Group gap="sm" wrap="nowrap">
                    <StepIcon status={s.status} />
                    <Text style={{ flex: 1 }}>
                      {s.index + 1}. {s.text}
                    </Text>
                    {s.resolved_by ? (
                      <Badge variant="outline" size="sm">
                        {s.resolved_by}
                      </Badge>
                    ) : null}
                    {'healed' in s && s.healed ? (
                      <Badge color="grape" size="sm">
                        healed
                      </Badge>
                    ) : null}
                    {'visual' in s && s.visual ? (
                      <Badge
                        color={s.visual.verdict === 'ok' ? 'green' : s.visual.verdict === 'warn' ? 'yellow' : 'red'}
                        variant="light"
                        size="sm"
                      >
                        {s.visual.diff_pct.toFixed(1)} %
                      </Badge>
                    ) : null}
                    {'accessibility' in s && s.accessibility?.length ? (
                      <Badge color="yellow" variant="light" size="sm">
                        {s.accessibility.length} a11y
                      </Badge>
                    ) : null}
                    {'duration_ms' in s ? (
                      <Text size="xs" c="dimmed">
                        {formatDuration(s.duration_ms)}
                      </Text>
                    ) : null}
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  {'screenshot' in s ? (
                    <Stack>
                      {s.error ? <Alert color="red">{s.error}</Alert> : null}
                      {s.crash ? (
                        <Alert color="red" title={`The app crashed: ${s.crash.message}`}>
                          <Code block>{s.crash.log_excerpt}</Code>
                        </Alert>
                      ) : null}
                      {s.healed ? (
                        <Text size="sm">
                          Replay could not finish this step, so the {s.resolved_by} settled it. Accept its suggested fix
                          above to replay it next time, or re-record the step.
                        </Text>
                      ) : null}
                      <StepCompare step={s} caseId={run.test_case_public_id} />
                      <StepFindings findings={s.accessibility} />
                      {!active && s.screenshot ? (
                        <Group>
                          <ApproveBaselineButton
                            runId={run.public_id}
                            caseId={run.test_case_public_id}
                            stepIndex={s.index}
                          />
                        </Group>
                      ) : null}
                    </Stack>
                  ) : (
                    <Text c="dimmed">Screenshots appear when the run finishes.</Text>
                  )}
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Tabs.Panel>
        <Tabs.Panel value="assertions">
          {result?.assertions?.length ? (
            <Stack>
              {result.assertions.map((a, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: assertion results are an ordered list
                <Paper key={`${i}-${a.text}`} withBorder p="sm">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <StepIcon status={a.passed ? 'passed' : 'failed'} />
                    <Stack gap={2}>
                      <Text>{a.text}</Text>
                      <Text size="sm" c="dimmed">
                        {a.reasoning}
                      </Text>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed">No assertions were checked.</Text>
          )}
        </Tabs.Panel>
        {active ? null : (
          <Tabs.Panel value="artifacts">
            <RunArtifacts runId={run.public_id} video={result?.video ?? null} steps={result?.steps ?? []} />
          </Tabs.Panel>
        )}
        <Tabs.Panel value="reasoning">
          {trace.length ? (
            <Table aria-label="Reasoning trace">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Step</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Thought</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Outcome</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {trace.map((t, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: trace entries are an ordered log
                  <Table.Tr key={i}>
                    <Table.Td>{t.step_index + 1}</Table.Td>
                    <Table.Td>{t.tool}</Table.Td>
                    <Table.Td>{t.thought}</Table.Td>
                    <Table.Td>
                      <Code>{JSON.stringify(t.args)}</Code>
                    </Table.Td>
                    <Table.Td>{t.outcome}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">{active ? 'The trace fills in as the run goes.' : 'No reasoning was recorded.'}</Text>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
