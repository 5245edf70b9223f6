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
import { assertInputEvent, assertLaunchParams, assertPackageName, assertRotation } from '../device-asserts';
import { extractIosBundle, readDevicePackage } from '../../packages/device-package';
import { execRun, type Run, type ToolCall } from './exec';
import {
  modelFromDeviceType,
  parseListApps,
  parseSimctlDevices,
  privacyServicesFor,
  simctlLaunchArgs,
  type SimDevice,
} from './simctl-commands';
import { createSimctlClient, type SimctlCallOptions, simctlText } from './simctl-client';
import type { Simctl } from 'node-simctl';
import { iosCapabilities } from './simctl-capabilities';
import { IosLogs } from './ios-logs';
import { parseIdbDescribeAll } from './idb-commands';
import { IdbCompanions, type IdbPath } from './idb-companions';
import { IosInput } from './ios-input';
import { IosStreams, type IosStreamSource } from './ios-stream';

/** How long a simulator seen booted takes input and UI-tree reads without being listed again. */
const BOOTED_FOR_INPUT_MS = 5_000;

export interface IosDriverOptions {
  /** How idb runs (default: a child process per call). */
  run?: Run;
  /** Path of xcrun (default: looked up on PATH by node-simctl). */
  xcrun?: string;
  /** The idb command line: the video stream, and input and UI tree when no companion answers. */
  idb?: string;
  /**
   * The idb_companion started per simulator for input and the UI tree over gRPC (default
   * `idb_companion` on PATH); null starts none.
   */
  idbCompanion?: string | null;
  /** Companions the operator runs, by simulator UDID (`host:port` or `unix:/path`): used instead of starting one. */
  idbCompanionAddresses?: Record<string, string>;
  /** How long a companion may take to start and answer (default 20 s). */
  idbCompanionTimeoutMs?: number;
  /** After a failed or lost companion, how long until it is tried again (default 30 s). */
  idbCompanionRetryMs?: number;
  /** Told when a simulator's input switches between the companion and the idb command line, and why. */
  onInputPath?: (udid: string, path: IdbPath, reason: string) => void;
  /** Scratch space for unpacked bundles (default: the OS temp dir). */
  workDir?: string;
  /** Stream with `idb video-stream` (default true); screenshots are polled when false or when it fails. */
  videoStream?: boolean;
  /** JPEG quality of idb's stream, 0..1 (default 0.8). */
  streamQuality?: number;
  /** A fixed stream frame rate (default: idb's dynamic rate, a frame when the screen changes). */
  streamFps?: number;
  /** How long idb's stream may take to send its first image before screenshots are polled (default 10 s). */
  firstFrameTimeoutMs?: number;
  /** After idb's stream died, how long until it is tried again (default 30 s, doubling). */
  streamRetryMs?: number;
  /** Told when a stream switches between idb and screenshot polling, and why. */
  onStreamSource?: (udid: string, source: IosStreamSource, reason: string) => void;
  /** Interval of screenshot polling, the stream's fallback. */
  streamIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Where the host writes crash reports (default `~/Library/Logs/DiagnosticReports`). */
  crashReportsDir?: string;
}

/**
 * iOS simulators through `xcrun simctl` by node-simctl (lifecycle, apps, screenshots,
 * capabilities) and idb: input and the UI tree over one gRPC channel to each simulator's idb
 * companion, or the idb command line when none answers (`ios-input.ts`), and the video stream.
 * The simulator UDID is the device id.
 * Streaming reads idb's MJPEG video stream and falls back to polling screenshots; rotation needs
 * the Simulator app and is not offered.
 */
export function createIosDriver(options: IosDriverOptions = {}): DeviceDriver {
  const run = options.run ?? execRun;
  const client = createSimctlClient({ xcrunPath: options.xcrun });
  const idb = options.idb ?? 'idb';
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  let logs: IosLogs | null = null;
  const deviceLogs = () => {
    logs ??= new IosLogs({ simctl: client, now, crashReportsDir: options.crashReportsDir });
    return logs;
  };
  const idbCall = (args: string[]): ToolCall => ({
    tool: 'idb',
    action: args
      .slice(0, 2)
      .filter((a) => !a.startsWith('-'))
      .join(' '),
    cmd: idb,
    args,
  });

  /** One simctl call through node-simctl on the simulator `udid`; see simctl-client.ts for failures. */
  const sim = <T>(action: string, udid: string | null, fn: (s: Simctl) => Promise<T>, opts?: SimctlCallOptions) =>
    client.call(action, udid, fn, opts);

  async function devices(): Promise<SimDevice[]> {
    const json = await sim('list', null, (s) => simctlText(s, 'list', ['-j', 'devices']));
    return parseSimctlDevices(json ?? '');
  }

  /**
   * Simulators seen booted lately: input, the hot path, does not list every simulator (a simctl
   * process) per event; a lifecycle command forgets the simulator.
   */
  const bootedAt = new Map<string, { udid: string; at: number }>();

  /** A simulator seen booted lately, else `find`: the hot paths (input, UI tree) list no simulators per call. */
  async function findRecent(deviceId: string): Promise<{ udid: string }> {
    const seen = bootedAt.get(deviceId.toLowerCase());
    return seen && now() - seen.at < BOOTED_FOR_INPUT_MS ? seen : find(deviceId);
  }

  async function find(deviceId: string, mustBeBooted = true): Promise<SimDevice> {
    const d = (await devices()).find((x) => x.udid.toLowerCase() === deviceId.toLowerCase());
    if (d?.state === 'Booted') bootedAt.set(d.udid.toLowerCase(), { udid: d.udid, at: now() });
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

  async function capturePng(udid: string): Promise<Buffer> {
    const b64 = await sim('io screenshot', udid, (s) => s.getScreenshot(), { timeoutMs: 20_000 });
    const png = Buffer.from(b64 ?? '', 'base64');
    if (png.length < 8) throw new DeviceDriverError('TOOL_FAILED', 'simctl screenshot returned no image');
    return png;
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

  const input = new IosInput({
    run,
    idbCall,
    now,
    companions: new IdbCompanions({
      companionPath: options.idbCompanion === undefined ? 'idb_companion' : options.idbCompanion,
      addresses: options.idbCompanionAddresses,
      workDir: options.workDir ?? os.tmpdir(),
      connectTimeoutMs: options.idbCompanionTimeoutMs,
      retryMs: options.idbCompanionRetryMs,
      now,
      onPath: options.onInputPath,
    }),
  });

  const streams = new IosStreams({
    idb: options.videoStream === false ? null : idb,
    quality: options.streamQuality,
    fps: options.streamFps,
    firstFrameTimeoutMs: options.firstFrameTimeoutMs,
    retryMs: options.streamRetryMs,
    capturePng,
    pngToFrame: toFrame,
    pollIntervalMs: options.streamIntervalMs ?? 250,
    sleep,
    now,
    onSource: options.onStreamSource,
  });

  return {
    kind: 'ios',
    ...iosCapabilities(client, async (deviceId) => (await find(deviceId)).udid),

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
      bootedAt.delete(deviceId.toLowerCase());
      const d = await find(deviceId, false);
      // Not node-simctl's bootDevice: it swallows every failure but "already booted", which it throws.
      await sim('boot', d.udid, (s) => s.exec('boot', { args: [d.udid], logErrors: false }), {
        benign: true,
        timeoutMs: 180_000,
      });
      await sim('bootstatus', d.udid, (s) => s.startBootMonitor({ timeout: 300_000, shouldPreboot: true }));
      const frame = await toFrame(await capturePng(d.udid), true);
      return frame.screen;
    },

    async shutdown(deviceId) {
      bootedAt.delete(deviceId.toLowerCase());
      const d = await find(deviceId, false);
      streams.stop(d.udid);
      deviceLogs().reset(d.udid);
      await input.forget(d.udid);
      await sim('shutdown', d.udid, (s) => s.shutdownDevice(), { benign: true, timeoutMs: 120_000 });
      // Erase returns the simulator to factory state for the next session.
      await sim('erase', d.udid, (s) => s.eraseDevice(), { timeoutMs: 120_000 });
    },

    async install(deviceId, filePath, install: InstallOptions = {}): Promise<InstalledApp> {
      const d = await find(deviceId);
      const info = await readDevicePackage(filePath, 'ios');
      const dir = await fs.promises.mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'simdeck-ios-'));
      try {
        const app = await extractIosBundle(filePath, dir);
        await sim('install', d.udid, (s) => s.installApp(app), { timeoutMs: 300_000 });
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
      // Like `adb install -g`: grant what the app declares, so sessions are not stopped by prompts.
      const grant = install.grantPermissions !== false;
      if (grant) {
        for (const service of privacyServicesFor(info.permissions)) {
          assertPackageName('ios', info.packageName);
          await sim('privacy', d.udid, (s) => s.grantPermission(info.packageName, service), {
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
      await sim('uninstall', d.udid, (s) => s.removeApp(packageName));
    },

    async launch(deviceId, packageName, launch: LaunchOptions = {}) {
      assertPackageName('ios', packageName);
      assertLaunchParams(launch.params);
      const d = await find(deviceId);
      deviceLogs().appLaunched(d.udid, packageName);
      // node-simctl's launchApp passes no arguments and retries for seconds: its exec does the verb.
      const [verb, ...args] = simctlLaunchArgs(d.udid, packageName, launch.params);
      try {
        await sim('launch', d.udid, (s) => s.exec(verb!, { args, logErrors: false }));
      } catch (err) {
        const diagnostic = (err as DeviceDriverError).diagnostic ?? '';
        if (
          (err as DeviceDriverError).code === 'TOOL_FAILED' &&
          /not installed|FBSOpenApplicationServiceErrorDomain.*(4|not found)/i.test(diagnostic)
        )
          throw new DeviceDriverError(
            'APP_NOT_INSTALLED',
            `${packageName} is not installed on this simulator`,
            diagnostic,
          );
        throw err;
      }
    },

    async terminate(deviceId, packageName) {
      assertPackageName('ios', packageName);
      const d = await find(deviceId);
      await sim('terminate', d.udid, (s) => s.terminateApp(packageName), { benign: true });
    },

    async clearData(deviceId, packageName) {
      assertPackageName('ios', packageName);
      const d = await find(deviceId);
      await sim('terminate', d.udid, (s) => s.terminateApp(packageName), { benign: true });
      const notInstalled = {
        code: 'APP_NOT_INSTALLED' as const,
        message: `${packageName} is not installed on this simulator`,
      };
      const container =
        (await sim('get_app_container', d.udid, (s) => s.getAppContainer(packageName, 'data'), {
          otherwise: notInstalled,
        })) ?? '';
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
      const d = await findRecent(deviceId);
      try {
        await input.send(d.udid, event);
      } catch (err) {
        // Perhaps it shut down meanwhile: the next event lists the simulators again.
        bootedAt.delete(deviceId.toLowerCase());
        throw err;
      }
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
      const d = await findRecent(deviceId);
      try {
        const { json, density } = await input.describeAll(d.udid);
        return parseIdbDescribeAll(json, density);
      } catch (err) {
        bootedAt.delete(deviceId.toLowerCase());
        throw err;
      }
    },

    async listApps(deviceId): Promise<InstalledApp[]> {
      const d = await find(deviceId);
      const text = await sim('listapps', d.udid, (s) => simctlText(s, 'listapps', [d.udid]));
      return parseListApps(text ?? '').map((a) => ({
        packageName: a.bundleId,
        name: a.name,
        version: a.version,
      }));
    },

    async startStream(deviceId, onFrame) {
      const d = await find(deviceId);
      streams.start(d.udid, onFrame);
    },

    async stopStream(deviceId) {
      streams.stop(deviceId);
    },

    async readLogs(deviceId, after, limit) {
      const d = await find(deviceId);
      return deviceLogs().read(d.udid, after, limit);
    },

    async close() {
      streams.stopAll();
      await input.closeAll();
    },
  };
}
