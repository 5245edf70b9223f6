/** Per-client limits from the spec's Limits table, in fixed one-minute windows. */
export const RATE_LIMITS = {
  /** Most endpoints: the global limit. */
  default: { max: 100, timeWindow: 60_000 },
  /** App and build uploads, POST /ai/test/run. */
  heavy: { max: 10, timeWindow: 60_000 },
  /** Register, login, change-password. */
  auth: { max: 5, timeWindow: 60_000 },
} as const;
