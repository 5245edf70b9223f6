import Fastify from 'fastify';
import pg from 'pg';
import { suiteListQuery } from '../src/modules/catalogue/suites.repository';
import { registerBenchAccount, startBenchServer, type BenchRow } from './harness';
import { bareListRoute, compareLists } from './lists';

const SUITES = 1000;
const CASES_PER_SUITE = 20;

/**
 * GET /tests/suites for an organization with 1,000 suites and 20,000 cases (plus tags and a
 * suite run per suite), seeded with bulk SQL; p50/p99 latency at 20 connections.
 */
export default async function catalogueBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  try {
    const account = await registerBenchAccount(server.url);
    const org = account.organization_id;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const step = JSON.stringify([{ text: 'Tap sign in', action_indices: [0] }, 'Check the home screen']);
    const rec = JSON.stringify([
      { type: 'tap', t_ms: 0, x: 100, y: 200 },
      { type: 'swipe', t_ms: 500, x: 1, y: 2, x2: 3, y2: 4 },
    ]);
    await client.query(
      `INSERT INTO apps (public_id, organization_id, name, package_name, platform) VALUES ('app_bench', $1, 'Bench app', 'com.example.bench', 'android')`,
      [org],
    );
    await client.query(
      `INSERT INTO test_suites (public_id, organization_id, app_id, name, description, platform)
       SELECT 'ste_bench' || g, $1, (SELECT id FROM apps WHERE public_id = 'app_bench'), 'Suite ' || g, 'Bench suite ' || g, 'android' FROM generate_series(1, ${SUITES}) g`,
      [org],
    );
    await client.query(
      `INSERT INTO test_cases (public_id, organization_id, suite_id, name, steps, assertions, source_recording, source_device_width, source_device_height)
       SELECT 'tc_bench' || s.id || '_' || g, $1, s.id, 'Case ' || g, $2::jsonb, '["ok"]'::jsonb, $3::jsonb, 1080, 2340
       FROM test_suites s CROSS JOIN generate_series(1, ${CASES_PER_SUITE}) g WHERE s.organization_id = $1`,
      [org, step, rec],
    );
    await client.query(
      `INSERT INTO test_tags (organization_id, name, display_name) SELECT $1, 'tag' || g, 'Tag' || g FROM generate_series(1, 20) g`,
      [org],
    );
    await client.query(
      `INSERT INTO test_suite_tags (suite_id, tag_id)
       SELECT s.id, t.id FROM test_suites s JOIN test_tags t ON t.organization_id = s.organization_id
       WHERE s.organization_id = $1 AND (t.name = 'tag' || (1 + s.id % 20) OR t.name = 'tag' || (1 + (s.id * 7) % 20))`,
      [org],
    );
    await client.query(
      `INSERT INTO suite_runs (public_id, organization_id, suite_id, status, reset_strategy)
       SELECT 'srun_bench' || s.id || '_' || g, $1, s.id, CASE WHEN g % 2 = 0 THEN 'passed' ELSE 'failed' END, 'relaunch'
       FROM test_suites s CROSS JOIN generate_series(1, 3) g WHERE s.organization_id = $1`,
      [org],
    );
    await client.query('ANALYZE');
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM test_suites)::int AS suites, (SELECT count(*) FROM test_cases)::int AS cases`,
    );
    await client.end();

    const headers = { authorization: `Bearer ${account.access_token}` };
    const check = await fetch(`${server.url}/api/v1/tests/suites`, { headers });
    const list = (await check.json()) as Array<{ case_count: number }>;
    if (list.length !== SUITES || list[0]!.case_count !== CASES_PER_SUITE)
      throw new Error(`unexpected list: ${list.length} suites`);
    const bytes = Number(
      (await fetch(`${server.url}/api/v1/tests/suites`, { headers })).headers.get('content-length') ?? 0,
    );

    // The same statement, run bare on a pool of the same size and written with JSON.stringify.
    const bare = Fastify({ logger: false });
    const pool = new pg.Pool({ connectionString: server.databaseUrl, max: server.container.config.db.poolMax });
    try {
      bareListRoute(bare, pool, '/suites', suiteListQuery(server.container.db, org).toSQL());
      const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
      const rows = await compareLists(server, [
        {
          name: `GET /api/v1/tests/suites (${counts.rows[0].suites} suites, ${counts.rows[0].cases} cases, tags)`,
          url: `${server.url}/api/v1/tests/suites`,
          bareUrl: `${bareUrl}/suites`,
          headers,
          baseline: { 20: '23–40 req/s, p50 510–867 ms' },
        },
      ]);
      rows.push({ name: 'response size', kb: Math.round(bytes / 1024) });
      return rows;
    } finally {
      await bare.close();
      await pool.end();
    }
  } finally {
    await server.stop();
  }
}
