import { sharp } from '../../lazy-modules';
import type { Frame, Rotation, ScreenInfo, VideoUnit } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { ffmpegPath } from '../video/encoder';
import { H264JpegDecoder } from '../video/h264-jpeg';
import { parseWmSize } from './adb-commands';
import type { AdbHost } from './adb-host';
import { ScreenrecordSource } from './android-h264';
import { type Helper, minicapArgs, readMinicap, startHelper } from './android-minicap';
import { runToolUnchecked, toolFailure } from './exec';

export const ROTATIONS: Rotation[] = [0, 90, 180, 270];

/** Which source streams an Android screen (`SIMDECK_ANDROID_STREAM`); `auto`: minicap, else H.264, else screencap. */
export const ANDROID_STREAM_MODES = ['auto', 'minicap', 'h264', 'screencap'] as const;
export type AndroidStreamMode = (typeof ANDROID_STREAM_MODES)[number];

/** The mode a setting names (unset: auto); throws on another word. */
export function parseAndroidStreamMode(value: string | undefined): AndroidStreamMode {
  const v = (value ?? '').trim() || 'auto';
  if (!(ANDROID_STREAM_MODES as readonly string[]).includes(v))
    throw new Error(`SIMDECK_ANDROID_STREAM must be one of ${ANDROID_STREAM_MODES.join(', ')} (got "${v}")`);
  return v as AndroidStreamMode;
}

interface Stream {
  stop: boolean;
  onFrame: (f: Frame) => void;
  onVideo?: (u: VideoUnit) => void;
  /** minicap while it serves the stream. */
  helper?: Helper;
  /** screenrecord and its JPEG decoder while they serve the stream. */
  video?: { source: ScreenrecordSource; decoder: H264JpegDecoder };
  via?: 'minicap' | 'h264' | 'screencap';
}

export interface AndroidScreenOptions {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  streamIntervalMs: number;
  mode?: AndroidStreamMode;
  /** JPEG frames a second decoded from an H.264 stream, at most (default 10). */
  jpegFps?: number;
  /** screenrecord's bit rate (default 4 Mbit/s, its own default). */
  bitRate?: number;
}

/**
 * An Android device's screen through adb: its size and rotation, screenshots (`screencap`) and a
 * stream from the first source that works of: minicap's JPEG frames as the screen changes (its
 * prebuilt binaries run up to about Android 11), `screenrecord`'s H.264 (android-h264.ts; JPEG
 * frames for the consumers that need them are decoded from it by ffmpeg), `screencap` polled
 * every interval. `mode` pins one source (screencap still takes over when it fails).
 */
export class AndroidScreen {
  private readonly streams = new Map<string, Stream>();

  constructor(
    private readonly host: AdbHost,
    private readonly opts: AndroidScreenOptions,
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

  /** Streams the screen: frames when it changes, and a keyframe at least every second. */
  startStream(deviceId: string, serial: string, onFrame: (f: Frame) => void, onVideo?: (u: VideoUnit) => void): void {
    const existing = this.streams.get(deviceId);
    if (existing) {
      existing.onFrame = onFrame;
      existing.onVideo = onVideo;
      return;
    }
    const s: Stream = { stop: false, onFrame, onVideo };
    this.streams.set(deviceId, s);
    void this.startSource(s, serial);
  }

  /** The first source of the mode's order that starts; polling when none does. */
  private async startSource(s: Stream, serial: string): Promise<void> {
    const mode = this.opts.mode ?? 'auto';
    if (this.host.kit && (mode === 'auto' || mode === 'minicap') && (await this.minicap(s, serial))) return;
    if (s.stop) return;
    if (this.host.kit && (mode === 'auto' || mode === 'h264') && (await this.h264(s, serial))) return;
    if (!s.stop) this.poll(s, serial);
  }

  /** Streams through minicap at the screen's current size and rotation; false when it cannot start. */
  private async minicap(s: Stream, serial: string): Promise<boolean> {
    const kit = this.host.kit!;
    try {
      const helper = await startHelper(kit.device(serial), 'minicap', minicapArgs(await this.info(serial)));
      if (s.stop) {
        helper.stop();
        return true;
      }
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
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Streams through screenrecord: each access unit goes to `onVideo`, and JPEG frames decoded
   * from them (at most `jpegFps` a second) to `onFrame`. False when ffmpeg is missing or
   * screenrecord sends no keyframe; polling takes over when it keeps failing later.
   */
  private async h264(s: Stream, serial: string): Promise<boolean> {
    const ffmpeg = ffmpegPath();
    if (!ffmpeg) return false;
    try {
      const screen = await this.info(serial);
      let lastKey = 0;
      const decoder = new H264JpegDecoder(ffmpeg, {
        ...screen,
        maxFps: this.opts.jpegFps ?? 10,
        now: this.opts.now,
        onJpeg: (jpeg) => {
          const at = this.opts.now();
          const keyframe = at - lastKey >= 1000;
          if (keyframe) lastKey = at;
          if (!s.stop) s.onFrame({ jpeg, screen, at, keyframe, video: 'h264' });
        },
      });
      const source = await ScreenrecordSource.start(
        this.host.kit!.device(serial),
        screen,
        {
          onUnit: (u) => {
            if (s.stop) return;
            decoder.push(u);
            s.onVideo?.({ codec: 'h264', data: u.data, keyframe: u.keyframe, screen, at: this.opts.now() });
          },
          onFail: () => {
            decoder.close();
            if (!s.stop && s.video?.source === source) this.poll(s, serial);
          },
        },
        { bitRate: this.opts.bitRate },
      ).catch((e: unknown) => {
        decoder.close();
        throw e;
      });
      if (s.stop) {
        source.stop();
        decoder.close();
        return true;
      }
      s.video = { source, decoder };
      s.via = 'h264';
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The screen turned: minicap or screenrecord is started again with the new rotation (the
   * projection is fixed when they start); a polling stream needs nothing.
   */
  async rotated(deviceId: string, serial: string): Promise<void> {
    const s = this.streams.get(deviceId);
    if (!s || (!s.helper && !s.video)) return;
    this.stopSource(s);
    if (s.via === 'h264' && (await this.h264(s, serial))) return;
    if (s.via === 'minicap' && (await this.minicap(s, serial))) return;
    if (!s.stop) this.poll(s, serial);
  }

  /** How a device's stream gets its frames (tests and the bench ask). */
  streamSource(deviceId: string): 'minicap' | 'h264' | 'screencap' | undefined {
    return this.streams.get(deviceId)?.via;
  }

  private stopSource(s: Stream) {
    s.helper?.stop();
    s.helper = undefined;
    s.video?.source.stop();
    s.video?.decoder.close();
    s.video = undefined;
  }

  private poll(s: Stream, serial: string) {
    this.stopSource(s);
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
    if (s) {
      s.stop = true;
      this.stopSource(s);
    }
    this.streams.delete(deviceId);
  }

  stopAll(): void {
    for (const s of this.streams.values()) {
      s.stop = true;
      this.stopSource(s);
    }
    this.streams.clear();
  }
}
