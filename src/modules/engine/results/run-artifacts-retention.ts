import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import type { ObjectStorage } from '../../../storage/storage';
import { runLogsKey } from '../execution/run-logs';
import { runVideoKey } from '../execution/run-video';
import { forgetRunArtifacts, runsWithArtifactsBefore } from '../runs.repository';

/**
 * The retention of runs' videos and log slices (ARTIFACT_RETENTION_DAYS after the run ended):
 * the files go, the run's `result` says so (`video` and `logs` null, `artifacts_expired`), its
 * stored bytes shrink. Screenshots stay with the run (baselines are made from them).
 */
export class RunArtifactsRetention {
  constructor(
    private readonly deps: { db: Db; storage: ObjectStorage; log: FastifyBaseLogger; retentionDays: number },
  ) {}

  async sweep(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.deps.retentionDays * 24 * 3600 * 1000);
    const runs = await runsWithArtifactsBefore(this.deps.db, before, 200);
    for (const r of runs) {
      await this.deps.storage.delete(runVideoKey(r.publicId));
      await this.deps.storage.delete(runLogsKey(r.publicId));
      await forgetRunArtifacts(this.deps.db, r.id, r.videoBytes + r.logBytes);
    }
    if (runs.length) this.deps.log.info({ runs: runs.length }, 'expired run videos and logs removed');
    return runs.length;
  }
}
