import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestDatabase } from '../../test/harness/app';
import { firstJobFetchesGoBy, nothingHappensWithin } from '../../test/harness/waits';
import { createDatabase, type Database } from '../db/client';
import { createLogger } from '../logging';
import type { JobCatalog, JobHandlers } from './catalog';
import { JobQueue } from './queue';
import { slotAt } from './recurring';

const log = createLogger('silent');

const TICKS = { 'test.tick': { recurring: { everySeconds: 1 }, expireInSeconds: 30 } } as const satisfies JobCatalog;

const ECHO = {
  'test.echo': {
    payload: z.object({ n: z.number() }),
    retry: { retryLimit: 0, retryDelay: 0, retryBackoff: false },
    expireInSeconds: 30,
    consumers: 2,
    batchSize: 3,
  },
} as const satisfies JobCatalog;

let db: { url: string; drop(): Promise<void> };
let database: Database;
/** Every queue a test started, stopped after it. */
const queues: Array<{ stop(): Promise<void> }> = [];

function queue<C extends JobCatalog>(catalog: C, pollingIntervalSeconds: number): JobQueue<C> {
  const q = new JobQueue(db.url, log, { catalog, pollingIntervalSeconds, max: 2 });
  queues.push(q);
  return q;
}

async function until(what: string, condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function jobState(id: string): Promise<string | undefined> {
  const { rows } = await database.pool.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [id]);
  return rows[0]?.state;
}

beforeAll(async () => {
  db = await createTestDatabase();
  database = createDatabase(db.url, { max: 2 });
});
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
  await database.pool.query(`DELETE FROM pgboss.job WHERE name LIKE 'test.%'`).catch(() => {});
});
afterAll(async () => {
  await database?.close();
  await db?.drop();
});

describe('recurring jobs', () => {
  it('two replicas run a 1 s job once per tick, and the survivor keeps ticking when the last runner stops', async () => {
    const runs: Array<{ replica: 'a' | 'b'; slot: number }> = [];
    const handlers = (replica: 'a' | 'b'): JobHandlers<typeof TICKS> => ({
      'test.tick': async ({ scheduledAt }) => {
        runs.push({ replica, slot: slotAt(scheduledAt.getTime(), 1) });
      },
    });
    const a = queue(TICKS, 0.5);
    const b = queue(TICKS, 0.5);
    await a.start();
    await b.start();
    await a.work(handlers('a'));
    await b.work(handlers('b'));

    await until('4 ticks', () => runs.length >= 4, 15_000);
    const last = runs.at(-1)!.replica;
    await (last === 'a' ? a : b).stop();
    const handover = runs.length;
    await until('3 more ticks', () => runs.length >= handover + 3, 15_000);

    const slots = runs.map((r) => r.slot);
    expect(new Set(slots).size, `duplicate ticks: ${slots.join(',')}`).toBe(slots.length);
    const steps = slots.slice(1).map((s, i) => s - slots[i]!);
    // In order, one per second; a single tick may be lost to the stop itself.
    expect(
      steps.every((d) => d === 1 || d === 2),
      `ticks out of order: ${slots.join(',')}`,
    ).toBe(true);
    expect(steps.filter((d) => d === 2).length, `gaps: ${slots.join(',')}`).toBeLessThanOrEqual(1);
    expect(runs.slice(handover).every((r) => r.replica !== last)).toBe(true);
  });

  it('the watchdog re-creates the next tick when the chain is lost', async () => {
    const slots: number[] = [];
    const q = queue(TICKS, 0.5);
    await q.start();
    await q.work({ 'test.tick': async ({ scheduledAt }) => void slots.push(slotAt(scheduledAt.getTime(), 1)) });
    await until('a first tick', () => slots.length >= 1, 10_000);
    // As if the replica running a tick died before it enqueued the next one.
    await database.pool.query(`DELETE FROM pgboss.job WHERE name = 'test.tick' AND state = 'created'`);
    const cut = slots.length;
    await until('ticks after the cut', () => slots.length >= cut + 2, 10_000);
  });

  it('ticks are not run by a replica that opted out of recurring jobs', async () => {
    let ran = 0;
    const q = queue(TICKS, 0.5);
    await q.start();
    await q.work({ 'test.tick': async () => void ran++ }, { recurring: false });
    // A replica that schedules ticks enqueues the next one in work() and again at every slot
    // boundary, and runs a due one just after the boundary: one slot and its wake-up show it.
    await nothingHappensWithin(1_100);
    expect(ran).toBe(0);
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.tick'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('recurring jobs of replica scope', () => {
  it('every replica runs every tick itself, without a queue', async () => {
    const LOCAL = {
      'test.local': { recurring: { everySeconds: 1, scope: 'replica' }, expireInSeconds: 30 },
    } as const satisfies JobCatalog;
    const seen = { a: [] as number[], b: [] as number[] };
    const a = queue(LOCAL, 0.5);
    const b = queue(LOCAL, 0.5);
    for (const [q, replica] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await q.start();
      await q.work({
        'test.local': async ({ scheduledAt }) => void seen[replica].push(slotAt(scheduledAt.getTime(), 1)),
      });
    }
    await until('3 ticks on each replica', () => seen.a.length >= 3 && seen.b.length >= 3, 10_000);
    expect(seen.a.filter((slot) => seen.b.includes(slot)).length).toBeGreaterThanOrEqual(2);
    const { rows } = await database.pool.query(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = 'test.local'`);
    expect(rows[0].n).toBe(0);
  });
});

describe('checked at start', () => {
  it('work() refuses a catalog job without a handler, naming it', async () => {
    const q = queue({ ...TICKS, ...ECHO }, 0.5);
    await q.start();
    // Typed as complete, missing one at run time (a map built dynamically can be).
    const partial: JobHandlers<typeof TICKS & typeof ECHO> = {
      'test.tick': async () => {},
      'test.echo': async () => {},
    };
    Reflect.deleteProperty(partial, 'test.echo');
    await expect(q.work(partial)).rejects.toThrow('Background job "test.echo" has no handler');
  });

  it('work() refuses a catalog job whose queue is missing in the database, naming it', async () => {
    const q = queue(ECHO, 0.5);
    await q.start();
    await database.pool.query(`SELECT pgboss.delete_queue('test.echo')`);
    await expect(q.work({ 'test.echo': async () => {} })).rejects.toThrow(
      'Background job "test.echo" has no queue in the database',
    );
  });
});

describe('on-demand jobs', () => {
  it('a job enqueued in a committed transaction wakes a worker of another replica at once, without waiting for a poll', async () => {
    const handled: number[] = [];
    const consumer = queue(ECHO, 30);
    await consumer.start();
    await consumer.work({ 'test.echo': async ({ n }) => void handled.push(n) });
    const producer = queue(ECHO, 30);
    await producer.start();
    // Let the consumers' first fetch (at start) pass, so only a wake-up can pick the job.
    await firstJobFetchesGoBy();
    await database.db.transaction(async (tx) => {
      await producer.send('test.echo', { n: 1 }, { db: tx });
      // Not committed yet: nothing may run it, even with a wake-up sent too early.
      await nothingHappensWithin(300);
      expect(handled).toEqual([]);
    });
    await until('the job to run', () => handled.includes(1), 5_000);
  });

  it('a stalled or failing job holds up neither its batch nor later jobs, and each job is settled on its own', async () => {
    let release!: () => void;
    const stall = new Promise<void>((r) => (release = r));
    let stalled = false;
    const handled: number[] = [];
    const q = queue(ECHO, 30);
    await q.start();
    await q.work({
      'test.echo': async ({ n }) => {
        if (n === 0) {
          stalled = true;
          await stall;
        }
        if (n === 1) throw new Error('refused by the peer');
        handled.push(n);
      },
    });
    try {
      const stalledId = (await q.send('test.echo', { n: 0 }))!;
      await until('the stalled job to start', () => stalled, 5_000);
      const failingId = (await q.send('test.echo', { n: 1 }))!;
      const ids: string[] = [];
      for (let n = 2; n <= 8; n++) ids.push((await q.send('test.echo', { n }))!);
      await until('the other jobs to run', () => handled.length === 7, 5_000);
      expect(handled.sort((x, y) => x - y)).toEqual([2, 3, 4, 5, 6, 7, 8]);
      await until(
        'every job settled',
        async () => (await Promise.all(ids.map(jobState))).every((s) => s === 'completed'),
        5_000,
      );
      expect(await jobState(failingId)).toBe('failed');
      expect(await jobState(stalledId)).toBe('active');
    } finally {
      release();
    }
  });
});

describe('wake-ups', () => {
  it('NOTIFY is delivered only when the enqueuing transaction commits', async () => {
    const q = queue(ECHO, 30);
    await q.start();
    const listener = new pg.Client({ connectionString: db.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (m) => heard.push(m.payload ?? ''));
    await listener.query('LISTEN simdeck_jobs');
    try {
      await database.db
        .transaction(async (tx) => {
          await q.send('test.echo', { n: 1 }, { db: tx });
          throw new Error('roll back');
        })
        .catch(() => {});
      await q.send('test.echo', { n: 2 });
      // Notifications reach a listener in commit order: once one sent after both is heard, a
      // notification of the rolled-back send would have been heard too.
      await database.pool.query(`SELECT pg_notify('simdeck_jobs', 'test.barrier')`);
      await until('the notifications', () => heard.includes('test.barrier'), 5_000);
      expect(heard.filter((h) => h !== 'test.barrier')).toEqual(['test.echo']);
    } finally {
      await listener.end();
    }
  });
});
