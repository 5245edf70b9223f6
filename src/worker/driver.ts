/**
 * The contract between a device worker and the platform it drives. The worker protocol
 * (docs/design/0013-device-worker-protocol.md) maps each command op onto one method here; drivers:
 * `virtual` (built in), `android` (adb), `ios` (xcrun simctl + idb).
 *
 * One coordinate space per device: screenshots, stream frames, input coordinates and UI-tree
 * bounds are all in pixels of the screen as currently rotated (`ScreenInfo`).
 */

export type DeviceType = 'ios' | 'android';
export type DeviceCategory = 'phone' | 'tablet' | 'tv';
export type Rotation = 0 | 90 | 180 | 270;

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

export interface ScreenInfo {
  width: number;
  height: number;
  rotation: Rotation;
}

export type InputEvent =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'double_tap'; x: number; y: number }
  | { kind: 'long_press'; x: number; y: number; durationMs?: number }
  | { kind: 'swipe'; x: number; y: number; x2: number; y2: number; durationMs?: number }
  | { kind: 'touch'; phase: 'start' | 'move' | 'end'; x: number; y: number }
  /** Android keycodes without the KEYCODE_ prefix: BACK, HOME, MENU, ENTER, DEL, DPAD_UP, ... */
  | { kind: 'key'; key: string }
  /** iOS hardware buttons: HOME, LOCK, SIRI (and VOLUME_UP, VOLUME_DOWN). */
  | { kind: 'button'; button: string }
  | { kind: 'text'; text: string };

export interface InstalledApp {
  packageName: string;
  name: string;
  version: string;
  /** Whether the app's declared permissions were granted at install (when the driver knows). */
  permissionsGranted?: boolean;
}

export interface UiNode {
  /** Stable within one screen state, e.g. "e12"; used as an element ref by agents. */
  ref: string;
  /** button, text, input, toggle, list, list_item, image, alert, screen, ... */
  role: string;
  text: string | null;
  /** accessibility identifier / resource-id */
  id: string | null;
  bounds: { x: number; y: number; width: number; height: number };
  enabled: boolean;
  focused: boolean;
  checked?: boolean;
  children: UiNode[];
}

export interface Frame {
  /** A complete JPEG image. */
  jpeg: Buffer;
  screen: ScreenInfo;
  /** Milliseconds since the epoch when the frame was rendered. */
  at: number;
  keyframe: boolean;
}

/** Flat key-value launch parameters (intent extras / launch arguments). */
export type LaunchParams = Record<string, string | number | boolean>;

export interface LaunchOptions {
  /** Android activity to start instead of the launcher activity. */
  activity?: string;
  params?: LaunchParams;
}

export interface InstallOptions {
  /**
   * Grant the permissions the app declares, so sessions are not stopped by permission prompts
   * (`adb install -g`; `simctl privacy grant` on iOS). Default true, like the API.
   */
  grantPermissions?: boolean;
}

export interface DeviceDriver {
  readonly kind: 'virtual' | 'android' | 'ios';
  /** Devices this host offers right now. */
  listDevices(): Promise<DeviceSpec[]>;
  boot(deviceId: string): Promise<ScreenInfo>;
  /** Powers the device off and resets it to a clean state for the next session. */
  shutdown(deviceId: string): Promise<void>;
  /** Installs a package from a local file (.apk, or an iOS .app as .zip/.tar.gz/.tgz). */
  install(deviceId: string, filePath: string, options?: InstallOptions): Promise<InstalledApp>;
  uninstall(deviceId: string, packageName: string): Promise<void>;
  launch(deviceId: string, packageName: string, options?: LaunchOptions): Promise<void>;
  terminate(deviceId: string, packageName: string): Promise<void>;
  clearData(deviceId: string, packageName: string): Promise<void>;
  input(deviceId: string, event: InputEvent): Promise<void>;
  rotate(deviceId: string, rotation: Rotation): Promise<ScreenInfo>;
  screenshot(deviceId: string): Promise<Frame>;
  uiTree(deviceId: string): Promise<UiNode>;
  listApps(deviceId: string): Promise<InstalledApp[]>;
  /**
   * Starts pushing frames: one when the screen changes and a keyframe at least every second.
   * Calling it again replaces the callback.
   */
  startStream(deviceId: string, onFrame: (frame: Frame) => void): Promise<void>;
  stopStream(deviceId: string): Promise<void>;
  /** Releases every resource (child processes, timers). */
  close(): Promise<void>;
}
