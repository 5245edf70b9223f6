import { Table, Text } from '@mantine/core';

const LEVEL_COLOR: Record<string, string | undefined> = { warn: 'orange', error: 'red', fatal: 'red' };

/** The level, tag and message cells of one device-log line (the run page and the session's log tail). */
export function LogLineCells({ line }: { line: { level: string; tag: string; message: string } }) {
  return (
    <>
      <Table.Td>
        <Text size="xs" c={LEVEL_COLOR[line.level]}>
          {line.level}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs">{line.tag}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace">
          {line.message}
        </Text>
      </Table.Td>
    </>
  );
}
