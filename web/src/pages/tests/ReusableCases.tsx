import { AnchorLink } from '../../components/links';
import { Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { api, ok } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { EmptyState, ErrorAlert, Loading } from '../../components/feedback';
import { RecentRuns } from '../../components/StatusBadge';

/** Standalone cases marked reusable: sub-flows (signing in, say) that other cases run first. */
export function ReusableCases() {
  const canEdit = useHasRole('developer');
  const [opened, { open, close }] = useDisclosure();
  const cases = useQuery({
    queryKey: ['cases', { reusable: true }],
    queryFn: () => ok(api.GET('/api/v1/tests/cases', { params: { query: { reusable: 'true' } } })),
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Text c="dimmed">Reusable cases run before a case’s own steps when a case lists them as sub-flows.</Text>
        {canEdit ? <Button onClick={open}>New reusable case</Button> : null}
      </Group>
      <ErrorAlert error={cases.error} />
      {cases.isPending ? <Loading /> : null}
      {cases.data?.length === 0 ? (
        <EmptyState title="No reusable cases">Create one for steps many cases share, such as signing in.</EmptyState>
      ) : null}
      {cases.data?.length ? (
        <Table aria-label="Reusable cases">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Case</Table.Th>
              <Table.Th>Steps</Table.Th>
              <Table.Th>Recent runs</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cases.data.map((c) => (
              <Table.Tr key={c.public_id}>
                <Table.Td>
                  <AnchorLink to="/tests/cases/$caseId" params={{ caseId: c.public_id }}>
                    {c.name}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>{c.step_count}</Table.Td>
                <Table.Td>
                  <RecentRuns statuses={c.recent_run_statuses} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <NewReusableDialog opened={opened} onClose={close} />
    </Stack>
  );
}

function NewReusableDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [appId, setAppId] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const apps = useQuery({ queryKey: ['apps'], queryFn: () => ok(api.GET('/api/v1/apps/')), enabled: opened });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!appId) return;
    setError(null);
    try {
      const created = await ok(
        api.POST('/api/v1/tests/cases', { body: { name, app_id: appId, steps: [], mode: 'ai' } }),
      );
      await ok(
        api.PATCH('/api/v1/tests/cases/{case_id}', {
          params: { path: { case_id: created.public_id } },
          body: { is_reusable: true },
        }),
      );
      await queryClient.invalidateQueries({ queryKey: ['cases'] });
      onClose();
      await navigate({ to: '/tests/cases/$caseId', params: { caseId: created.public_id } });
    } catch (err) {
      setError(err);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New reusable case">
      <form onSubmit={submit}>
        <Stack>
          <ErrorAlert error={error} title="Could not create the case" />
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            placeholder="Sign in as demo"
          />
          <Select
            label="App"
            required
            data={(apps.data ?? []).map((a) => ({ value: a.public_id, label: a.name }))}
            value={appId}
            onChange={setAppId}
          />
          <Button type="submit" disabled={!appId}>
            Create
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
