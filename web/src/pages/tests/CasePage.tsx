import { AnchorLink } from '../../components/links';
import {
  Badge,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import type { TestCase } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatDuration, formatTime } from '../../components/format';
import { Baselines } from './CaseBaselines';
import { StatusBadge } from '../../components/StatusBadge';
import { asStep, compactStep } from './case-text';
import { RunDialog } from './RunDialog';
import { useStepChecks } from './StepCheck';
import { AssertionsEditor, StepsEditor } from './StepsEditor';

export function CasePage() {
  const { caseId } = useParams({ strict: false }) as { caseId: string };
  const testCase = useQuery({
    queryKey: ['case', caseId],
    queryFn: () => ok(api.GET('/api/v1/tests/cases/{case_id}', { params: { path: { case_id: caseId } } })),
  });
  const [running, run] = useDisclosure();
  // Running a single case takes the developer role (a suite run does not).
  const canRun = useHasRole('developer');
  if (testCase.isPending) return <Loading />;
  if (!testCase.data) return <ErrorAlert error={testCase.error} title="Could not load the case" />;
  const c = testCase.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          {c.suite_public_id ? (
            <AnchorLink to="/tests/suites/$suiteId" params={{ suiteId: c.suite_public_id }} size="sm">
              ← Suite
            </AnchorLink>
          ) : (
            <AnchorLink to="/tests" size="sm">
              ← Tests
            </AnchorLink>
          )}
          <Title order={2}>{c.name}</Title>
          <Group gap="xs">
            <Badge variant="light" color={c.mode === 'ai' ? 'grape' : 'cyan'}>
              {c.mode === 'ai' ? 'natural language' : 'recorded'}
            </Badge>
            {c.is_reusable ? <Badge variant="outline">reusable</Badge> : null}
            {c.has_source_recording ? (
              <Badge variant="outline">{c.source_recording_summary.total_actions} recorded actions</Badge>
            ) : null}
            {c.quarantine ? (
              <Badge color="orange" variant="light" title={c.quarantine.reason} data-testid="case-quarantined">
                quarantined
              </Badge>
            ) : null}
            {c.flakiness && c.flakiness.runs > 0 ? (
              <Badge
                variant="outline"
                color={c.flakiness.score >= 0.2 ? 'orange' : 'gray'}
                title={`${c.flakiness.flaky_runs} passed on a retry, ${c.flakiness.alternations} outcome flips in the last ${c.flakiness.runs} runs`}
                data-testid="case-flakiness"
              >
                flakiness {Math.round(c.flakiness.score * 100)}%
              </Badge>
            ) : null}
          </Group>
          {c.quarantine ? (
            <Text size="sm" c="dimmed">
              Quarantined {formatTime(c.quarantine.quarantined_at)}: {c.quarantine.reason}. It still runs, but its
              failures do not fail suite runs or CI.
            </Text>
          ) : null}
        </Stack>
        {canRun ? (
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={run.open} disabled={c.step_count === 0}>
            Run
          </Button>
        ) : null}
      </Group>
      <Tabs defaultValue="edit">
        <Tabs.List mb="md">
          <Tabs.Tab value="edit">Steps and settings</Tabs.Tab>
          <Tabs.Tab value="runs">Run history</Tabs.Tab>
          <Tabs.Tab value="baselines">Baselines</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="edit">
          <CaseEditor key={c.updated_at} testCase={c} />
        </Tabs.Panel>
        <Tabs.Panel value="runs">
          <RunHistory caseId={caseId} />
        </Tabs.Panel>
        <Tabs.Panel value="baselines">
          <Baselines caseId={caseId} />
        </Tabs.Panel>
      </Tabs>
      <RunDialog
        opened={running}
        onClose={run.close}
        target={{ kind: 'case', publicId: c.public_id, name: c.name }}
        platform={
          c.source_platform === 'ios' || c.source_platform === 'tvos' ? 'ios' : c.source_platform ? 'android' : null
        }
      />
    </Stack>
  );
}

function CaseEditor({ testCase: c }: { testCase: TestCase }) {
  const queryClient = useQueryClient();
  const canEdit = useHasRole('developer');
  const standalone = c.suite_id === null;
  const [name, setName] = useState(c.name);
  const [mode, setMode] = useState(c.mode);
  const [steps, setSteps] = useState(c.steps.map(asStep));
  const [assertions, setAssertions] = useState(c.assertions.map((a) => asStep(a).text));
  const [context, setContext] = useState(c.context ?? '');
  const [fuzzy, setFuzzy] = useState(c.fuzzy_match);
  const [subFlows, setSubFlows] = useState(c.sub_flow_ids);
  const [reusable, setReusable] = useState(c.is_reusable);
  const [appId, setAppId] = useState(c.app_public_id);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const checks = useStepChecks(
    c.public_id,
    steps.map((s) => s.text),
    assertions,
  );
  const reusableCases = useQuery({
    queryKey: ['cases', { reusable: true }],
    queryFn: () => ok(api.GET('/api/v1/tests/cases', { params: { query: { reusable: 'true' } } })),
  });
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')), enabled: standalone });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await ok(
        api.PATCH('/api/v1/tests/cases/{case_id}', {
          params: { path: { case_id: c.public_id } },
          body: {
            name,
            mode,
            steps: steps.filter((s) => s.text.trim()).map(compactStep),
            assertions: assertions.filter((a) => a.trim()),
            context: context || null,
            fuzzy_match: fuzzy,
            sub_flow_ids: subFlows,
            ...(standalone ? { is_reusable: reusable, ...(appId ? { app_id: appId } : {}) } : {}),
          },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['case', c.public_id] });
      if (c.suite_public_id) await queryClient.invalidateQueries({ queryKey: ['suite', c.suite_public_id] });
      notify.ok('Case saved.');
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={save}>
      <Stack maw={860}>
        <ErrorAlert error={error} title="Could not save the case" />
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          disabled={!canEdit}
        />
        <SegmentedControl
          aria-label="Mode"
          value={mode}
          onChange={(v) => setMode(v as typeof mode)}
          disabled={!canEdit}
          data={[
            { value: 'ai', label: 'Natural language' },
            { value: 'recorded', label: 'Recorded' },
          ]}
        />
        <Title order={4}>Steps</Title>
        <StepsEditor steps={steps} onChange={setSteps} disabled={!canEdit} checks={checks.steps} />
        <Title order={4}>Assertions</Title>
        <AssertionsEditor
          assertions={assertions}
          onChange={setAssertions}
          disabled={!canEdit}
          checks={checks.assertions}
        />
        <Textarea
          label="Context"
          description="Extra context for the agent on this case"
          autosize
          minRows={2}
          value={context}
          onChange={(e) => setContext(e.currentTarget.value)}
          disabled={!canEdit}
        />
        <MultiSelect
          label="Sub-flows"
          description="Reusable cases run first, in this order"
          data={(reusableCases.data ?? [])
            .filter((r) => r.public_id !== c.public_id)
            .map((r) => ({ value: r.public_id, label: r.name }))}
          value={subFlows}
          onChange={setSubFlows}
          disabled={!canEdit}
          clearable
        />
        <Switch
          label="Fuzzy matching: find recorded elements again with tolerant text matching"
          checked={fuzzy}
          onChange={(e) => setFuzzy(e.currentTarget.checked)}
          disabled={!canEdit}
        />
        {standalone ? (
          <>
            <Switch
              label="Reusable: other cases can run this one as a sub-flow"
              checked={reusable}
              onChange={(e) => setReusable(e.currentTarget.checked)}
              disabled={!canEdit}
            />
            <Select
              label="App"
              data={(apps.data ?? []).map((a) => ({ value: a.public_id, label: a.name }))}
              value={appId}
              onChange={setAppId}
              disabled={!canEdit}
            />
          </>
        ) : null}
        {c.has_source_recording ? (
          <Text size="sm" c="dimmed">
            Recorded on a {c.source_device_width}×{c.source_device_height} screen:{' '}
            {Object.entries(c.source_recording_summary.gesture_counts)
              .map(([g, n]) => `${n} ${g}`)
              .join(', ')}
            .
          </Text>
        ) : null}
        {canEdit ? (
          <Group>
            <Button type="submit" loading={busy}>
              Save case
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

function RunHistory({ caseId }: { caseId: string }) {
  const runs = useQuery({
    queryKey: ['case-runs', caseId],
    queryFn: () => ok(api.GET('/api/v1/tests/cases/{case_id}/runs', { params: { path: { case_id: caseId } } })),
    refetchInterval: 10_000,
  });
  if (runs.isPending) return <Loading />;
  if (!runs.data) return <ErrorAlert error={runs.error} />;
  if (!runs.data.length)
    return <Text c="dimmed">This case has not run yet. Run it on a live session with the Run button.</Text>;
  return (
    <Table striped aria-label="Run history">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Run</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Started</Table.Th>
          <Table.Th>Duration</Table.Th>
          <Table.Th>Model</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {runs.data.map((r) => (
          <Table.Tr key={r.public_id}>
            <Table.Td>
              <AnchorLink to="/runs/$runId" params={{ runId: r.public_id }}>
                {r.public_id}
              </AnchorLink>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={r.status} />
            </Table.Td>
            <Table.Td>{formatTime(r.started_at)}</Table.Td>
            <Table.Td>{formatDuration(r.duration_ms)}</Table.Td>
            <Table.Td>{r.model_used ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
