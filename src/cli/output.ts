import type { Command } from 'commander';
import { ApiClient, ApiError, UsageError } from './api-client';
import { resolveLogin } from './config-store';

/** Exit codes: 0 done (a run passed), 1 a run failed, 2 an error (API, usage) or a cancelled run. */
export const EXIT = { ok: 0, failed: 1, error: 2 } as const;

export interface CommonOptions {
  json?: boolean;
}

/** The API client of the stored (or SIMDECK_URL/SIMDECK_TOKEN) login. */
export function loggedInClient(): ApiClient {
  const login = resolveLogin();
  if (!login)
    throw new UsageError(
      'Not logged in: run `simdeck login --url <server>` (it asks for the API token), or set SIMDECK_URL and SIMDECK_TOKEN',
    );
  return new ApiClient(login.url, login.token);
}

/** Machine output: one JSON document on stdout. */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Rows as aligned columns, with a header; `(none)` when empty. */
export function printTable<T extends object>(rows: readonly T[], columns: ReadonlyArray<keyof T & string>): void {
  if (rows.length === 0) {
    process.stdout.write('(none)\n');
    return;
  }
  const cell = (v: unknown) =>
    v === null || v === undefined
      ? '-'
      : Array.isArray(v)
        ? v.map((x) => (typeof x === 'object' && x && 'name' in x ? (x as { name: string }).name : String(x))).join(',')
        : String(v);
  const cells = rows.map((r) => columns.map((c) => cell(r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (vals: string[]) => vals.map((v, i) => (i === vals.length - 1 ? v : v.padEnd(widths[i]!))).join('  ');
  process.stdout.write(`${line(columns.map((c) => c.toUpperCase()))}\n${cells.map(line).join('\n')}\n`);
}

/** Either JSON or the human form. */
export function output(opts: CommonOptions, value: unknown, human: () => void): void {
  if (opts.json) printJson(value);
  else human();
}

/** What a user sees for an error: the API's detail (or the usage message), never a stack trace. */
export function describeError(err: unknown): string {
  if (err instanceof ApiError) return err.status === 0 ? err.detail : `${err.detail} (HTTP ${err.status})`;
  if (err instanceof UsageError) return err.message;
  if (err instanceof Error) return (err as { detail?: string }).detail ?? err.message;
  return String(err);
}

/**
 * Wraps a command's action: errors are printed as `error: <detail>` on stderr (as JSON `{error,
 * status}` with --json) and exit 2. SIMDECK_DEBUG=1 adds the stack of unexpected errors.
 */
export function action<A extends unknown[]>(fn: (...args: A) => Promise<void>): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await fn(...args);
    } catch (err) {
      const cmd = args.find((a): a is Command => typeof a === 'object' && a !== null && 'optsWithGlobals' in a);
      const json = !!cmd?.optsWithGlobals<CommonOptions>().json;
      const detail = describeError(err);
      if (json)
        process.stderr.write(
          `${JSON.stringify(err instanceof ApiError ? { error: err.detail, status: err.status } : { error: detail, status: null })}\n`,
        );
      else process.stderr.write(`error: ${detail}\n`);
      if (
        process.env.SIMDECK_DEBUG &&
        err instanceof Error &&
        !(err instanceof ApiError) &&
        !(err instanceof UsageError)
      )
        process.stderr.write(`${err.stack}\n`);
      process.exitCode = EXIT.error;
    }
  };
}

/** `--help` text after the options: examples, one per line. */
export function examples(cmd: Command, lines: string[]): Command {
  return cmd.addHelpText('after', `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`);
}
