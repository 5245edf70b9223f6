import { actorIdentity, requireRole, withTransaction, type Ctx } from '../../context';
import type { SecretBox } from '../../crypto/secret-box';
import { notFound } from '../../errors';
import { apiTime } from '../../http/api-time';
import { recordAudit } from '../audit';
import * as repo from './github.repository';
import type { GithubConnection, PutGithubBody } from './github.schemas';

function render(row: repo.GithubConnectionRow): GithubConnection {
  return {
    repository: row.repository,
    token_hint: row.tokenHint,
    created_at: apiTime(row.createdAt),
    updated_at: apiTime(row.updatedAt),
  };
}

/** The organization's GitHub connection, which CI runs with a commit_sha post statuses through. */
export class GithubService {
  constructor(private readonly deps: { secretBox: SecretBox }) {}

  /** Connects (or replaces) the repository; the token is sealed at rest and never shown again. */
  async putConnection({ ctx, input }: { ctx: Ctx; input: PutGithubBody }): Promise<GithubConnection> {
    const org = requireRole(ctx, 'admin');
    return withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const row = await repo.upsertGithubConnection(tx.db, {
        organizationId: org.id,
        repository: input.repository,
        tokenSealed: this.deps.secretBox.seal(input.token),
        tokenHint: `…${input.token.slice(-4)}`,
        createdByUserId: actorIdentity(tx).userId,
        createdAt: now,
        updatedAt: now,
      });
      await recordAudit(tx, {
        action: 'github.connected',
        resourceType: 'github_connection',
        resourceId: input.repository,
      });
      return render(row);
    });
  }

  /** Null when the organization has not connected GitHub: a page asking is told so, not refused. */
  async getConnection({ ctx }: { ctx: Ctx }): Promise<GithubConnection | null> {
    const org = requireRole(ctx, 'developer');
    const row = await repo.findGithubConnection(ctx.db, org.id);
    return row ? render(row) : null;
  }

  async deleteConnection({ ctx }: { ctx: Ctx }): Promise<{ status: 'deleted' }> {
    const org = requireRole(ctx, 'admin');
    await withTransaction(ctx, async (tx) => {
      const existing = await repo.findGithubConnection(tx.db, org.id);
      if (!existing || !(await repo.deleteGithubConnection(tx.db, org.id))) throw notFound('GitHub connection');
      await recordAudit(tx, {
        action: 'github.disconnected',
        resourceType: 'github_connection',
        resourceId: existing.repository,
      });
    });
    return { status: 'deleted' };
  }
}
