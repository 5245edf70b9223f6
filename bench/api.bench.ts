import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { listOrganizationsOfUser } from '../src/modules/orgs/orgs.repository';
import { registerBenchAccount, startBenchServer, type BenchRow } from './harness';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<BenchRow & { rps: number }> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx responses, ${r.errors} errors`);
  return {
    name,
    rps: r.requests.average,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    requests: r.requests.total,
  };
}

/**
 * API throughput and latency against plain Fastify on the same machine (loopback, 50 connections,
 * interleaved rounds of 4 s each): (a) a bare JSON route, (a2) a bare route running the same single indexed query as
 * GET /organizations/, (b) GET /api/v1/organizations/ with a login JWT, (c) the same with an API token.
 */
export default async function apiBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  const bare = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: server.container.config.db.poolMax });
  try {
    const account = await registerBenchAccount(server.url);
    const tok = await fetch(`${server.url}/api/v1/organizations/${account.organization_id}/api-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${account.access_token}` },
      body: JSON.stringify({ label: 'bench', role: 'viewer' }),
    });
    const apiToken = ((await tok.json()) as { token: string }).token;

    // The exact SQL the organizations list runs, on a pool of the same size, without simdeck around it.
    const query = listOrganizationsOfUser(server.container.db, account.user_id).toSQL();
    bare.get('/plain', async () => [
      { id: 1, name: 'Bench', created_at: '2026-06-01T12:00:00.000', role: 'admin', plan_id: 'free' },
    ]);
    bare.get('/query', async () => {
      const { rows } = await pool.query({ text: query.sql, values: query.params as unknown[], rowMode: 'array' });
      return rows.map((r: unknown[]) => ({
        id: r[0],
        name: r[1],
        created_at: (r[2] as Date).toISOString().slice(0, -1),
        plan_id: r[3],
        role: r[4],
      }));
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    // Warm up every path once (JIT, connection pools) before measuring.
    for (const [url, headers] of [
      [`${bareUrl}/plain`, {}],
      [`${bareUrl}/query`, {}],
      [`${server.url}/api/v1/organizations/`, { authorization: `Bearer ${account.access_token}` }],
      [`${server.url}/api/v1/organizations/`, { authorization: `Bearer ${apiToken}` }],
    ] as const) {
      await autocannon({ url, connections: 10, amount: 2000, headers: { ...headers } });
    }

    // The machine is shared: measure in interleaved rounds and take each ratio's median over the
    // rounds, so that a burst of load elsewhere hits the bare route and simdeck alike.
    const paths = [
      ['(a) bare Fastify JSON route', `${bareUrl}/plain`, {}, null, null],
      ['(a2) bare Fastify + same indexed query', `${bareUrl}/query`, {}, null, null],
      [
        '(b) GET /api/v1/organizations/ (JWT)',
        `${server.url}/api/v1/organizations/`,
        { authorization: `Bearer ${account.access_token}` },
        '0.49–0.56',
        '≥ 0.8',
      ],
      [
        '(c) GET /api/v1/organizations/ (API token)',
        `${server.url}/api/v1/organizations/`,
        { authorization: `Bearer ${apiToken}` },
        '0.66–0.78',
        '≥ 0.8',
      ],
    ] as const;
    const runs: Array<Array<BenchRow & { rps: number }>> = paths.map(() => []);
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, [name, url, headers]] of paths.entries()) runs[i]!.push(await measure(name, url, { ...headers }));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const rows = paths.map(([name, , , baseline, goal], i) => {
      const mine = runs[i]!;
      const ratios = mine.map((r, k) => r.rps / runs[1]![k]!.rps);
      return {
        name,
        'req/s': Math.round(median(mine.map((r) => r.rps))),
        'p50 ms': median(mine.map((r) => r['p50 ms'] as number)),
        'p99 ms': median(mine.map((r) => r['p99 ms'] as number)),
        requests: mine.reduce((n, r) => n + (r.requests as number), 0),
        'vs a2': Number(median(ratios).toFixed(2)),
        'vs a2 per round': ratios.map((x) => x.toFixed(2)).join(' '),
        goal,
        'baseline (main)': baseline,
      };
    });
    return rows;
  } finally {
    // Let the requests autocannon left in flight finish before the pools close.
    await new Promise((r) => setTimeout(r, 500));
    await bare.close();
    await pool.end();
    await server.stop();
  }
}
