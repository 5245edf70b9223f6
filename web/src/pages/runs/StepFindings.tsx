import { Badge, Paper, Stack, Table, Text } from '@mantine/core';
import type { AccessibilityFinding } from '../../api/types';

const RULE_LABEL: Record<AccessibilityFinding['rule'], string> = {
  missing_label: 'Missing label',
  small_target: 'Small tap target',
  low_contrast: 'Low contrast',
  duplicate_label: 'Duplicate label',
};

/** The run's accessibility roll-up beside its status (docs/accessibility.md); nothing when it was not checked. */
export function AccessibilityBadge({ status }: { status: 'ok' | 'warn' | 'fail' | null | undefined }) {
  if (!status) return null;
  const color = status === 'ok' ? 'green' : status === 'warn' ? 'yellow' : 'red';
  return (
    <Badge color={color} variant="light" data-testid="run-accessibility">
      accessibility {status}
    </Badge>
  );
}

/** A step's accessibility findings, under its screenshot. */
export function StepFindings({ findings }: { findings: AccessibilityFinding[] | undefined }) {
  if (!findings) return null;
  if (findings.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No accessibility findings on this screen.
      </Text>
    );
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          Accessibility findings ({findings.length})
        </Text>
        <Table aria-label="Accessibility findings" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th>Element</Table.Th>
              <Table.Th>Finding</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {findings.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings are an ordered list without identity
              <Table.Tr key={i} data-rule={f.rule}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Badge
                    color={f.severity === 'error' ? 'red' : 'yellow'}
                    variant="light"
                    size="sm"
                    styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
                  >
                    {RULE_LABEL[f.rule] ?? f.rule}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {f.element.role}
                    {f.element.name ? ` “${f.element.name}”` : ' (no name)'}
                    {f.element.id ? ` #${f.element.id}` : ''}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{f.message}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
