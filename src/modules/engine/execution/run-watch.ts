import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../../../context';
import type { SessionsService } from '../../sessions';
import { RunStopped } from './run-signals';
import * as repo from '../runs.repository';

/** How often a running execution touches its heartbeat (and looks for a cancel written elsewhere). */
export const HEARTBEAT_MS = 5_000;
/** How often the wall-clock budget is looked at. */
const BUDGET_CHECK_MS = 1_000;

export interface WatchDeps {
  log: FastifyBaseLogger;
  sessions: SessionsService;
  limits: { runBudgetMs: number; heartbeatMs: number };
}

export interface WatchInput {
  ctx: Ctx;
  stop: { abort(reason: unknown): void };
  which: { runId: number } | { suiteRunId: number };
  /** The session to keep in use; null when another watch does (a suite run's, for its cases). */
  sessionId: string | null;
  /** The wall-clock budget counts from here on the injectable clock; none for a suite run (each case has its own). */
  budgetFrom: Date | null;
}

export function budgetMessage(runBudgetMs: number): string {
  const minutes = Math.round(runBudgetMs / 60_000);
  return `The run exceeded its time budget of ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * While an execution runs: a heartbeat every few seconds, which keeps the session in use (a
 * session running a test is never idle) and notices a cancel written by a replica that could not
 * signal this one; and the wall-clock budget, read on the injectable clock. Returns the stop
 * function.
 */
export function watchExecution(deps: WatchDeps, input: WatchInput): () => void {
  const { ctx, stop, which, sessionId, budgetFrom } = input;
  const { heartbeatMs, runBudgetMs } = deps.limits;
  const touchSession = async () => {
    if (sessionId)
      await deps.sessions
        .heartbeatSession({ ctx, input: { sessionId } })
        .catch((err) => deps.log.warn({ err }, 'marking the session of a run in use failed'));
  };
  void touchSession();
  const beat = setInterval(() => {
    void touchSession();
    repo
      .touchRunHeartbeat(ctx.db, which, ctx.clock.now())
      .then((r) => r.cancelRequested && stop.abort(new RunStopped('cancelled', 'Cancelled')))
      .catch((err) => deps.log.warn({ err }, 'run heartbeat failed'));
  }, heartbeatMs);
  const budget =
    budgetFrom &&
    setInterval(() => {
      if (ctx.clock.now().getTime() - budgetFrom.getTime() >= runBudgetMs)
        stop.abort(new RunStopped('budget', budgetMessage(runBudgetMs)));
    }, BUDGET_CHECK_MS);
  return () => {
    clearInterval(beat);
    if (budget) clearInterval(budget);
  };
}
