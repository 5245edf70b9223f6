import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { systemContext, withTransaction, type Ctx } from '../../context';
import type { Db } from '../../db/client';
import type { CiProgressEntry, CiRunStatus, VisualVerdict } from '../../db/schema';
import { AppError } from '../../errors';
import { apiTime } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import type { ExecutionService } from '../engine';
import type { RealtimeHub, RealtimeMessage } from '../realtime';
import type { SessionsService } from '../sessions';
import { ciStatusOfEngineRun, isTerminal } from './ci-outcome';
import { runMatrix } from './ci-matrix';
import { Waker } from './ci-waker';
import * as repo from './ci.repository';

/** How often an executor says it still holds its CI run, and when silence means it died. */
const HEARTBEAT_MS = 10_000;
export const CI_STALE_MS = 60_000;
/** Waits end on a message (session or run updated, cancel); this only covers a lost message. */
const FALLBACK_POLL_MS = 5_000;

export interface CiEnd {
  status: CiRunStatus;
  error: string | null;
  visual?: VisualVerdict | null;
}

export interface OrchestratorDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  jobs: JobQueue;
  sessions: SessionsService;
  execution: ExecutionService;
  realtime: RealtimeHub;
}

const entry = (at: Date, message: string): CiProgressEntry => ({ at: apiTime(at), message });

function deviceLabel(row: repo.CiRunRow): string {
  if (row.pinnedDeviceId) return `device ${row.pinnedDeviceId}`;
  return `${row.deviceType === 'ios' ? 'iOS' : 'Android'} ${row.deviceCategory ?? 'device'}`;
}

/**
 * Runs a CI run from start to end (docs/design/0020-ci-runs.md): allocate a device (queueing when none is
 * free), wait for the session to be active, start the engine's suite or test run on it, wait for
 * its end, and end the session with `ci_cleanup` in the same transaction that ends the CI run,
 * whatever happened. Every step reads what the database says, so an executor that takes over a
 * run (after a restart) goes on from where the last one stopped. Waits listen for the session's
 * and the run's messages rather than polling.
 */
export class CiOrchestrator {
  private readonly running = new Map<number, { abort: AbortController; done: Promise<void> }>();
  private stopped = false;

  constructor(private readonly d: OrchestratorDeps) {}

  /** Takes the run unless another executor holds it; the orchestration goes on in the background. */
  async take(ciRunId: number): Promise<boolean> {
    if (this.stopped || this.running.has(ciRunId)) return false;
    const token = randomUUID();
    const now = this.d.clock.now();
    const row = await repo.claimCiRun(this.d.db, ciRunId, token, now, new Date(now.getTime() - CI_STALE_MS));
    if (!row) return false;
    const abort = new AbortController();
    const done = this.orchestrate(row, token, abort.signal)
      .catch((err) => this.d.log.error({ err, ciRunId }, 'CI orchestration failed'))
      .finally(() => this.running.delete(row.id));
    this.running.set(row.id, { abort, done });
    return true;
  }

  /** Unfinished runs no executor holds (their replica died or stopped) get a job that takes them. */
  async sweepOrphans(): Promise<number> {
    const ids = await repo.listOrphanedCiRuns(this.d.db, new Date(this.d.clock.now().getTime() - CI_STALE_MS));
    for (const ciRunId of ids) await this.d.jobs.send('ci.execute_run', { ciRunId });
    return ids.length;
  }

  /** Stops every orchestration of this process; their runs are released for another executor. */
  async stopAll(): Promise<void> {
    this.stopped = true;
    const all = [...this.running.values()];
    for (const r of all) r.abort.abort();
    await Promise.all(all.map((r) => r.done));
  }

  /** Resolves when no orchestration runs here (tests). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private actorCtx(row: repo.CiRunRow): Ctx {
    return {
      ...systemContext(this.d, { id: row.organizationId, role: 'developer' }, `ci:${row.publicId}`),
      actor: row.actor,
    };
  }

  private async orchestrate(first: repo.CiRunRow, token: string, stop: AbortSignal): Promise<void> {
    const ctx = this.actorCtx(first);
    const lost = new AbortController();
    const signal = AbortSignal.any([stop, lost.signal]);
    const waker = new Waker();
    let engineRun = first.engineRunPublicId;
    const relevant = (m: RealtimeMessage) =>
      (m.type === 'ci_run.updated' && m.run_id === first.publicId) ||
      (m.type === 'suite_run.updated' && m.suite_run_public_id === engineRun) ||
      (m.type === 'run.finished' && m.run_public_id === engineRun);
    const unwatch = [this.d.realtime.watchOrganization(first.organizationId, (m) => relevant(m) && waker.wake())];
    const beat = setInterval(() => void this.heartbeat(first.id, token, lost), HEARTBEAT_MS);
    beat.unref();
    try {
      let row = await this.begin(first);
      if (row?.matrix) return await runMatrix(this.d, row, waker, signal, (end) => this.finish(ctx, first.id, end));
      if (row && !row.sessionId) row = await this.allocate(ctx, row);
      if (row) {
        unwatch.push(this.d.realtime.watchSession(row.sessionId!, () => waker.wake()));
        row = await this.untilSessionActive(ctx, row, waker, signal);
      }
      if (row && !row.engineRunPublicId) row = await this.startEngineRun(ctx, row);
      if (row) {
        engineRun = row.engineRunPublicId;
        await this.untilEngineRunEnds(ctx, row, waker, signal);
      }
    } catch (err) {
      if (signal.aborted) {
        if (stop.aborted)
          await repo
            .releaseCiRun(this.d.db, first.id, token)
            .catch((e) => this.d.log.warn({ err: e }, 'releasing a CI run failed'));
        return;
      }
      const message =
        err instanceof AppError && err.status < 500 ? err.detail : 'Internal error while running the CI run';
      if (!(err instanceof AppError && err.status < 500))
        this.d.log.error({ err, ciRunId: first.id }, 'CI run failed unexpectedly');
      await this.finish(ctx, first.id, { status: 'error', error: message });
    } finally {
      clearInterval(beat);
      for (const u of unwatch) u();
    }
  }

  private async heartbeat(id: number, token: string, lost: AbortController): Promise<void> {
    try {
      if (!(await repo.touchCiRun(this.d.db, id, token, this.d.clock.now()))) lost.abort();
    } catch (err) {
      this.d.log.warn({ err, ciRunId: id }, 'CI run heartbeat failed');
    }
  }

  /** The first executor stamps the start and posts the pending commit status. */
  private async begin(row: repo.CiRunRow): Promise<repo.CiRunRow | null> {
    if (isTerminal(row.status)) return null;
    if (row.startedAt) return row;
    const now = this.d.clock.now();
    const started = await repo.updateCiRun(this.d.db, row.id, { startedAt: now }, [entry(now, 'Started')]);
    if (row.commitSha)
      await this.d.jobs.send('ci.commit_status', { ciRunId: row.id }, { singletonKey: `ci:${row.id}` });
    return started;
  }

  /**
   * The run, locked, for a step that changes it; null when it has ended, or when a cancel came
   * before its engine run started (which ends it here). A started engine run is cancelled by
   * the cancel request itself, and the run ends when that run does.
   */
  private async lockLive(tx: Ctx, id: number): Promise<repo.CiRunRow | null> {
    const cur = await repo.findCiRunById(tx.db, id, { forUpdate: true });
    if (!cur || isTerminal(cur.status)) return null;
    if (cur.cancelRequestedAt && !cur.engineRunPublicId) {
      await this.endRun(tx, cur.id, { status: 'cancelled', error: 'Cancelled' });
      return null;
    }
    return cur;
  }

  /** Creates the session and asks for a device, in the transaction that records the session on the run. */
  private async allocate(ctx: Ctx, row: repo.CiRunRow): Promise<repo.CiRunRow | null> {
    return withTransaction(ctx, async (tx) => {
      const cur = await this.lockLive(tx, row.id);
      if (!cur || cur.sessionId) return cur;
      const session = await this.d.sessions.createSession({
        ctx: tx,
        input: {
          device_type: cur.deviceType,
          ...(cur.deviceCategory ? { device_category: cur.deviceCategory } : {}),
          ...(cur.deviceModel ? { device_model: cur.deviceModel } : {}),
          ...(cur.osVersion ? { os_version: cur.osVersion } : {}),
        },
      });
      const started = await this.d.sessions.startSession({
        ctx: tx,
        input: { sessionId: session.session_id, ...(cur.pinnedDeviceId ? { deviceId: cur.pinnedDeviceId } : {}) },
      });
      const now = tx.clock.now();
      if ('queued' in started) {
        return repo.updateCiRun(tx.db, cur.id, { sessionId: session.session_id, phase: 'queued' }, [
          // Held by the plan's sessions-at-a-time limit: the log says which limit and how to lift it.
          entry(
            now,
            started.queued.reason ??
              `Waiting for a free ${deviceLabel(cur)} (position ${started.queued.position} in the queue)`,
          ),
        ]);
      }
      return repo.updateCiRun(tx.db, cur.id, { sessionId: session.session_id, phase: 'starting' }, [
        entry(now, `Device ${started.started.device_name} assigned; booting`),
      ]);
    });
  }

  private async untilSessionActive(
    ctx: Ctx,
    row: repo.CiRunRow,
    waker: Waker,
    signal: AbortSignal,
  ): Promise<repo.CiRunRow | null> {
    for (;;) {
      const cur = await repo.findCiRunById(this.d.db, row.id);
      if (!cur || isTerminal(cur.status)) return null;
      if (cur.engineRunPublicId) return cur;
      if (cur.cancelRequestedAt) {
        await this.finish(ctx, cur.id, { status: 'cancelled', error: 'Cancelled' });
        return null;
      }
      const s = await this.d.sessions.getSession({ ctx, input: { sessionId: cur.sessionId! } });
      const now = this.d.clock.now();
      if (s.status === 'active')
        return repo.updateCiRun(this.d.db, cur.id, {}, [
          entry(now, `Session ${s.session_id} is active on ${s.device_name} (${s.device_type} ${s.os_version})`),
        ]);
      if (s.status === 'stopped' || s.status === 'failed') {
        await this.finish(ctx, cur.id, {
          status: 'error',
          error: s.error_message ?? `The session ended before the run started (${s.end_reason ?? s.status})`,
        });
        return null;
      }
      if (s.status === 'starting' && cur.phase !== 'starting')
        await repo.updateCiRun(this.d.db, cur.id, { phase: 'starting' }, [
          entry(now, `Device ${s.device_name} assigned; booting`),
        ]);
      await waker.wait(FALLBACK_POLL_MS, signal);
    }
  }

  /** Starts the engine's run with the CI run's metadata, in the transaction that records it on the CI run. */
  private async startEngineRun(ctx: Ctx, row: repo.CiRunRow): Promise<repo.CiRunRow | null> {
    return withTransaction(ctx, async (tx) => {
      const cur = await this.lockLive(tx, row.id);
      if (!cur || cur.engineRunPublicId) return cur;
      const options = {
        session_id: cur.sessionId!,
        mode: cur.mode,
        ...(cur.model ? { model: cur.model } : {}),
        ...(cur.provider ? { provider: cur.provider } : {}),
        ...(cur.buildId !== null ? { build_id: cur.buildId } : {}),
        metadata: cur.metadata ?? null,
      };
      const now = tx.clock.now();
      if (cur.type === 'suite_run') {
        const r = await this.d.execution.startSuiteRun({
          ctx: tx,
          input: {
            ...options,
            suite_public_id: cur.targetPublicId,
            parallelism: cur.parallelism,
            ...(cur.retries !== null ? { retries: cur.retries } : {}),
          },
        });
        return repo.updateCiRun(
          tx.db,
          cur.id,
          { status: 'running', phase: 'running', suiteRunId: r.suite_run_id, engineRunPublicId: r.suite_run_public_id },
          [entry(now, `Suite run ${r.suite_run_public_id} started`)],
        );
      }
      const r = await this.d.execution.startTestRun({
        ctx: tx,
        input: { ...options, test_case_public_id: cur.targetPublicId },
      });
      return repo.updateCiRun(
        tx.db,
        cur.id,
        { status: 'running', phase: 'running', testRunId: r.run_id, engineRunPublicId: r.run_public_id },
        [entry(now, `Test run ${r.run_public_id} started`)],
      );
    });
  }

  private async untilEngineRunEnds(ctx: Ctx, row: repo.CiRunRow, waker: Waker, signal: AbortSignal): Promise<void> {
    for (;;) {
      const cur = await repo.findCiRunById(this.d.db, row.id);
      if (!cur || isTerminal(cur.status)) return;
      const ended = await this.engineOutcome(cur);
      if (ended) return this.finish(ctx, cur.id, ended);
      await waker.wait(FALLBACK_POLL_MS, signal);
    }
  }

  private async engineOutcome(row: repo.CiRunRow): Promise<CiEnd | null> {
    if (row.suiteRunId !== null) {
      const [sr] = await repo.findEngineSuiteRuns(this.d.db, [row.suiteRunId]);
      if (!sr) return { status: 'error', error: 'The suite run was deleted' };
      return sr.status === 'pending' || sr.status === 'running'
        ? null
        : { status: ciStatusOfEngineRun(sr), error: sr.errorMessage, visual: sr.visualRegressionStatus };
    }
    const run = row.testRunId === null ? undefined : await repo.findEngineTestRun(this.d.db, row.testRunId);
    if (!run) return { status: 'error', error: 'The test run was deleted' };
    return run.status === 'pending' || run.status === 'running'
      ? null
      : { status: ciStatusOfEngineRun(run), error: run.errorMessage, visual: run.visualRegressionStatus };
  }

  private finish(ctx: Ctx, id: number, end: CiEnd): Promise<void> {
    return withTransaction(ctx, (tx) => this.endRun(tx, id, end));
  }

  /**
   * Ends a CI run once, inside `tx`: its session ends with `ci_cleanup` in the same transaction,
   * the final commit status is queued, and a multi-suite run hands the turn to its next suite.
   */
  async endRun(tx: Ctx, id: number, end: CiEnd): Promise<void> {
    const cur = await repo.findCiRunById(tx.db, id, { forUpdate: true });
    if (!cur || isTerminal(cur.status)) return;
    const now = tx.clock.now();
    const lines: CiProgressEntry[] = [];
    if (cur.sessionId) {
      await this.d.sessions.stopSession({ ctx: tx, input: { sessionId: cur.sessionId, reason: 'ci_cleanup' } });
      lines.push(entry(now, `Session ${cur.sessionId} ended (ci_cleanup)`));
    }
    lines.push(
      entry(
        now,
        `${cur.type === 'suite_run' ? 'Suite' : 'Test'} run ${end.status}${end.error ? `: ${end.error}` : ''}`,
      ),
    );
    await repo.updateCiRun(
      tx.db,
      cur.id,
      {
        status: end.status,
        phase: 'finished',
        errorMessage: end.error,
        visualRegressionStatus: end.visual ?? null,
        finishedAt: now,
        durationMs: Math.max(0, now.getTime() - (cur.startedAt ?? cur.createdAt).getTime()),
        executorToken: null,
        heartbeatAt: null,
      },
      lines,
    );
    if (cur.commitSha)
      await this.d.jobs.send('ci.commit_status', { ciRunId: cur.id }, { db: tx.db, singletonKey: `ci:${cur.id}` });
    // Only the child holding the turn hands it on (a waiting child that is cancelled does not).
    if (cur.multiSuiteRunId !== null && cur.phase !== 'waiting_turn') {
      const next = await repo.lockNextWaitingChild(tx.db, cur.multiSuiteRunId);
      if (next) {
        await repo.updateCiRun(tx.db, next.id, { phase: 'allocating' }, [
          entry(now, 'Its turn came: the previous suite ended'),
        ]);
        await this.d.jobs.send('ci.execute_run', { ciRunId: next.id }, { db: tx.db });
      }
    }
    tx.afterCommit(() =>
      this.d.realtime.publishToOrganization(cur.organizationId, {
        type: 'ci_run.updated',
        run_id: cur.publicId,
        status: end.status,
        phase: 'finished',
      }),
    );
  }
}
