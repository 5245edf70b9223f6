import type { Ctx } from '../../context';
import { sha256Hex } from '../../crypto/tokens';
import { rateLimited } from '../../errors';
import * as repo from './auth-throttle.repository';

/**
 * Sign-in: after 5 failed passwords for one account (counted whichever address they came from,
 * until an hour passes without one), each further failure blocks that account's sign-in for
 * 30 s, doubling (60 s, 2 min, …) up to 15 minutes: a guesser gets at most four tries an hour. A block is never longer than that, a
 * successful sign-in clears the count, and so does a password reset (the owner's way back in
 * while someone keeps guessing).
 */
export const LOGIN_THROTTLE = { freeFailures: 5, quietMs: 60 * 60_000, firstBlockMs: 30_000, maxBlockMs: 15 * 60_000 };
/** Registration attempts for one address (whatever the answer), per hour. */
export const REGISTER_PER_ADDRESS = { max: 3, windowMs: 60 * 60_000 };
/** Uses of one reset or verification token (valid or not), per 15 minutes. */
export const TOKEN_ATTEMPTS = { max: 5, windowMs: 15 * 60_000 };
/** Counters untouched this long are dropped (`auth.prune_throttles`). */
export const THROTTLE_RETENTION_MS = 24 * 3600_000;

const addressKey = (what: string, email: string) => `${what}:${sha256Hex(email.trim().toLowerCase())}`;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The sign-in and account throttles, on counters in the database (shared by every replica). */
export class AuthThrottle {
  /** 429 while the account's sign-in is blocked; nothing is checked or counted then. */
  async checkLogin(ctx: Ctx, email: string): Promise<void> {
    const row = await repo.findThrottle(ctx.db, addressKey('login', email));
    const now = ctx.clock.now().getTime();
    if (row?.blockedUntil && row.blockedUntil.getTime() > now) {
      const wait = seconds(row.blockedUntil.getTime() - now);
      throw rateLimited(
        `Too many failed sign-ins for this account: try again in ${wait} s, or reset the password`,
        wait,
      );
    }
  }

  /** A wrong password (or an unknown address: the two look the same). */
  async loginFailed(ctx: Ctx, email: string): Promise<void> {
    const key = addressKey('login', email);
    const now = ctx.clock.now();
    const row = await repo.countEvent(ctx.db, key, now, LOGIN_THROTTLE.quietMs, 'sliding');
    const over = row.count - LOGIN_THROTTLE.freeFailures;
    if (over < 0) return;
    const blockMs = Math.min(LOGIN_THROTTLE.firstBlockMs * 2 ** Math.min(over, 20), LOGIN_THROTTLE.maxBlockMs);
    await repo.blockUntil(ctx.db, key, new Date(now.getTime() + blockMs));
  }

  /** A successful sign-in, or a password reset: the account starts again with no failures. */
  async clearLogin(ctx: Ctx, email: string): Promise<void> {
    await repo.clearThrottle(ctx.db, addressKey('login', email));
  }

  /** One registration attempt for `email`: 429 past REGISTER_PER_ADDRESS. */
  async registerAttempt(ctx: Ctx, email: string): Promise<void> {
    await this.limit(
      ctx,
      addressKey('register', email),
      REGISTER_PER_ADDRESS,
      'Too many sign-up attempts for this address',
    );
  }

  /** One use of a reset or verification token: 429 past TOKEN_ATTEMPTS for the same token. */
  async tokenAttempt(ctx: Ctx, purpose: 'reset' | 'verify', token: string): Promise<void> {
    await this.limit(ctx, `${purpose}:${sha256Hex(token)}`, TOKEN_ATTEMPTS, 'Too many attempts with this link');
  }

  async prune(ctx: Ctx): Promise<number> {
    return repo.pruneThrottles(ctx.db, new Date(ctx.clock.now().getTime() - THROTTLE_RETENTION_MS));
  }

  private async limit(ctx: Ctx, key: string, policy: { max: number; windowMs: number }, what: string) {
    const now = ctx.clock.now().getTime();
    const row = await repo.countEvent(ctx.db, key, ctx.clock.now(), policy.windowMs, 'fixed');
    if (row.count > policy.max) {
      const wait = seconds(row.windowStart.getTime() + policy.windowMs - now);
      throw rateLimited(`${what}: try again in ${wait} s`, wait);
    }
  }
}
