import { sql } from 'drizzle-orm';
import { systemContext } from '../src/context';
import { insertOrganization } from '../src/modules/auth/auth.repository';
import {
  apiCaller,
  percentile,
  registerBenchAccount,
  startBenchServer,
  type BenchRow,
  type BenchServer,
} from './harness';

const DEDUCTIONS = Number(process.env.BENCH_CREDITS_DEDUCTIONS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CREDITS_CONCURRENCY ?? 32);
const LEDGER_ROWS = 100_000;
const READS = Number(process.env.BENCH_CREDITS_READS ?? 2_000);

/** Runs `count` tasks, `concurrency` at a time; returns each one's latency in ms and the wall time. */
async function pool(
  count: number,
  concurrency: number,
  task: (i: number) => Promise<unknown>,
): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { latencies: latencies.sort((a, b) => a - b), seconds: (performance.now() - started) / 1000 };
}

function row(name: string, r: { latencies: number[]; seconds: number }, rateName: string): BenchRow {
  return {
    name,
    samples: r.latencies.length,
    [rateName]: Math.round(r.latencies.length / r.seconds),
    'p50 ms': Number(percentile(r.latencies, 50).toFixed(2)),
    'p99 ms': Number(percentile(r.latencies, 99).toFixed(2)),
  };
}

/** Settles `DEDUCTIONS` platform runs of $0.001 through the metering verb, as the engine does when runs end. */
async function deductions(server: BenchServer, orgIds: number[], firstRunId: number) {
  const { metering, operator } = server.container.services.credits;
  const ctxOf = (orgId: number) => systemContext(server.container, { id: orgId, role: 'admin' }, 'bench');
  for (const orgId of orgIds)
    await operator.grantCredit({ ctx: ctxOf(orgId), input: { orgId, amountMicro: 1_000_000_000 } });
  return pool(DEDUCTIONS, CONCURRENCY, (i) => {
    const orgId = orgIds[i % orgIds.length]!;
    return metering.settleRunCost({
      ctx: ctxOf(orgId),
      input: { runId: firstRunId + i, model: 'platform/bench', costMicro: 1_000, billing: 'platform' },
    });
  });
}

/**
 * Credits under load on a server of its own: (a) deductions per second on one organization (all
 * serialised on its account lock) and (b) spread over 100 organizations; (c) GET /credits/balance
 * and (d) GET /credits/ledger latency over HTTP for an organization with 100,000 ledger rows.
 */
export default async function creditsBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  try {
    const db = server.container.db;
    const now = new Date();
    const one = await insertOrganization(db, { name: 'Bench one', planId: 'professional', createdAt: now });
    const a = await deductions(server, [one.id], 1);
    const many = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        insertOrganization(db, { name: `Bench ${i}`, planId: 'starter', createdAt: now }),
      ),
    );
    const b = await deductions(
      server,
      many.map((o) => o.id),
      1_000_000,
    );

    const account = await registerBenchAccount(server.url);
    const orgId = account.organization_id;
    const call = apiCaller(server.url, account.access_token);
    await call('GET', '/credits/balance');
    // 100,000 grants of 1 micro-credit, and the prepaid bucket moved by the same sum: the ledger still balances.
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO credit_ledger (organization_id, entry_type, balance_bucket, amount_micro, reference, created_at)
        SELECT ${orgId}, 'grant', 'prepaid', 1, 'bench:' || g, now() - (g || ' seconds')::interval FROM generate_series(1, ${LEDGER_ROWS}) g`);
      await tx.execute(
        sql`UPDATE credit_accounts SET prepaid_micro = prepaid_micro + ${LEDGER_ROWS} WHERE organization_id = ${orgId}`,
      );
    });
    await db.execute(sql`ANALYZE credit_ledger`);
    const c = await pool(READS, 16, () => call('GET', '/credits/balance'));
    const d = await pool(Math.min(READS, 500), 16, (i) =>
      call('GET', `/credits/ledger?limit=100&offset=${(i * 100) % 10_000}`),
    );
    return [
      row(`(a) ${DEDUCTIONS} deductions, one organization, ${CONCURRENCY} at a time`, a, 'deductions/s'),
      row(`(b) ${DEDUCTIONS} deductions over 100 organizations, ${CONCURRENCY} at a time`, b, 'deductions/s'),
      row(`(c) GET /credits/balance, ${LEDGER_ROWS.toLocaleString('en')} ledger rows, 16 at a time`, c, 'req/s'),
      row(
        `(d) GET /credits/ledger?limit=100, ${LEDGER_ROWS.toLocaleString('en')} ledger rows, 16 at a time`,
        d,
        'req/s',
      ),
    ];
  } finally {
    await server.stop();
  }
}
