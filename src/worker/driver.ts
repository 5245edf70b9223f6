/**
 * The contract between a device worker and the platform it drives. The worker protocol
 * (docs/design/0013-device-worker-protocol.md) maps each command op onto one method here; drivers:
 * `virtual` (built in), `android` (adb), `ios` (xcrun simctl + idb).
 *
 * One coordinate space per device: screenshots, stream frames, input coordinates and UI-tree
 * bounds are all in pixels of the screen as currently rotated (`ScreenInfo`).
 */

import type { CapabilityDriver } from './capability-driver';
import type { DeviceArgs, DeviceResult } from './device-catalog';
import type { InputEvent, InstalledApp, LaunchParams, Rotation, ScreenInfo, UiNode } from './device-schemas';

export type { InputEvent, InstalledApp, LaunchParams, Rotation, ScreenInfo, UiNode };

export type { DeviceType } from './device-types';
import type { DeviceType } from './device-types';
export type DeviceCategory = 'phone' | 'tablet' | 'tv';

export interface DeviceSpec {
  /** Stable UUID of the device (the API's `device_id`). */
  deviceId: string;
  /** Display name, e.g. "iPhone 15 Pro". */
  name: string;
  /** Model, for pools: devices of one model, OS, type and category form a group. */
  model: string;
  type: DeviceType;
  category: DeviceCategory;
  osVersion: string;
}

export interface Frame {
  /** A complete JPEG image. */
  jpeg: Buffer;
  screen: ScreenInfo;
  /** Milliseconds since the epoch when the frame was rendered. */
  at: number;
  keyframe: boolean;
  /**
   * Set when the device streams H.264 beside these JPEG frames (which are then decoded from it):
   * viewers that asked for H.264 get the access units instead (`VideoUnit`).
   */
  video?: 'h264';
}

/** One H.264 access unit of a device's screen stream, in Annex B byte-stream form. */
export interface VideoUnit {
  codec: 'h264';
  /** The unit's NAL units, each after a 4-byte start code; a keyframe begins with its SPS and PPS. */
  data: Buffer;
  /** An IDR picture: a decoder can start here. */
  keyframe: boolean;
  screen: ScreenInfo;
  at: number;
}

export interface LaunchOptions {
  /** Android activity to start instead of the launcher activity. */
  activity?: DeviceArgs<'launch'>['activity_name'];
  params?: DeviceArgs<'launch'>['params'];
}

export interface InstallOptions {
  /**
   * Grant the permissions the app declares, so sessions are not stopped by permission prompts
   * (`adb install -g`; `simctl privacy grant` on iOS). Default true, like the API.
   */
  grantPermissions?: DeviceArgs<'install'>['grant_permissions'];
}

/**
 * What a driver does for each operation of the command catalog (device-catalog.ts): arguments and
 * results are the catalog's types. The worker client checks the arguments against the catalog
 * and calls the method of the operation; `install` gets the downloaded file, `screenshot` and
 * streams hand over frames, which the worker encodes.
 */
export interface DeviceDriver extends CapabilityDriver {
  readonly kind: 'virtual' | 'android' | 'ios';
  /** Devices this host offers right now. */
  listDevices(): Promise<DeviceSpec[]>;
  boot(deviceId: string): Promise<DeviceResult<'boot'>>;
  /** Powers the device off and resets it to a clean state for the next session. */
  shutdown(deviceId: string): Promise<void>;
  /** Installs a package from a local file (.apk, or an iOS .app as .zip/.tar.gz/.tgz). */
  install(deviceId: string, filePath: string, options?: InstallOptions): Promise<DeviceResult<'install'>>;
  uninstall(deviceId: string, packageName: DeviceArgs<'uninstall'>['package_name']): Promise<void>;
  launch(deviceId: string, packageName: DeviceArgs<'launch'>['package_name'], options?: LaunchOptions): Promise<void>;
  terminate(deviceId: string, packageName: DeviceArgs<'terminate'>['package_name']): Promise<void>;
  clearData(deviceId: string, packageName: DeviceArgs<'clear_data'>['package_name']): Promise<void>;
  input(deviceId: string, event: DeviceArgs<'input'>): Promise<void>;
  rotate(deviceId: string, rotation: DeviceArgs<'rotate'>['rotation']): Promise<DeviceResult<'rotate'>>;
  screenshot(deviceId: string): Promise<Frame>;
  uiTree(deviceId: string): Promise<DeviceResult<'ui_tree'>>;
  listApps(deviceId: string): Promise<DeviceResult<'list_apps'>>;
  /**
   * Starts pushing frames: one when the screen changes and a keyframe at least every second.
   * Calling it again replaces the callbacks. A device whose stream is H.264 (an Android device
   * through `screenrecord`) also hands each access unit to `onVideo`; its JPEG frames are decoded
   * from that stream and carry `video: 'h264'`.
   */
  startStream(deviceId: string, onFrame: (frame: Frame) => void, onVideo?: (unit: VideoUnit) => void): Promise<void>;
  stopStream(deviceId: string): Promise<void>;
  /** The device's log after the cursor `after` (at most `limit` lines), and the crashes among them. */
  readLogs(deviceId: string, after: number, limit?: number): Promise<DeviceResult<'read_logs'>>;
  /**
   * The devices this host holds booted right now, when it can tell (a virtual device of this
   * process, say). A worker reports them at registration, so a worker that reconnects to a host
   * whose devices kept running keeps their sessions; without it, only what the worker itself
   * booted counts.
   */
  bootedDevices?(): Promise<string[]>;
  /** Releases every resource (child processes, timers). */
  close(): Promise<void>;
}
