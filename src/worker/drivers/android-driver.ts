import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharp } from '../../lazy-modules';
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
import { assertInputEvent, assertLaunchParams, assertPackageName, assertRotation } from '../device-arguments';
import { stableDeviceId } from '../../virtual/fleet';
import { readDevicePackage } from '../../packages/device-package';
import {
  AVD_NAME,
  adbShellCommand,
  amStartArgs,
  androidReleaseFor,
  categoryFromProps,
  classifyAdbFailure,
  componentFor,
  dumpsysPackageArgs,
  emulatorArgs,
  forceStopArgs,
  inputArgs,
  installArgs,
  parseAdbDevices,
  parseAvdConfig,
  parseDumpsysVersion,
  parseGetprop,
  parsePmListPackages,
  parsePmResult,
  parseResolvedActivity,
  parseUiautomatorXml,
  parseWmSize,
  pmClearArgs,
  pmFailureCode,
  resolveLauncherArgs,
  rotationArgs,
  uninstallArgs,
} from './adb-commands';
import {
  execRun,
  runTool,
  runToolText,
  runToolUnchecked,
  spawnDetached,
  toolFailure,
  type Run,
  type SpawnDetached,
  type ToolCall,
} from './exec';

export interface AndroidDriverOptions {
  run?: Run;
  spawn?: SpawnDetached;
  adb?: string;
  emulator?: string;
  /** Where AVD directories live (default $ANDROID_AVD_HOME or ~/.android/avd). */
  avdHome?: string;
  hostSeed?: string;
  /** First console port for emulators this driver starts (even, default 5580). */
  basePort?: number;
  /** Screen polling interval while streaming (default 250 ms). */
  streamIntervalMs?: number;
  bootTimeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

interface Known {
  spec: DeviceSpec;
  /** adb serial when connected. */
  serial: string | null;
  avd: string | null;
}

const ROTATIONS: Rotation[] = [0, 90, 180, 270];

/**
 * adb driver: real devices and emulators. Device ids are UUIDs derived from the host seed and
 * the AVD name (emulators) or serial (USB devices), so they survive reconnects. Streaming polls
 * `screencap` (a few fps); scrcpy H.264 is the later upgrade.
 */
export function createAndroidDriver(options: AndroidDriverOptions = {}): DeviceDriver {
  const run = options.run ?? execRun;
  const spawn = options.spawn ?? spawnDetached;
  const adb = options.adb ?? 'adb';
  const emulator = options.emulator ?? 'emulator';
  const avdHome = options.avdHome ?? process.env.ANDROID_AVD_HOME ?? path.join(os.homedir(), '.android', 'avd');
  const hostSeed = options.hostSeed ?? os.hostname();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const known = new Map<string, Known>();
  const started = new Map<string, { kill: () => void }>();
  const streams = new Map<string, { stop: boolean; onFrame: (f: Frame) => void }>();
  const touches = new Map<string, { x: number; y: number; at: number }>();
  let nextPort = options.basePort ?? 5580;

  /** An adb call; `action` names it in messages, from fixed words only. */
  const adbCall = (action: string, args: string[], timeoutMs?: number): ToolCall => ({
    tool: 'adb',
    action,
    cmd: adb,
    args,
    timeoutMs,
    classify: classifyAdbFailure,
  });
  /** Runs `words` in the device shell as one quoted command line; the first two words are ours. */
  const shellCall = (serial: string, words: string[], timeoutMs?: number) =>
    adbCall(words.slice(0, 2).join(' '), ['-s', serial, 'shell', adbShellCommand(words)], timeoutMs);
  const sh = (serial: string, words: string[], timeoutMs?: number) =>
    runToolText(run, shellCall(serial, words, timeoutMs));
  const bootTimeoutMs = options.bootTimeoutMs ?? 180_000;

  async function refresh(): Promise<DeviceSpec[]> {
    const seen = new Map<string, Known>();
    const devices = parseAdbDevices(await runToolText(run, adbCall('devices', ['devices', '-l'])));
    const runningAvds = new Set<string>();
    for (const d of devices.filter((x) => x.state === 'device')) {
      const props = parseGetprop(await sh(d.serial, ['getprop']));
      const avd = props['ro.boot.qemu.avd_name'] || props['ro.kernel.qemu.avd_name'] || null;
      if (avd) runningAvds.add(avd);
      const model = props['ro.product.model'] ?? d.attrs.model?.replace(/_/g, ' ') ?? d.serial;
      const deviceId = stableDeviceId(hostSeed, avd ? `android-avd|${avd}` : `android-serial|${d.serial}`);
      const avdInfo = avd ? readAvd(avd) : null;
      seen.set(deviceId, {
        serial: d.serial,
        avd,
        spec: {
          deviceId,
          name: avdInfo?.displayName ?? model,
          model: avdInfo?.model ?? model,
          type: 'android',
          category: categoryFromProps(props),
          osVersion: props['ro.build.version.release'] ?? 'unknown',
        },
      });
    }
    let avds: string[] = [];
    try {
      avds = (await runToolText(run, { tool: 'emulator', action: '-list-avds', cmd: emulator, args: ['-list-avds'] }))
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => AVD_NAME.test(l));
    } catch {
      avds = [];
    }
    for (const avd of avds) {
      if (runningAvds.has(avd)) continue;
      const info = readAvd(avd);
      const deviceId = stableDeviceId(hostSeed, `android-avd|${avd}`);
      seen.set(deviceId, {
        serial: null,
        avd,
        spec: {
          deviceId,
          name: info?.displayName ?? avd,
          model: info?.model ?? avd,
          type: 'android',
          category: info?.category ?? 'phone',
          osVersion: androidReleaseFor(info?.apiLevel ?? null),
        },
      });
    }
    known.clear();
    for (const [k, v] of seen) known.set(k, v);
    return [...seen.values()].map((k) => k.spec);
  }

  function readAvd(avd: string) {
    try {
      return parseAvdConfig(fs.readFileSync(path.join(avdHome, `${avd}.avd`, 'config.ini'), 'utf8'));
    } catch {
      return null;
    }
  }

  async function lookup(deviceId: string): Promise<Known> {
    if (!known.has(deviceId)) await refresh();
    const k = known.get(deviceId);
    if (!k) throw new DeviceDriverError('UNKNOWN_DEVICE', `no Android device ${deviceId} on this host`);
    return k;
  }

  async function serialOf(deviceId: string): Promise<string> {
    let k = await lookup(deviceId);
    if (!k.serial) {
      await refresh();
      k = await lookup(deviceId);
    }
    if (!k.serial) throw new DeviceDriverError('NOT_BOOTED', `device ${deviceId} is not booted`);
    return k.serial;
  }

  async function screenInfo(serial: string): Promise<ScreenInfo> {
    const size = parseWmSize(await sh(serial, ['wm', 'size']));
    if (!size) throw new DeviceDriverError('TOOL_FAILED', 'adb wm size printed no screen size');
    const rot = Number((await sh(serial, ['settings', 'get', 'system', 'user_rotation'])).trim());
    const rotation = ROTATIONS[Number.isInteger(rot) && rot >= 0 && rot <= 3 ? rot : 0]!;
    const landscape = rotation === 90 || rotation === 270;
    const portraitW = Math.min(size.width, size.height);
    const portraitH = Math.max(size.width, size.height);
    // A TV's natural orientation is landscape.
    const naturalLandscape = size.width > size.height;
    const w = naturalLandscape ? size.width : landscape ? portraitH : portraitW;
    const h = naturalLandscape ? size.height : landscape ? portraitW : portraitH;
    return { width: w, height: h, rotation };
  }

  async function capture(serial: string): Promise<Buffer> {
    const call = adbCall('screencap', ['-s', serial, 'exec-out', 'screencap', '-p'], 20_000);
    const r = await runToolUnchecked(run, call);
    if (r.exitCode !== 0 || r.stdout.length < 8) throw toolFailure(call, { ...r, exitCode: r.exitCode || 1 });
    return r.stdout;
  }

  async function toFrame(png: Buffer, keyframe: boolean, rotation: Rotation): Promise<Frame> {
    const img = sharp(png);
    const meta = await img.metadata();
    const jpeg = await img.jpeg({ quality: 80 }).toBuffer();
    return { jpeg, screen: { width: meta.width ?? 0, height: meta.height ?? 0, rotation }, at: now(), keyframe };
  }

  async function currentRotation(serial: string): Promise<Rotation> {
    const rot = Number((await sh(serial, ['settings', 'get', 'system', 'user_rotation'])).trim());
    return ROTATIONS[Number.isInteger(rot) && rot >= 0 && rot <= 3 ? rot : 0]!;
  }

  return {
    kind: 'android',
    listDevices: refresh,

    async boot(deviceId) {
      const k = await lookup(deviceId);
      if (!k.serial) {
        if (!k.avd) throw new DeviceDriverError('DEVICE_OFFLINE', `device ${deviceId} is not connected to its host`);
        const port = nextPort;
        nextPort += 2;
        started.set(deviceId, spawn(emulator, emulatorArgs(k.avd, port)));
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
      return screenInfo(serial);
    },

    async shutdown(deviceId) {
      const k = await lookup(deviceId);
      streams.get(deviceId) && (streams.get(deviceId)!.stop = true);
      streams.delete(deviceId);
      if (!k.serial) return;
      if (k.avd) {
        await runToolUnchecked(run, adbCall('emu kill', ['-s', k.serial, 'emu', 'kill']));
        started.get(deviceId)?.kill();
        started.delete(deviceId);
        k.serial = null;
        return;
      }
      // A USB device cannot be powered off remotely: remove what sessions installed instead.
      for (const p of parsePmListPackages(await sh(k.serial, ['pm', 'list', 'packages', '-3']))) {
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
      const serial = await serialOf(deviceId);
      if (event.kind === 'touch') {
        // adb has no touch-down/up primitives without root: replay start→end as one swipe.
        if (event.phase === 'start') touches.set(deviceId, { x: event.x, y: event.y, at: now() });
        else if (event.phase === 'end') {
          const t = touches.get(deviceId);
          touches.delete(deviceId);
          if (t) {
            const ms = Math.max(50, now() - t.at);
            const cmds =
              Math.hypot(event.x - t.x, event.y - t.y) < 10
                ? inputArgs({ kind: 'tap', x: t.x, y: t.y })
                : inputArgs({ kind: 'swipe', x: t.x, y: t.y, x2: event.x, y2: event.y, durationMs: ms });
            for (const c of cmds) await sh(serial, c);
          }
        }
        return;
      }
      for (const c of inputArgs(event)) await sh(serial, c);
    },

    async rotate(deviceId, rotation) {
      assertRotation(rotation);
      const serial = await serialOf(deviceId);
      for (const words of rotationArgs(ROTATIONS.indexOf(rotation))) await sh(serial, words);
      return screenInfo(serial);
    },

    async screenshot(deviceId) {
      const serial = await serialOf(deviceId);
      return toFrame(await capture(serial), true, await currentRotation(serial));
    },

    async uiTree(deviceId): Promise<UiNode> {
      const serial = await serialOf(deviceId);
      const file = '/sdcard/simdeck-ui.xml';
      await sh(serial, ['uiautomator', 'dump', file], 30_000);
      const xml = await runToolText(run, adbCall('exec-out cat', ['-s', serial, 'exec-out', 'cat', file]));
      return parseUiautomatorXml(xml);
    },

    async listApps(deviceId): Promise<InstalledApp[]> {
      const serial = await serialOf(deviceId);
      const pkgs = parsePmListPackages(await sh(serial, ['pm', 'list', 'packages', '-3', '--show-versioncode']));
      const apps: InstalledApp[] = [];
      for (const p of pkgs) {
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

    async startStream(deviceId, onFrame) {
      const serial = await serialOf(deviceId);
      const existing = streams.get(deviceId);
      if (existing) {
        existing.onFrame = onFrame;
        return;
      }
      const s = { stop: false, onFrame };
      streams.set(deviceId, s);
      const interval = options.streamIntervalMs ?? 250;
      void (async () => {
        let last: Buffer | null = null;
        let lastKey = 0;
        while (!s.stop) {
          try {
            const png = await capture(serial);
            const key = now() - lastKey >= 1000;
            if (key || !last || !png.equals(last)) {
              const rotation = await currentRotation(serial);
              const f = await toFrame(png, key, rotation);
              if (key) lastKey = now();
              last = png;
              if (!s.stop) s.onFrame(f);
            }
          } catch {
            // A transient adb failure skips one poll; shutdown stops the loop.
          }
          await sleep(interval);
        }
      })();
    },

    async stopStream(deviceId) {
      const s = streams.get(deviceId);
      if (s) s.stop = true;
      streams.delete(deviceId);
    },

    async close() {
      for (const s of streams.values()) s.stop = true;
      streams.clear();
      for (const p of started.values()) p.kill();
      started.clear();
    },
  };
}
