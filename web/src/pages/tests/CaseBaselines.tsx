import { Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ok } from '../../api/client';
import { useHasRole } from '../../auth/auth-store';
import { AnchorLink } from '../../components/links';
import { AuthedImage } from '../../components/AuthedImage';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { formatTime } from '../../components/format';

const CHANGES: Record<string, string> = {
  written_by_passed_run: 'Written by a passed run',
  approved: 'Approved from a run',
  deleted: 'Deleted',
};

/** The case's baselines (one per compared step) and how they came to be. */
export function Baselines({ caseId }: { caseId: string }) {
  const canEdit = useHasRole('developer');
  const queryClient = useQueryClient();
  const path = { params: { path: { case_id: caseId } } };
  const baselines = useQuery({
    queryKey: ['baselines', caseId],
    queryFn: () => ok(api.GET('/api/v1/tests/cases/{case_id}/baselines', path)),
  });
  const history = useQuery({
    queryKey: ['baseline-history', caseId],
    queryFn: () => ok(api.GET('/api/v1/tests/cases/{case_id}/baselines/history', path)),
  });
  const remove = async (stepIndex: number) => {
    try {
      await ok(
        api.DELETE('/api/v1/tests/cases/{case_id}/baselines/{file}', {
          params: { path: { case_id: caseId, file: `step_${stepIndex}` } },
        }),
      );
      notify.ok(`Baseline of step ${stepIndex + 1} deleted: the next passed run records a new one`);
      await queryClient.invalidateQueries({ queryKey: ['baselines', caseId] });
      await queryClient.invalidateQueries({ queryKey: ['baseline-history', caseId] });
    } catch (err) {
      notify.error(err, 'Could not delete the baseline');
    }
  };
  if (baselines.isPending) return <Loading />;
  if (!baselines.data) return <ErrorAlert error={baselines.error} />;
  return (
    <Stack>
      {baselines.data.length ? (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 6 }}>
          {baselines.data.map((b) => (
            <Card key={b.step_index} withBorder padding="xs">
              <AuthedImage src={b.image_url} alt={`Baseline of step ${b.step_index + 1}`} />
              <Text size="xs" mt={4}>
                Step {b.step_index + 1} · {b.device_name ?? `${b.width}×${b.height}`}
              </Text>
              {canEdit ? (
                <Button size="compact-xs" variant="subtle" color="red" mt={4} onClick={() => remove(b.step_index)}>
                  Delete
                </Button>
              ) : null}
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">
          No baselines yet: the first passed run records each compared step's screenshot as its baseline, and a run's
          page can approve its screenshots as baselines.
        </Text>
      )}
      <Title order={3} size="h5">
        History
      </Title>
      {history.data?.length ? (
        <Table aria-label="Baseline history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Step</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>Run</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {history.data.map((h) => (
              <Table.Tr key={`${h.at}-${h.step_index}-${h.change}`}>
                <Table.Td>{formatTime(h.at)}</Table.Td>
                <Table.Td>{h.step_index + 1}</Table.Td>
                <Table.Td>{CHANGES[h.change] ?? h.change}</Table.Td>
                <Table.Td>
                  {h.source_run_id ? (
                    <AnchorLink to="/runs/$runId" params={{ runId: h.source_run_id }} size="sm">
                      {h.source_run_id}
                    </AnchorLink>
                  ) : (
                    '—'
                  )}
                </Table.Td>
                <Table.Td>{h.by}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed" size="sm">
          No changes yet.
        </Text>
      )}
    </Stack>
  );
}
