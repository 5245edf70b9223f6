import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { BenchRow, BenchServer } from './harness';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * A bare Fastify route answering `path` with the rows of `query` (the exact statement simdeck
 * runs; with `count`, next to that count) written by JSON.stringify: what a list costs without
 * simdeck around it.
 */
export function bareListRoute(
  app: FastifyInstance,
  pool: pg.Pool,
  path: string,
  query: { sql: string; params: unknown[] },
  count?: { sql: string; params: unknown[] },
): void {
  app.get(path, async (_req, reply) => {
    const [r, total] = await Promise.all([
      pool.query({ text: query.sql, values: query.params, rowMode: 'array' }),
      count ? pool.query({ text: count.sql, values: count.params }) : undefined,
    ]);
    const names = r.fields.map((f) => f.name);
    const rows = (r.rows as unknown[][]).map((row) => {
      const o: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) o[names[i]!] = row[i];
      return o;
    });
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(total ? { total: total.rows[0].n, events: rows } : rows);
  });
}

export interface ListCase {
  name: string;
  url: string;
  bareUrl: string;
  headers: Record<string, string>;
  /** The figure on main, per connection count. */
  baseline?: Record<number, string>;
}

async function run(url: string, connections: number, headers: Record<string, string>) {
  const r = await autocannon({ url, connections, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Statements simdeck's database pool ran per request to `url` (background jobs use a pool of their own). */
async function statementsPerRequest(
  server: BenchServer,
  url: string,
  headers: Record<string, string>,
  n = 20,
): Promise<number> {
  const pool = server.container.database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = pool.query;
  let count = 0;
  pool.query = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    for (let i = 0; i < n; i++) await (await fetch(url, { headers })).arrayBuffer();
    return count / n;
  } finally {
    pool.query = original;
  }
}

/**
 * simdeck's list against the bare route, with 1 and with 20 connections, in interleaved rounds
 * (the machine is shared); the ratio is the median of the per-round ratios.
 */
export async function compareLists(server: BenchServer, cases: ListCase[]): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const c of cases) {
    await autocannon({ url: c.url, connections: 4, amount: 200, headers: c.headers });
    await autocannon({ url: c.bareUrl, connections: 4, amount: 200 });
    const statements = await statementsPerRequest(server, c.url, c.headers).catch(() => null);
    for (const connections of [1, 20]) {
      const mine: Array<Awaited<ReturnType<typeof run>>> = [];
      const bare: typeof mine = [];
      for (let i = 0; i < ROUNDS; i++) {
        bare.push(await run(c.bareUrl, connections, {}));
        mine.push(await run(c.url, connections, c.headers));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ratios = mine.map((m, i) => m.rps / bare[i]!.rps);
      rows.push({
        name: c.name,
        connections,
        'req/s': Math.round(median(mine.map((m) => m.rps))),
        'p50 ms': median(mine.map((m) => m.p50)),
        'p99 ms': median(mine.map((m) => m.p99)),
        'bare req/s': Math.round(median(bare.map((m) => m.rps))),
        'vs bare': Number(median(ratios).toFixed(2)),
        'per round': ratios.map((x) => x.toFixed(2)).join(' '),
        'statements/request': statements,
        goal: '≥ 0.5',
        'baseline (main)': c.baseline?.[connections] ?? null,
      });
    }
  }
  return rows;
}
