import type { Config } from '../../config';
import { withTransaction, type Actor, type Ctx, type OrgScope } from '../../context';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { emailTokens, type Role } from '../../db/schema';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { AppError } from '../../errors';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit/audit.recorder';
import * as repo from './auth.repository';
import type { AccountResponse, LoginBody, RegisterBody } from './auth.schemas';
import type { JwtIssuer } from './jwt';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './passwords';

export const API_TOKEN_PREFIX = 'tok_';
const VERIFY_TTL_MS = 24 * 3600 * 1000;
const TOUCH_INTERVAL_MS = 60_000;

export interface Principal {
  actor: Actor;
  org: OrgScope;
}

export interface AuthServiceDeps {
  config: Config;
  jwt: JwtIssuer;
  jobs: JobQueue;
}

export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Self-serve signup creates an organization with the caller as admin and mails a verification
   * link; signup with an invitation joins the inviting organization, already verified.
   */
  async register({ ctx, input }: { ctx: Ctx; input: RegisterBody }): Promise<AccountResponse> {
    if (input.invite_token) throw new AppError('BAD_REQUEST', 'Invalid or expired invitation');
    if (!input.organization_name) throw new AppError('UNPROCESSABLE', 'organization_name: required for signup without an invitation');
    const passwordHash = await hashPassword(input.password);
    const now = ctx.clock.now();
    const account = await withTransaction(ctx, async (tx) => {
      if (await repo.findUserByEmail(tx.db, input.email)) throw new AppError('CONFLICT', 'Email already registered');
      const org = await repo.insertOrganization(tx.db, { name: input.organization_name!, planId: this.deps.config.plans.defaultPlan, createdAt: now });
      const user = await repo.insertUser(tx.db, { email: input.email, passwordHash, emailVerified: false, createdAt: now }).catch(rethrowDuplicateEmail);
      await repo.insertMembership(tx.db, { organizationId: org.id, userId: user.id, role: 'admin', joinedAt: now });
      const auditCtx: Ctx = { ...tx, actor: { kind: 'user', userId: user.id, email: user.email }, org: { id: org.id, role: 'admin' } };
      await recordAudit(auditCtx, { action: 'organization.created', resourceType: 'organization', resourceId: org.id, details: { name: org.name } });
      await recordAudit(auditCtx, { action: 'user.registered', resourceType: 'user', resourceId: user.id, details: { email: user.email } });
      await this.sendVerificationEmail(tx, user);
      return { user, orgId: org.id, role: 'admin' as Role };
    });
    return this.accountResponse(ctx, account.user, account.orgId, account.role);
  }

  /** Wrong email and wrong password answer the same 401, after the same amount of hashing work. */
  async login({ ctx, input }: { ctx: Ctx; input: LoginBody }): Promise<AccountResponse> {
    const user = await repo.findUserByEmail(ctx.db, input.email.trim());
    const ok = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH_PROMISE), input.password);
    if (!user || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    const membership = await repo.findPrimaryMembership(ctx.db, user.id);
    if (!membership) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
    return this.accountResponse(ctx, user, membership.organizationId, membership.role);
  }

  /** Resolves a bearer value (login JWT or `tok_` API token) to who acts and in which org. */
  async authenticateBearer(db: DbOrTx, token: string | undefined, now: Date): Promise<Principal> {
    if (!token) throw new AppError('UNAUTHENTICATED', 'Missing bearer token');
    if (token.startsWith(API_TOKEN_PREFIX)) {
      const row = await repo.findApiTokenByHash(db, sha256Hex(token));
      if (!row) throw new AppError('UNAUTHENTICATED', 'Invalid or revoked API token');
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchApiToken(db, row.id, now);
      return {
        actor: { kind: 'api_token', tokenId: row.id, userId: row.createdByUserId, email: row.createdByEmail },
        org: { id: row.organizationId, role: row.role },
      };
    }
    const claims = await this.deps.jwt.verify(token, now);
    if (!claims) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    const member = await repo.findPrincipalMembership(db, claims.userId, claims.orgId);
    if (!member || member.tokenVersion !== claims.tokenVersion) throw new AppError('UNAUTHENTICATED', 'Invalid or expired token');
    return { actor: { kind: 'user', userId: claims.userId, email: member.email }, org: { id: claims.orgId, role: member.role } };
  }

  /** Issues a single-use verification token (stored hashed, 24 h) and queues the mail with it. */
  async sendVerificationEmail(ctx: Ctx, user: { id: number; email: string }): Promise<void> {
    const token = randomToken(32);
    await ctx.db.insert(emailTokens).values({
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

  async accountResponse(ctx: Ctx, user: { id: number; email: string; emailVerified: boolean; tokenVersion: number }, orgId: number, role: Role): Promise<AccountResponse> {
    const access_token = await this.deps.jwt.sign({ userId: user.id, orgId, tokenVersion: user.tokenVersion }, ctx.clock.now());
    return { access_token, token_type: 'bearer', user_id: user.id, email: user.email, organization_id: orgId, role, email_verified: user.emailVerified };
  }
}

/** Two concurrent signups with one email: the unique index decides, and the loser gets 409. */
function rethrowDuplicateEmail(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'Email already registered');
  throw err;
}
