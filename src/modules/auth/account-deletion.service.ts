import { withTransaction, type Ctx } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit';
import { countMembers } from '../orgs';
import * as repo from './auth.repository';
import { requireLoginUser } from './auth.service';

/** How account deletion ends sessions; the session lifecycle provides it. */
export interface SessionEnder {
  endSessionsOf(tx: Ctx, filter: { orgId: number } | { userId: number }): Promise<number>;
}

/**
 * What other modules hold for an account, cleared with it in the deletion's transaction; the
 * container wires each from the module that owns it (API tokens, organizations, stored files).
 */
export interface AccountCleanup {
  revokeApiTokensCreatedBy(db: DbOrTx, userId: number): Promise<Array<{ organizationId: number; label: string }>>;
  withdrawInvitationsSentBy(db: DbOrTx, userId: number): Promise<Array<{ organizationId: number }>>;
  /** Every storage folder holding the organization's files, read before its rows go. */
  storagePrefixesOfOrg(db: DbOrTx, orgId: number): Promise<string[]>;
}

export interface AccountDeletionDeps {
  jobs: JobQueue;
  sessions: SessionEnder;
  cleanup: AccountCleanup;
}

export class AccountDeletionService {
  constructor(private readonly deps: AccountDeletionDeps) {}

  /**
   * Deletes the caller's account. An organization where the caller is the only member goes with
   * it; the last admin of an organization that has other members gets 400 until another admin exists.
   * The API tokens the caller created and the invitations they sent that nobody redeemed go too.
   */
  async deleteAccount({ ctx }: { ctx: Ctx }): Promise<{ status: 'account_deleted' }> {
    const userId = requireLoginUser(ctx);
    await withTransaction(ctx, async (tx) => {
      const user = await repo.findUserById(tx.db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
      const owned = await repo.listUserMemberships(tx.db, userId);
      await repo.lockOrganizations(
        tx.db,
        owned.map((m) => m.organizationId),
      );
      const remove: number[] = [];
      const leave: typeof owned = [];
      for (const m of owned) {
        const counts = await countMembers(tx.db, m.organizationId);
        if (counts.members <= 1) remove.push(m.organizationId);
        else if (m.role === 'admin' && counts.admins <= 1)
          throw new AppError(
            'BAD_REQUEST',
            `You are the last admin of organization ${m.organizationId}, which has other members: make another member admin (invite one) before deleting your account`,
          );
        else leave.push(m);
      }
      // Tokens and invitations the user created go with the account (they would otherwise outlive it, ownerless).
      const revoked = await this.deps.cleanup.revokeApiTokensCreatedBy(tx.db, userId);
      const withdrawn = await this.deps.cleanup.withdrawInvitationsSentBy(tx.db, userId);
      for (const m of leave) {
        const labels = revoked.filter((r) => r.organizationId === m.organizationId).map((r) => r.label);
        const invitations = withdrawn.filter((r) => r.organizationId === m.organizationId).length;
        await recordAudit(
          { ...tx, actor: { kind: 'user', userId, email: user.email }, org: { id: m.organizationId, role: m.role } },
          {
            action: 'user.deleted',
            resourceType: 'member',
            resourceId: m.membershipId,
            details: {
              email: user.email,
              user_id: userId,
              role: m.role,
              revoked_api_tokens: labels,
              revoked_invitations: invitations,
            },
          },
        );
      }
      // Sessions end through their normal path (device reset and released, streams closed) before
      // the rows they hang on go: the user's own everywhere, and every session of a removed org.
      await this.deps.sessions.endSessionsOf(tx, { userId });
      for (const orgId of remove) await this.deps.sessions.endSessionsOf(tx, { orgId });
      // The removed organizations' files go by a job, enqueued with the deletion.
      const prefixes: string[] = [];
      for (const orgId of remove) prefixes.push(...(await this.deps.cleanup.storagePrefixesOfOrg(tx.db, orgId)));
      if (prefixes.length) await this.deps.jobs.send('orgs.purge_files', { prefixes }, { db: tx.db });
      for (const orgId of remove) await repo.deleteOrganization(tx.db, orgId);
      await repo.deleteUser(tx.db, userId);
    });
    return { status: 'account_deleted' };
  }
}
