import { Badge, Group } from '@mantine/core';

const COLORS: Record<string, string> = {
  active: 'green',
  available: 'green',
  passed: 'green',
  ok: 'green',
  starting: 'blue',
  running: 'blue',
  pending: 'gray',
  queued: 'yellow',
  busy: 'orange',
  warn: 'yellow',
  stopped: 'gray',
  skipped: 'gray',
  cancelled: 'gray',
  failed: 'red',
  fail: 'red',
  error: 'red',
};

/** A status word in its colour: green done well, blue in progress, red failed. */
export function StatusBadge({ status, testId }: { status: string | null | undefined; testId?: string }) {
  if (!status)
    return (
      <Badge color="gray" variant="light" data-testid={testId}>
        never run
      </Badge>
    );
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" data-testid={testId}>
      {status}
    </Badge>
  );
}

/** The latest run statuses of a case, newest first. */
export function RecentRuns({ statuses }: { statuses: string[] | undefined }) {
  return (
    <Group gap={4} aria-label="Recent runs">
      {(statuses ?? []).slice(0, 5).map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: past statuses have nothing but their order
        <StatusBadge key={i} status={s} />
      ))}
    </Group>
  );
}
