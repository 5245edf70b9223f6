import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/harness/app';
import { createDatabase } from './client';

/**
 * PostgreSQL restarting under a replica (the soak stops it for 5 s): the server ends every
 * connection with a FATAL error, also those a request or a job has checked out of the pool and is
 * between two queries on. Such a connection's error has no query to go to; it must not crash the
 * process, and the pool must serve fresh connections once the server is back.
 */
describe('the database pool when the server ends its connections', () => {
  let database: { url: string; drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('a checked-out connection ended by the server does not crash the process; the next query gets a fresh one', async () => {
    const { db, pool, close } = createDatabase(database.url, { max: 2 });
    const uncaught: unknown[] = [];
    let settle = () => {};
    const onUncaught = (err: unknown) => {
      uncaught.push(err);
      settle();
    };
    process.on('uncaughtException', onUncaught);
    try {
      const held = await pool.connect();
      const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // The connection ends, or its error escapes to the process.
      const ended = new Promise<void>((r) => {
        settle = r;
        held.once('end', () => r());
      });
      // What a server shutdown does to every backend: FATAL 57P01 on the connection.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await admin.end();
      await ended;
      held.release(true);
      expect(uncaught.map((e) => (e as Error).message)).toEqual([]);
      const answer = await db.execute(sql`SELECT 1 AS one`);
      expect(answer.rows[0]).toEqual({ one: 1 });
    } finally {
      process.off('uncaughtException', onUncaught);
      await close();
    }
  });
});
