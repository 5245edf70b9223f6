import Fastify from 'fastify';
import pg from 'pg';
import { and, desc, eq, sql } from 'drizzle-orm';
import { auditEvents, sessions } from '../src/db/schema';
import { registerBenchAccount, startBenchServer, type BenchRow } from './harness';
import { bareListRoute, compareLists } from './lists';

const SESSIONS = 1_000;
const AUDIT_EVENTS = 20_000;
const PAGE = 200;

/**
 * The sessions list and the audit log at their page maximum (200) for an organization with 1,000
 * ended sessions and 20,000 audit events, against bare Fastify running the same statements and
 * JSON.stringify, with 1 and 20 connections.
 */
export default async function listsBench(): Promise<BenchRow[]> {
  const server = await startBenchServer();
  const bare = Fastify({ logger: false });
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: server.container.config.db.poolMax });
  try {
    const account = await registerBenchAccount(server.url);
    const org = account.organization_id;
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    await client.query(
      `INSERT INTO sessions (session_id, organization_id, user_id, user_email, device_type, status, end_reason, device_id, device_name, device_model, assigned_category, os_version, worker_id, screen_width, screen_height, rotation, start_time, active_at, end_time, last_used_at, created_at)
       SELECT 'sess_bench_' || g, $1, $2, 'bench@example.test', 'android', 'ended', 'user', 'dev-' || (g % 7), 'Pixel 8', 'pixel_8', 'phone', '14', 'bench', 1080, 2400, 0,
              now() - g * interval '1 minute', now() - g * interval '1 minute', now() - g * interval '1 minute' + interval '30 seconds', now() - g * interval '1 minute', now() - g * interval '1 minute'
       FROM generate_series(1, ${SESSIONS}) g`,
      [org, account.user_id],
    );
    await client.query(
      `INSERT INTO audit_events (organization_id, user_email, action, resource_type, resource_id, details, created_at)
       SELECT $1, 'bench@example.test', 'session.ended', 'session', 'sess_bench_' || g, jsonb_build_object('reason', 'user_ended', 'minutes', g % 60), now() - g * interval '1 second'
       FROM generate_series(1, ${AUDIT_EVENTS}) g`,
      [org],
    );
    await client.query('ANALYZE');
    await client.end();

    // The statements the two lists run, unfiltered, at the page maximum.
    const db = server.container.db;
    const sessionsPage = db
      .select()
      .from(sessions)
      .where(and(eq(sessions.organizationId, org)))
      .orderBy(desc(sessions.createdAt), desc(sessions.id))
      .limit(PAGE)
      .offset(0)
      .toSQL();
    bareListRoute(bare, pool, '/sessions', sessionsPage);
    const auditWhere = and(eq(auditEvents.organizationId, org));
    const auditCount = db.select({ n: sql<number>`count(*)::int` }).from(auditEvents).where(auditWhere).toSQL();
    const auditPage = db
      .select()
      .from(auditEvents)
      .where(auditWhere)
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(PAGE)
      .offset(0)
      .toSQL();
    bareListRoute(bare, pool, '/audit', auditPage, auditCount);
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const headers = { authorization: `Bearer ${account.access_token}` };
    return await compareLists(server, [
      {
        name: `GET /api/v1/sessions?limit=${PAGE} (${SESSIONS} sessions)`,
        url: `${server.url}/api/v1/sessions?limit=${PAGE}`,
        bareUrl: `${bareUrl}/sessions`,
        headers,
      },
      {
        name: `GET /api/v1/organizations/:id/audit-events?limit=${PAGE} (${AUDIT_EVENTS} events)`,
        url: `${server.url}/api/v1/organizations/${org}/audit-events?limit=${PAGE}`,
        bareUrl: `${bareUrl}/audit`,
        headers,
      },
    ]);
  } finally {
    await bare.close();
    await pool.end();
    await server.stop();
  }
}
