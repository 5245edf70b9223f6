import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { DeviceDriver, DeviceSpec, Frame, InputEvent, InstalledApp, LaunchOptions, Rotation, ScreenInfo, UiNode } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { extractIosBundle, readDevicePackage } from '../../packages/device-package';
import { execRun, runText, type Run } from './exec';
import {
  idbInputArgs,
  isBenignSimctlError,
  modelFromDeviceType,
  parseIdbDescribe,
  parseIdbDescribeAll,
  parseListApps,
  parseSimctlDevices,
  simctlLaunchArgs,
  type SimDevice,
} from './simctl-commands';

export interface IosDriverOptions {
  run?: Run;
  xcrun?: string;
  idb?: string;
  /** Scratch space for unpacked bundles (default: the OS temp dir). */
  workDir?: string;
  streamIntervalMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
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

  const simctl = async (args: string[], opts?: { timeoutMs?: number; benign?: boolean }) => {
    const r = await run(xcrun, ['simctl', ...args], { timeoutMs: opts?.timeoutMs });
    if (r.exitCode !== 0 && !(opts?.benign && isBenignSimctlError(r.stderr))) {
      const msg = r.stderr.trim().split('\n').slice(-2).join(' ').slice(0, 500);
      throw new DeviceDriverError('TOOL_FAILED', `simctl ${args[0]} failed: ${msg || `exit ${r.exitCode}`}`);
    }
    return r;
  };

  async function devices(): Promise<SimDevice[]> {
    return parseSimctlDevices(await runText(run, xcrun, ['simctl', 'list', '-j', 'devices']));
  }

  async function find(deviceId: string, mustBeBooted = true): Promise<SimDevice> {
    const d = (await devices()).find((x) => x.udid.toLowerCase() === deviceId.toLowerCase());
    if (!d) throw new DeviceDriverError('UNKNOWN_DEVICE', `no simulator ${deviceId} on this host`);
    if (mustBeBooted && d.state !== 'Booted') throw new DeviceDriverError('NOT_BOOTED', `simulator ${deviceId} is ${d.state.toLowerCase()}`);
    return d;
  }

  async function pointsPerPixel(udid: string): Promise<number> {
    const hit = density.get(udid);
    if (hit) return hit;
    const d = parseIdbDescribe(await runText(run, idb, ['describe', '--json', '--udid', udid])).density;
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
    return { jpeg: await img.jpeg({ quality: 80 }).toBuffer(), screen: { width: meta.width ?? 0, height: meta.height ?? 0, rotation: 0 }, at: now(), keyframe };
  }

  return {
    kind: 'ios',

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
      await simctl(['shutdown', d.udid], { benign: true, timeoutMs: 120_000 });
      // Erase returns the simulator to factory state for the next session.
      await simctl(['erase', d.udid], { timeoutMs: 120_000 });
    },

    async install(deviceId, filePath): Promise<InstalledApp> {
      const d = await find(deviceId);
      const info = await readDevicePackage(filePath, 'ios');
      const dir = await fs.promises.mkdtemp(path.join(options.workDir ?? os.tmpdir(), 'simdeck-ios-'));
      try {
        const app = await extractIosBundle(filePath, dir);
        await simctl(['install', d.udid, app], { timeoutMs: 300_000 });
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
      // Like `adb install -g`: grant what the app may ask for, so sessions are not blocked by prompts.
      await simctl(['privacy', d.udid, 'grant', 'all', info.packageName], { benign: true });
      return { packageName: info.packageName, name: info.name, version: info.version };
    },

    async uninstall(deviceId, packageName) {
      const d = await find(deviceId);
      await simctl(['uninstall', d.udid, packageName]);
    },

    async launch(deviceId, packageName, launch: LaunchOptions = {}) {
      const d = await find(deviceId);
      const r = await run(xcrun, simctlLaunchArgs(d.udid, packageName, launch.params));
      if (r.exitCode !== 0) {
        const msg = r.stderr.trim();
        if (/not installed|FBSOpenApplicationServiceErrorDomain.*(4|not found)/i.test(msg)) throw new DeviceDriverError('APP_NOT_INSTALLED', `${packageName} is not installed`);
        throw new DeviceDriverError('TOOL_FAILED', `simctl launch failed: ${msg.split('\n').slice(-2).join(' ')}`);
      }
    },

    async terminate(deviceId, packageName) {
      const d = await find(deviceId);
      await simctl(['terminate', d.udid, packageName], { benign: true });
    },

    async clearData(deviceId, packageName) {
      const d = await find(deviceId);
      await simctl(['terminate', d.udid, packageName], { benign: true });
      const container = (await simctl(['get_app_container', d.udid, packageName, 'data'])).stdout.toString('utf8').trim();
      if (!container.startsWith('/')) throw new DeviceDriverError('APP_NOT_INSTALLED', `${packageName} has no data container`);
      // The data container is on this host's disk: empty it, keep its standard folders.
      for (const entry of await fs.promises.readdir(container).catch(() => [] as string[])) {
        const p = path.join(container, entry);
        await fs.promises.rm(p, { recursive: true, force: true });
        if (['Documents', 'Library', 'tmp'].includes(entry)) await fs.promises.mkdir(p, { recursive: true });
      }
    },

    async input(deviceId, event: InputEvent) {
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
              Math.hypot(event.x - t.x, event.y - t.y) < 10 ? { kind: 'tap', x: t.x, y: t.y } : { kind: 'swipe', x: t.x, y: t.y, x2: event.x, y2: event.y, durationMs: Math.max(50, now() - t.at) };
            for (const a of idbInputArgs(d.udid, ev, dens)) await runText(run, idb, a);
          }
        }
        return;
      }
      for (const a of idbInputArgs(d.udid, event, dens)) await runText(run, idb, a);
    },

    async rotate(deviceId, rotation: Rotation): Promise<ScreenInfo> {
      const d = await find(deviceId);
      if (rotation !== 0) throw new DeviceDriverError('UNSUPPORTED', 'simctl cannot rotate a simulator; rotation needs the Simulator app');
      return (await toFrame(await capturePng(d.udid), true)).screen;
    },

    async screenshot(deviceId) {
      const d = await find(deviceId);
      return toFrame(await capturePng(d.udid), true);
    },

    async uiTree(deviceId): Promise<UiNode> {
      const d = await find(deviceId);
      const dens = await pointsPerPixel(d.udid);
      return parseIdbDescribeAll(await runText(run, idb, ['ui', 'describe-all', '--json', '--udid', d.udid]), dens);
    },

    async listApps(deviceId): Promise<InstalledApp[]> {
      const d = await find(deviceId);
      return parseListApps((await simctl(['listapps', d.udid])).stdout.toString('utf8')).map((a) => ({ packageName: a.bundleId, name: a.name, version: a.version }));
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

    async close() {
      for (const s of streams.values()) s.stop = true;
      streams.clear();
    },
  };
}
