import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ObjectStorage } from '../../storage/storage';
import { deleteLogLinesBefore } from './session-logs.repository';
import { deleteRecording, recordingsStartedBefore } from './session-recordings.repository';

const BATCH = 5000;

/**
 * The retention of sessions' artifacts (ARTIFACT_RETENTION_DAYS): device log lines written, and
 * recordings started, before the cutoff go (files first, then rows). A tick takes a bounded batch;
 * the next tick takes the rest.
 */
export class SessionArtifactsRetention {
  constructor(
    private readonly deps: { db: Db; storage: ObjectStorage; log: FastifyBaseLogger; retentionDays: number },
  ) {}

  cutoff(now: Date): Date {
    return new Date(now.getTime() - this.deps.retentionDays * 24 * 3600 * 1000);
  }

  async sweep(now: Date): Promise<{ lines: number; recordings: number }> {
    const before = this.cutoff(now);
    const lines = await deleteLogLinesBefore(this.deps.db, before, BATCH);
    const old = await recordingsStartedBefore(this.deps.db, before, 200);
    for (const r of old) {
      await this.deps.storage.delete(r.storageKey);
      await deleteRecording(this.deps.db, r.id);
    }
    if (lines || old.length) this.deps.log.info({ lines, recordings: old.length }, 'expired session artifacts removed');
    return { lines, recordings: old.length };
  }
}
