import type { Simctl } from 'node-simctl';
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';
import { classifySimctlFailure, isBenignSimctlError } from './simctl-commands';

/**
 * `xcrun simctl` through node-simctl (the simctl wrapper Appium maintains): one `Simctl` per
 * simulator, its verbs (`installApp`, `openUrl`, `grantPermission`, `getScreenshot`, ...) where it
 * has one and its `exec(subcommand, {args})` where it has none or its verb does less than simdeck
 * needs (`launch` with arguments, `boot` whose failures must not be swallowed). node-simctl runs
 * xcrun as a child process (teen_process), so tests point `xcrunPath` at a recorded stand-in.
 *
 * A failure becomes a driver error: TIMEOUT, what the output says about the simulator (gone,
 * busy, shut down), the caller's `otherwise`, or TOOL_FAILED; `benign` failures ("already
 * booted", "nothing to terminate") pass. The message names simctl and the action; the output
 * goes to the diagnostic only.
 */

export interface SimctlCallOptions {
  timeoutMs?: number;
  benign?: boolean;
  otherwise?: { code: DriverErrorCode; message: string };
}

export interface SimctlClient {
  /** Runs `fn` with a node-simctl instance bound to `udid` (null for host-wide verbs such as `list`). */
  call<T>(
    action: string,
    udid: string | null,
    fn: (simctl: Simctl) => Promise<T>,
    opts?: SimctlCallOptions,
  ): Promise<T | undefined>;
}

export interface SimctlClientOptions {
  /** Path of xcrun; by default node-simctl looks it up on PATH. */
  xcrunPath?: string;
  /** Time limit of one simctl call (default 60 s). */
  execTimeoutMs?: number;
}

type SimctlModule = typeof import('node-simctl');
let loaded: Promise<SimctlModule> | null = null;
/** node-simctl is an ES module only, loaded on the first simctl call. */
const loadSimctl = () => (loaded ??= import('node-simctl'));

interface ExecFailure {
  message?: string;
  stderr?: string | Buffer;
  stdout?: string | Buffer;
  code?: number | string | null;
}

/** The driver error for a failed node-simctl call. */
export function simctlFailure(action: string, err: unknown, otherwise?: SimctlCallOptions['otherwise']): Error {
  if (err instanceof DeviceDriverError) return err;
  const e = (err ?? {}) as ExecFailure;
  const stderr = String(e.stderr ?? '').trim();
  const stdout = String(e.stdout ?? '').trim();
  const message = String(e.message ?? err);
  const diagnostic = `simctl ${action} → ${message}${stderr ? `: ${stderr}` : ''}${stdout ? `\n${stdout}` : ''}`.slice(
    0,
    3000,
  );
  if (e.code === 'ENOENT' || /tool has not been found in PATH|ENOENT/.test(message))
    return new DeviceDriverError('TOOL_FAILED', 'xcrun is not installed on the device host', diagnostic);
  if (/timed out after \d+ ?ms|failed to finish booting/.test(message))
    return new DeviceDriverError('TIMEOUT', `simctl ${action} did not finish in time`, diagnostic);
  const known = classifySimctlFailure(`${stderr}\n${stdout}`);
  if (known) return new DeviceDriverError(known.code, known.message, diagnostic);
  if (otherwise) return new DeviceDriverError(otherwise.code, otherwise.message, diagnostic);
  return new DeviceDriverError('TOOL_FAILED', `simctl ${action} failed`, diagnostic);
}

export function createSimctlClient(options: SimctlClientOptions = {}): SimctlClient {
  return {
    async call(action, udid, fn, opts = {}) {
      const { Simctl } = await loadSimctl();
      const simctl = new Simctl({
        udid,
        xcrun: { path: options.xcrunPath ?? null },
        execTimeout: opts.timeoutMs ?? options.execTimeoutMs ?? 60_000,
        logErrors: false,
      });
      try {
        return await fn(simctl);
      } catch (err) {
        const stderr = String((err as ExecFailure | null)?.stderr ?? '');
        if (opts.benign && isBenignSimctlError(stderr)) return undefined;
        throw simctlFailure(action, err, opts.otherwise);
      }
    },
  };
}

/** `simctl.exec(verb, {args})`'s stdout as text (a host-wide or unwrapped verb). */
export async function simctlText(simctl: Simctl, verb: string, args: string[], timeoutMs?: number): Promise<string> {
  const r = await simctl.exec(verb, { args, timeout: timeoutMs, logErrors: false });
  return String((r as { stdout?: unknown }).stdout ?? '');
}
