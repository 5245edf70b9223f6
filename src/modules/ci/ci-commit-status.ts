import type { Db } from '../../db/client';
import type { CommitStatuses } from '../integrations';
import { commitStatusOf, isTerminal } from './ci-outcome';
import type { CiPresenter } from './ci-presenter';
import * as repo from './ci.repository';

/**
 * The commit status of a CI run with a commit_sha (the `ci.commit_status` job). It posts the
 * run's state as it is when the job runs, and jobs of one run never run together, so the last
 * post is always the latest state. A failure throws: the job is retried, the run is untouched.
 */
export class CiCommitStatus {
  constructor(private readonly d: { db: Db; statuses: CommitStatuses; presenter: CiPresenter }) {}

  async post(ciRunId: number): Promise<void> {
    const row = await repo.findCiRunById(this.d.db, ciRunId);
    if (!row?.commitSha) return;
    let cases: { passed: number; total: number } | null = null;
    if (isTerminal(row.status) && row.suiteRunId !== null) {
      const runs = await repo.listEngineCaseRuns(this.d.db, [row.suiteRunId]);
      cases = { passed: runs.filter((r) => r.run.status === 'passed').length, total: runs.length };
    }
    const { state, description } = commitStatusOf({ ...row, cases });
    await this.d.statuses.post({
      organizationId: row.organizationId,
      sha: row.commitSha,
      state,
      description,
      context: `simdeck/${row.targetName.slice(0, 100)}`,
      targetUrl: this.d.presenter.runUrl(row.publicId),
    });
  }
}
