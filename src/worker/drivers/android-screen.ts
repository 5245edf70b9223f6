import { sharp } from '../../lazy-modules';
import type { Frame, Rotation, ScreenInfo } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { parseWmSize } from './adb-commands';
import type { AdbHost } from './adb-host';
import { type Helper, minicapArgs, readMinicap, startHelper } from './android-minicap';
import { runToolUnchecked, toolFailure } from './exec';

export const ROTATIONS: Rotation[] = [0, 90, 180, 270];

interface Stream {
  stop: boolean;
  onFrame: (f: Frame) => void;
  /** minicap while it serves the stream. */
  helper?: Helper;
  via?: 'minicap' | 'screencap';
}

/**
 * An Android device's screen through adb: its size and rotation, screenshots (`screencap`) and a
 * stream: minicap's JPEG frames as the screen changes when the device runs it (through the adbkit
 * client), else `screencap` polled every interval.
 */
export class AndroidScreen {
  private readonly streams = new Map<string, Stream>();

  constructor(
    private readonly host: AdbHost,
    private readonly opts: { now: () => number; sleep: (ms: number) => Promise<void>; streamIntervalMs: number },
  ) {}

  async rotation(serial: string): Promise<Rotation> {
    const rot = Number((await this.host.sh(serial, ['settings', 'get', 'system', 'user_rotation'])).trim());
    return ROTATIONS[Number.isInteger(rot) && rot >= 0 && rot <= 3 ? rot : 0]!;
  }

  async info(serial: string): Promise<ScreenInfo> {
    const size = parseWmSize(await this.host.sh(serial, ['wm', 'size']));
    if (!size) throw new DeviceDriverError('TOOL_FAILED', 'adb wm size printed no screen size');
    const rotation = await this.rotation(serial);
    const landscape = rotation === 90 || rotation === 270;
    const portraitW = Math.min(size.width, size.height);
    const portraitH = Math.max(size.width, size.height);
    // A TV's natural orientation is landscape.
    const naturalLandscape = size.width > size.height;
    const w = naturalLandscape ? size.width : landscape ? portraitH : portraitW;
    const h = naturalLandscape ? size.height : landscape ? portraitW : portraitH;
    return { width: w, height: h, rotation };
  }

  private async capture(serial: string): Promise<Buffer> {
    const call = this.host.call('screencap', ['-s', serial, 'exec-out', 'screencap', '-p'], 20_000);
    const r = await runToolUnchecked(this.host.run, call);
    if (r.exitCode !== 0 || r.stdout.length < 8) throw toolFailure(call, { ...r, exitCode: r.exitCode || 1 });
    return r.stdout;
  }

  private async toFrame(png: Buffer, keyframe: boolean, rotation: Rotation): Promise<Frame> {
    const img = sharp(png);
    const meta = await img.metadata();
    const jpeg = await img.jpeg({ quality: 80 }).toBuffer();
    const screen = { width: meta.width ?? 0, height: meta.height ?? 0, rotation };
    return { jpeg, screen, at: this.opts.now(), keyframe };
  }

  async screenshot(serial: string): Promise<Frame> {
    return this.toFrame(await this.capture(serial), true, await this.rotation(serial));
  }

  /** Polls the screen and sends a frame when it changed, and a keyframe every second. */
  startStream(deviceId: string, serial: string, onFrame: (f: Frame) => void): void {
    const existing = this.streams.get(deviceId);
    if (existing) {
      existing.onFrame = onFrame;
      return;
    }
    const s: Stream = { stop: false, onFrame };
    this.streams.set(deviceId, s);
    if (!this.host.kit) {
      this.poll(s, serial);
      return;
    }
    void this.minicap(s, serial);
  }

  /** Streams through minicap at the screen's current size and rotation; polling when it cannot start. */
  private async minicap(s: Stream, serial: string): Promise<void> {
    const kit = this.host.kit!;
    try {
      const helper = await startHelper(kit.device(serial), 'minicap', minicapArgs(await this.info(serial)));
      if (s.stop) return helper.stop();
      s.helper = helper;
      s.via = 'minicap';
      let lastKey = 0;
      readMinicap(helper.socket, (f) => {
        const at = this.opts.now();
        const keyframe = at - lastKey >= 1000;
        if (keyframe) lastKey = at;
        if (!s.stop) s.onFrame({ ...f, at, keyframe });
      });
      helper.socket.on('close', () => {
        // minicap went away while streaming: polling takes over.
        if (!s.stop && s.helper === helper) this.poll(s, serial);
      });
    } catch {
      if (!s.stop) this.poll(s, serial);
    }
  }

  /**
   * The screen turned: minicap is started again with the new rotation (its projection is fixed
   * when it starts); a polling stream needs nothing.
   */
  async rotated(deviceId: string, serial: string): Promise<void> {
    const s = this.streams.get(deviceId);
    if (!s?.helper) return;
    const old = s.helper;
    s.helper = undefined;
    old.stop();
    await this.minicap(s, serial);
  }

  /** How a device's stream gets its frames (tests and the bench ask). */
  streamSource(deviceId: string): 'minicap' | 'screencap' | undefined {
    return this.streams.get(deviceId)?.via;
  }

  private poll(s: Stream, serial: string) {
    s.helper = undefined;
    s.via = 'screencap';
    const { now, sleep, streamIntervalMs } = this.opts;
    void (async () => {
      let last: Buffer | null = null;
      let lastKey = 0;
      while (!s.stop) {
        try {
          const png = await this.capture(serial);
          const key = now() - lastKey >= 1000;
          if (key || !last || !png.equals(last)) {
            const f = await this.toFrame(png, key, await this.rotation(serial));
            if (key) lastKey = now();
            last = png;
            if (!s.stop) s.onFrame(f);
          }
        } catch {
          // A transient adb failure skips one poll; shutdown stops the loop.
        }
        await sleep(streamIntervalMs);
      }
    })();
  }

  stopStream(deviceId: string): void {
    const s = this.streams.get(deviceId);
    if (s) s.stop = true;
    s?.helper?.stop();
    this.streams.delete(deviceId);
  }

  stopAll(): void {
    for (const s of this.streams.values()) {
      s.stop = true;
      s.helper?.stop();
    }
    this.streams.clear();
  }
}
