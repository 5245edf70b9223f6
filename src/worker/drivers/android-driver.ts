import { AndroidLogs } from './logcat';
import os from 'node:os';
import path from 'node:path';
import type { DeviceDriver, InputEvent, InstallOptions, InstalledApp, LaunchOptions, UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { assertInputEvent, assertLaunchParams, assertPackageName, assertRotation } from '../device-asserts';
import { readDevicePackage } from '../../packages/device-package';
import {
  amStartArgs,
  componentFor,
  dumpsysPackageArgs,
  forceStopArgs,
  installArgs,
  parseDumpsysVersion,
  parsePmListPackages,
  parsePmResult,
  parseResolvedActivity,
  pmClearArgs,
  pmFailureCode,
  resolveLauncherArgs,
  rotationArgs,
  uninstallArgs,
} from './adb-commands';
import { AdbHost } from './adb-host';
import { createAdbKit } from './adbkit-run';
import { androidCapabilities } from './android-capabilities';
import { AndroidDevices } from './android-devices';
import { AndroidInput, type InputSource } from './android-input';
import { AndroidScreen, type AndroidStreamMode, parseAndroidStreamMode, ROTATIONS } from './android-screen';
import { emulatorArgs } from './avd';
import {
  execRun,
  runTool,
  runToolText,
  runToolUnchecked,
  spawnDetached,
  toolFailure,
  type Run,
  type SpawnDetached,
} from './exec';
import { AndroidUiTrees, parseUia2Mode, type UiTreeSource, type Uia2Mode } from './android-ui-tree';
import { UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE } from './android-uia2';

export type { InputSource } from './android-input';

export interface AndroidDriverOptions {
  run?: Run;
  spawn?: SpawnDetached;
  /** The adb binary (starts the adb server when none listens; runs `emu`). */
  adb?: string;
  /** The adb server port (default $ANDROID_ADB_SERVER_PORT or 5037). */
  adbServerPort?: number;
  emulator?: string;
  /** Where AVD directories live (default $ANDROID_AVD_HOME or ~/.android/avd). */
  avdHome?: string;
  hostSeed?: string;
  /** Snapshot emulators boot from (default $SIMDECK_AVD_SNAPSHOT; none: the AVD's quick boot). */
  bootSnapshot?: string;
  /** First console port for emulators this driver starts (even, default 5580). */
  basePort?: number;
  /** Screen polling interval while streaming (default 250 ms). */
  streamIntervalMs?: number;
  /** Which source streams the screen (default $SIMDECK_ANDROID_STREAM, else auto). */
  streamMode?: AndroidStreamMode;
  bootTimeoutMs?: number;
  /** UI trees through the UiAutomator2 server (`auto`) or `uiautomator dump` only (`off`); default $SIMDECK_ANDROID_UIA2 or auto. */
  uia2?: Uia2Mode;
  /** Told once per device where its UI tree comes from, and why it fell back to the dump. */
  onUiTreeSource?: (serial: string, source: UiTreeSource, reason: string) => void;
  /** Told once per device when its input goes through the UiAutomator2 server, and once when it falls back to `input`. */
  onInputSource?: (serial: string, source: InputSource, reason: string) => void;
  /** How long a UiAutomator2 server gets to answer after it is instrumented (default 30 s). */
  uia2StartTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * adb driver: real devices and emulators (android-devices.ts finds them, android-screen.ts shows
 * them); each operation runs adb with argv built and checked in adb-commands.ts.
 */
export function createAndroidDriver(options: AndroidDriverOptions = {}): DeviceDriver {
  // Without a runner of the caller's, adb is reached through the adbkit client.
  const kit = options.run ? null : createAdbKit({ bin: options.adb ?? 'adb', port: options.adbServerPort });
  const run = options.run ?? kit?.run ?? execRun;
  const spawn = options.spawn ?? spawnDetached;
  const emulator = options.emulator ?? 'emulator';
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const host = new AdbHost(run, options.adb ?? 'adb', kit);
  const devices = new AndroidDevices(host, {
    emulator,
    avdHome: options.avdHome ?? process.env.ANDROID_AVD_HOME ?? path.join(os.homedir(), '.android', 'avd'),
    hostSeed: options.hostSeed ?? os.hostname(),
  });
  const screen = new AndroidScreen(host, {
    now,
    sleep,
    streamIntervalMs: options.streamIntervalMs ?? 250,
    mode: options.streamMode ?? parseAndroidStreamMode(process.env.SIMDECK_ANDROID_STREAM),
  });
  const started = new Map<string, { kill: () => void }>();
  let nextPort = options.basePort ?? 5580;
  const adbCall = host.call.bind(host);
  const shellCall = host.shellCall.bind(host);
  const sh = host.sh.bind(host);
  const serialOf = (deviceId: string) => devices.serialOf(deviceId);
  const bootTimeoutMs = options.bootTimeoutMs ?? 180_000;
  const { resetConditions, ...capabilities } = androidCapabilities(host, serialOf);
  const logs = new AndroidLogs(host);
  const uiTrees = new AndroidUiTrees({
    host,
    mode: options.uia2 ?? parseUia2Mode(process.env.SIMDECK_ANDROID_UIA2),
    onSource: options.onUiTreeSource,
    startTimeoutMs: options.uia2StartTimeoutMs,
  });
  // simdeck's own packages on the device: not the user's apps, and kept across sessions.
  const ownPackages = new Set([UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE]);
  const input = new AndroidInput({
    host,
    screen,
    uiTrees,
    sh,
    now,
    onSource: options.onInputSource,
  });

  return {
    kind: 'android',
    listDevices: () => devices.refresh(),
    ...capabilities,

    async boot(deviceId) {
      const k = await devices.lookup(deviceId);
      if (!k.serial) {
        if (!k.avd) throw new DeviceDriverError('DEVICE_OFFLINE', `device ${deviceId} is not connected to its host`);
        const port = nextPort;
        nextPort += 2;
        const snapshot = options.bootSnapshot ?? process.env.SIMDECK_AVD_SNAPSHOT ?? null;
        started.set(deviceId, spawn(emulator, emulatorArgs(k.avd, port, { snapshot })));
        k.serial = `emulator-${port}`;
      }
      const serial = k.serial;
      await runTool(run, adbCall('wait-for-device', ['-s', serial, 'wait-for-device'], bootTimeoutMs));
      const deadline = now() + bootTimeoutMs;
      while ((await sh(serial, ['getprop', 'sys.boot_completed'])).trim() !== '1') {
        if (now() > deadline)
          throw new DeviceDriverError(
            'TIMEOUT',
            `the device did not finish booting within ${Math.round(bootTimeoutMs / 1000)} s`,
          );
        await sleep(1000);
      }
      return screen.info(serial);
    },

    async shutdown(deviceId) {
      const k = await devices.lookup(deviceId);
      screen.stopStream(deviceId);
      logs.reset(deviceId);
      input.stop(deviceId);
      await uiTrees.stop(deviceId);
      if (!k.serial) return;
      // Appearance, network and location go back to the defaults for the next session.
      await resetConditions(k.serial).catch(() => undefined);
      if (k.avd) {
        await runToolUnchecked(run, adbCall('emu kill', ['-s', k.serial, 'emu', 'kill']));
        started.get(deviceId)?.kill();
        started.delete(deviceId);
        k.serial = null;
        return;
      }
      // A USB device cannot be powered off remotely: remove what sessions installed instead.
      for (const p of parsePmListPackages(await sh(k.serial, ['pm', 'list', 'packages', '-3']))) {
        if (ownPackages.has(p.packageName)) continue;
        await runToolUnchecked(run, adbCall('uninstall', ['-s', k.serial, ...uninstallArgs(p.packageName)]));
      }
      await sh(k.serial, ['settings', 'put', 'system', 'user_rotation', '0']);
      await sh(k.serial, ['input', 'keyevent', 'KEYCODE_HOME']);
    },

    async install(deviceId, filePath, install: InstallOptions = {}) {
      const serial = await serialOf(deviceId);
      const info = await readDevicePackage(filePath, 'android');
      const grant = install.grantPermissions !== false;
      const call = adbCall('install', ['-s', serial, ...installArgs(filePath, grant)], 300_000);
      const r = await runToolUnchecked(run, call);
      const result = parsePmResult(`${r.stdout.toString('utf8')}\n${r.stderr}`);
      if (!result.ok) {
        const failure = toolFailure(call, r);
        if (failure.code !== 'TOOL_FAILED') throw failure;
        const reason = pmFailureCode(result.reason);
        throw new DeviceDriverError(
          'INVALID_PACKAGE',
          `the device refused the package${reason ? ` (${reason})` : ''}`,
          failure.diagnostic,
        );
      }
      return { packageName: info.packageName, name: info.name, version: info.version, permissionsGranted: grant };
    },

    async uninstall(deviceId, packageName) {
      const args = uninstallArgs(packageName);
      const serial = await serialOf(deviceId);
      const call = adbCall('uninstall', ['-s', serial, ...args]);
      const r = await runToolUnchecked(run, call);
      if (parsePmResult(`${r.stdout.toString('utf8')}\n${r.stderr}`).ok) return;
      const failure = toolFailure(call, r);
      if (failure.code !== 'TOOL_FAILED') throw failure;
      throw new DeviceDriverError(
        'APP_NOT_INSTALLED',
        `${packageName} is not installed on this device`,
        failure.diagnostic,
      );
    },

    async launch(deviceId, packageName, launch: LaunchOptions = {}) {
      logs.appLaunched(deviceId, packageName);
      assertPackageName('android', packageName);
      assertLaunchParams(launch.params);
      const explicit = launch.activity !== undefined ? componentFor(packageName, launch.activity) : null;
      const serial = await serialOf(deviceId);
      const component = explicit ?? parseResolvedActivity(await sh(serial, resolveLauncherArgs(packageName)));
      if (!component)
        throw new DeviceDriverError(
          'APP_NOT_INSTALLED',
          `${packageName} is not installed on this device or has no launcher activity`,
        );
      const call = shellCall(serial, amStartArgs(component, launch.params));
      const out = await runToolText(run, call);
      if (!/^Error:/m.test(out)) return;
      const diagnostic = toolFailure(call, { stdout: Buffer.from(out), stderr: '', exitCode: 1 }).diagnostic;
      if (explicit && /does not exist/.test(out))
        throw new DeviceDriverError(
          'INVALID_INPUT',
          `activity ${launch.activity} does not exist in ${packageName}`,
          diagnostic,
        );
      throw new DeviceDriverError('TOOL_FAILED', `adb am start could not start ${packageName}`, diagnostic);
    },

    async terminate(deviceId, packageName) {
      const words = forceStopArgs(packageName);
      await sh(await serialOf(deviceId), words);
    },

    async clearData(deviceId, packageName) {
      const words = pmClearArgs(packageName);
      const call = shellCall(await serialOf(deviceId), words);
      const r = await runToolUnchecked(run, call);
      if (parsePmResult(r.stdout.toString('utf8')).ok) return;
      const failure = toolFailure(call, r);
      if (failure.code !== 'TOOL_FAILED') throw failure;
      throw new DeviceDriverError(
        'APP_NOT_INSTALLED',
        `${packageName} is not installed on this device`,
        failure.diagnostic,
      );
    },

    async input(deviceId, event: InputEvent) {
      assertInputEvent(event);
      await input.send(deviceId, await serialOf(deviceId), event);
    },

    async rotate(deviceId, rotation) {
      assertRotation(rotation);
      const serial = await serialOf(deviceId);
      for (const words of rotationArgs(ROTATIONS.indexOf(rotation))) await sh(serial, words);
      input.rotated(deviceId);
      await screen.rotated(deviceId, serial);
      return screen.info(serial);
    },

    async screenshot(deviceId) {
      return screen.screenshot(await serialOf(deviceId));
    },

    async uiTree(deviceId): Promise<UiNode> {
      return uiTrees.read(deviceId, await serialOf(deviceId));
    },

    async listApps(deviceId): Promise<InstalledApp[]> {
      const serial = await serialOf(deviceId);
      const pkgs = parsePmListPackages(await sh(serial, ['pm', 'list', 'packages', '-3', '--show-versioncode']));
      const apps: InstalledApp[] = [];
      for (const p of pkgs) {
        if (ownPackages.has(p.packageName)) continue;
        const v = parseDumpsysVersion(await sh(serial, dumpsysPackageArgs(p.packageName)));
        // The label needs aapt on the host; the package name stands in.
        apps.push({
          packageName: p.packageName,
          name: p.packageName,
          version: v.versionName ?? p.versionCode ?? 'unknown',
        });
      }
      return apps;
    },

    async startStream(deviceId, onFrame, onVideo) {
      screen.startStream(deviceId, await serialOf(deviceId), onFrame, onVideo);
    },

    async stopStream(deviceId) {
      screen.stopStream(deviceId);
    },

    async readLogs(deviceId, after, limit) {
      return logs.read(deviceId, await serialOf(deviceId), after, limit);
    },

    async close() {
      await uiTrees.stopAll();
      screen.stopAll();
      logs.closeAll();
      input.stopAll();
      for (const p of started.values()) p.kill();
      started.clear();
    },
  };
}
