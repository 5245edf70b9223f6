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
