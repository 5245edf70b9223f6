import { Table } from '@mantine/core';
import { formatDuration } from '../../components/format';
import { AnchorLink } from '../../components/links';
import { StatusBadge } from '../../components/StatusBadge';

/** What a CI run and a multi-suite run say of each case they ran. */
export interface CaseRunRow {
  run_id: string;
  case_name: string;
  status: string;
  visual_regression_status?: string | null;
  duration_ms?: number | null;
  error_message?: string | null;
}

/** The cases of a run, each linked to its run page. */
export function CaseRunsTable({ rows, label }: { rows: CaseRunRow[]; label: string }) {
  return (
    <Table aria-label={label}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Case</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Visual</Table.Th>
          <Table.Th>Duration</Table.Th>
          <Table.Th>Error</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((c) => (
          <Table.Tr key={c.run_id}>
            <Table.Td>
              <AnchorLink to="/runs/$runId" params={{ runId: c.run_id }}>
                {c.case_name}
              </AnchorLink>
            </Table.Td>
            <Table.Td>
              <StatusBadge status={c.status} />
            </Table.Td>
            <Table.Td>
              {c.visual_regression_status ? <StatusBadge status={c.visual_regression_status} /> : '—'}
            </Table.Td>
            <Table.Td>{formatDuration(c.duration_ms ?? null)}</Table.Td>
            <Table.Td>{c.error_message ?? ''}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
