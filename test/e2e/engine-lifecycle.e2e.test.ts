import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../src/clock';
import { createOrgWithRoles } from '../harness/factories';
import {
  activeSession,
  createCase,
  createEngineFixture,
  createSuite,
  eventsOf,
  getRun,
  runCase,
  runLeaseOf,
  startRun,
  stepSummary,
  waitForRun,
  waitForSteps,
  type EngineFixture,
} from '../harness/engine-fixture';
import { api, waitFor, WsPeer, wsUrl } from '../harness/sessions-factories';

/** Progress, events, persistence and the ways a run is stopped from outside, on the sample app. */
describe('a run as the world sees it', () => {
  let f: EngineFixture;
  let sessionId: string;
  let suiteId: string;
  const clock = () => f.t.clock as ManualClock;

  beforeAll(async () => {
    f = await createEngineFixture();
    sessionId = await activeSession(f);
    suiteId = await createSuite(f, {}, { reset_strategy: 'clear_data' });
  });
  afterAll(async () => {
    await f?.close();
  });

  it("reports progress on the organization's /ws sockets and writes run.*, case.failed and visual events", async () => {
    const ours = await WsPeer.open(wsUrl(f.t, `/api/v1/ws?token=${f.org.viewer.token}`));
    const stranger = await createOrgWithRoles(f.t, 'Stranger');
    const theirs = await WsPeer.open(wsUrl(f.t, `/api/v1/ws?token=${stranger.admin.token}`));
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'type secret into Password', 'Tap Sign in'],
      assertions: ['"Welcome, demo" is visible'],
    });
    const run = await runCase(f, caseId, sessionId);
    expect(run.status, JSON.stringify(run.result ?? run.error_message)).toBe('passed');

    const mine = (m: { text?: Record<string, unknown> }) => m.text?.run_public_id === run.public_id;
    await ours.next((m) => mine(m) && m.text.type === 'run.finished');
    const seen = ours.texts().filter((m) => m.run_public_id === run.public_id);
    expect(seen.map((m) => [m.type, m.step_index ?? null])).toEqual([
      ['run.started', null],
      ['run.step', 0],
      ['run.step', 1],
      ['run.step', 2],
      ['run.finished', null],
    ]);
    expect(seen[0]).toMatchObject({ test_case_public_id: caseId, session_id: sessionId });
    expect(seen[1]).toMatchObject({ text: 'type demo into Username', status: 'passed', resolved_by: 'interpreter' });
    expect(seen.at(-1)).toMatchObject({ status: 'passed', error_message: null, visual_regression_status: 'ok' });
    expect(theirs.texts().filter((m) => String(m.type).startsWith('run.'))).toEqual([]);

    const failing = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'verify "Nothing here" is visible', 'Tap Sign in'],
    });
    const failed = await runCase(f, failing, sessionId);
    expect(failed).toMatchObject({
      status: 'failed',
      error_message: expect.stringMatching(/^Step 2 failed: Check failed:/),
    });
    expect(stepSummary(failed)).toEqual([
      [0, 'passed', 'interpreter'],
      [1, 'failed', 'interpreter'],
      [2, 'skipped', null],
    ]);

    const events = await eventsOf(f.t, f.org.orgId);
    const of = (runId: string) =>
      events.filter((e) => e.data.run_public_id === runId).map((e) => [e.type, e.data.step_index ?? null]);
    expect(of(run.public_id)).toEqual([
      ['run.started', null],
      ['run.passed', null],
      ['visual.baseline_updated', 0],
      ['visual.baseline_updated', 1],
      ['visual.baseline_updated', 2],
    ]);
    expect(of(failed.public_id)).toEqual([
      ['run.started', null],
      ['run.failed', null],
      ['case.failed', null],
    ]);
    expect(
      events.find((e) => e.type === 'case.failed' && e.data.run_public_id === failed.public_id)!.data,
    ).toMatchObject({
      failed_step_index: 1,
      failed_step: 'verify "Nothing here" is visible',
      error_message: failed.error_message,
    });
    await ours.close();
    await theirs.close();
  });

  it('persists each finished step before the next starts, and a cancel ends the run within a second', async () => {
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s', 'Tap Sign in'],
    });
    const runId = await startRun(f, caseId, sessionId);
    const midway = await waitForSteps(f, runId, 1);
    expect(midway.result.steps).toEqual([
      expect.objectContaining({
        index: 0,
        status: 'passed',
        resolved_by: 'interpreter',
        screenshot: `/api/v1/tests/runs/${runId}/screenshots/step_0.jpg`,
      }),
    ]);
    const shot = await api(f.t, f.org.viewer.token, 'GET', `/tests/runs/${runId}/screenshots/step_0.jpg`);
    expect(shot.statusCode).toBe(200);
    expect(shot.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // Another member's run: a viewer may not end it; the member who started it may.
    expect((await api(f.t, f.org.viewer.token, 'POST', `/tests/runs/${runId}/cancel`)).statusCode).toBe(403);
    expect((await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${runId}/cancel`)).json()).toEqual({
      status: 'cancellation_requested',
    });
    const ended = await waitFor(
      async () => {
        const r = await getRun(f, runId);
        return r.status !== 'running' ? r : undefined;
      },
      'the cancelled run to end',
      5_000,
    );
    expect(ended).toMatchObject({ status: 'error', error_message: 'Cancelled' });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect((await eventsOf(f.t, f.org.orgId)).filter((e) => e.data.run_public_id === runId).map((e) => e.type)).toEqual(
      ['run.started', 'run.cancelled'],
    );
    // The session is free for the next run.
    expect(await runLeaseOf(f.t, sessionId)).toBeNull();
    const next = await runCase(
      f,
      await createCase(f, suiteId, { mode: 'ai', steps: ['verify "Sign in" is visible'] }),
      sessionId,
    );
    expect(next.status).toBe('passed');
  });

  it('a session running a test is in use: the never-used rule does not end it under the run', async () => {
    const fresh = await activeSession(f);
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['type demo into Username', 'wait 10 s'] });
    const runId = await startRun(f, caseId, fresh);
    await waitForSteps(f, runId, 1);
    clock().advance(3.5 * 60_000);
    const swept = await f.t.container.services.lifetime.sweepLifetimes(clock().now());
    expect(swept.ended).toEqual([]);
    expect((await api(f.t, f.org.viewer.token, 'GET', `/sessions/${fresh}`)).json().status).toBe('active');
    expect((await getRun(f, runId)).status).toBe('running');
    await api(f.t, f.org.developer.token, 'POST', `/tests/runs/${runId}/cancel`);
    expect(await waitForRun(f, runId)).toMatchObject({ status: 'error', error_message: 'Cancelled' });
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${fresh}`);
  });

  it('a session that ends under a run ends the run as error at once', async () => {
    const doomed = await activeSession(f);
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s', 'Tap Sign in'],
    });
    const runId = await startRun(f, caseId, doomed);
    await waitForSteps(f, runId, 1);
    expect((await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${doomed}`)).statusCode).toBe(200);
    const ended = await waitForRun(f, runId, 5_000);
    expect(ended).toMatchObject({ status: 'error', error_message: 'The session ended (user)' });
    expect((await eventsOf(f.t, f.org.orgId)).filter((e) => e.data.run_public_id === runId).map((e) => e.type)).toEqual(
      ['run.started', 'run.failed'],
    );
  });

  it('a run the interrupted sweep ends (its heartbeat looked stale) stops at once where it executes, leaving the device alone', async () => {
    const stalled = await activeSession(f);
    const caseId = await createCase(f, suiteId, {
      mode: 'ai',
      steps: ['type demo into Username', 'wait 10 s', 'Tap Sign in'],
    });
    const runId = await startRun(f, caseId, stalled);
    await waitForSteps(f, runId, 1);
    clock().advance(91_000);
    expect(await f.t.container.services.engine.interruptions.sweepInterrupted(clock().now())).toEqual({
      runs: 1,
      suiteRuns: 0,
    });
    await waitFor(() => !f.t.container.services.engine.signals.isRunningHere(runId), 'the executor to stop', 1_000);
    const ended = await getRun(f, runId);
    expect(ended).toMatchObject({ status: 'error', error_message: 'interrupted' });
    expect(stepSummary(ended)).toEqual([[0, 'passed', 'interpreter']]);
    expect(await runLeaseOf(f.t, stalled)).toBeNull();
    await api(f.t, f.org.developer.token, 'DELETE', `/sessions/${stalled}`);
  });

  it('the session is free the moment the end of its run is visible, so the next run can start on run.finished', async () => {
    const caseId = await createCase(f, suiteId, { mode: 'ai', steps: ['type demo into Username'] });
    const runId = await startRun(f, caseId, sessionId);
    // One snapshot of the run and its session, as often as the database answers.
    let seen: { status: string; run_lease: string | null } | undefined;
    for (const until = Date.now() + 10_000; !seen && Date.now() < until; ) {
      const { rows } = await f.t.container.db.execute(
        sql`SELECT r.status, s.run_lease FROM test_runs r JOIN sessions s ON s.session_id = r.session_id WHERE r.public_id = ${runId}`,
      );
      const row = rows[0] as { status: string; run_lease: string | null };
      if (row.status !== 'running' && row.status !== 'pending') seen = row;
    }
    expect(seen).toEqual({ status: 'passed', run_lease: null });
  });
});
