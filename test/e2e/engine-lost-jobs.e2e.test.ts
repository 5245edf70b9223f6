import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { PENDING_LOST_AFTER_MS } from '../../src/modules/engine/execution/interruptions';
import {
  activeSession,
  androidPhones,
  createCase,
  createEngineFixture,
  createSuite,
  getRun,
  startRun,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api } from '../harness/sessions-factories';

/**
 * Runs that stay `pending` because their job will never start them: it failed before the run
 * began, or the consumer that took it died. Jobs are sent here but nobody consumes them, so each
 * test decides what became of a run's job.
 */
describe('pending runs whose job is gone', () => {
  let f: EngineFixture;
  let suiteId: string;
  let caseId: string;
  const clock = () => f.t.clock as ManualClock;
  const sweep = () =>
    f.t.container.services.engine.interruptions.sweepInterrupted(
      new Date(clock().now().getTime() + PENDING_LOST_AFTER_MS + 1_000),
    );
  const setJob = (key: string, change: ReturnType<typeof sql>) =>
    f.t.container.db.execute(sql`UPDATE pgboss.job SET ${change} WHERE singleton_key = ${key}`);

  beforeAll(async () => {
    f = await createEngineFixture({ devices: androidPhones(6), app: { jobs: false } });
    await f.t.container.jobs.start();
    suiteId = await createSuite(f);
    caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['Tap Sign in'] });
  });
  afterAll(async () => {
    await f?.close();
  });

  it('a run whose job failed before it began ends as error "interrupted" and frees its session; one still queued waits', async () => {
    const [lostSession, waitingSession] = [await activeSession(f), await activeSession(f)];
    const lost = await startRun(f, caseId, lostSession);
    const waiting = await startRun(f, caseId, waitingSession);
    await setJob(`run:${lost}`, sql`state = 'failed'`);

    expect(await sweep()).toEqual({ runs: 1, suiteRuns: 0 });
    expect(await getRun(f, lost)).toMatchObject({ status: 'error', error_message: 'interrupted' });
    expect((await getRun(f, waiting)).status).toBe('pending');
    // The session is free for the next run.
    const next = await api(f.t, f.org.developer.token, 'POST', '/ai/test/run', {
      test_case_public_id: caseId,
      session_id: lostSession,
    });
    expect(next.statusCode, next.body).toBe(200);
    // Swept once: a second sweep finds nothing new.
    expect(await sweep()).toEqual({ runs: 0, suiteRuns: 0 });
  });

  it('a run whose job a consumer took long ago without beginning it (the consumer died) ends; one taken just now waits', async () => {
    const [deadSession, takenSession] = [await activeSession(f), await activeSession(f)];
    const dead = await startRun(f, caseId, deadSession);
    const taken = await startRun(f, caseId, takenSession);
    await setJob(`run:${dead}`, sql`state = 'active', started_on = now() - interval '10 minutes'`);
    await setJob(`run:${taken}`, sql`state = 'active', started_on = now()`);

    const swept = await sweep();
    expect(swept.runs).toBeGreaterThanOrEqual(1);
    expect(await getRun(f, dead)).toMatchObject({ status: 'error', error_message: 'interrupted' });
    expect((await getRun(f, taken)).status).toBe('pending');
  });

  it('a suite run whose job is gone ends as error "interrupted"; a run that was only recorded stays pending', async () => {
    const session = await activeSession(f);
    const started = await api(f.t, f.org.developer.token, 'POST', '/ai/suite/run', {
      suite_public_id: suiteId,
      session_id: session,
    });
    expect(started.statusCode, started.body).toBe(200);
    const suiteRunId = started.json().suite_run_public_id as string;
    await f.t.container.db.execute(sql`DELETE FROM pgboss.job WHERE singleton_key = ${`srun:${suiteRunId}`}`);
    const recorded = (await api(f.t, f.org.developer.token, 'POST', `/tests/cases/${caseId}/run`)).json()
      .public_id as string;

    expect((await sweep()).suiteRuns).toBe(1);
    expect((await api(f.t, f.org.developer.token, 'GET', `/tests/suite-runs/${suiteRunId}`)).json()).toMatchObject({
      status: 'error',
    });
    expect((await getRun(f, recorded)).status).toBe('pending');
  });
});
