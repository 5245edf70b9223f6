import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import { checkDeviceArgs, type DeviceArgs, type DeviceOp, type DeviceResult } from '../../worker/device-catalog';
import type { CapabilityOp } from '../../worker/capability-commands';
import type { DeviceCategory, LaunchOptions, ScreenInfo } from '../../worker/driver';
import type { FileLinks, DeviceRouter } from '../workers';
import type { DeviceLogRead, SessionLogs } from './session-logs';

export interface Screenshot {
  jpeg: Buffer;
  screen: ScreenInfo;
  /** When the device rendered it (ms since the epoch). */
  at: number;
}

/** A package in object storage, as apps and session uploads keep them. */
export interface StoredPackage {
  storageKey: string;
  fileName: string;
}

/**
 * The narrow device surface that code drives a session through (the control endpoint, installs,
 * the execution engine), typed by the device-command catalog. Every call checks its arguments
 * against the catalog for the platform (422), checks that the session still holds the device, has
 * a timeout, and rejects with the signal's reason once the caller's AbortSignal fires.
 */
export interface DeviceHandle {
  readonly sessionId: string;
  readonly deviceId: string;
  readonly platform: 'ios' | 'android';
  readonly category: DeviceCategory;
  /** The device's display name, e.g. "Pixel 8". */
  readonly deviceName: string;
  input(event: DeviceArgs<'input'>): Promise<void>;
  screenshot(): Promise<Screenshot>;
  uiTree(): Promise<DeviceResult<'ui_tree'>>;
  install(pkg: StoredPackage, options?: { grantPermissions?: boolean }): Promise<DeviceResult<'install'>>;
  launch(packageName: string, options?: LaunchOptions): Promise<void>;
  terminate(packageName: string): Promise<void>;
  clearData(packageName: string): Promise<void>;
  uninstall(packageName: string): Promise<void>;
  listApps(): Promise<DeviceResult<'list_apps'>>;
  rotate(rotation: DeviceArgs<'rotate'>['rotation']): Promise<DeviceResult<'rotate'>>;
  /** The screen as the device last reported it. */
  screen(): Promise<ScreenInfo>;
  /** A device capability (open_url, set_location, set_permission, clipboard, appearance, push, network). */
  capability<Op extends Exclude<CapabilityOp, 'add_media'>>(op: Op, args: DeviceArgs<Op>): Promise<DeviceResult<Op>>;
  /** Adds a photo or video kept in object storage to the device's library. */
  addMedia(file: StoredPackage): Promise<DeviceResult<'add_media'>>;
  /**
   * The device log's lines since this handle's last read (its first read: since the session's
   * last kept line), kept with the session, and the app crashes among them.
   */
  readLogs(): Promise<DeviceLogRead>;
  /** Starts recording the screen on the device host (422 when the host has no encoder). */
  startRecording(recordingId: string, options?: { fps?: number; maxSeconds?: number }): Promise<void>;
  /**
   * Ends the recording: the MP4, with a chapter per mark, is stored under `storageKey` (or
   * dropped when `discard`). Resolves with what was recorded.
   */
  stopRecording(stop: {
    recordingId: string;
    storageKey: string;
    chapters?: Array<{ title: string; at_ms: number }>;
    discard?: boolean;
  }): Promise<DeviceResult<'record_stop'>>;
}

/** Throws when the session no longer holds the device (ended, failed, or the device moved on). */
export type LeaseGuard = () => Promise<void>;

export interface DeviceHandleOptions {
  signal?: AbortSignal;
  /** Overrides every call's default timeout (the protocol's per-op defaults otherwise). */
  timeoutMs?: number;
  guard: LeaseGuard;
  /** The screen as the session row knows it, for `screen()` before any frame arrived. */
  screen: ScreenInfo | null;
  /** The session's organization (whose log lines the handle keeps). */
  organizationId?: number;
}

export class SessionDeviceHandle implements DeviceHandle {
  constructor(
    private readonly deps: { router: DeviceRouter; links: FileLinks; clock: Clock; logs?: SessionLogs },
    readonly sessionId: string,
    readonly deviceId: string,
    readonly platform: 'ios' | 'android',
    readonly category: DeviceCategory,
    readonly deviceName: string,
    private readonly options: DeviceHandleOptions,
  ) {}

  async input(event: DeviceArgs<'input'>): Promise<void> {
    await this.call('input', event);
  }

  async screenshot(): Promise<Screenshot> {
    const shot = await this.call('screenshot', {});
    return {
      jpeg: Buffer.from(shot.image, 'base64'),
      screen: { width: shot.width, height: shot.height, rotation: shot.rotation },
      at: shot.at,
    };
  }

  uiTree(): Promise<DeviceResult<'ui_tree'>> {
    return this.call('ui_tree', {});
  }

  install(pkg: StoredPackage, options: { grantPermissions?: boolean } = {}): Promise<DeviceResult<'install'>> {
    const link = this.deps.links.sign(pkg.storageKey, this.deps.clock.now());
    return this.call('install', {
      url: `/api/v1/workers/files/${link}`,
      file_name: pkg.fileName,
      grant_permissions: options.grantPermissions ?? true,
    });
  }

  async launch(packageName: string, options: LaunchOptions = {}): Promise<void> {
    await this.call('launch', { package_name: packageName, activity_name: options.activity, params: options.params });
  }

  async terminate(packageName: string): Promise<void> {
    await this.call('terminate', { package_name: packageName });
  }

  async clearData(packageName: string): Promise<void> {
    await this.call('clear_data', { package_name: packageName });
  }

  async uninstall(packageName: string): Promise<void> {
    await this.call('uninstall', { package_name: packageName });
  }

  listApps(): Promise<DeviceResult<'list_apps'>> {
    return this.call('list_apps', {});
  }

  async rotate(rotation: DeviceArgs<'rotate'>['rotation']): Promise<DeviceResult<'rotate'>> {
    const screen = await this.call('rotate', { rotation });
    this.options.screen = screen;
    return screen;
  }

  capability<Op extends Exclude<CapabilityOp, 'add_media'>>(op: Op, args: DeviceArgs<Op>): Promise<DeviceResult<Op>> {
    return this.call(op, args);
  }

  addMedia(file: StoredPackage): Promise<DeviceResult<'add_media'>> {
    const link = this.deps.links.sign(file.storageKey, this.deps.clock.now());
    return this.call('add_media', { url: `/api/v1/workers/files/${link}`, file_name: file.fileName });
  }

  async screen(): Promise<ScreenInfo> {
    this.options.signal?.throwIfAborted();
    const last = this.deps.router.lastFrame(this.deviceId);
    const known = last?.meta.screen ?? this.options.screen;
    if (known) return known;
    return (await this.screenshot()).screen;
  }

  private logCursor: number | undefined;

  async startRecording(recordingId: string, options: { fps?: number; maxSeconds?: number } = {}): Promise<void> {
    await this.call('record_start', { recording_id: recordingId, fps: options.fps, max_seconds: options.maxSeconds });
  }

  stopRecording(stop: {
    recordingId: string;
    storageKey: string;
    chapters?: Array<{ title: string; at_ms: number }>;
    discard?: boolean;
  }): Promise<DeviceResult<'record_stop'>> {
    const link = this.deps.links.signUpload(stop.storageKey, this.deps.clock.now());
    return this.call('record_stop', {
      recording_id: stop.recordingId,
      upload_url: `/api/v1/workers/uploads/${link}`,
      chapters: stop.chapters,
      discard: stop.discard,
    });
  }

  async readLogs(): Promise<DeviceLogRead> {
    const { logs } = this.deps;
    const organizationId = this.options.organizationId;
    if (!logs || organizationId === undefined) return { lines: [], crashes: [], next: this.logCursor ?? 0, dropped: 0 };
    this.options.signal?.throwIfAborted();
    await this.options.guard();
    const read = await logs.collect(
      { sessionId: this.sessionId, organizationId, deviceId: this.deviceId },
      this.logCursor,
    );
    this.logCursor = read.next;
    return read;
  }

  /**
   * Checks the arguments against the catalog for the device's platform (422 with the rule's
   * sentence), then sends the command once the session still holds the device.
   */
  private async call<Op extends DeviceOp>(op: Op, args: DeviceArgs<Op>): Promise<DeviceResult<Op>> {
    const checked = checkDeviceArgs(op, this.platform, args);
    if (!checked.ok) throw new AppError('UNPROCESSABLE', checked.problem);
    const { signal } = this.options;
    signal?.throwIfAborted();
    await this.options.guard();
    signal?.throwIfAborted();
    const pending = this.deps.router.command(this.deviceId, op, checked.args, { timeoutMs: this.options.timeoutMs });
    return signal ? untilAborted(pending, signal) : pending;
  }
}

/** The promise's outcome, or the signal's reason as soon as it fires (the device command itself runs on). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
