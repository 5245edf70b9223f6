import { systemContext } from '../../context';
import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** The auth module's background work: pruning old sign-in and account counters. */
export function authJobs(c: Container) {
  return {
    'auth.prune_throttles': async () =>
      void (await c.services.auth.pruneThrottles({ ctx: systemContext(c, null, 'job:auth.prune_throttles') })),
  } satisfies Pick<JobHandlers, 'auth.prune_throttles'>;
}
