import { AnchorLink } from '../../components/links';
import {
  Badge,
  Button,
  Group,
  Modal,
  SegmentedControl,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, download, ok } from '../../api/client';
import type { SuiteDetail } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { EmptyState, ErrorAlert, Loading, notify } from '../../components/feedback';
import { RecentRuns, StatusBadge } from '../../components/StatusBadge';
import { linesOf } from './case-text';
import { RunDialog } from './RunDialog';
import { SuiteSettings } from './SuiteSettings';

export function SuitePage() {
  const { suiteId } = useParams({ strict: false }) as { suiteId: string };
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useHasRole('developer');
  const [adding, add] = useDisclosure();
  const [running, run] = useDisclosure();
  const [confirming, confirm] = useDisclosure();
  const suite = useQuery({
    queryKey: ['suite', suiteId],
    queryFn: () => ok(api.GET('/api/v1/tests/suites/{suite_id}', { params: { path: { suite_id: suiteId } } })),
  });

  const remove = async () => {
    try {
      await ok(api.DELETE('/api/v1/tests/suites/{suite_id}', { params: { path: { suite_id: suiteId } } }));
      await queryClient.invalidateQueries({ queryKey: ['suites'] });
      notify.ok('Suite deleted.');
      await navigate({ to: '/tests' });
    } catch (err) {
      notify.error(err, 'Could not delete the suite');
    }
  };
  const exportYaml = () =>
    download(
      `/api/v1/tests/suites/${encodeURIComponent(suiteId)}/export-yaml`,
      `${suite.data?.name ?? suiteId}.yaml`,
    ).catch((err) => notify.error(err, 'Export failed'));

  if (suite.isPending) return <Loading />;
  if (!suite.data) return <ErrorAlert error={suite.error} title="Could not load the suite" />;
  const s = suite.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <AnchorLink to="/tests" size="sm">
            ← Tests
          </AnchorLink>
          <Title order={2}>{s.name}</Title>
          <Group gap="xs">
            <Text c="dimmed">{s.app_name ?? 'No app'}</Text>
            {s.tags.map((t) => (
              <Badge key={t.name} variant="outline" size="sm">
                {t.display_name}
              </Badge>
            ))}
            <StatusBadge status={s.last_run_status} />
          </Group>
        </Stack>
        <Group>
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={exportYaml}>
            Export YAML
          </Button>
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={run.open} disabled={!s.cases.length}>
            Run suite
          </Button>
          {canEdit ? (
            <Button color="red" variant="subtle" leftSection={<IconTrash size={16} />} onClick={confirm.open}>
              Delete
            </Button>
          ) : null}
        </Group>
      </Group>
      <Tabs defaultValue="cases">
        <Tabs.List mb="md">
          <Tabs.Tab value="cases">Cases ({s.cases.length})</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="cases">
          <CaseList suite={s} canEdit={canEdit} onAdd={add.open} />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SuiteSettings suite={s} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
      <NewCaseDialog opened={adding} onClose={add.close} suiteId={suiteId} />
      <RunDialog
        opened={running}
        onClose={run.close}
        target={{ kind: 'suite', publicId: s.public_id, name: s.name }}
        platform={s.platform}
      />
      <Modal opened={confirming} onClose={confirm.close} title="Delete this suite?">
        <Stack>
          <Text>
            {s.name} and its {s.cases.length} case{s.cases.length === 1 ? '' : 's'} are deleted, with their run history.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={confirm.close}>
              Keep it
            </Button>
            <Button color="red" onClick={remove}>
              Delete
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function CaseList({ suite, canEdit, onAdd }: { suite: SuiteDetail; canEdit: boolean; onAdd: () => void }) {
  if (!suite.cases.length) {
    return (
      <EmptyState title="No cases yet" action={canEdit ? <Button onClick={onAdd}>Add a case</Button> : null}>
        Write steps in plain English (“Tap Sign in”, “type demo into Username”, “verify "Welcome" is visible”), or
        record them in a session’s Record tab.
      </EmptyState>
    );
  }
  return (
    <Stack>
      {canEdit ? (
        <Group>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={onAdd}>
            Add a case
          </Button>
        </Group>
      ) : null}
      <Table striped highlightOnHover aria-label="Cases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Case</Table.Th>
            <Table.Th>Mode</Table.Th>
            <Table.Th>Steps</Table.Th>
            <Table.Th>Recent runs</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suite.cases.map((c) => (
            <Table.Tr key={c.public_id}>
              <Table.Td>
                <AnchorLink to="/tests/cases/$caseId" params={{ caseId: c.public_id }}>
                  {c.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={c.mode === 'ai' ? 'grape' : 'cyan'}>
                  {c.mode === 'ai' ? 'natural language' : 'recorded'}
                </Badge>
              </Table.Td>
              <Table.Td>{c.step_count}</Table.Td>
              <Table.Td>
                <RecentRuns statuses={c.recent_run_statuses} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function NewCaseDialog({ opened, onClose, suiteId }: { opened: boolean; onClose: () => void; suiteId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'ai' | 'recorded'>('ai');
  const [steps, setSteps] = useState('');
  const [assertions, setAssertions] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await ok(
        api.POST('/api/v1/tests/suites/{suite_id}/cases', {
          params: { path: { suite_id: suiteId } },
          body: { name, mode, steps: linesOf(steps), assertions: linesOf(assertions) },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['suite', suiteId] });
      onClose();
      await navigate({ to: '/tests/cases/$caseId', params: { caseId: created.public_id } });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New case" size="lg">
      <form onSubmit={submit}>
        <Stack>
          <ErrorAlert error={error} title="Could not create the case" />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            placeholder="Sign in with a valid account"
          />
          <SegmentedControl
            aria-label="Mode"
            value={mode}
            onChange={(v) => setMode(v as 'ai' | 'recorded')}
            data={[
              { value: 'ai', label: 'Natural language' },
              { value: 'recorded', label: 'Recorded' },
            ]}
          />
          <Textarea
            label="Steps"
            description="One step per line"
            required
            autosize
            minRows={4}
            value={steps}
            onChange={(e) => setSteps(e.currentTarget.value)}
            placeholder={'type demo into Username\ntype secret into Password\ntap Sign in'}
          />
          <Textarea
            label="Assertions"
            description="Checked at the end, one per line"
            autosize
            minRows={2}
            value={assertions}
            onChange={(e) => setAssertions(e.currentTarget.value)}
            placeholder={'verify "Items" is visible'}
          />
          <Button type="submit" loading={busy}>
            Create case
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
