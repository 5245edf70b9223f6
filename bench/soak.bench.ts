import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './soak/client';
import { faultSchedule } from './soak/faults';
import { checkInvariants, type RssSample } from './soak/invariants';
import { aiRuns, apiClient, liveSession, newStats, suiteRuns } from './soak/load';
import { FlakyReceiver } from './soak/receiver';
import { Recorder } from './soak/recorder';
import { createAccount, PLATFORM_MODEL, type SoakAccount } from './soak/setup';
import { rssMb, startTopology, untilHealthy } from './soak/topology';
import { startFakeLlm } from '../test/harness/fake-llm';
import type { BenchRow } from './harness';

/**
 * The soak (docs/design/0036-the-soak.md): the production topology on loopback under mixed load
 * for SOAK_MINUTES (default 10) while its parts fail, then the invariants of what must not be
 * lost. Prints one line per invariant and `N passed, M failed`; exits non-zero on a failure.
 * Not part of `npm test`; needs `redis-server` (SOAK_REDIS_SERVER, default /usr/bin/redis-server).
 */
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const API_CLIENTS = Number(process.env.SOAK_API_CLIENTS ?? 50);
const LIVE_SESSIONS = 8;
const SUITE_RUNS = 4;
const ACCOUNTS = 4;
const DEVICES = 'Pixel 8:android:phone:14:12';
/** How long the drain may go on past its end for webhook retries already scheduled (the second is due 5 min after the first). */
const RETRY_WAIT_MS = 6 * 60_000;
/** The median of a process's RSS readings taken in [from, to), or null when there are none. */
function medianOf(r: { at: number[]; mb: number[] }, from: number, to: number): number | null {
  const mb = r.mb.filter((_, i) => r.at[i]! >= from && r.at[i]! < to).sort((a, b) => a - b);
  return mb.length ? mb[Math.floor(mb.length / 2)]! : null;
}

/** How long a process runs before its early RSS sample: two minutes, or 40 % of a shorter run. */
const WARM_UP_MS = (runMs: number) => Math.min(120_000, 0.4 * runMs);

export default async function soak(): Promise<BenchRow[]> {
  const runMs = MINUTES * 60_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-soak-'));
  const rec = new Recorder();
  rec.note(`soak for ${MINUTES} min in ${dir} (logs of every process there)`);
  const receiver = new FlakyReceiver();
  await receiver.start();
  const llm = await startFakeLlm();
  llm.script(() => ({ tool: 'step_done', input: { reasoning: 'admired' } }));
  const topology = await startTopology({
    dir,
    replicas: 2,
    devices: DEVICES,
    env: {
      ...llm.env(),
      PLATFORM_AI_MODEL: PLATFORM_MODEL,
      PLATFORM_AI_API_KEY: 'soak-platform-key',
      AI_MAX_OUTPUT_TOKENS: '64',
      DEFAULT_PLAN: 'enterprise',
      RATE_LIMIT: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_ALLOWED_PORTS: String(receiver.port),
    },
  });
  const urls = () => topology.replicas.map((r) => r.url);
  let failed = 1;
  try {
    const accounts: SoakAccount[] = [];
    for (let i = 0; i < ACCOUNTS; i++)
      accounts.push(
        await createAccount(i, urls, rec, {
          databaseUrl: topology.databaseUrl,
          hookUrl: receiver.url(),
          dir,
          cases: 10,
        }),
      );
    rec.note(`${ACCOUNTS} accounts ready; starting the load`);
    rec.calls.length = 0;
    const t0 = Date.now();
    rec.t0 = t0;
    const loadEnd = t0 + runMs;
    let drainEnd = Number.POSITIVE_INFINITY;
    // The load goes on until every fault has been injected and recovered from, whatever SOAK_MINUTES says.
    let faultsDone = false;
    const stop = () => faultsDone && Date.now() >= loadEnd;
    const drained = () => Date.now() >= drainEnd;
    const stats = newStats();
    const actors: Array<Promise<void>> = [];
    for (let i = 0; i < API_CLIENTS; i++) actors.push(apiClient(accounts[i % ACCOUNTS]!, stats, stop));
    for (let i = 0; i < LIVE_SESSIONS; i++) actors.push(liveSession(accounts[i % ACCOUNTS]!, urls, stats, rec, stop));
    const runners: Array<Promise<void>> = [];
    for (let i = 0; i < SUITE_RUNS; i++) runners.push(suiteRuns(accounts[i % ACCOUNTS]!, stats, stop, drained));
    runners.push(aiRuns(accounts[0]!, stats, stop, drained), aiRuns(accounts[1]!, stats, stop, drained));

    // RSS, per process role (a role restarted by a fault keeps its name): its resident size swings
    // by a fifth between two garbage collections, so one reading says little. Every process is
    // read every 5 s; the early figure is the median of the load's minute 2 (40 % of a shorter
    // run), the late one the median of its last minute, whichever instance ran then. A process
    // restarted by a fault is judged by the same pair: minute 10 against minute 2, as the issue
    // puts it, so a fresh instance is never compared with itself mid-warm-up.
    const procs = [
      ...topology.replicas.map((r) => ({ name: r.proc.name, pid: () => r.proc.pid })),
      { name: 'worker', pid: () => topology.worker.pid },
      { name: 'redis', pid: () => topology.redis.pid },
    ];
    const readings = new Map<string, { at: number[]; mb: number[] }>(procs.map((p) => [p.name, { at: [], mb: [] }]));
    const sampler = setInterval(() => {
      for (const p of procs) {
        const mb = rssMb(p.pid());
        if (mb === null) continue;
        readings.get(p.name)!.at.push(Date.now());
        readings.get(p.name)!.mb.push(mb);
      }
    }, 5000);
    // The RSS of every process every 30 s, to tell warm-up from growth.
    const timeline: string[] = [];
    const sampleAll = () => {
      const line = `rss +${((Date.now() - t0) / 1000).toFixed(0)}s: ${procs
        .map((p) => `${p.name} ${rssMb(p.pid())?.toFixed(0) ?? '-'}`)
        .join(', ')} MB; load ${os.loadavg()[0]!.toFixed(1)}`;
      timeline.push(line);
      fs.appendFileSync(path.join(dir, 'rss.log'), `${line}\n`);
    };
    const every30s = setInterval(sampleAll, 30_000);

    // One fault at a time, each at its time or once the system has recovered from the one before.
    for (const f of faultSchedule(receiver)) {
      await sleep(t0 + f.at * runMs - Date.now());
      if (Date.now() > t0 + f.at * runMs + 1000) rec.note(`${f.name}: late, after the fault before it recovered`);
      await f.run(topology, rec, runMs);
    }
    faultsDone = true;
    await Promise.all(actors);
    clearInterval(sampler);
    clearInterval(every30s);
    sampleAll();
    const loadEndAt = Date.now();
    const warm = t0 + WARM_UP_MS(runMs);
    const lateFrom = Math.max(warm + 60_000, loadEndAt - 60_000);
    const rss: RssSample[] = procs.map((p) => {
      const r = readings.get(p.name)!;
      return {
        proc: p.name,
        early: medianOf(r, warm, warm + 60_000),
        late: medianOf(r, lateFrom, loadEndAt + 1),
        earlyAt: (warm - t0) / 1000,
        lateAt: (lateFrom - t0) / 1000,
      };
    });
    const loadMs = Date.now() - t0;
    rec.note(`load over after ${(loadMs / 1000).toFixed(0)} s: ${rec.calls.length} API calls; draining`);
    // Every replica up again before the drain (a fault may have left one restarting).
    for (const r of topology.replicas) await untilHealthy(r.url);
    // The drain: what was started ends; interrupted runs are swept within two minutes, retries fall due.
    drainEnd = Date.now() + Math.max(4 * 60_000, runMs * 0.6);
    await Promise.all(runners);
    await untilWebhooksSettled(topology.databaseUrl, drainEnd, rec);
    // A last look a socket may need to be closed by its replica.
    await sleep(5000);

    const verdicts = await checkInvariants({
      databaseUrl: topology.databaseUrl,
      rec,
      stats,
      receiver,
      rss,
      firstWindowMs: Math.min(60_000, runMs * 0.1),
      loadEnd: t0 + loadMs,
    });
    const exits = [...topology.replicas.map((r) => r.proc), topology.worker, topology.redis].flatMap(
      (p) => p.unplannedExits,
    );
    verdicts.push({
      name: 'no process exited unless the soak killed it',
      ok: exits.length === 0,
      figure: exits.length ? exits.join(', ') : 'none',
    });
    console.log(
      `\nload for ${(loadMs / 1000).toFixed(0)} s: ${rec.calls.length} API calls by ${API_CLIENTS} clients and the actors, ${stats.sessionsStarted} live sessions (${stats.controls} taps and drags, ${stats.frames} frames), ${stats.ciRuns.filter((r) => r.kind === 'suite').length} suite runs, ${stats.ciRuns.filter((r) => r.kind === 'ai').length} platform-model runs, ${receiver.received} webhook requests; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`faults: ${rec.windows.map((w) => `${w.name} at +${((w.from - t0) / 1000).toFixed(0)}s`).join(', ')}`);
    const outcomes = new Map<string, number>();
    for (const r of stats.ciRuns)
      outcomes.set(`${r.kind} ${r.status}`, (outcomes.get(`${r.kind} ${r.status}`) ?? 0) + 1);
    console.log(`CI runs: ${[...outcomes].map(([k, n]) => `${n} ${k}`).join(', ')}`);
    for (const why of new Set(stats.ciRuns.filter((r) => r.error).map((r) => `${r.kind}: ${r.error}`)))
      console.log(`  ${why.slice(0, 300)}`);
    for (const line of timeline) console.log(line);
    for (const v of verdicts) console.log(`invariant ${v.name}: ${v.ok ? 'ok' : 'FAIL'} (${v.figure})`);
    failed = verdicts.filter((v) => !v.ok).length;
    console.log(`${verdicts.length - failed} passed, ${failed} failed`);
    if (failed) process.exitCode = 1;
    return verdicts.map((v) => ({ name: v.name, ok: v.ok ? 'ok' : 'FAIL', figure: v.figure }));
  } finally {
    await topology.close().catch((err) => console.error('closing the topology:', err));
    await receiver.down();
    await llm.close();
    if (!failed && !process.env.SOAK_KEEP) fs.rmSync(dir, { recursive: true, force: true });
    else console.log(`logs kept in ${dir}`);
  }
}

/**
 * Waits until every event is dispatched and every delivery has ended, until `until`; past it, only
 * while each delivery still open is retrying with its next attempt due within `RETRY_WAIT_MS` (a
 * delivery whose first retry also met a fault waits 5 minutes for its second).
 */
async function untilWebhooksSettled(databaseUrl: string, until: number, rec: Recorder): Promise<void> {
  const pg = (await import('pg')).default;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const hardEnd = until + RETRY_WAIT_MS;
  try {
    for (;;) {
      const { rows } = await db.query<{ n: number; late: number }>(
        `SELECT (SELECT count(*) FROM domain_events WHERE dispatched_at IS NULL)
          + (SELECT count(*) FROM webhook_deliveries WHERE state NOT IN ('succeeded', 'failed'))::int AS n,
          (SELECT count(*) FROM webhook_deliveries WHERE state NOT IN ('succeeded', 'failed')
            AND (next_attempt_at IS NULL OR next_attempt_at > $1))::int AS late`,
        [new Date(hardEnd - 15_000)],
      );
      if (Number(rows[0]!.n) === 0) return;
      if (Date.now() >= hardEnd || (Date.now() >= until && Number(rows[0]!.late) > 0)) return;
      if (Date.now() >= until && Date.now() < until + 2000)
        rec.note(`drain: waiting for ${rows[0]!.n} webhook deliveries whose next retry is due`);
      await sleep(2000);
    }
  } finally {
    await db.end();
  }
}
