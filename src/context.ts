import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { DbOrTx } from './db/client';
import type { Role } from './db/schema';
import { AppError } from './errors';

export type Actor =
  | { kind: 'user'; userId: number; email: string }
  | { kind: 'api_token'; tokenId: number; userId: number | null; email: string }
  | { kind: 'worker'; workerId: string }
  | { kind: 'system' };

export interface OrgScope {
  id: number;
  role: Role;
}

/** What every service verb receives: who acts, in which organization, and the edges it may use. */
export interface Ctx {
  actor: Actor;
  org: OrgScope | null;
  requestId: string;
  db: DbOrTx;
  clock: Clock;
  log: FastifyBaseLogger;
  /** True inside withTransaction: `db` is the open transaction. */
  inTransaction: boolean;
  /** Runs after the surrounding transaction commits (or at once outside one). */
  afterCommit(fn: () => void | Promise<void>): void;
}

const ROLE_RANK: Record<Role, number> = { viewer: 0, developer: 1, admin: 2 };

export function roleAtLeast(role: Role, min: Role): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[min];
}

/** The first check of every organization-scoped verb: 401 without an org, 403 below `min`. */
export function requireRole(ctx: Ctx, min: Role): OrgScope {
  if (!ctx.org) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  if (!roleAtLeast(ctx.org.role, min)) throw new AppError('FORBIDDEN', `This action requires the ${min} role or above`);
  return ctx.org;
}

/**
 * The check of every /organizations/{org_id}/… verb: the path's organization must be the caller's
 * (any other id is 404, never 403, so that existence does not leak), then the role (403).
 */
export function requireOrgAccess(ctx: Ctx, orgId: number, min: Role): OrgScope {
  const org = requireRole(ctx, 'viewer');
  if (org.id !== orgId) throw new AppError('NOT_FOUND', 'Organization not found');
  return requireRole(ctx, min);
}

/**
 * The id and email of the human behind the actor, for created_by fields and audit rows, and the
 * API token when one acts (`apiTokenId`).
 */
export function actorIdentity(ctx: Ctx): { userId: number | null; email: string; apiTokenId: number | null } {
  switch (ctx.actor.kind) {
    case 'user':
      return { userId: ctx.actor.userId, email: ctx.actor.email, apiTokenId: null };
    case 'api_token':
      return { userId: ctx.actor.userId, email: ctx.actor.email, apiTokenId: ctx.actor.tokenId };
    case 'worker':
      return { userId: null, email: `worker:${ctx.actor.workerId}`, apiTokenId: null };
    case 'system':
      return { userId: null, email: 'system', apiTokenId: null };
  }
}

/** Who created a row, as it was stored: the person, and the API token when one was used. */
export interface CreatedBy {
  userId: number | null;
  apiTokenId: number | null;
}

/**
 * Whether the caller created the row: the same API token, or the same person signed in. A person
 * does not own what their API tokens created (a viewer token made by an admin carries the admin's
 * user id, and must not thereby own the admin's sessions and runs), nor a token what its creator did.
 */
export function isCreator(ctx: Ctx, by: CreatedBy): boolean {
  switch (ctx.actor.kind) {
    case 'user':
      return by.apiTokenId === null && by.userId === ctx.actor.userId;
    case 'api_token':
      return by.apiTokenId === ctx.actor.tokenId;
    default:
      return false;
  }
}

/**
 * For verbs on something one member created that others may watch: its creator, or a caller of
 * `min` role or above (403 otherwise, naming `creator`, e.g. "the member who started the run").
 */
export function requireCreatorOrRole(ctx: Ctx, by: CreatedBy, min: Role, creator: string): OrgScope {
  const org = requireRole(ctx, 'viewer');
  if (!roleAtLeast(org.role, min) && !isCreator(ctx, by))
    throw new AppError('FORBIDDEN', `Only ${creator}, or the ${min} role or above, may do this`);
  return org;
}

/**
 * Runs `fn` in a transaction, reusing the caller's if there is one. Callbacks registered with
 * afterCommit run once the outermost transaction has committed, never after a rollback.
 */
export async function withTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.inTransaction) return fn(ctx);
  const pending: Array<() => void | Promise<void>> = [];
  const result = await (ctx.db as import('./db/client').Db).transaction((tx) =>
    fn({ ...ctx, db: tx, inTransaction: true, afterCommit: (cb) => void pending.push(cb) }),
  );
  for (const cb of pending) {
    try {
      await cb();
    } catch (err) {
      ctx.log.error({ err }, 'after-commit callback failed');
    }
  }
  return result;
}

/** A context for work the system does on its own (jobs, sweeps, worker events). */
export function systemContext(
  deps: { db: DbOrTx; clock: Clock; log: FastifyBaseLogger },
  org: OrgScope | null = null,
  requestId = 'system',
): Ctx {
  return {
    actor: { kind: 'system' },
    org,
    requestId,
    db: deps.db,
    clock: deps.clock,
    log: deps.log,
    inTransaction: false,
    afterCommit: (fn) =>
      void Promise.resolve()
        .then(fn)
        .catch((err) => deps.log.error({ err }, 'after-commit callback failed')),
  };
}
