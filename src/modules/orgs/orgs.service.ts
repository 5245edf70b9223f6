import type { Config } from '../../config';
import { actorIdentity, requireOrgAccess, requireRole, withTransaction, type Ctx } from '../../context';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { AppError } from '../../errors';
import { deleteApiTokensCreatedBy } from '../api-tokens';
import { apiTime } from '../../http/api-time';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit';
import * as repo from './orgs.repository';
import type {
  InviteBody,
  Invitation,
  Member,
  Organization,
  SessionDefaults,
  UpdateOrganizationBody,
  UpdateSessionDefaultsBody,
} from './orgs.schemas';

const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;

export interface OrgsServiceDeps {
  config: Config;
  jobs: JobQueue;
}

type OrgRow = NonNullable<Awaited<ReturnType<typeof repo.findOrganization>>>;

export function sessionDefaultsOf(
  org: Pick<OrgRow, 'sessionTimeoutMinutes' | 'sessionPermissions' | 'allowStreamingOverage'>,
): SessionDefaults {
  return {
    session_timeout: `${org.sessionTimeoutMinutes}m`,
    session_permissions: org.sessionPermissions,
    allow_streaming_overage: org.allowStreamingOverage,
  };
}

export class OrgsService {
  constructor(private readonly deps: OrgsServiceDeps) {}

  /** A login token lists every organization of its user; an API token sees only its own organization. */
  async listOrganizations({ ctx }: { ctx: Ctx }): Promise<Organization[]> {
    const scope = requireRole(ctx, 'viewer');
    if (ctx.actor.kind === 'user') {
      const rows = await repo.organizationsOfUser(ctx.db, ctx.actor.userId);
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        created_at: apiTime(r.createdAt),
        role: r.role,
        plan_id: r.planId,
      }));
    }
    const org = await repo.findOrganization(ctx.db, scope.id);
    return org
      ? [{ id: org.id, name: org.name, created_at: apiTime(org.createdAt), role: scope.role, plan_id: org.planId }]
      : [];
  }

  async getOrganization({ ctx, input }: { ctx: Ctx; input: { orgId: number } }): Promise<Organization> {
    const scope = requireOrgAccess(ctx, input.orgId, 'viewer');
    const org = await this.load(ctx, input.orgId);
    return { id: org.id, name: org.name, created_at: apiTime(org.createdAt), role: scope.role, plan_id: org.planId };
  }

  async updateOrganization({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; body: UpdateOrganizationBody };
  }): Promise<{ id: number; name: string }> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    return withTransaction(ctx, async (tx) => {
      const before = await this.load(tx, input.orgId, true);
      if (input.body.name === undefined || input.body.name === before.name) return { id: before.id, name: before.name };
      const after = (await repo.updateOrganization(tx.db, before.id, { name: input.body.name }))!;
      await recordAudit(tx, {
        action: 'organization.updated',
        resourceType: 'organization',
        resourceId: before.id,
        details: { name: { from: before.name, to: after.name } },
      });
      return { id: after.id, name: after.name };
    });
  }

  async listMembers({ ctx, input }: { ctx: Ctx; input: { orgId: number } }): Promise<Member[]> {
    requireOrgAccess(ctx, input.orgId, 'viewer');
    const rows = await repo.listMembers(ctx.db, input.orgId);
    return rows.map((r) => ({
      id: r.id,
      user_id: r.userId,
      email: r.email,
      role: r.role,
      joined_at: apiTime(r.joinedAt),
    }));
  }

  /**
   * Invites an address with a role (7 days, single-use, bound to the address; only the token's
   * SHA-256 is stored). A new invitation replaces the address's outstanding one. Only a member
   * whose email is verified may invite (directly or through an API token they created).
   */
  async inviteMember({ ctx, input }: { ctx: Ctx; input: { orgId: number; body: InviteBody } }): Promise<Invitation> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    const { email, role } = input.body;
    return withTransaction(ctx, async (tx) => {
      // The organization row lock serialises invitations, so one address never has two outstanding.
      const org = await this.load(tx, input.orgId, true);
      await this.requireVerifiedInviter(tx, org.id);
      if (await repo.findMemberByEmail(tx.db, org.id, email))
        throw new AppError('BAD_REQUEST', `${email} is already a member of this organization`);
      const replaced = await repo.deleteOutstandingInvitations(tx.db, org.id, email);
      const token = randomToken(32, 'inv_');
      const now = tx.clock.now();
      const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
      const invitation = await repo.insertInvitation(tx.db, {
        organizationId: org.id,
        email,
        role,
        tokenHash: sha256Hex(token),
        invitedByUserId: actorIdentity(tx).userId,
        expiresAt,
        createdAt: now,
      });
      await recordAudit(tx, {
        action: 'member.invited',
        resourceType: 'invitation',
        resourceId: invitation.id,
        details: { email, role, replaced_outstanding: replaced > 0 },
      });
      const link = `${this.deps.config.server.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
      const inviter = actorIdentity(tx).email;
      await this.deps.jobs.send(
        'mail.send',
        {
          to: email,
          subject: `You are invited to join ${org.name} on simdeck`,
          text: `${inviter} invited you to join the organization "${org.name}" on simdeck as ${role}.\n\nAccept the invitation by opening this link within 7 days:\n\n${link}\n\nThe invitation is for ${email} only. If you did not expect it, ignore this message.\n`,
        },
        { db: tx.db },
      );
      return { token, expires_at: apiTime(expiresAt), email, role };
    });
  }

  /**
   * Removes a member (membership id). The last admin cannot be removed: 400. The API tokens the
   * member created and the invitations they sent that nobody redeemed go with the membership.
   */
  async removeMember({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; memberId: number };
  }): Promise<{ status: 'removed' }> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    return withTransaction(ctx, async (tx) => {
      await this.load(tx, input.orgId, true);
      const member = await repo.findMember(tx.db, input.orgId, input.memberId);
      if (!member) throw new AppError('NOT_FOUND', 'Member not found');
      if (member.role === 'admin' && (await repo.countMembers(tx.db, input.orgId)).admins <= 1)
        throw new AppError('BAD_REQUEST', 'Cannot remove the last admin of the organization');
      await repo.deleteMembership(tx.db, member.id);
      const revoked = await deleteApiTokensCreatedBy(tx.db, member.userId, input.orgId);
      const withdrawn = await repo.deleteOutstandingInvitationsSentBy(tx.db, member.userId, input.orgId);
      await recordAudit(tx, {
        action: 'member.removed',
        resourceType: 'member',
        resourceId: member.id,
        details: {
          email: member.email,
          user_id: member.userId,
          role: member.role,
          revoked_api_tokens: revoked.map((r) => r.label),
          revoked_invitations: withdrawn.length,
        },
      });
      return { status: 'removed' as const };
    });
  }

  async getSessionDefaults({ ctx, input }: { ctx: Ctx; input: { orgId: number } }): Promise<SessionDefaults> {
    requireOrgAccess(ctx, input.orgId, 'viewer');
    return sessionDefaultsOf(await this.load(ctx, input.orgId));
  }

  async updateSessionDefaults({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: { orgId: number; body: UpdateSessionDefaultsBody };
  }): Promise<SessionDefaults> {
    requireOrgAccess(ctx, input.orgId, 'admin');
    const { body } = input;
    return withTransaction(ctx, async (tx) => {
      const before = await this.load(tx, input.orgId, true);
      const changes = {
        ...(body.session_timeout !== undefined ? { sessionTimeoutMinutes: body.session_timeout } : {}),
        ...(body.session_permissions !== undefined ? { sessionPermissions: body.session_permissions } : {}),
        ...(body.allow_streaming_overage !== undefined ? { allowStreamingOverage: body.allow_streaming_overage } : {}),
      };
      if (Object.keys(changes).length === 0) return sessionDefaultsOf(before);
      const after = (await repo.updateOrganization(tx.db, before.id, changes))!;
      await recordAudit(tx, {
        action: 'organization.session_defaults_updated',
        resourceType: 'organization',
        resourceId: before.id,
        details: { from: sessionDefaultsOf(before), to: sessionDefaultsOf(after) },
      });
      return sessionDefaultsOf(after);
    });
  }

  /**
   * Invitations are mail we send on someone's behalf, so the person behind the request must have
   * proved their address. Read under the organization lock, so a member removed meanwhile cannot invite.
   */
  private async requireVerifiedInviter(tx: Ctx, orgId: number): Promise<void> {
    const { userId } = actorIdentity(tx);
    const inviter = userId === null ? null : await repo.findInviter(tx.db, orgId, userId);
    if (userId !== null && !inviter) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    if (!inviter?.emailVerified)
      throw new AppError(
        'FORBIDDEN',
        'Verify your email address before inviting members: open the link mailed to you at signup, or ask for a new one.',
      );
  }

  private async load(ctx: Ctx, orgId: number, lock = false): Promise<OrgRow> {
    const org = await repo.findOrganization(ctx.db, orgId, { lock });
    if (!org) throw new AppError('NOT_FOUND', 'Organization not found');
    return org;
  }
}
