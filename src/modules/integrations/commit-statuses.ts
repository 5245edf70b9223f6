import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../../crypto/secret-box';
import type { DbOrTx } from '../../db/client';
import { findGithubConnection } from './github.repository';
import { parseRepository } from './github.schemas';

export type CommitState = 'pending' | 'success' | 'failure' | 'error';

export interface CommitStatus {
  organizationId: number;
  sha: string;
  state: CommitState;
  /** GitHub keeps at most 140 characters. */
  description: string;
  /** Statuses with the same context replace each other on the commit. */
  context: string;
  targetUrl: string;
}

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Posts commit statuses to the organization's GitHub repository through the REST API (its base
 * URL is configurable, for GitHub Enterprise and tests), with octokit's parameterised call, which
 * encodes each part of the path. Throws when GitHub does not take the status, so that the job
 * posting it is retried.
 */
export class CommitStatuses {
  constructor(private readonly d: { db: DbOrTx; secretBox: SecretBox; apiUrl: string; log?: FastifyBaseLogger }) {}

  /**
   * `false` when there is nothing to post: no GitHub connection, a commit that is not a hash, or
   * a stored repository that is not a GitHub owner/name (connected before names were checked):
   * the organization's token is never sent to another path of the API.
   */
  async post(s: CommitStatus): Promise<boolean> {
    const connection = await findGithubConnection(this.d.db, s.organizationId);
    if (!connection) return false;
    const target = parseRepository(connection.repository);
    if (!target || !/^[0-9a-fA-F]{7,64}$/.test(s.sha)) {
      this.d.log?.warn(
        { organizationId: s.organizationId, repository: connection.repository },
        'commit status not posted: the GitHub connection names no valid owner/name; connect the repository again',
      );
      return false;
    }
    const { owner, repo } = target;
    // Loaded on first use: most servers never post a commit status.
    const { Octokit } = await import('@octokit/rest');
    const octokit = new Octokit({
      auth: this.d.secretBox.open(connection.tokenSealed),
      baseUrl: this.d.apiUrl,
      userAgent: 'simdeck',
      log: { debug() {}, info() {}, warn() {}, error() {} },
    });
    await octokit.rest.repos.createCommitStatus({
      owner,
      repo,
      sha: s.sha,
      state: s.state,
      description: s.description.length > 140 ? `${s.description.slice(0, 139)}…` : s.description,
      context: s.context,
      target_url: s.targetUrl,
      request: { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) },
    });
    return true;
  }
}
