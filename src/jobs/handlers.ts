import type { Container } from '../container';
import { mailJobs } from '../mail/mail.jobs';
import type { JobHandlers } from './catalog';
import { sessionSweepJobs } from './session-sweeps.jobs';

/** Every module's job handlers; `satisfies` makes a catalog entry without one a compile error. */
export function createJobHandlers(c: Container) {
  return {
    ...mailJobs(c),
    ...sessionSweepJobs(c),
  } satisfies JobHandlers;
}
