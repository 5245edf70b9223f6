import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** The engine's background work: executing runs, and ending the ones a crash interrupted. */
export function engineJobs(c: Container) {
  const { engine } = c.services;
  return {
    'engine.execute_test_run': ({ runId }) => engine.runs.executeTestRun(runId),
    'engine.execute_suite_run': ({ suiteRunId }) => engine.suites.executeSuiteRun(suiteRunId),
    'engine.sweep_interrupted': async () => void (await engine.interruptions.sweepInterrupted(c.clock.now())),
    'engine.sweep_artifacts': async () => void (await engine.artifactRetention.sweep(c.clock.now())),
  } satisfies Pick<
    JobHandlers,
    'engine.execute_test_run' | 'engine.execute_suite_run' | 'engine.sweep_interrupted' | 'engine.sweep_artifacts'
  >;
}
