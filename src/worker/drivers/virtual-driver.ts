import os from 'node:os';
import path from 'node:path';
import type {
  DeviceDriver,
  DeviceSpec,
  Frame,
  InputEvent,
  InstallOptions,
  InstalledApp,
  LaunchOptions,
  Rotation,
  ScreenInfo,
  UiNode,
} from '../driver';
import { DeviceDriverError } from '../driver-error';
import {
  assertActivityName,
  assertInputEvent,
  assertLaunchParams,
  assertPackageName,
  assertRotation,
} from '../device-asserts';
import { DEFAULT_FLEET, expandFleet, parseVirtualDevices, type FleetEntry } from '../../virtual/fleet';
import { readDevicePackage } from '../../packages/device-package';
import { FrameScheduler } from '../../virtual/frame-scheduler';
import { VirtualDevice } from '../../virtual/virtual-device';
import { virtualCapabilities } from './virtual-capabilities';

export interface VirtualDriverOptions {
  /**
   * The fleet: a `VIRTUAL_DEVICES` string ("iPhone 15 Pro:ios:phone:17.5:2,..."), fleet entries,
   * or complete device specs. Default: `DEFAULT_FLEET` (docs/design/0014-virtual-devices.md).
   */
  devices?: string | readonly FleetEntry[] | readonly DeviceSpec[];
  /** App data of the devices lives under `<dataDir>/virtual-devices/<deviceId>`. Default: a temp dir. */
  dataDir?: string;
  /** Seed for the stable device ids. Default: the hostname. */
  hostSeed?: string;
  /**
   * Pixels per point of screenshots and frames (default 1: a phone is 393×852). Native density
   * (3 for phones) is supported but costs ~10× per frame; see docs/virtual-devices.md.
   */
  renderScale?: number;
  /** JPEG quality 1..100 (default 80). */
  jpegQuality?: number;
  /** Stream frames drawn and encoded at once across the host's devices (default: the CPU count). */
  renderSlots?: number;
  now?: () => number;
}

function isSpecList(d: readonly FleetEntry[] | readonly DeviceSpec[]): d is readonly DeviceSpec[] {
  return d.length > 0 && 'deviceId' in d[0]!;
}

/** Resolves the fleet option into device specs (throws FleetFormatError on a bad string). */
export function resolveFleet(devices: VirtualDriverOptions['devices'], hostSeed?: string): DeviceSpec[] {
  if (devices === undefined) return expandFleet(DEFAULT_FLEET, hostSeed);
  if (typeof devices === 'string') return expandFleet(parseVirtualDevices(devices), hostSeed);
  if (isSpecList(devices)) return devices.map((d) => ({ ...d }));
  return expandFleet(devices as readonly FleetEntry[], hostSeed);
}

/**
 * The built-in driver: simulated iOS and Android devices that run `simdeck-app.json` app models
 * and render real screens (status bar, home screen, app UI) as JPEG.
 */
export function createVirtualDriver(options: VirtualDriverOptions = {}): DeviceDriver & {
  /** The device object behind an id (tests use it to inspect app state). */
  device(deviceId: string): VirtualDevice;
} {
  const specs = resolveFleet(options.devices, options.hostSeed);
  const ids = new Set<string>();
  for (const s of specs) {
    if (ids.has(s.deviceId)) throw new Error(`duplicate virtual device id ${s.deviceId}`);
    ids.add(s.deviceId);
  }
  const dataDir = path.resolve(
    options.dataDir ?? path.join(os.tmpdir(), `simdeck-virtual-${process.pid}`),
    'virtual-devices',
  );
  const renderScale = options.renderScale ?? 1;
  if (!(renderScale > 0 && renderScale <= 4)) throw new Error('renderScale must be in (0, 4]');
  const devices = new Map<string, VirtualDevice>();
  const frames = new FrameScheduler(options.renderSlots);
  for (const spec of specs) {
    devices.set(
      spec.deviceId,
      new VirtualDevice({
        spec,
        dataDir: path.join(dataDir, spec.deviceId),
        renderScale,
        jpegQuality: options.jpegQuality ?? 80,
        now: options.now ?? Date.now,
        frames,
      }),
    );
  }
  const get = (deviceId: string): VirtualDevice => {
    const d = devices.get(deviceId);
    if (!d) throw new DeviceDriverError('UNKNOWN_DEVICE', `no virtual device ${deviceId} on this host`);
    return d;
  };
  const booted = (deviceId: string): VirtualDevice => {
    const d = get(deviceId);
    if (!d.booted) throw new DeviceDriverError('NOT_BOOTED', `device ${deviceId} is not booted`);
    return d;
  };
  /** The device, once `packageName` is a package name of its platform (the protocol is not trusted). */
  const withPackage = (deviceId: string, packageName: string): VirtualDevice => {
    const d = get(deviceId);
    assertPackageName(d.spec.type, packageName);
    return d;
  };

  return {
    kind: 'virtual',
    device: get,
    ...virtualCapabilities(get, booted),
    async listDevices(): Promise<DeviceSpec[]> {
      return specs.map((s) => ({ ...s }));
    },
    async bootedDevices(): Promise<string[]> {
      return [...devices.values()].filter((d) => d.booted).map((d) => d.spec.deviceId);
    },
    async boot(deviceId: string): Promise<ScreenInfo> {
      return get(deviceId).boot();
    },
    async shutdown(deviceId: string): Promise<void> {
      get(deviceId).shutdown();
    },
    async install(deviceId: string, filePath: string, options: InstallOptions = {}): Promise<InstalledApp> {
      const d = booted(deviceId);
      return d.install(await readDevicePackage(filePath, d.spec.type), {
        grantPermissions: options.grantPermissions !== false,
      });
    },
    async uninstall(deviceId: string, packageName: string): Promise<void> {
      withPackage(deviceId, packageName).uninstall(packageName);
    },
    async launch(deviceId: string, packageName: string, launchOptions?: LaunchOptions): Promise<void> {
      const d = withPackage(deviceId, packageName);
      assertLaunchParams(launchOptions?.params);
      if (launchOptions?.activity !== undefined && d.spec.type === 'android')
        assertActivityName(launchOptions.activity);
      d.launch(packageName, launchOptions);
    },
    async terminate(deviceId: string, packageName: string): Promise<void> {
      withPackage(deviceId, packageName).terminate(packageName);
    },
    async clearData(deviceId: string, packageName: string): Promise<void> {
      withPackage(deviceId, packageName).clearData(packageName);
    },
    async input(deviceId: string, event: InputEvent): Promise<void> {
      assertInputEvent(event);
      get(deviceId).input(event);
    },
    async rotate(deviceId: string, rotation: Rotation): Promise<ScreenInfo> {
      assertRotation(rotation);
      return get(deviceId).rotate(rotation);
    },
    async screenshot(deviceId: string): Promise<Frame> {
      return booted(deviceId).frame(true);
    },
    async uiTree(deviceId: string): Promise<UiNode> {
      return get(deviceId).uiTree();
    },
    async listApps(deviceId: string): Promise<InstalledApp[]> {
      return get(deviceId).listApps();
    },
    async startStream(deviceId: string, onFrame: (frame: Frame) => void): Promise<void> {
      get(deviceId).startStream(onFrame);
    },
    async stopStream(deviceId: string): Promise<void> {
      get(deviceId).stopStream();
    },
    async readLogs(deviceId: string, after: number, limit?: number) {
      return get(deviceId).logs.log.read(after, limit);
    },
    async close(): Promise<void> {
      for (const d of devices.values()) d.stopStream();
    },
  };
}
