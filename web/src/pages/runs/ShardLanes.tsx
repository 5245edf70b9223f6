import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { AnchorLink } from '../../components/links';
import { StatusBadge } from '../../components/StatusBadge';

interface Shard {
  index: number;
  device_name: string | null;
  cases: number;
  status: string;
}

interface LaneRun {
  public_id: string;
  test_case_public_id: string;
  status: string;
  shard: number | null;
  flaky: boolean;
  quarantined: boolean;
  attempts: Array<{ public_id?: string; run_id?: string; status: string }>;
}

const COLORS: Record<string, string> = {
  passed: 'green',
  failed: 'red',
  error: 'red',
  running: 'blue',
  pending: 'gray',
};

/**
 * A parallel suite run's shards as lanes: one per shard with its device and state, filling with
 * its cases as they start and end (flaky and quarantined marked). The page refreshes it live.
 */
export function ShardLanes({ shards, runs, names }: { shards: Shard[]; runs: LaneRun[]; names: Map<string, string> }) {
  if (shards.length < 2) return null;
  return (
    <Stack gap="xs" aria-label="Shards" role="list">
      {shards.map((s) => {
        const mine = runs.filter((r) => r.shard === s.index);
        return (
          <Paper
            key={s.index}
            withBorder
            p="xs"
            role="listitem"
            aria-label={`Shard ${s.index + 1}`}
            data-shard={s.index}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Stack gap={2} w={180} style={{ flexShrink: 0 }}>
                <Text fw={600} size="sm">
                  Shard {s.index + 1}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.device_name ?? 'waiting for a device'}
                </Text>
                <StatusBadge status={s.status} testId={`shard-${s.index}-status`} />
              </Stack>
              <Group gap={6} wrap="wrap">
                {mine.length === 0 ? (
                  <Text size="xs" c="dimmed">
                    no case yet
                  </Text>
                ) : null}
                {mine.map((r) => (
                  <Tooltip
                    key={r.public_id}
                    label={`${r.status}${r.attempts.length > 1 ? ` after ${r.attempts.length} attempts` : ''}`}
                  >
                    <Badge
                      variant="light"
                      color={COLORS[r.status] ?? 'gray'}
                      data-case-status={r.status}
                      className="lane-case"
                      rightSection={
                        r.flaky || r.quarantined ? (
                          <Text span size="xs" fw={700}>
                            {[r.flaky ? 'flaky' : '', r.quarantined ? 'quarantined' : ''].filter(Boolean).join(' · ')}
                          </Text>
                        ) : undefined
                      }
                    >
                      <AnchorLink to="/runs/$runId" params={{ runId: r.public_id }} size="xs">
                        {names.get(r.test_case_public_id) ?? r.test_case_public_id}
                      </AnchorLink>
                    </Badge>
                  </Tooltip>
                ))}
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
