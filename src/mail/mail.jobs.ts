import type { Container } from '../container';
import type { JobHandlers, JobPayload } from '../jobs/catalog';

/** Sends one queued mail; a failure throws, so the job is retried with backoff. */
export async function handleMailSend(c: Container, payload: JobPayload<'mail.send'>): Promise<void> {
  await c.mailer.send(payload);
}

export function mailJobs(c: Container) {
  return {
    'mail.send': (payload) => handleMailSend(c, payload),
  } satisfies Pick<JobHandlers, 'mail.send'>;
}
