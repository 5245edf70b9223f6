import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, onUnhandledRejection, whileDatabaseUnavailable } from './availability';
import { freePort } from './embedded';

/** An error as pg raises it for a server message with this SQLSTATE. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const silent = { warn: () => {}, fatal: () => {} };

describe('a database that is restarting', () => {
  it('is told apart from a wrong statement', async () => {
    const refused = await new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'x' })
      .connect()
      .then(() => null)
      .catch((err: unknown) => err);
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P03', 'the database system is shutting down'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('08006', 'connection failure'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(pgError('42601', 'syntax error at or near "SELEC"'))).toBe(false);
    expect(isDatabaseUnavailable(pgError('23505', 'duplicate key value'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
  });

  it("is recognised through the query error Drizzle wraps the driver's in", async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const failed = (cause: Error) => new DrizzleQueryError('select 1 from sessions for update', [], cause);
    expect(isDatabaseUnavailable(failed(pgError('57P03', 'the database system is shutting down')))).toBe(true);
    expect(
      isDatabaseUnavailable(failed(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))),
    ).toBe(true);
    expect(isDatabaseUnavailable(failed(pgError('40P01', 'deadlock detected')))).toBe(false);
  });

  it('a start step is tried again while the database is unavailable, and a real error stops it at once', async () => {
    let calls = 0;
    const value = await whileDatabaseUnavailable(
      async () => {
        if (++calls < 3) throw pgError('57P03', 'the database system is starting up');
        return 'migrated';
      },
      { log: silent, retryMs: 1 },
    );
    expect([value, calls]).toEqual(['migrated', 3]);

    let wrong = 0;
    await expect(
      whileDatabaseUnavailable(
        async () => {
          wrong++;
          throw pgError('42P01', 'relation "nope" does not exist');
        },
        { log: silent, retryMs: 1 },
      ),
    ).rejects.toThrow(/nope/);
    expect(wrong).toBe(1);

    await expect(
      whileDatabaseUnavailable(
        async () => {
          throw pgError('57P03', 'the database system is shutting down');
        },
        { log: silent, retryMs: 1, timeoutMs: 20 },
      ),
    ).rejects.toThrow(/shutting down/);
  });

  it('a rejection nobody handled while the database was away leaves the process running; any other ends it', () => {
    const exits: number[] = [];
    const exit = (code: number) => void exits.push(code);
    // What pg-boss leaves unhandled when it records a job's end as PostgreSQL shuts down.
    expect(onUnhandledRejection(pgError('57P03', 'the database system is shutting down'), silent, exit)).toBe(
      'ignored',
    );
    expect(exits).toEqual([]);
    expect(onUnhandledRejection(new TypeError('cannot read properties of undefined'), silent, exit)).toBe('fatal');
    expect(exits).toEqual([1]);
  });
});
