import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { redactSecrets } from './redact';

/** Strips credentials that clients may put in a URL (WebSocket `?token=`) before it is logged. */
export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|api_key)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * Errors are logged with type, message and stack, but never the query parameters Drizzle and pg
 * attach (they can hold tokens and password hashes), driver internals, or the requests and
 * answers of HTTP clients (a provider's `responseBody`, `requestBodyValues`); what strings remain
 * have credentials taken out (`redactSecrets`), as an upstream's message may quote them.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  const base: Record<string, unknown> = { ...pino.stdSerializers.err(err as Error) };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(base)) {
    if (OMITTED_ERROR_FIELDS.includes(key)) continue;
    out[key] = typeof value === 'string' ? redactSecrets(stripParams(value)) : value;
  }
  const cause = (err as { cause?: unknown })?.cause;
  if (cause && typeof cause === 'object')
    out.cause = {
      message: redactSecrets(stripParams(String((cause as Error).message))),
      code: (cause as { code?: string }).code,
    };
  return out;
}

const OMITTED_ERROR_FIELDS = [
  'params',
  'parameters',
  'client',
  'query',
  'values',
  'config',
  'request',
  'response',
  'responseBody',
  'responseHeaders',
  'requestBodyValues',
  'headers',
  'data',
];

function stripParams(text: string): string {
  return text.replace(/params: [\s\S]*?(\n\s+at |$)/, 'params: [redacted]$1');
}

/**
 * The process logger. Request lines carry method, redacted URL and address, never headers or
 * bodies; known secret-bearing keys are censored wherever they appear in a logged object.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: [
        'authorization',
        '*.authorization',
        'password',
        '*.password',
        'token',
        '*.token',
        'api_key',
        '*.api_key',
        'secret',
        '*.secret',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip ?? req.socket?.remoteAddress,
      }),
      err: serializeError,
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}
