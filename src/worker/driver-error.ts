import type { ErrorCode } from '../errors';

/** Why a driver refused or failed a command; the worker forwards `code` and `message` in its result. */
export type DriverErrorCode =
  /** The host does not offer this device (any more). */
  | 'UNKNOWN_DEVICE'
  | 'NOT_BOOTED'
  /** The device is connected but cannot take commands (offline, unauthorized). */
  | 'DEVICE_OFFLINE'
  /** The device is in a transition (booting, shutting down) and cannot take this command now. */
  | 'DEVICE_BUSY'
  | 'TIMEOUT'
  | 'APP_NOT_INSTALLED'
  | 'INVALID_PACKAGE'
  | 'INVALID_INPUT'
  | 'UNSUPPORTED'
  /** A device tool (adb, simctl, idb, the emulator) failed. */
  | 'TOOL_FAILED'
  /** The worker itself failed (a package download, an unexpected error). */
  | 'WORKER_FAILED';

/**
 * The control plane's answer to each driver code (`ErrorCode` of src/errors.ts): a device that
 * is gone or not running is 503, one in a transition 409, a tool timeout 504, bad arguments 422,
 * a failing tool or worker 502.
 */
export const DRIVER_ERROR_STATUS: Record<DriverErrorCode, ErrorCode> = {
  UNKNOWN_DEVICE: 'UNAVAILABLE',
  NOT_BOOTED: 'UNAVAILABLE',
  DEVICE_OFFLINE: 'UNAVAILABLE',
  DEVICE_BUSY: 'CONFLICT',
  TIMEOUT: 'TIMEOUT',
  APP_NOT_INSTALLED: 'UNPROCESSABLE',
  INVALID_PACKAGE: 'UNPROCESSABLE',
  INVALID_INPUT: 'UNPROCESSABLE',
  UNSUPPORTED: 'UNPROCESSABLE',
  TOOL_FAILED: 'UPSTREAM_ERROR',
  WORKER_FAILED: 'UPSTREAM_ERROR',
};

export function isDriverErrorCode(value: unknown): value is DriverErrorCode {
  return typeof value === 'string' && Object.hasOwn(DRIVER_ERROR_STATUS, value);
}

/**
 * A driver failure. `message` is shown to API clients: a sentence without host names, paths or
 * tool output. `diagnostic` (the command, its exit code and stderr) only goes to the worker's log.
 */
export class DeviceDriverError extends Error {
  constructor(
    readonly code: DriverErrorCode,
    message: string,
    readonly diagnostic?: string,
  ) {
    super(message);
    this.name = 'DeviceDriverError';
  }
}

/** What a failed command reports: the client-safe part goes in the result, the rest to the log. */
export interface CommandFailure {
  code: DriverErrorCode;
  message: string;
  diagnostic: string | undefined;
}

/** Turns anything a command threw into a failure; an unexpected error keeps its text out of `message`. */
export function describeFailure(err: unknown): CommandFailure {
  if (err instanceof DeviceDriverError) return { code: err.code, message: err.message, diagnostic: err.diagnostic };
  const diagnostic = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return { code: 'WORKER_FAILED', message: 'the device worker hit an unexpected error', diagnostic };
}
