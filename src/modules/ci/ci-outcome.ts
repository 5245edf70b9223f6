import type { CiRunStatus, VisualVerdict } from '../../db/schema';

export const TERMINAL_CI_STATUSES: CiRunStatus[] = ['passed', 'failed', 'cancelled', 'error'];

export function isTerminal(status: CiRunStatus): boolean {
  return TERMINAL_CI_STATUSES.includes(status);
}

/**
 * A multi-suite run's status from its children's (spec: Multi-suite run): `running` while any is
 * in flight (`pending` while none has started), otherwise error > cancelled > failed > passed.
 */
export function aggregateStatus(children: ReadonlyArray<{ status: CiRunStatus; started: boolean }>): CiRunStatus {
  if (children.some((c) => !isTerminal(c.status))) return children.some((c) => c.started) ? 'running' : 'pending';
  for (const s of ['error', 'cancelled', 'failed'] as const) if (children.some((c) => c.status === s)) return s;
  return 'passed';
}

/** The CI status an ended engine run stands for: a test run cancelled ends `error` "Cancelled" in the engine. */
export function ciStatusOfEngineRun(run: { status: string; errorMessage: string | null }): CiRunStatus {
  switch (run.status) {
    case 'passed':
    case 'failed':
    case 'cancelled':
      return run.status;
    default:
      return run.errorMessage === 'Cancelled' ? 'cancelled' : 'error';
  }
}

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

/**
 * The commit status a CI run shows: pending until it ends, then success / failure / error. A run
 * that passed with a visual warn or fail verdict is a success with a warning in its description.
 */
export function commitStatusOf(run: {
  status: CiRunStatus;
  phase: string;
  targetName: string;
  errorMessage: string | null;
  visualRegressionStatus: VisualVerdict | null;
  cases: { passed: number; total: number } | null;
}): {
  state: CommitState;
  description: string;
} {
  const counted = run.cases ? ` (${run.cases.passed} of ${run.cases.total} cases passed)` : '';
  switch (run.status) {
    case 'pending':
    case 'running':
      return {
        state: 'pending',
        description:
          run.phase === 'queued'
            ? 'Waiting for a free device'
            : run.phase === 'running'
              ? 'Running'
              : 'Preparing a device',
      };
    case 'passed':
      return run.visualRegressionStatus === 'warn' || run.visualRegressionStatus === 'fail'
        ? {
            state: 'success',
            description: `Passed with a visual regression warning (${run.visualRegressionStatus})${counted}`,
          }
        : { state: 'success', description: `Passed${counted}` };
    case 'failed':
      return { state: 'failure', description: `Failed${counted}` };
    case 'cancelled':
      return { state: 'error', description: 'Cancelled' };
    case 'error':
      return { state: 'error', description: `Error: ${run.errorMessage ?? 'the run could not complete'}` };
  }
}
