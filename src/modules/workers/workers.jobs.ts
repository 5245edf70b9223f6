import type { Container } from '../../container';
import type { JobHandlers } from '../../jobs/catalog';

/** Devices of workers not heard from lately go offline; their running sessions fail. */
export function workersJobs(c: Container) {
  return {
    'workers.sweep_lost': async () => void (await c.services.workers.sweepLostWorkers(c.clock.now())),
  } satisfies Pick<JobHandlers, 'workers.sweep_lost'>;
}
