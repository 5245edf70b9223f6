import type { Container } from '../../container';
import type { JobHandlers, JobPayload } from '../../jobs/catalog';

/** Removes a deleted organization's files, folder by folder; a failure retries the whole list (deletes are idempotent). */
export async function handlePurgeFiles(c: Container, payload: JobPayload<'orgs.purge_files'>): Promise<void> {
  for (const prefix of payload.prefixes) await c.storage.deletePrefix(prefix);
}

export function orgsJobs(c: Container) {
  return {
    'orgs.purge_files': (payload) => handlePurgeFiles(c, payload),
  } satisfies Pick<JobHandlers, 'orgs.purge_files'>;
}
