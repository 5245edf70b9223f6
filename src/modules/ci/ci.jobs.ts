import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** CI runs: taking one (its orchestration runs in this process), re-taking orphaned ones, commit statuses. */
export function ciJobs(c: Container) {
  const { ci } = c.services;
  return {
    'ci.execute_run': async ({ ciRunId }) => void (await ci.orchestrator.take(ciRunId)),
    'ci.sweep_interrupted': async () => void (await ci.orchestrator.sweepOrphans()),
    'ci.commit_status': ({ ciRunId }) => ci.commitStatus.post(ciRunId),
  } satisfies Pick<JobHandlers, 'ci.execute_run' | 'ci.sweep_interrupted' | 'ci.commit_status'>;
}
