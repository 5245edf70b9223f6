import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors';
import { COUNTERS_RETRY_AFTER_S, RateLimitUnavailableError } from './rate-limit-store';

/** A zod issue as fastify-type-provider-zod hands it over: `keyword` is the zod issue code. */
interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
}

/** Where each validation context's input lives on the request. */
const CONTEXT_INPUT = { body: 'body', querystring: 'query', params: 'params', headers: 'headers' } as const;

/** "email: required" — the field path, then what is wrong with it. */
function describeValidation(input: unknown, context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  if (!first) return 'Invalid request';
  const pathParts = (first.instancePath ?? '').split('/').filter(Boolean);
  const field = pathParts.join('.') || context || 'body';
  // Nothing was sent there: "required", unless a custom rule explains itself.
  const missing = valueAt(input, pathParts) === undefined && first.keyword !== 'custom';
  const message = missing ? 'required' : (first.message ?? 'invalid');
  // A rule that names its field itself ("url must be …", "url: javascript links …") is not named twice.
  const last = pathParts.at(-1);
  if (last && (message.startsWith(`${last} `) || message.startsWith(`${last}:`))) return message;
  return `${field}: ${message}`;
}

function valueAt(root: unknown, pathParts: string[]): unknown {
  let current = root;
  for (const part of pathParts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** One place that turns every error into `{detail}` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setNotFoundHandler((_req, reply) => {
    void reply.code(404).send({ detail: 'Not found' });
  });

  app.setErrorHandler((error: FastifyError & { detail?: string }, req, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) req.log.error({ err: error }, error.detail);
      const retryAfter = error.code === 'RATE_LIMITED' ? error.extra?.retry_after : undefined;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      // A body that stopped or crawls is not read to its end: the connection goes with the answer.
      if (error.code === 'REQUEST_TIMEOUT') reply.header('connection', 'close');
      return reply.code(error.status).send({ detail: error.detail, ...(error.extra ?? {}) });
    }
    if (error instanceof RateLimitUnavailableError) {
      req.log.error({ err: error.reason }, 'rate-limit counters unavailable: refusing a route that fails closed');
      return reply.code(503).header('retry-after', String(COUNTERS_RETRY_AFTER_S)).send({
        detail: 'Sign-in is briefly unavailable because its rate limiter cannot be reached; retry in a few seconds.',
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const key = CONTEXT_INPUT[error.validationContext as keyof typeof CONTEXT_INPUT];
      const input = key ? req[key] : undefined;
      return reply
        .code(400)
        .send({ detail: describeValidation(input, error.validationContext, error.validation as ValidationIssue[]) });
    }
    if (isResponseSerializationError(error)) {
      req.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.code(429).send({ detail: error.detail ?? 'Rate limit exceeded, retry later' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ detail: 'Request body too large' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ detail: 'Unsupported content type' });
    }
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'body: required' : error.message.replace(/^body\//, 'body.');
      return reply.code(status).send({ detail });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
