import pg from 'pg';
import { percentile } from '../harness';
import { RETRY_DELAYS_MS } from '../../src/modules/webhooks/webhook-deliveries';
import type { LoadStats } from './load';
import type { FlakyReceiver } from './receiver';
import type { Recorder } from './recorder';

export interface Verdict {
  name: string;
  ok: boolean;
  figure: string;
}

export interface RssSample {
  proc: string;
  /** The median of the RSS readings (every 5 s) of a minute once warmed up, and of the load's last minute. */
  early: number | null;
  late: number | null;
  /** When each minute began, in seconds since the load began. */
  earlyAt: number | null;
  lateAt: number | null;
}

/** How late a retry may go out after its due time: the due-retry tick runs every 10 s, plus load and outages. */
const RETRY_SLACK_MS = 45_000;

/** The end-of-run checks of the issue, each with the figure it rests on. */
export async function checkInvariants(opts: {
  databaseUrl: string;
  rec: Recorder;
  stats: LoadStats;
  receiver: FlakyReceiver;
  rss: RssSample[];
  firstWindowMs: number;
  loadEnd: number;
}): Promise<Verdict[]> {
  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  const one = async <T>(q: string): Promise<T> => (await db.query(q)).rows[0] as T;
  const out: Verdict[] = [];
  const add = (name: string, ok: boolean, figure: string) => out.push({ name, ok, figure });
  try {
    const runs = await one<{ total: number; open: number; errors: number; no_reason: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending','running'))::int AS open,
        count(*) FILTER (WHERE status = 'error')::int AS errors,
        count(*) FILTER (WHERE status = 'error' AND coalesce(error_message, '') = '')::int AS no_reason FROM test_runs`,
    );
    const suites = await one<{ total: number; open: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending','running'))::int AS open FROM suite_runs`,
    );
    const ci = await one<{ total: number; open: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending','running'))::int AS open FROM ci_runs`,
    );
    add(
      'every run and suite run ended',
      runs.open + suites.open + ci.open === 0 && runs.no_reason === 0,
      `${runs.total} runs (${runs.errors} error), ${suites.total} suite runs, ${ci.total} CI runs; open ${runs.open}/${suites.open}/${ci.open}, errors without a reason ${runs.no_reason}`,
    );

    // A session created and never started is no queue entry: it waits for its owner (clients whose
    // start and delete both went unanswered in a fault leave some); it is counted, not failed.
    const queue = await one<{ waiting: number; unended: number; queued: number; unstarted: number }>(
      `SELECT (SELECT count(*)::int FROM session_queue) AS waiting,
        (SELECT count(*)::int FROM sessions WHERE status = 'pending' AND start_time IS NULL
          AND NOT EXISTS (SELECT 1 FROM session_queue q WHERE q.session_pk = sessions.id)) AS unstarted,
        (SELECT count(*)::int FROM sessions WHERE (status = 'starting' OR (status = 'pending' AND
          (start_time IS NOT NULL OR EXISTS (SELECT 1 FROM session_queue q WHERE q.session_pk = sessions.id))))
          OR (status IN ('stopped','failed') AND end_reason IS NULL AND coalesce(error_message, '') = '')) AS unended,
        ${opts.stats.sessionsQueued.length} AS queued`,
    );
    const unended = (
      await db.query<{ row: string }>(
        `SELECT status || '/' || coalesce(end_reason, '-') || '/' || coalesce(device_id, 'no device') AS row FROM sessions
          WHERE status = 'starting' OR (status = 'pending' AND start_time IS NOT NULL) OR (status IN ('stopped','failed') AND end_reason IS NULL AND coalesce(error_message, '') = '')
          LIMIT 3`,
      )
    ).rows.map((r) => r.row);
    add(
      'every queue entry served or ended with a reason',
      queue.waiting === 0 && queue.unended === 0,
      `${queue.queued} sessions queued by clients; ${queue.waiting} entries left, ${queue.unended} sessions neither running nor ended with a reason, ${queue.unstarted} created and never started${unended.length ? ` (${unended.join(', ')})` : ''}`,
    );

    const busy = await one<{ busy: number; devices: number; online: number }>(
      `SELECT count(*)::int AS devices, count(*) FILTER (WHERE status <> 'offline')::int AS online,
        count(*) FILTER (WHERE (status = 'busy' OR leased_session_id IS NOT NULL) AND NOT EXISTS (
          SELECT 1 FROM sessions s WHERE s.session_id = d.leased_session_id AND s.status IN ('starting','active')))::int AS busy
        FROM devices d`,
    );
    const offline = (
      await db.query<{ row: string }>(
        `SELECT device_id || ' (' || status || ', lease ' || coalesce(leased_session_id, '-') || ')' AS row FROM devices
          WHERE status = 'offline' OR (status = 'busy' AND leased_session_id IS NULL) LIMIT 3`,
      )
    ).rows.map((r) => r.row);
    add(
      'no device busy without a session',
      busy.busy === 0 && busy.online === busy.devices,
      `${busy.busy} busy without a session; ${busy.online}/${busy.devices} devices online${offline.length ? ` (${offline.join(', ')})` : ''}`,
    );

    const ledger = await one<{ accounts: number; off: number; dupes: number; runs_off: number; deducted: string }>(
      `SELECT (SELECT count(*)::int FROM credit_accounts) AS accounts,
        (SELECT count(*)::int FROM credit_accounts a WHERE
          a.allowance_micro <> coalesce((SELECT sum(amount_micro) FROM credit_ledger l WHERE l.organization_id = a.organization_id AND l.balance_bucket = 'allowance'), 0)
          OR a.prepaid_micro <> coalesce((SELECT sum(amount_micro) FROM credit_ledger l WHERE l.organization_id = a.organization_id AND l.balance_bucket = 'prepaid'), 0)) AS off,
        (SELECT count(*)::int FROM (SELECT 1 FROM credit_ledger GROUP BY organization_id, reference, balance_bucket HAVING count(*) > 1) x) AS dupes,
        (SELECT count(*)::int FROM test_runs r WHERE coalesce(r.cost_micro, 0) <> -coalesce((SELECT sum(amount_micro) FROM credit_ledger l
          WHERE l.test_run_id = r.id AND l.entry_type = 'usage_deduction'), 0)) AS runs_off,
        (SELECT coalesce(-sum(amount_micro), 0)::text FROM credit_ledger WHERE entry_type = 'usage_deduction') AS deducted`,
    );
    add(
      'every credit balance equals its ledger, no deduction twice',
      ledger.off === 0 && ledger.dupes === 0 && ledger.runs_off === 0 && Number(ledger.deducted) > 0,
      `${ledger.accounts} accounts, $${(Number(ledger.deducted) / 1e6).toFixed(4)} deducted; ${ledger.off} off their ledger, ${ledger.dupes} references twice, ${ledger.runs_off} runs whose cost differs from their deductions`,
    );

    const hooks = (
      await db.query<{ id: string; state: string; attempt_log: Array<{ at: string }> }>(
        `SELECT id::text, state, attempt_log FROM webhook_deliveries`,
      )
    ).rows;
    const undispatched = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL`,
    );
    const stuck = (
      await db.query<{ row: string }>(
        `SELECT id || ' ' || event_type || ' ' || state || ' after ' || attempts || ' attempts, next ' || coalesce(next_attempt_at::text, '-') AS row
          FROM webhook_deliveries WHERE state <> 'succeeded' LIMIT 3`,
      )
    ).rows.map((r) => r.row);
    const notDelivered = hooks.filter((h) => h.state !== 'succeeded' || !opts.receiver.deliveries.get(h.id)?.ok);
    let offSchedule = 0;
    let retries = 0;
    for (const h of hooks) {
      const at = h.attempt_log.map((a) => Date.parse(a.at));
      for (let i = 1; i < at.length; i++) {
        retries++;
        const due = RETRY_DELAYS_MS[i - 1] ?? Number.POSITIVE_INFINITY;
        const gap = at[i]! - at[i - 1]!;
        if (gap < due - 1000 || gap > due + RETRY_SLACK_MS) offSchedule++;
      }
    }
    add(
      'every webhook event delivered at least once, retries on schedule',
      hooks.length > 0 && notDelivered.length === 0 && undispatched.n === 0 && offSchedule === 0,
      `${hooks.length} deliveries, ${retries} retries, ${opts.receiver.received} requests received; ${notDelivered.length} not delivered, ${undispatched.n} events not dispatched, ${offSchedule} retries off schedule${stuck.length ? ` (${stuck.join('; ')})` : ''}`,
    );

    const outside = opts.rec.calls.filter((c) => !opts.rec.inFault(c.at, c.ms));
    const fivexx = outside.filter((c) => c.status >= 500 || c.status === 0);
    const inside = opts.rec.calls.length - outside.length;
    add(
      'no API 5xx outside the fault windows',
      fivexx.length === 0,
      `${outside.length} calls outside, ${inside} inside fault windows; ${fivexx.length} 5xx or unanswered outside${fivexx.length ? `: ${summarise(fivexx)}` : ''}`,
    );
    for (const c of fivexx.slice(0, 10))
      console.log(
        `  5xx outside at +${((c.at - opts.rec.t0) / 1000).toFixed(1)}s ${c.status} ${c.route}: ${c.why ?? ''}`,
      );

    const leaked = opts.stats.streams.filter((s) => s.endedAt !== null && s.closedAt === null);
    add(
      'no socket left open to an ended session',
      leaked.length === 0,
      `${opts.stats.streams.length} stream sockets, ${leaked.length} still open after their session ended`,
    );

    const grown = opts.rss.filter((r) => r.early !== null && r.late !== null && r.late > r.early * 1.1);
    add(
      'RSS at the end within 10 % of its sample once warmed up',
      grown.length === 0 && opts.rss.every((r) => r.early !== null && r.late !== null),
      opts.rss
        .map(
          (r) =>
            `${r.proc} ${r.early?.toFixed(0) ?? '?'} MB in the minute from +${r.earlyAt?.toFixed(0) ?? '?'}s → ${r.late?.toFixed(0) ?? '?'} MB in the minute from +${r.lateAt?.toFixed(0) ?? '?'}s (medians)`,
        )
        .join(', '),
    );

    const t0 = opts.rec.t0;
    const first = outside.filter((c) => c.at < t0 + opts.firstWindowMs && c.status > 0).map((c) => c.ms);
    const rest = outside.filter((c) => c.at >= t0 + opts.firstWindowMs && c.at < opts.loadEnd && c.status > 0);
    const p99First = percentile(
      first.sort((a, b) => a - b),
      99,
    );
    const p99Rest = percentile(
      rest.map((c) => c.ms).sort((a, b) => a - b),
      99,
    );
    add(
      'API p99 outside fault windows within 2x the first window',
      first.length > 0 && rest.length > 0 && p99Rest <= 2 * p99First,
      `first window p99 ${p99First.toFixed(0)} ms over ${first.length} calls; after it ${p99Rest.toFixed(0)} ms over ${rest.length} calls`,
    );
  } finally {
    await db.end();
  }
  return out;
}

function summarise(calls: Array<{ route: string; status: number }>): string {
  const counts = new Map<string, number>();
  for (const c of calls) counts.set(`${c.status} ${c.route}`, (counts.get(`${c.status} ${c.route}`) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([k, n]) => `${n}× ${k}`)
    .join('; ');
}
