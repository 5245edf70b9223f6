import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether `err` says the database cannot be reached right now (it is restarting, shutting down or
 * refusing connections) rather than that a statement was wrong: PostgreSQL's connection-exception
 * class (08…), its shutdown codes (57P01-57P03), and the socket errors of a server that is gone.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = String((err as { code?: unknown }).code ?? '');
  if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code)) return true;
  const message = String((err as { message?: unknown }).message ?? '');
  if (/^Connection terminated|not queryable|Connection ended unexpectedly/.test(message)) return true;
  // Drizzle wraps the driver's error ("Failed query: …") and keeps it as the cause.
  return depth < 3 && isDatabaseUnavailable((err as { cause?: unknown }).cause, depth + 1);
}

/**
 * Runs `step` until it succeeds, trying again every second while the database is unavailable, for
 * at most `timeoutMs`: a replica started while its database restarts waits for it instead of
 * exiting. Any other error, or the time running out, throws.
 */
export async function whileDatabaseUnavailable<T>(
  step: () => Promise<T>,
  opts: { log: Pick<FastifyBaseLogger, 'warn'>; timeoutMs?: number; retryMs?: number },
): Promise<T> {
  const until = Date.now() + (opts.timeoutMs ?? 60_000);
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || Date.now() >= until) throw err;
      opts.log.warn(
        { err: { message: (err as Error).message }, attempt },
        'the database is not available yet; trying again',
      );
      await new Promise((r) => setTimeout(r, opts.retryMs ?? 1000));
    }
  }
}

/**
 * What happens to a promise rejection nobody handled. pg-boss 10 neither awaits nor catches the
 * completion or failure of a job it records after the handler returns, so a database that goes
 * away at that moment rejects into nothing; that is logged (the job is taken again when its lease
 * expires, or swept) and the process lives on. Any other unhandled rejection is a bug: it is
 * logged and the process exits, as Node would.
 */
export function onUnhandledRejection(
  reason: unknown,
  log: Pick<FastifyBaseLogger, 'warn' | 'fatal'>,
  exit: (code: number) => void = (code) => process.exit(code),
): 'ignored' | 'fatal' {
  if (isDatabaseUnavailable(reason)) {
    log.warn(
      { err: { message: (reason as Error).message, code: (reason as { code?: string }).code } },
      'a background database call failed while the database was unavailable',
    );
    return 'ignored';
  }
  log.fatal({ err: reason }, 'unhandled promise rejection');
  exit(1);
  return 'fatal';
}
