import type { InstallableBuild } from '../../apps';
import type { CaseRow, SuiteRow } from '../../catalogue';
import { withTransaction, type Ctx } from '../../../context';
import type { DeviceHandle, SessionsService } from '../../sessions';
import * as repo from '../runs.repository';
import { CaseAttempts, type CaseAttemptsDeps, type RunStop } from './case-attempts';
import type { CaseQueue } from './case-queue';
import { installIfNeeded, type InstalledBuilds } from './prepare';
import { isInfrastructureFailure, stopMessage } from './run-executor';
import { RunStopped } from './run-signals';
import { watchExecution } from './run-watch';

/** How often a shard waiting for its device looks at its session. */
const SESSION_POLL_MS = 200;

export interface ShardDeps extends CaseAttemptsDeps {
  sessions: SessionsService;
  installed: InstalledBuilds;
}

/** What every shard of one suite run shares. */
export interface ShardRun {
  ctx: Ctx;
  sr: repo.SuiteRunRow;
  suite: SuiteRow;
  build: InstallableBuild | null;
  queue: CaseQueue;
  stop: RunStop;
  /** Each case's result so far (its last attempt), by case id. */
  results: Map<number, repo.RunRow>;
  /** Attempts lost with their device, whose case another shard runs again. */
  lost: Map<number, repo.RunRow>;
  /** With one shard a lost device ends the suite run as before; with several the case moves on. */
  parallel: boolean;
  /** Why shards that never ran a case stopped (their device went away while they got ready). */
  setupFailures: string[];
}

/** A device or session that went away under a case (not a cancel, not the case's own failure). */
function deviceLost(err: unknown): boolean {
  if (err instanceof RunStopped) return err.kind === 'session_ended';
  return isInfrastructureFailure(err);
}

/**
 * The shards of a parallel suite run (docs/design/0032-suites-at-scale.md): extra sessions asked
 * for through the normal queue and plan caps, each of which, once it has a device, takes cases
 * from the shared queue until none is left; a shard still waiting when the work runs out gives
 * its session back.
 */
export class SuiteShards {
  private readonly attempts: CaseAttempts;

  constructor(private readonly deps: ShardDeps) {
    this.attempts = new CaseAttempts(deps);
  }

  /**
   * Asks for `count` more sessions like the run's own one (same platform and category); they
   * queue when no device is free. Recorded on the suite run in the same transaction.
   */
  async requestSessions(ctx: Ctx, sr: repo.SuiteRunRow, count: number): Promise<string[]> {
    const own = await this.deps.sessions.getSession({ ctx, input: { sessionId: sr.sessionId! } });
    const wanted = await this.deps.sessions.loadSession({ ctx, input: { sessionId: sr.sessionId! } });
    return withTransaction(ctx, async (tx) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) {
        const s = await this.deps.sessions.createSession({
          ctx: tx,
          input: {
            device_type: own.device_type,
            ...(own.device_category ? { device_category: own.device_category } : {}),
            // A device matrix target's model and OS version hold for every shard of its run.
            ...(wanted.wantedModel ? { device_model: wanted.wantedModel } : {}),
            ...(wanted.wantedOsVersion ? { os_version: wanted.wantedOsVersion } : {}),
          },
        });
        await this.deps.sessions.startSession({ ctx: tx, input: { sessionId: s.session_id } });
        ids.push(s.session_id);
      }
      await repo.updateSuiteRun(tx.db, sr.id, { shardSessionIds: [sr.sessionId!, ...ids] });
      return ids;
    });
  }

  /** Runs one shard to its end. Throws what must stop the whole suite run. */
  async runShard(run: ShardRun, shard: number, sessionId: string): Promise<void> {
    const { ctx, stop } = run;
    if (shard > 0 && !(await this.untilActive(run, sessionId))) return;
    const guards =
      shard > 0
        ? watchExecution(this.deps, { ctx, stop, which: { suiteRunId: run.sr.id }, sessionId, budgetFrom: null })
        : () => {};
    try {
      let device: DeviceHandle;
      try {
        device = await this.deps.sessions.attach({ ctx, input: { sessionId, signal: stop.signal } });
        if (run.build && run.suite.resetStrategy !== 'reinstall')
          await installIfNeeded(device, run.build, this.deps.installed);
      } catch (err) {
        // A device lost while its shard got ready ends that shard only: it holds no case yet.
        if (!(await this.lostShard(run, sessionId, err))) throw err;
        run.setupFailures.push(stopMessage(err, this.deps.log));
        return;
      }
      for (;;) {
        const c = await run.queue.next(stop.signal);
        if (!c) return;
        const setting = { device, suite: run.suite, build: run.build, sessionId, shard };
        const { run: ended, fatal } = await this.attempts.runCase(ctx, run.sr, c, setting, stop, run.lost.get(c.id));
        if (fatal && (await this.lostShard(run, sessionId, fatal))) {
          if (run.queue.giveBack(c)) run.lost.set(c.id, ended);
          else this.record(run, c, ended);
          return;
        }
        this.record(run, c, ended);
        if (fatal) throw fatal;
      }
    } finally {
      guards();
    }
  }

  /**
   * Whether `err` means the shard's device or session went away under a parallel run (which moves
   * its case to another shard) rather than a cancel or a failure of the run itself. The error a
   * device call meets depends on which it sees first, the closed socket (UNAVAILABLE) or the
   * ended session (its signal, or a 400 from the session's guard), so the session is asked too.
   */
  private async lostShard(run: ShardRun, sessionId: string, err: unknown): Promise<boolean> {
    if (!run.parallel || run.stop.signal.aborted) return false;
    if (deviceLost(err)) return true;
    const s = await this.deps.sessions.getSession({ ctx: run.ctx, input: { sessionId } }).catch(() => null);
    return s !== null && s.status !== 'active';
  }

  private record(run: ShardRun, c: CaseRow, ended: repo.RunRow): void {
    run.results.set(c.id, ended);
    run.lost.delete(c.id);
    run.queue.done();
  }

  /** Waits for the shard's device; false when the work ran out first or the session ended. */
  private async untilActive(run: ShardRun, sessionId: string): Promise<boolean> {
    for (;;) {
      run.stop.signal.throwIfAborted();
      const s = await this.deps.sessions.getSession({ ctx: run.ctx, input: { sessionId } });
      if (s.status === 'active') return true;
      if (s.status === 'stopped' || s.status === 'failed' || !run.queue.hasWork) return false;
      await new Promise((r) => setTimeout(r, SESSION_POLL_MS));
    }
  }

  /** Ends the extra sessions of a suite run (queued ones leave the queue), inside `tx`. */
  async endSessions(tx: Ctx, sr: repo.SuiteRunRow): Promise<void> {
    for (const sessionId of sr.shardSessionIds.slice(1))
      await this.deps.sessions.stopSession({ ctx: tx, input: { sessionId, reason: 'ci_cleanup' } });
  }
}
