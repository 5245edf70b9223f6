import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/**
 * The sessions module's background work. Each tick reads the container's clock, so tests that
 * drive a manual clock drive the sweeps.
 */
export function sessionsJobs(c: Container) {
  const { lifetime, lifecycle, sessionArtifacts } = c.services;
  return {
    'sessions.touch_viewed': () => lifetime.touchViewedSessions(c.clock.now()),
    'sessions.sweep_lifetimes': async () => void (await lifetime.sweepLifetimes(c.clock.now())),
    'sessions.release_orphan_leases': async () => void (await lifetime.releaseOrphanLeases(c.clock.now())),
    'sessions.retry_queue': () => lifecycle.retryQueue(),
    'sessions.sweep_artifacts': async () => void (await sessionArtifacts.sweep(c.clock.now())),
  } satisfies Pick<
    JobHandlers,
    | 'sessions.touch_viewed'
    | 'sessions.sweep_lifetimes'
    | 'sessions.release_orphan_leases'
    | 'sessions.retry_queue'
    | 'sessions.sweep_artifacts'
  >;
}
