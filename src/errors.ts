/**
 * The closed set of error codes a service may throw. The HTTP layer maps each to one status;
 * services never choose a status themselves.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE: 422,
  RATE_LIMITED: 429,
  PAYMENT_REQUIRED: 402,
  UPSTREAM_ERROR: 502,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const badRequest = (detail: string) => new AppError('BAD_REQUEST', detail);
export const conflict = (detail: string) => new AppError('CONFLICT', detail);
export const forbidden = (detail = 'Insufficient role for this action') => new AppError('FORBIDDEN', detail);

/** 429 with a `Retry-After` of `retryAfterSeconds` (the error handler sets the header). */
export const rateLimited = (detail: string, retryAfterSeconds: number) =>
  new AppError('RATE_LIMITED', detail, { retry_after: retryAfterSeconds });
