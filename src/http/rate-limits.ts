import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
/** Per-client limits from the spec's Limits table, in fixed one-minute windows. */
export const RATE_LIMITS = {
  /** Most endpoints: the global limit. */
  default: { max: 100, timeWindow: 60_000 },
  /** App and build uploads, POST /ai/test/run. */
  heavy: { max: 10, timeWindow: 60_000 },
  /**
   * Register, login, change-password. These fail closed: when the shared counters (Redis) cannot
   * be reached the request is refused with 503, because letting it through would lift the limit
   * on password guessing. Every other limit fails open, so a Redis outage does not stop the API.
   */
  auth: { max: 5, timeWindow: 60_000, skipOnError: false },
  /**
   * The emailed-link endpoints (reset-password, verify-email) and those that mail one
   * (forgot-password, resend-verification): 10 a minute per client, failing closed like `auth`.
   * Each link is also limited on its own, whatever the address (auth-throttle.ts).
   */
  authLinks: { max: 10, timeWindow: 60_000, skipOnError: false },
} as const;

/**
 * Uploads per account (the member, whichever address and token they use) and per organization,
 * each in a one-minute window, on top of the per-address `heavy` limit: a second address does not
 * lift them. Shared by every upload route (apps, builds, install-app, YAML import).
 */
export const UPLOAD_LIMITS = {
  perAccount: { max: 10, timeWindow: 60_000 },
  perOrganization: { max: 30, timeWindow: 60_000 },
} as const;

function accountKey(req: FastifyRequest): string {
  const { actor } = req.ctx;
  if (actor.kind === 'user' || actor.kind === 'api_token') return `user:${actor.userId}`;
  return `${actor.kind}:${req.ip}`;
}

/** The description of the symbol @fastify/rate-limit marks a request with once a limiter ran. */
const RATE_LIMIT_RAN = 'fastify.request.rateLimitRan';

/** One pair of limiters per rate-limit plugin instance: each limiter has its own counters. */
const limiters = new WeakMap<object, preHandlerAsyncHookHandler[]>();

/**
 * The per-account and per-organization upload limits as preHandler hooks (they run after the
 * caller is known, before the body is read), the same hooks for every route so that they count
 * together; none when rate limiting is off (RATE_LIMIT=false).
 */
export function uploadRateLimits(app: FastifyInstance): preHandlerAsyncHookHandler[] {
  if (typeof app.rateLimit !== 'function') return [];
  const made = limiters.get(app.rateLimit);
  if (made) return made;
  const limit = (
    what: 'account' | 'organization',
    params: { max: number; timeWindow: number },
    key: (req: FastifyRequest) => string,
  ) =>
    app.rateLimit({
      ...params,
      keyGenerator: (req) => `upload:${what}:${key(req)}`,
      errorResponseBuilder: (_req, ctx) => ({
        statusCode: 429,
        detail: `Upload limit exceeded: ${ctx.max} uploads a minute per ${what}. Retry in ${Math.ceil(ctx.ttl / 1000)} s.`,
      }),
    });
  const hooks = [
    limit('account', UPLOAD_LIMITS.perAccount, accountKey),
    limit('organization', UPLOAD_LIMITS.perOrganization, (req) => String(req.ctx.org?.id ?? `none:${req.ip}`)),
  ].map(
    (hook): preHandlerAsyncHookHandler =>
      async function (req, reply) {
        // The plugin runs one limiter per request (a flag it sets on the request); these count on
        // top of the route's per-address limit, so the flag is lowered before each of them.
        for (const flag of Object.getOwnPropertySymbols(req))
          if (flag.description === RATE_LIMIT_RAN) Reflect.set(req, flag, false);
        return hook.call(this, req, reply);
      },
  );
  limiters.set(app.rateLimit, hooks);
  return hooks;
}
