/** Why a driver refused a command; the worker forwards `code` and `message` in its result. */
export type DriverErrorCode =
  | 'UNKNOWN_DEVICE'
  | 'NOT_BOOTED'
  | 'APP_NOT_INSTALLED'
  | 'INVALID_PACKAGE'
  | 'INVALID_INPUT'
  | 'UNSUPPORTED'
  | 'TOOL_FAILED';

export class DeviceDriverError extends Error {
  constructor(
    readonly code: DriverErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeviceDriverError';
  }
}
