import type { Container } from '../container';
import type { JobHandlers } from './catalog';

/** Devices of workers not heard from lately go offline; their running sessions fail. */
export async function handleWorkerSweep(c: Container, { now }: { now: Date }): Promise<void> {
  await c.services.sessions.sweepWorkers(now);
}

/** Lifetime rules (idle timeout, wall-clock caps, stuck boots) evaluated at `now`. */
export async function handleLifetimeSweep(c: Container, { now }: { now: Date }): Promise<void> {
  await c.services.sessions.sweepSessions(now);
}

/** Each tick reads the container's clock, so tests that drive a manual clock drive the sweeps. */
export function sessionSweepJobs(c: Container) {
  return {
    'sessions.sweep_workers': () => handleWorkerSweep(c, { now: c.clock.now() }),
    'sessions.sweep_lifetimes': () => handleLifetimeSweep(c, { now: c.clock.now() }),
  } satisfies Pick<JobHandlers, 'sessions.sweep_workers' | 'sessions.sweep_lifetimes'>;
}
