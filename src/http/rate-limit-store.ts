import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** Seconds a client is told to wait when a fail-closed route could not reach its counters. */
export const COUNTERS_RETRY_AFTER_S = 5;

/**
 * The shared rate-limit counters could not be read or written. Routes that fail open let the
 * request through; routes that fail closed (RATE_LIMITS.auth) answer 503 with this error.
 */
export class RateLimitUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(readonly reason: unknown) {
    super('rate-limit counters unavailable');
    this.name = 'RateLimitUnavailableError';
  }
}

/** Wraps a store so that any failure reaches the plugin as one recognisable error. */
class RecognisableFailures implements FastifyRateLimitStore {
  constructor(private readonly inner: FastifyRateLimitStore) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>): void {
    this.inner.incr(
      key,
      (err, result) => (err ? callback(new RateLimitUnavailableError(err)) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new RecognisableFailures(this.inner.child(routeOptions));
  }
}

/** The plugin's Redis store (counters shared by every replica), failing with RateLimitUnavailableError. */
export function redisCounterStore(redis: Redis, nameSpace: string): FastifyRateLimitStoreCtor {
  return class extends RecognisableFailures {
    constructor() {
      super(new RedisStore(false, false, redis, nameSpace));
    }
  };
}
