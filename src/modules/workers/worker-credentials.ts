import type { Clock } from '../../clock';
import { randomToken, safeEqual, sha256Hex } from '../../crypto/tokens';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './workers.repository';

export const WORKER_TOKEN_PREFIX = 'wkt_';

/**
 * Who a worker connection is: the operator's shared `WORKER_TOKEN` (the in-process worker and
 * single-host setups; trusted with any worker id and device), or a worker token bound to one
 * worker id.
 */
export type WorkerCredential = { kind: 'shared' } | { kind: 'token'; tokenId: number; workerId: string };

/** A stable name of the credential, recorded with the worker's live connection. */
export function credentialKey(c: WorkerCredential): string {
  return c.kind === 'shared' ? 'shared' : `token:${c.tokenId}`;
}

export interface WorkerTokenInfo {
  id: number;
  worker_id: string;
  label: string | null;
  token_prefix: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

function info(row: repo.WorkerTokenRow): WorkerTokenInfo {
  return {
    id: row.id,
    worker_id: row.workerId,
    label: row.label,
    token_prefix: row.tokenPrefix,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** Worker credentials: the shared token, and per-host worker tokens the operator manages. */
export class WorkerCredentials {
  constructor(private readonly deps: { db: DbOrTx; clock: Clock; sharedToken: string }) {}

  /** The credential behind a bearer value; 401 for anything else (unknown or revoked). */
  async authenticate(bearer: string | undefined): Promise<WorkerCredential> {
    if (bearer && safeEqual(bearer, this.deps.sharedToken)) return { kind: 'shared' };
    if (bearer?.startsWith(WORKER_TOKEN_PREFIX)) {
      const row = await repo.findActiveWorkerToken(this.deps.db, sha256Hex(bearer));
      if (row) {
        await repo.touchWorkerToken(this.deps.db, row.id, this.deps.clock.now());
        return { kind: 'token', tokenId: row.id, workerId: row.workerId };
      }
    }
    throw new AppError('UNAUTHENTICATED', 'Invalid worker token');
  }

  /** Whether the credential still holds (a revoked worker token does not). */
  async stillValid(c: WorkerCredential): Promise<boolean> {
    return c.kind === 'shared' || repo.isWorkerTokenActive(this.deps.db, c.tokenId);
  }

  /** A new token for `workerId`: returned once, only its SHA-256 is stored. */
  async createToken({
    input,
  }: {
    input: { workerId: string; label?: string };
  }): Promise<{ token: string } & WorkerTokenInfo> {
    const workerId = input.workerId.trim();
    if (!/^[A-Za-z0-9._:-]{1,200}$/.test(workerId))
      throw new AppError('BAD_REQUEST', 'worker id: 1 to 200 letters, digits, dots, colons, dashes or underscores');
    const token = randomToken(32, WORKER_TOKEN_PREFIX);
    const row = await repo.insertWorkerToken(this.deps.db, {
      workerId,
      label: input.label?.trim() || null,
      tokenHash: sha256Hex(token),
      tokenPrefix: `${token.slice(0, WORKER_TOKEN_PREFIX.length + 4)}****`,
      createdAt: this.deps.clock.now(),
    });
    return { token, ...info(row) };
  }

  async listTokens(): Promise<WorkerTokenInfo[]> {
    return (await repo.listWorkerTokens(this.deps.db)).map(info);
  }

  /** Revokes a token: its worker's connections close within seconds (the credential watch). */
  async revokeToken({ input }: { input: { id: number } }): Promise<WorkerTokenInfo> {
    const row = await repo.revokeWorkerToken(this.deps.db, input.id, this.deps.clock.now());
    if (!row) throw new AppError('NOT_FOUND', `No active worker token with id ${input.id}`);
    return info(row);
  }
}
