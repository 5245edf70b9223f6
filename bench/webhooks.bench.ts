import { systemContext, withTransaction } from '../src/context';
import { emitEvent } from '../src/modules/events/events';
import { WebhookReceiver } from '../test/harness/webhook-receiver';
import {
  apiCaller,
  percentile,
  registerBenchAccount,
  startBenchServer,
  type BenchRow,
  type BenchServer,
} from './harness';

const SAMPLES = Number(process.env.BENCH_WEBHOOK_SAMPLES ?? 100);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 2000);
const BATCH = 100;

function latencyRow(name: string, samples: number[], extra: Record<string, number> = {}): BenchRow {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    name,
    samples: sorted.length,
    'p50 ms': percentile(sorted, 50),
    'p99 ms': percentile(sorted, 99),
    'max ms': sorted.at(-1) ?? null,
    ...extra,
  };
}

/** Emits events in one committed transaction, as a module would; returns when it committed. */
async function emit(server: BenchServer, orgId: number, from: number, count: number): Promise<number> {
  const ctx = systemContext(
    { db: server.container.db, clock: server.container.clock, log: server.container.log },
    { id: orgId, role: 'admin' },
  );
  await withTransaction(ctx, async (tx) => {
    for (let i = from; i < from + count; i++)
      await emitEvent(tx, { type: 'run.passed', data: { seq: i, sent_at: Date.now() } });
  });
  return Date.now();
}

/**
 * Webhook delivery to a receiver on loopback, through the whole path: outbox row committed →
 * dispatch (woken by the commit) → delivery row and job → signed POST → 2xx recorded.
 * (a) one event at a time: lag from commit to the receiver; (b) a burst of events committed in
 * transactions of 100: deliveries per second and each event's lag.
 */
export default async function webhooksBench(): Promise<BenchRow[]> {
  const receiver = await WebhookReceiver.start();
  const server = await startBenchServer({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    const account = await registerBenchAccount(server.url);
    const api = apiCaller(server.url, account.access_token);
    await api('POST', '/integrations/webhooks', { url: receiver.url('/bench'), event_types: ['run.passed'] });

    const single: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const committed = await emit(server, account.organization_id, i, 1);
      const [d] = await receiver
        .waitFor((r) => r.some((x) => x.json?.data?.seq === i), `event ${i}`, 30_000)
        .then((r) => r.filter((x) => x.json?.data?.seq === i));
      single.push(d!.receivedAt - committed);
    }

    const before = receiver.received.length;
    const started = Date.now();
    for (let from = SAMPLES; from < SAMPLES + BURST; from += BATCH)
      await emit(server, account.organization_id, from, BATCH);
    await receiver.waitFor((r) => r.length - before >= BURST, 'the burst', 300_000);
    const burst = receiver.received.slice(before);
    const finished = Math.max(...burst.map((d) => d.receivedAt));
    const lags = burst.map((d) => d.receivedAt - d.json.data.sent_at);
    return [
      latencyRow('(a) one event committed → delivered', single),
      latencyRow(`(b) ${BURST} events committed in transactions of ${BATCH} → each delivered`, lags, {
        'total ms': finished - started,
        'deliveries/s': Math.round(burst.length / ((finished - started) / 1000)),
      }),
    ];
  } finally {
    await server.stop();
    await receiver.close();
  }
}
