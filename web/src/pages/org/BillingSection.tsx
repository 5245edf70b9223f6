import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Pagination,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { api, ok } from '../../api/client';
import type { CreditBalance, LedgerEntry } from '../../api/types';
import { useHasRole } from '../../auth/auth-store';
import { ErrorAlert, Loading, notify } from '../../components/feedback';
import { dollars, formatTime } from '../../components/format';

// Charts are the heaviest code of the console: they load only when this section opens.
const UsageCharts = lazy(() => import('./UsageCharts').then((m) => ({ default: m.UsageCharts })));
const PAGE_SIZE = 20;

const ENTRY_NAMES: Record<LedgerEntry['entry_type'], string> = {
  usage_deduction: 'AI run',
  prepaid_topup: 'Top-up',
  subscription_refill: 'Monthly allowance',
  grant: 'Grant',
  refund: 'Refund',
};

/** What a ledger line was, in words. */
function entryName(e: LedgerEntry): string {
  if (e.is_streaming) return 'Streaming overage';
  return ENTRY_NAMES[e.entry_type];
}

/** Credit balance, top-up, the ledger, and the usage dashboard with charts (every role reads; top-ups are for admins). */
export function BillingSection() {
  const balance = useQuery({ queryKey: ['credit-balance'], queryFn: () => ok(api.GET('/api/v1/credits/balance')) });
  const dashboard = useQuery({ queryKey: ['usage-dashboard'], queryFn: () => ok(api.GET('/api/v1/usage/dashboard')) });
  return (
    <Stack gap="xl">
      <ErrorAlert error={balance.error} title="Could not load the credit balance" />
      {balance.data ? <Balance balance={balance.data} /> : balance.isPending ? <Loading /> : null}
      <ErrorAlert error={dashboard.error} title="Could not load the usage dashboard" />
      {dashboard.data ? (
        <Suspense fallback={<Loading label="Loading charts" />}>
          <UsageCharts dashboard={dashboard.data} />
        </Suspense>
      ) : null}
      <Ledger />
    </Stack>
  );
}

function Balance({ balance }: { balance: CreditBalance }) {
  const isAdmin = useHasRole('admin');
  const [amount, setAmount] = useState<number | string>('');
  const topUp = async (body: { bundle_key: string } | { amount_usd: number }) => {
    try {
      const r = await ok(api.POST('/api/v1/credits/topup', { body }));
      window.location.assign(r.url);
    } catch (err) {
      notify.error(err, 'Could not start the top-up');
    }
  };
  const min = balance.custom_min_micro / 1_000_000;
  const max = balance.custom_max_micro / 1_000_000;
  const inRange = typeof amount === 'number' && Number.isInteger(amount) && amount >= min && amount <= max;
  return (
    <Stack gap="sm">
      <Title order={3}>Credit</Title>
      {balance.low_balance ? (
        <Alert color="orange" title="Your credit is running low">
          Runs on simdeck’s model and streaming overage stop when it runs out.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Plan allowance left
          </Text>
          <Text size="xl" fw={700} data-testid="allowance">
            {dollars(balance.allowance_micro)}
          </Text>
          <Text size="xs" c="dimmed">
            of {dollars(balance.plan_allowance_micro)}
            {balance.plan_period_end ? `, refills ${formatTime(balance.plan_period_end)}` : ''}
          </Text>
        </Card>
        <Card withBorder>
          <Text size="sm" c="dimmed">
            Prepaid credit
          </Text>
          <Text size="xl" fw={700} data-testid="prepaid">
            {dollars(balance.prepaid_micro)}
          </Text>
          <Text size="xs" c="dimmed">
            never expires
          </Text>
        </Card>
      </SimpleGrid>
      {isAdmin && balance.topup_available ? (
        <Group align="flex-end" wrap="wrap">
          {balance.bundles.map((b) => (
            <Button key={b.bundle_key} variant="light" onClick={() => void topUp({ bundle_key: b.bundle_key })}>
              Add {dollars(b.amount_micro)}
            </Button>
          ))}
          <NumberInput
            label={`Other amount (USD ${min}–${max})`}
            min={min}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={amount}
            onChange={setAmount}
            w={220}
          />
          <Button onClick={() => void topUp({ amount_usd: Number(amount) })} disabled={!inRange}>
            Top up
          </Button>
        </Group>
      ) : null}
      {isAdmin && !balance.topup_available ? (
        <Text size="sm" c="dimmed">
          Buying credit is not available on this server: it has no payment provider set up.
        </Text>
      ) : null}
    </Stack>
  );
}

function Ledger() {
  const [page, setPage] = useState(1);
  const ledger = useQuery({
    queryKey: ['ledger', page],
    queryFn: () =>
      ok(
        api.GET('/api/v1/credits/ledger', { params: { query: { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE } } }),
      ),
    placeholderData: (previous) => previous,
  });
  return (
    <Stack gap="sm">
      <Title order={3}>Ledger</Title>
      <ErrorAlert error={ledger.error} />
      {ledger.data?.entries.length === 0 ? <Text c="dimmed">No credit movements yet.</Text> : null}
      {ledger.data?.entries.length ? (
        <Table striped aria-label="Credit ledger">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Bucket</Table.Th>
              <Table.Th>Model</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ledger.data.entries.map((e) => (
              <Table.Tr key={e.id}>
                <Table.Td>{formatTime(e.created_at)}</Table.Td>
                <Table.Td>
                  {entryName(e)}
                  {e.note ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {e.note}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{e.balance_bucket}</Table.Td>
                <Table.Td>{e.model ?? ''}</Table.Td>
                <Table.Td ta="right" fw={500}>
                  {e.amount_micro > 0 ? '+' : ''}
                  {dollars(e.amount_micro)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {(ledger.data?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          total={Math.ceil((ledger.data?.total ?? 0) / PAGE_SIZE)}
          value={page}
          onChange={setPage}
          getControlProps={(c) => ({ 'aria-label': `${c} page` })}
        />
      ) : null}
    </Stack>
  );
}
