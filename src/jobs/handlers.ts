import type { Container } from '../container';
import { mailJobs } from '../mail/mail.jobs';
import { authJobs } from '../modules/auth/auth.jobs';
import { creditsJobs } from '../modules/credits/credits.jobs';
import { ciJobs } from '../modules/ci/ci.jobs';
import { engineJobs } from '../modules/engine/engine.jobs';
import { orgsJobs } from '../modules/orgs/orgs.jobs';
import { sessionsJobs } from '../modules/sessions/sessions.jobs';
import { webhooksJobs } from '../modules/webhooks/webhooks.jobs';
import { workersJobs } from '../modules/workers/workers.jobs';
import type { JobHandlers } from './catalog';

/** Every module's job handlers; `satisfies` makes a catalog entry without one a compile error. */
export function createJobHandlers(c: Container) {
  return {
    ...mailJobs(c),
    ...authJobs(c),
    ...workersJobs(c),
    ...sessionsJobs(c),
    ...engineJobs(c),
    ...orgsJobs(c),
    ...creditsJobs(c),
    ...ciJobs(c),
    ...webhooksJobs(c),
  } satisfies JobHandlers;
}
