import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Card, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { UsageDashboard, UsageMetric } from '../../api/types';
import { dollars, plural } from '../../components/format';

const METRICS: Array<{
  key: 'ai_credit_platform' | 'ai_tokens_byok' | 'streaming_minutes' | 'active_sessions' | 'storage';
  label: string;
}> = [
  { key: 'ai_credit_platform', label: 'AI credit used' },
  { key: 'ai_tokens_byok', label: 'Tokens on your keys' },
  { key: 'streaming_minutes', label: 'Streaming minutes' },
  { key: 'active_sessions', label: 'Active sessions' },
  { key: 'storage', label: 'Storage (packages, baselines, runs)' },
];

function MetricCard({ label, metric }: { label: string; metric: UsageMetric }) {
  const value = metric.unit === 'USD' ? `$${metric.current.toFixed(2)}` : metric.current.toLocaleString();
  const limit =
    metric.limit === null
      ? 'unlimited'
      : metric.unit === 'USD'
        ? `$${metric.limit.toFixed(2)}`
        : metric.limit.toLocaleString();
  return (
    <Card withBorder>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}{' '}
        <Text span size="sm" c="dimmed">
          of {limit} {metric.unit === 'USD' ? '' : metric.unit}
        </Text>
      </Text>
      {metric.limit ? (
        <Progress
          mt="xs"
          value={Math.min(100, (metric.current / metric.limit) * 100)}
          aria-label={`${label}: ${value} of ${limit}`}
        />
      ) : null}
    </Card>
  );
}

/** This month's usage against the plan, and AI cost per model. */
export function UsageCharts({ dashboard }: { dashboard: UsageDashboard }) {
  const byModel = dashboard.by_model.map((m) => ({ model: m.model, cost: m.cost_micro / 1_000_000, runs: m.runs }));
  return (
    <Stack gap="sm">
      <Title order={3}>Usage this month · {dashboard.plan_name}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }}>
        {METRICS.map((m) => (
          <MetricCard key={m.key} label={m.label} metric={dashboard[m.key]} />
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {plural(dashboard.monthly_sessions, 'session')} · {plural(dashboard.ai_runs, 'AI run')} (
        {dollars(dashboard.ai_cost_micro)}) · {dashboard.byok_runs} on your keys ({dollars(dashboard.byok_cost_micro)}{' '}
        estimated) · {plural(dashboard.streaming_overage_minutes, 'overage minute')} (
        {dollars(dashboard.streaming_overage_micro)})
      </Text>
      {byModel.length ? (
        <Card withBorder>
          <Text fw={600} mb="sm">
            AI cost by model (USD)
          </Text>
          <Box component="figure" m={0} aria-label="AI cost by model">
            <BarChart
              h={240}
              data={byModel}
              dataKey="model"
              series={[{ name: 'cost', color: 'indigo.6', label: 'Cost (USD)' }]}
              valueFormatter={(v) => `$${v.toFixed(2)}`}
            />
          </Box>
        </Card>
      ) : (
        <Text c="dimmed">No AI runs this month.</Text>
      )}
    </Stack>
  );
}
