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
import { DeviceDriverError, type DriverErrorCode } from '../driver-error';
import { assertInputEvent, assertLaunchParams, assertPackageName, assertRotation } from '../device-asserts';
import { extractIosBundle, readDevicePackage } from '../../packages/device-package';
import { execRun, runToolText, runToolUnchecked, toolFailure, type Run, type ToolCall } from './exec';
import {
  classifySimctlFailure,
  isBenignSimctlError,
  modelFromDeviceType,
  parseListApps,
  parseSimctlDevices,
  privacyServicesFor,
  simctlAppArgs,
  simctlDataContainerArgs,
  simctlLaunchArgs,
  simctlPrivacyGrantArgs,
  type SimDevice,
} from './simctl-commands';
import { iosCapabilities } from './simctl-capabilities';
import { IosLogs } from './ios-logs';
import { idbInputArgs, parseIdbDescribe, parseIdbDescribeAll } from './idb-commands';

export interface IosDriverOptions {
  run?: Run;
  xcrun?: string;
  idb?: string;
  /** Scratch space for unpacked bundles (default: the OS temp dir). */
  workDir?: string;
  streamIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Where the host writes crash reports (default `~/Library/Logs/DiagnosticReports`). */
  crashReportsDir?: string;
}

/**
 * iOS simulators through `xcrun simctl` (lifecycle, apps, screenshots) and idb (input, UI
 * tree). The simulator UDID is the device id. Streaming polls screenshots; rotation needs the
 * Simulator app and is not offered.
 */
export function createIosDriver(options: IosDriverOptions = {}): DeviceDriver {
  const run = options.run ?? execRun;
  const xcrun = options.xcrun ?? 'xcrun';
  const idb = options.idb ?? 'idb';
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const density = new Map<string, number>();
  const streams = new Map<string, { stop: boolean; onFrame: (f: Frame) => void }>();
  const touches = new Map<string, { x: number; y: number; at: number }>();
  let logs: IosLogs | null = null;
  const deviceLogs = () => {
    logs ??= new IosLogs({ run, simctlCall, now, crashReportsDir: options.crashReportsDir });
    return logs;
  };

  const simctlCall = (args: string[], timeoutMs?: number): ToolCall => ({
    tool: 'simctl',
    action: args[0]!,
    cmd: xcrun,
    args: ['simctl', ...args],
    timeoutMs,
    classify: classifySimctlFailure,
  });
  const idbCall = (args: string[]): ToolCall => ({
    tool: 'idb',
    action: args
      .slice(0, 2)
      .filter((a) => !a.startsWith('-'))
      .join(' '),
    cmd: idb,
    args,
  });

  /**
   * Runs `simctl <args>`. A failure is TIMEOUT, what the simulator's state explains, `otherwise`
   * (when the verb's failure has one likely cause), or TOOL_FAILED; `benign` failures pass.
   */
  const simctl = async (
    args: string[],
    opts?: {
      timeoutMs?: number;
      benign?: boolean;
      input?: Buffer;
      otherwise?: { code: DriverErrorCode; message: string };
    },
  ) => {
    const call = { ...simctlCall(args, opts?.timeoutMs), input: opts?.input };
    const r = await runToolUnchecked(run, call);
    if (r.exitCode === 0 || (opts?.benign && isBenignSimctlError(r.stderr))) return r;
    const failure = toolFailure(call, r);
    if (failure.code === 'TOOL_FAILED' && opts?.otherwise)
      throw new DeviceDriverError(opts.otherwise.code, opts.otherwise.message, failure.diagnostic);
    throw failure;
  };

  async function devices(): Promise<SimDevice[]> {
    return parseSimctlDevices(await runToolText(run, simctlCall(['list', '-j', 'devices'])));
  }

  async function find(deviceId: string, mustBeBooted = true): Promise<SimDevice> {
    const d = (await devices()).find((x) => x.udid.toLowerCase() === deviceId.toLowerCase());
    if (!d) throw new DeviceDriverError('UNKNOWN_DEVICE', `no simulator ${deviceId} on this host`);
    if (mustBeBooted && d.state !== 'Booted') {
      const busy = /^(?:Booting|Shutting ?Down|Creating)$/i.test(d.state);
      throw new DeviceDriverError(
        busy ? 'DEVICE_BUSY' : 'NOT_BOOTED',
        busy ? `simulator ${deviceId} is booting or shutting down` : `simulator ${deviceId} is not booted`,
      );
    }
    return d;
  }

  async function pointsPerPixel(udid: string): Promise<number> {
    const hit = density.get(udid);
    if (hit) return hit;
    const d = parseIdbDescribe(await runToolText(run, idbCall(['describe', '--json', '--udid', udid]))).density;
    density.set(udid, d);
    return d;
  }

  async function capturePng(udid: string): Promise<Buffer> {
    const r = await simctl(['io', udid, 'screenshot', '--type=png', '-'], { timeoutMs: 20_000 });
    if (r.stdout.length < 8) throw new DeviceDriverError('TOOL_FAILED', 'simctl screenshot returned no image');
    return r.stdout;
  }

  async function toFrame(png: Buffer, keyframe: boolean): Promise<Frame> {
    const img = sharp(png);
    const meta = await img.metadata();
    return {
      jpeg: await img.jpeg({ quality: 80 }).toBuffer(),
      screen: { width: meta.width ?? 0, height: meta.height ?? 0, rotation: 0 },
      at: now(),
      keyframe,
    };
  }

  return {
    kind: 'ios',
    ...iosCapabilities(simctl, async (deviceId) => (await find(deviceId)).udid),

    async listDevices(): Promise<DeviceSpec[]> {
      return (await devices()).map((d) => ({
        deviceId: d.udid,
        name: d.name,
        model: modelFromDeviceType(d.deviceType, d.name),
        type: 'ios',
        category: d.category,
        osVersion: d.osVersion,
      }));
    },

    async boot(deviceId): Promise<ScreenInfo> {
      const d = await find(deviceId, false);
      await simctl(['boot', d.udid], { benign: true, timeoutMs: 180_000 });
      await simctl(['bootstatus', d.udid, '-b'], { timeoutMs: 300_000 });
      const frame = await toFrame(await capturePng(d.udid), true);
      return frame.screen;
    },

    async shutdown(deviceId) {
      const d = await find(deviceId, false);
      const s = streams.get(d.udid);
      if (s) s.stop = true;
      streams.delete(d.udid);
      deviceLogs().reset(d.udid);
      await simctl(['shutdown', d.udid], { benign: true, timeoutMs: 120_000 });
      // Erase returns the simulator to factory state for the next session.
      await simctl(['erase', d.udid], { timeoutMs: 120_000 });
    },

    async install(deviceId, filePath, install: InstallOptions = {}): Promise<InstalledApp> {
      const d = await find(deviceId);
      const info = await readDevicePackage(filePath, 'ios');
      const dir = await fs.promises.mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'simdeck-ios-'));
      try {
        const app = await extractIosBundle(filePath, dir);
        await simctl(['install', d.udid, app], { timeoutMs: 300_000 });
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
      // Like `adb install -g`: grant what the app declares, so sessions are not stopped by prompts.
      const grant = install.grantPermissions !== false;
      if (grant) {
        for (const service of privacyServicesFor(info.permissions)) {
          await simctl(simctlPrivacyGrantArgs(d.udid, service, info.packageName), {
            otherwise: {
              code: 'TOOL_FAILED',
              message: `the app was installed but simctl could not grant its ${service} permission`,
            },
          });
        }
      }
      return { packageName: info.packageName, name: info.name, version: info.version, permissionsGranted: grant };
    },

    async uninstall(deviceId, packageName) {
      assertPackageName('ios', packageName);
      const d = await find(deviceId);
      await simctl(simctlAppArgs('uninstall', d.udid, packageName));
    },

    async launch(deviceId, packageName, launch: LaunchOptions = {}) {
      assertPackageName('ios', packageName);
      assertLaunchParams(launch.params);
      const d = await find(deviceId);
      deviceLogs().appLaunched(d.udid, packageName);
      const call = simctlCall(simctlLaunchArgs(d.udid, packageName, launch.params));
      const r = await runToolUnchecked(run, call);
      if (r.exitCode === 0) return;
      const failure = toolFailure(call, r);
      if (
        failure.code === 'TOOL_FAILED' &&
        /not installed|FBSOpenApplicationServiceErrorDomain.*(4|not found)/i.test(r.stderr)
      ) {
        throw new DeviceDriverError(
          'APP_NOT_INSTALLED',
          `${packageName} is not installed on this simulator`,
          failure.diagnostic,
        );
      }
      throw failure;
    },

    async terminate(deviceId, packageName) {
      assertPackageName('ios', packageName);
      const d = await find(deviceId);
      await simctl(simctlAppArgs('terminate', d.udid, packageName), { benign: true });
    },

    async clearData(deviceId, packageName) {
      assertPackageName('ios', packageName);
      const d = await find(deviceId);
      await simctl(simctlAppArgs('terminate', d.udid, packageName), { benign: true });
      const notInstalled = {
        code: 'APP_NOT_INSTALLED' as const,
        message: `${packageName} is not installed on this simulator`,
      };
      const container = (await simctl(simctlDataContainerArgs(d.udid, packageName), { otherwise: notInstalled })).stdout
        .toString('utf8')
        .trim();
      if (!container.startsWith('/')) throw new DeviceDriverError(notInstalled.code, notInstalled.message);
      // The data container is on this host's disk: empty it, keep its standard folders.
      for (const entry of await fs.promises.readdir(container).catch(() => [] as string[])) {
        const p = path.join(container, entry);
        await fs.promises.rm(p, { recursive: true, force: true });
        if (['Documents', 'Library', 'tmp'].includes(entry)) await fs.promises.mkdir(p, { recursive: true });
      }
    },

    async input(deviceId, event: InputEvent) {
      assertInputEvent(event);
      const d = await find(deviceId);
      const dens = await pointsPerPixel(d.udid);
      if (event.kind === 'touch') {
        // idb has no streaming touch primitives: a start→end pair is replayed as a swipe (or tap).
        if (event.phase === 'start') touches.set(d.udid, { x: event.x, y: event.y, at: now() });
        else if (event.phase === 'end') {
          const t = touches.get(d.udid);
          touches.delete(d.udid);
          if (t) {
            const ev: Exclude<InputEvent, { kind: 'touch' }> =
              Math.hypot(event.x - t.x, event.y - t.y) < 10
                ? { kind: 'tap', x: t.x, y: t.y }
                : { kind: 'swipe', x: t.x, y: t.y, x2: event.x, y2: event.y, durationMs: Math.max(50, now() - t.at) };
            for (const a of idbInputArgs(d.udid, ev, dens)) await runToolText(run, idbCall(a));
          }
        }
        return;
      }
      for (const a of idbInputArgs(d.udid, event, dens)) await runToolText(run, idbCall(a));
    },

    async rotate(deviceId, rotation: Rotation): Promise<ScreenInfo> {
      assertRotation(rotation);
      const d = await find(deviceId);
      if (rotation !== 0)
        throw new DeviceDriverError(
          'UNSUPPORTED',
          'simctl cannot rotate a simulator; rotation needs the Simulator app',
        );
      return (await toFrame(await capturePng(d.udid), true)).screen;
    },

    async screenshot(deviceId) {
      const d = await find(deviceId);
      return toFrame(await capturePng(d.udid), true);
    },

    async uiTree(deviceId): Promise<UiNode> {
      const d = await find(deviceId);
      const dens = await pointsPerPixel(d.udid);
      return parseIdbDescribeAll(
        await runToolText(run, idbCall(['ui', 'describe-all', '--json', '--udid', d.udid])),
        dens,
      );
    },

    async listApps(deviceId): Promise<InstalledApp[]> {
      const d = await find(deviceId);
      return parseListApps((await simctl(['listapps', d.udid])).stdout.toString('utf8')).map((a) => ({
        packageName: a.bundleId,
        name: a.name,
        version: a.version,
      }));
    },

    async startStream(deviceId, onFrame) {
      const d = await find(deviceId);
      const existing = streams.get(d.udid);
      if (existing) {
        existing.onFrame = onFrame;
        return;
      }
      const s = { stop: false, onFrame };
      streams.set(d.udid, s);
      void (async () => {
        let last: Buffer | null = null;
        let lastKey = 0;
        while (!s.stop) {
          try {
            const png = await capturePng(d.udid);
            const key = now() - lastKey >= 1000;
            if (key || !last || !png.equals(last)) {
              const f = await toFrame(png, key);
              if (key) lastKey = now();
              last = png;
              if (!s.stop) s.onFrame(f);
            }
          } catch {
            // One failed capture skips a poll.
          }
          await sleep(options.streamIntervalMs ?? 250);
        }
      })();
    },

    async stopStream(deviceId) {
      const s = streams.get(deviceId);
      if (s) s.stop = true;
      streams.delete(deviceId);
    },

    async readLogs(deviceId, after, limit) {
      const d = await find(deviceId);
      return deviceLogs().read(d.udid, after, limit);
    },

    async close() {
      for (const s of streams.values()) s.stop = true;
      streams.clear();
    },
  };
}
