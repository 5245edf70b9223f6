import type { Clock } from '../../clock';
import type { Ctx } from '../../context';
import type { CiRunStatus, VisualVerdict } from '../../db/schema';
import { apiTime } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import { rollUpVisual } from '../engine';
import type { RealtimeHub } from '../realtime';
import { aggregateStatus, isTerminal } from './ci-outcome';
import { targetLabel } from './ci-presenter';
import type { Waker } from './ci-waker';
import * as repo from './ci.repository';

/** Waits end on a child's message; this only covers a lost message. */
const FALLBACK_POLL_MS = 5_000;

/** How a matrix ends (the orchestrator's end of a CI run). */
export interface MatrixEnd {
  status: CiRunStatus;
  error: string | null;
  visual: VisualVerdict | null;
}

export interface MatrixDeps {
  clock: Clock;
  jobs: JobQueue;
  realtime: RealtimeHub;
}

/**
 * The status of a device matrix from its targets' CI runs (cancelled when asked for), the first
 * error of a target with the worst status (naming the target), and the targets' visual verdict.
 */
export function matrixOutcome(parent: repo.CiRunRow, children: repo.CiRunRow[]): MatrixEnd {
  const status = parent.cancelRequestedAt
    ? 'cancelled'
    : aggregateStatus(children.map((c) => ({ status: c.status, started: c.startedAt !== null })));
  const worst = children.find((c) => c.status === status && c.errorMessage);
  return {
    status,
    error: worst ? `${targetLabel(worst)}: ${worst.errorMessage}` : null,
    visual: rollUpVisual(children.map((c) => (c.visualRegressionStatus as VisualVerdict | null) ?? null)),
  };
}

/**
 * Runs a device matrix (docs/design/0032-suites-at-scale.md): its targets' CI runs start side by
 * side, each allocating its own sessions through the queue; the matrix ends once every one has,
 * with the roll-up of their statuses.
 */
export async function runMatrix(
  d: MatrixDeps & { db: Ctx['db'] },
  row: repo.CiRunRow,
  waker: Waker,
  signal: AbortSignal,
  finish: (end: MatrixEnd) => Promise<void>,
): Promise<void> {
  const children = await repo.listMatrixChildren(d.db, [row.id]);
  const ids = new Set(children.map((c) => c.publicId));
  const unwatch = d.realtime.watchOrganization(
    row.organizationId,
    (m) => m.type === 'ci_run.updated' && ids.has(m.run_id) && waker.wake(),
  );
  try {
    if (row.status === 'pending') {
      await repo.updateCiRun(d.db, row.id, { status: 'running', phase: 'running' }, [
        {
          at: apiTime(d.clock.now()),
          message: `Device matrix started: ${children.map((c) => targetLabel(c)).join(', ')}`,
        },
      ]);
      for (const c of children) {
        if (c.startedAt || isTerminal(c.status)) continue;
        await repo.updateCiRun(d.db, c.id, { phase: 'allocating' });
        await d.jobs.send('ci.execute_run', { ciRunId: c.id });
      }
    }
    for (;;) {
      const kids = await repo.listMatrixChildren(d.db, [row.id]);
      if (kids.every((k) => isTerminal(k.status))) {
        const cur = (await repo.findCiRunById(d.db, row.id)) ?? row;
        return finish(matrixOutcome(cur, kids));
      }
      await waker.wait(FALLBACK_POLL_MS, signal);
    }
  } finally {
    unwatch();
  }
}
