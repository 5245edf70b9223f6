import type { Config } from '../../config';
import { withTransaction, type Actor, type Ctx, type OrgScope } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { Role } from '../../db/schema';
import type { AuditEntry } from '../audit';
import { API_TOKEN_PREFIX, randomToken, sha256Hex } from '../../crypto/tokens';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { mailDelivery, type MailDelivery } from '../../mail/mail-delivery';
import { recordAudit } from '../audit';
import * as repo from './auth.repository';
import type {
  AccountResponse,
  ChangePasswordBody,
  EmailOnlyBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyEmailBody,
} from './auth.schemas';
import type { AuthThrottle } from './auth-throttle';
import type { CredentialCache } from './credential-cache';
import type { JwtIssuer } from './jwt';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';

const VERIFY_TTL_MS = 24 * 3600 * 1000;
const RESET_TTL_MS = 3600 * 1000;
const TOUCH_INTERVAL_MS = 60_000;
/** At most one verification or reset mail per account per minute, so the always-200 endpoints cannot flood a mailbox. */
const MAIL_INTERVAL_MS = 60_000;

export interface Principal {
  actor: Actor;
  org: OrgScope;
}

export interface AuthServiceDeps {
  config: Config;
  jwt: JwtIssuer;
  /** What bearer tokens resolve to, emptied on every revocation (credential-cache.ts). */
  credentials: CredentialCache;
  jobs: JobQueue;
  /** Failed sign-ins per account, registrations per address, uses per link (auth-throttle.ts). */
  throttle: AuthThrottle;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Self-serve signup creates an organization with the caller as admin and mails a verification
   * link; signup with an invitation joins the inviting organization, already verified. At most 3
   * attempts per address an hour (429), so that the spec's 409 for a known address cannot be
   * asked over and over; a known address is told only after the same password hashing.
   */
  async register({ ctx, input }: { ctx: Ctx; input: RegisterBody }): Promise<AccountResponse> {
    await this.deps.throttle.registerAttempt(ctx, input.email);
    if (input.invite_token)
      return this.registerWithInvitation({ ctx, input: { ...input, invite_token: input.invite_token } });
    if (!input.organization_name)
      throw new AppError('UNPROCESSABLE', 'organization_name: required for signup without an invitation');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const account = await withTransaction(ctx, async (tx) => {
      if (await repo.findUserByEmail(tx.db, input.email)) throw new AppError('CONFLICT', 'Email already registered');
      const org = await repo.insertOrganization(tx.db, {
        name: input.organization_name!,
        planId: this.deps.config.plans.defaultPlan,
        createdAt: now,
      });
      const user = await repo
        .insertUser(tx.db, { email: input.email, passwordHash, emailVerified: false, createdAt: now })
        .catch(rethrowDuplicateEmail);
      await repo.insertMembership(tx.db, { organizationId: org.id, userId: user.id, role: 'admin', joinedAt: now });
      const auditCtx: Ctx = {
        ...tx,
        actor: { kind: 'user', userId: user.id, email: user.email },
        org: { id: org.id, role: 'admin' },
      };
      await recordAudit(auditCtx, {
        action: 'organization.created',
        resourceType: 'organization',
        resourceId: org.id,
        details: { name: org.name },
      });
      await recordAudit(auditCtx, {
        action: 'user.registered',
        resourceType: 'user',
        resourceId: user.id,
        details: { email: user.email },
      });
      await this.sendVerificationEmail(tx, user);
      return { user, orgId: org.id, role: 'admin' as Role };
    });
    return this.accountResponse(ctx, account.user, account.orgId, account.role);
  }

  /**
   * Signup through an invitation: the invitation (single-use, 7 days, bound to one address) puts
   * the new account into the inviting organization with the invited role, already verified.
   */
  private async registerWithInvitation({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: RegisterBody & { invite_token: string };
  }): Promise<AccountResponse> {
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const account = await withTransaction(ctx, async (tx) => {
      const invitation = await repo.findInvitationByHash(tx.db, sha256Hex(input.invite_token));
      if (!invitation) throw new AppError('BAD_REQUEST', 'Invalid invitation');
      if (invitation.acceptedAt) throw new AppError('BAD_REQUEST', 'This invitation has already been used');
      if (invitation.expiresAt.getTime() <= now.getTime())
        throw new AppError('BAD_REQUEST', 'This invitation has expired');
      if (invitation.email.toLowerCase() !== input.email.toLowerCase())
        throw new AppError('BAD_REQUEST', 'This invitation was sent to a different email address');
      if (await repo.findUserByEmail(tx.db, input.email)) throw new AppError('CONFLICT', 'Email already registered');
      if (!(await repo.acceptInvitation(tx.db, invitation.id, now)))
        throw new AppError('BAD_REQUEST', 'This invitation has already been used');
      const user = await repo
        .insertUser(tx.db, { email: input.email, passwordHash, emailVerified: true, createdAt: now })
        .catch(rethrowDuplicateEmail);
      await repo.insertMembership(tx.db, {
        organizationId: invitation.organizationId,
        userId: user.id,
        role: invitation.role,
        joinedAt: now,
      });
      const auditCtx: Ctx = {
        ...tx,
        actor: { kind: 'user', userId: user.id, email: user.email },
        org: { id: invitation.organizationId, role: invitation.role },
      };
      await recordAudit(auditCtx, {
        action: 'member.joined',
        resourceType: 'member',
        resourceId: user.id,
        details: { email: user.email, role: invitation.role, invitation_id: invitation.id },
      });
      return { user, orgId: invitation.organizationId, role: invitation.role };
    });
    return this.accountResponse(ctx, account.user, account.orgId, account.role);
  }

  /** Confirms an address with the mailed single-use token (24 h). */
  async verifyEmail({ ctx, input }: { ctx: Ctx; input: VerifyEmailBody }): Promise<{ status: 'verified' }> {
    await this.deps.throttle.tokenAttempt(ctx, 'verify', input.token);
    await withTransaction(ctx, async (tx) => {
      const userId = await repo.redeemEmailToken(tx.db, 'verify_email', sha256Hex(input.token), tx.clock.now());
      if (userId === null) throw new AppError('BAD_REQUEST', 'Invalid or expired verification link');
      await repo.markEmailVerified(tx.db, userId);
      await this.auditInUserOrgs(tx, userId, {
        action: 'user.email_verified',
        resourceType: 'user',
        resourceId: userId,
      });
    });
    return { status: 'verified' };
  }

  /** Always answers ok; mails a fresh link only to an unverified account, at most once a minute. */
  async resendVerification({ ctx, input }: { ctx: Ctx; input: EmailOnlyBody }): Promise<{ status: 'ok' }> {
    await withTransaction(ctx, async (tx) => {
      const user = await repo.findUserByEmail(tx.db, input.email);
      if (!user || user.emailVerified || (await this.mailedRecently(tx, user.id, 'verify_email'))) return;
      await this.sendVerificationEmail(tx, user);
    });
    return { status: 'ok' };
  }

  /** Always answers ok; for a known address, mails a single-use reset link valid for 1 hour (at most once a minute). */
  async forgotPassword({ ctx, input }: { ctx: Ctx; input: EmailOnlyBody }): Promise<{ status: 'ok' }> {
    await withTransaction(ctx, async (tx) => {
      const user = await repo.findUserByEmail(tx.db, input.email);
      if (!user || (await this.mailedRecently(tx, user.id, 'reset_password'))) return;
      const token = randomToken(32);
      const now = tx.clock.now();
      await repo.insertEmailToken(tx.db, {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: sha256Hex(token),
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
        createdAt: now,
      });
      const link = `${this.deps.config.server.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.deps.jobs.send(
        'mail.send',
        {
          to: user.email,
          subject: 'Reset your simdeck password',
          text: `Someone asked to reset the password of your simdeck account.\n\nChoose a new password by opening this link within 1 hour:\n\n${link}\n\nIf you did not ask for this, ignore this message; your password stays as it is.\n`,
        },
        { db: tx.db },
      );
    });
    return { status: 'ok' };
  }

  /**
   * Sets a new password with a reset token (single-use, 1 h). It also marks the email verified (the
   * link proved the address), voids other reset links and every login token issued before.
   */
  async resetPassword({ ctx, input }: { ctx: Ctx; input: ResetPasswordBody }): Promise<{ status: 'ok' }> {
    await this.deps.throttle.tokenAttempt(ctx, 'reset', input.token);
    const invalid = () => new AppError('BAD_REQUEST', 'Invalid, expired or already used reset link');
    // A link that cannot work is refused before the (deliberately slow) password hashing.
    if (!(await repo.hasRedeemableEmailToken(ctx.db, 'reset_password', sha256Hex(input.token), ctx.clock.now())))
      throw invalid();
    const passwordHash = await hashPassword(input.new_password);
    await withTransaction(ctx, async (tx) => {
      const now = tx.clock.now();
      const userId = await repo.redeemEmailToken(tx.db, 'reset_password', sha256Hex(input.token), now);
      if (userId === null) throw invalid();
      await repo.setPassword(tx.db, userId, passwordHash, { verifyEmail: true });
      await repo.voidEmailTokens(tx.db, userId, 'reset_password', now);
      // The owner is back in: whatever sign-in block someone else's guessing caused ends.
      const user = await repo.findUserById(tx.db, userId);
      if (user) await this.deps.throttle.clearLogin(tx, user.email);
      await this.auditInUserOrgs(tx, userId, {
        action: 'user.password_reset',
        resourceType: 'user',
        resourceId: userId,
      });
    });
    return { status: 'ok' };
  }

  /**
   * Changes the caller's password after checking the current one (400 when wrong). Every login
   * token issued before stops working; the response carries a fresh one (additive field).
   */
  async changePassword({
    ctx,
    input,
  }: {
    ctx: Ctx;
    input: ChangePasswordBody;
  }): Promise<{ status: 'ok'; access_token: string }> {
    const userId = requireLoginUser(ctx);
    const user = await repo.findUserById(ctx.db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    if (!(await verifyPassword(user.passwordHash, input.current_password)))
      throw new AppError('BAD_REQUEST', 'Current password is incorrect');
    const passwordHash = await hashPassword(input.new_password);
    await withTransaction(ctx, async (tx) => {
      await repo.setPassword(tx.db, userId, passwordHash, { verifyEmail: false });
      await this.auditInUserOrgs(tx, userId, {
        action: 'user.password_changed',
        resourceType: 'user',
        resourceId: userId,
      });
    });
    const access_token = await this.deps.jwt.sign(
      { userId, orgId: ctx.org!.id, tokenVersion: user.tokenVersion + 1 },
      ctx.clock.now(),
    );
    return { status: 'ok', access_token };
  }

  private mailedRecently(ctx: Ctx, userId: number, purpose: 'verify_email' | 'reset_password'): Promise<boolean> {
    return repo.hasEmailTokenSince(ctx.db, userId, purpose, new Date(ctx.clock.now().getTime() - MAIL_INTERVAL_MS));
  }

  /** User-level changes (password, verification) are recorded in every organization the user belongs to. */
  private async auditInUserOrgs(ctx: Ctx, userId: number, entry: AuditEntry): Promise<void> {
    const user = await repo.findUserById(ctx.db, userId);
    if (!user) return;
    for (const m of await repo.listUserMemberships(ctx.db, userId)) {
      await recordAudit(
        { ...ctx, actor: { kind: 'user', userId, email: user.email }, org: { id: m.organizationId, role: m.role } },
        entry,
      );
    }
  }

  /** Wrong email and wrong password answer the same 401, after the same amount of hashing work. */
  async login({ ctx, input }: { ctx: Ctx; input: LoginBody }): Promise<AccountResponse> {
    const email = input.email.trim();
    await this.deps.throttle.checkLogin(ctx, email);
    const user = await repo.findUserByEmail(ctx.db, email);
    const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), input.password);
    const membership = user && ok ? await repo.findPrimaryMembership(ctx.db, user.id) : undefined;
    if (!user || !membership) {
      await this.deps.throttle.loginFailed(ctx, email);
      throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    }
    await this.deps.throttle.clearLogin(ctx, email);
    return this.accountResponse(ctx, user, membership.organizationId, membership.role);
  }

  /** Drops sign-in and account counters nothing touched for a day (the `auth.prune_throttles` tick). */
  async pruneThrottles({ ctx }: { ctx: Ctx }): Promise<number> {
    return this.deps.throttle.prune(ctx);
  }

  /** Resolves a bearer value (login JWT or `tok_` API token) to who acts and in which org. */
  async authenticateBearer(db: DbOrTx, token: string | undefined, now: Date): Promise<Principal> {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Missing bearer token');
    const cache = this.deps.credentials;
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const tokenHash = sha256Hex(token);
      const row = await cache.get(`t:${tokenHash}`, () => repo.findApiTokenByHash(db, tokenHash));
      if (!row) throw new AppError('UNAUTHENTICATED', 'Invalid or revoked API token');
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
        // Marked on the cached row too, so the write stays at most one a minute per token.
        row.lastUsedAt = now;
        await repo.touchApiToken(db, row.id, now);
      }
      return {
        actor: { kind: 'api_token', tokenId: row.id, userId: row.createdByUserId, email: row.createdByEmail },
        org: { id: row.organizationId, role: row.role },
      };
    }
    const claims = await this.deps.jwt.verify(token, now);
    if (!claims) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    const member = await cache.get(`m:${claims.userId}:${claims.orgId}`, () =>
      repo.findPrincipalMembership(db, claims.userId, claims.orgId),
    );
    if (!member || member.tokenVersion !== claims.tokenVersion)
      throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    return {
      actor: { kind: 'user', userId: claims.userId, email: member.email },
      org: { id: claims.orgId, role: member.role },
    };
  }

  /** Where mail goes, for the console's sign-up and verification pages: the same for every caller (public). */
  // biome-ignore lint/correctness/noUnusedFunctionParameters: every verb takes its context; this answer needs none
  mailDelivery({ ctx }: { ctx: Ctx }): MailDelivery {
    return mailDelivery(this.deps.config);
  }

  /** Issues a single-use verification token (stored hashed, 24 h) and queues the mail with it. */

  private async sendVerificationEmail(ctx: Ctx, user: { id: number; email: string }): Promise<void> {
    const token = randomToken(32);
    await repo.insertEmailToken(ctx.db, {
      userId: user.id,
      purpose: 'verify_email',
      tokenHash: sha256Hex(token),
      expiresAt: new Date(ctx.clock.now().getTime() + VERIFY_TTL_MS),
      createdAt: ctx.clock.now(),
    });
    const link = `${this.deps.config.server.appUrl}/verify-email?token=${encodeURIComponent(token)}`;
    await this.deps.jobs.send(
      'mail.send',
      {
        to: user.email,
        subject: 'Verify your simdeck email address',
        text: `Welcome to simdeck.\n\nConfirm your email address by opening this link within 24 hours:\n\n${link}\n\nIf you did not sign up, ignore this message.\n`,
      },
      { db: ctx.db },
    );
  }

  private async accountResponse(
    ctx: Ctx,
    user: { id: number; email: string; emailVerified: boolean; tokenVersion: number },
    orgId: number,
    role: Role,
  ): Promise<AccountResponse> {
    const access_token = await this.deps.jwt.sign(
      { userId: user.id, orgId, tokenVersion: user.tokenVersion },
      ctx.clock.now(),
    );
    return {
      access_token,
      token_type: 'bearer',
      user_id: user.id,
      email: user.email,
      organization_id: orgId,
      role,
      email_verified: user.emailVerified,
    };
  }
}

/** Two concurrent signups with one email: the unique index decides, and the loser gets 409. */
function rethrowDuplicateEmail(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Email already registered');
  throw err;
}

/** Password and account operations act for a person, so they need a login token, not an API token. */
export function requireLoginUser(ctx: Ctx): number {
  if (ctx.actor.kind === 'user') return ctx.actor.userId;
  if (ctx.actor.kind === 'api_token')
    throw new AppError('FORBIDDEN', 'This action needs a login token, not an API token');
  throw new AppError('UNAUTHENTICATED', 'Authentication required');
}
