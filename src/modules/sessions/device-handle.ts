import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import {
  androidActivityNameProblem,
  inputEventProblem,
  launchParamsProblem,
  packageNameProblem,
  rotationProblem,
} from '../../worker/device-arguments';
import type {
  DeviceCategory,
  InputEvent,
  InstalledApp,
  LaunchOptions,
  Rotation,
  ScreenInfo,
  UiNode,
} from '../../worker/driver';
import type { WorkerOp } from '../../worker/protocol';
import type { FileLinks, DeviceRouter } from '../workers';

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
 * the execution engine). Every call validates its arguments for the platform (422), checks that
 * the session still holds the device, has a timeout, and rejects with the signal's reason once the
 * caller's AbortSignal fires.
 */
export interface DeviceHandle {
  readonly sessionId: string;
  readonly deviceId: string;
  readonly platform: 'ios' | 'android';
  readonly category: DeviceCategory;
  /** The device's display name, e.g. "Pixel 8". */
  readonly deviceName: string;
  input(event: InputEvent): Promise<void>;
  screenshot(): Promise<Screenshot>;
  uiTree(): Promise<UiNode>;
  install(pkg: StoredPackage, options?: { grantPermissions?: boolean }): Promise<InstalledApp>;
  launch(packageName: string, options?: LaunchOptions): Promise<void>;
  terminate(packageName: string): Promise<void>;
  clearData(packageName: string): Promise<void>;
  uninstall(packageName: string): Promise<void>;
  listApps(): Promise<InstalledApp[]>;
  rotate(rotation: Rotation): Promise<ScreenInfo>;
  /** The screen as the device last reported it. */
  screen(): Promise<ScreenInfo>;
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
}

export class SessionDeviceHandle implements DeviceHandle {
  constructor(
    private readonly deps: { router: DeviceRouter; links: FileLinks; clock: Clock },
    readonly sessionId: string,
    readonly deviceId: string,
    readonly platform: 'ios' | 'android',
    readonly category: DeviceCategory,
    readonly deviceName: string,
    private readonly options: DeviceHandleOptions,
  ) {}

  async input(event: InputEvent): Promise<void> {
    checkArgument(inputEventProblem(event));
    await this.call('input', event as unknown as Record<string, unknown>);
  }

  async screenshot(): Promise<Screenshot> {
    const shot = await this.call<{ image: string; width: number; height: number; rotation: Rotation; at: number }>(
      'screenshot',
    );
    return {
      jpeg: Buffer.from(shot.image, 'base64'),
      screen: { width: shot.width, height: shot.height, rotation: shot.rotation },
      at: shot.at,
    };
  }

  uiTree(): Promise<UiNode> {
    return this.call<UiNode>('ui_tree');
  }

  install(pkg: StoredPackage, options: { grantPermissions?: boolean } = {}): Promise<InstalledApp> {
    const link = this.deps.links.sign(pkg.storageKey, this.deps.clock.now());
    return this.call<InstalledApp>('install', {
      url: `/api/v1/workers/files/${link}`,
      file_name: pkg.fileName,
      grant_permissions: options.grantPermissions ?? true,
    });
  }

  async launch(packageName: string, options: LaunchOptions = {}): Promise<void> {
    checkArgument(packageNameProblem(this.platform, packageName, 'package_name'));
    if (options.activity !== undefined)
      checkArgument(
        this.platform === 'android'
          ? androidActivityNameProblem(options.activity, 'activity_name')
          : 'activity_name: only Android apps have activities',
      );
    if (options.params !== undefined) checkArgument(launchParamsProblem(options.params, 'params'));
    await this.call('launch', { package_name: packageName, activity: options.activity, params: options.params });
  }

  async terminate(packageName: string): Promise<void> {
    checkArgument(packageNameProblem(this.platform, packageName, 'package_name'));
    await this.call('terminate', { package_name: packageName });
  }

  async clearData(packageName: string): Promise<void> {
    checkArgument(packageNameProblem(this.platform, packageName, 'package_name'));
    await this.call('clear_data', { package_name: packageName });
  }

  async uninstall(packageName: string): Promise<void> {
    checkArgument(packageNameProblem(this.platform, packageName, 'package_name'));
    await this.call('uninstall', { package_name: packageName });
  }

  listApps(): Promise<InstalledApp[]> {
    return this.call<InstalledApp[]>('list_apps');
  }

  async rotate(rotation: Rotation): Promise<ScreenInfo> {
    checkArgument(rotationProblem(rotation));
    const screen = await this.call<ScreenInfo>('rotate', { rotation });
    this.options.screen = screen;
    return screen;
  }

  async screen(): Promise<ScreenInfo> {
    this.options.signal?.throwIfAborted();
    const last = this.deps.router.lastFrame(this.deviceId);
    const known = last?.meta.screen ?? this.options.screen;
    if (known) return known;
    return (await this.screenshot()).screen;
  }

  private async call<T>(op: WorkerOp, args: Record<string, unknown> = {}): Promise<T> {
    const { signal } = this.options;
    signal?.throwIfAborted();
    await this.options.guard();
    signal?.throwIfAborted();
    const pending = this.deps.router.command<T>(this.deviceId, op, args, { timeoutMs: this.options.timeoutMs });
    return signal ? untilAborted(pending, signal) : pending;
  }
}

/** Arguments that do not fit the platform's syntax never reach a device: 422. */
function checkArgument(problem: string | null): void {
  if (problem) throw new AppError('UNPROCESSABLE', problem);
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
