import type { Duplex } from 'node:stream';
import type { DeviceClient } from '@devicefarmer/adbkit';
import type { ScreenInfo } from '../driver';
import { DeviceDriverError } from '../driver-error';
import { adbShellCommand } from './adb-commands';
import { type AccessUnit, AnnexBSplitter } from './annexb';

/**
 * The H.264 screen source of modern Android devices: `screenrecord --output-format=h264 … -`
 * (AOSP frameworks/av cmds/screenrecord) run through the adbkit client's `exec:` service (raw
 * bytes, no pty), its Annex B output split into access units (annexb.ts). screenrecord encodes
 * with the device's MediaCodec AVC encoder, writes the SPS/PPS once and then a unit each time
 * the screen changes (an IDR every 10 s), and stops at its time limit (at most 180 s): the
 * source starts it again, and again at once when the stream broke (a fresh process begins with
 * a keyframe). A process that ends before its first keyframe counts as a failure; after
 * `maxFailures` in a row the source gives up (`onFail`), and the screen falls back to polling.
 */

/** Bounds of the arguments, as screenrecord itself checks them (kMinBitRate, kMaxBitRate, kMaxTimeLimitSec). */
export const SCREENRECORD_LIMITS = {
  minBitRate: 100_000,
  maxBitRate: 200_000_000,
  defaultBitRate: 4_000_000,
  maxTimeLimitSec: 180,
  /** The longest side sent: encoders of emulators refuse much more, and viewers scale anyway. */
  maxSide: 1280,
  minSide: 16,
} as const;

/** The video size for a screen: its aspect, the longest side at most `maxSide`, both sides even. */
export function screenrecordSize(screen: ScreenInfo, maxSide: number = SCREENRECORD_LIMITS.maxSide) {
  const f = Math.min(1, maxSide / Math.max(screen.width, screen.height));
  const even = (n: number) => Math.max(SCREENRECORD_LIMITS.minSide, 2 * Math.round((n * f) / 2));
  return { width: even(screen.width), height: even(screen.height) };
}

/** screenrecord's words for raw H.264 on stdout; throws on a size, bit rate or limit out of range. */
export function screenrecordArgs(o: {
  width: number;
  height: number;
  bitRate: number;
  timeLimitSec: number;
}): string[] {
  const L = SCREENRECORD_LIMITS;
  const int = (n: number, lo: number, hi: number) => Number.isInteger(n) && n >= lo && n <= hi;
  if (!int(o.width, L.minSide, 4096) || !int(o.height, L.minSide, 4096) || o.width % 2 || o.height % 2)
    throw new DeviceDriverError(
      'INVALID_INPUT',
      `screenrecord size ${o.width}x${o.height}: even sides from 16 to 4096`,
    );
  if (!int(o.bitRate, L.minBitRate, L.maxBitRate))
    throw new DeviceDriverError('INVALID_INPUT', `screenrecord bit rate ${o.bitRate}: from 100000 to 200000000`);
  if (!int(o.timeLimitSec, 1, L.maxTimeLimitSec))
    throw new DeviceDriverError('INVALID_INPUT', `screenrecord time limit ${o.timeLimitSec}: from 1 to 180 s`);
  return [
    'screenrecord',
    '--output-format',
    'h264',
    '--size',
    `${o.width}x${o.height}`,
    '--bit-rate',
    String(o.bitRate),
    '--time-limit',
    String(o.timeLimitSec),
    '-',
  ];
}

export interface ScreenrecordOptions {
  bitRate?: number;
  timeLimitSec?: number;
  /** How long the stream stays quiet before the pending unit counts as complete. */
  quietMs?: number;
  /** How long the first keyframe may take. */
  startTimeoutMs?: number;
  maxFailures?: number;
  /** Bytes of P-frames after a keyframe before the recorder is restarted for a fresh one. */
  maxGopBytes?: number;
}

/** A running screenrecord stream of one device, restarted at its time limit. */
export class ScreenrecordSource {
  /** The video size (the device's screen scaled into the bounds). */
  readonly size: { width: number; height: number };
  /** Times screenrecord was started. */
  runs = 0;
  private stopped = false;
  private stream: Duplex | null = null;
  private readonly o: Required<ScreenrecordOptions>;

  private constructor(
    private readonly device: DeviceClient,
    screen: ScreenInfo,
    private readonly onUnit: (u: AccessUnit) => void,
    private readonly onFail: (reason: string) => void,
    options: ScreenrecordOptions,
  ) {
    this.size = screenrecordSize(screen);
    this.o = {
      bitRate: options.bitRate ?? SCREENRECORD_LIMITS.defaultBitRate,
      timeLimitSec: options.timeLimitSec ?? SCREENRECORD_LIMITS.maxTimeLimitSec,
      quietMs: options.quietMs ?? 40,
      startTimeoutMs: options.startTimeoutMs ?? 8000,
      maxFailures: options.maxFailures ?? 3,
      maxGopBytes: options.maxGopBytes ?? 16 * 1024 * 1024,
    };
  }

  /**
   * Starts screenrecord and resolves once its first keyframe came; rejects (and stops) when it
   * ends or stays silent first, with what it printed.
   */
  static async start(
    device: DeviceClient,
    screen: ScreenInfo,
    handlers: { onUnit: (u: AccessUnit) => void; onFail: (reason: string) => void },
    options: ScreenrecordOptions = {},
  ): Promise<ScreenrecordSource> {
    const s = new ScreenrecordSource(device, screen, handlers.onUnit, handlers.onFail, options);
    const line = adbShellCommand(screenrecordArgs({ ...s.size, bitRate: s.o.bitRate, timeLimitSec: s.o.timeLimitSec }));
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => first(new Error('screenrecord sent no keyframe in time')), s.o.startTimeoutMs);
      const first = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          s.stop();
          reject(err);
        } else resolve();
      };
      void s.loop(line, first);
    });
    return s;
  }

  stop(): void {
    this.stopped = true;
    this.stream?.destroy();
    this.stream = null;
  }

  /** Runs screenrecord again and again until stopped or failing `maxFailures` times in a row. */
  private async loop(line: string, first: (err?: Error) => void): Promise<void> {
    let failures = 0;
    let started = false;
    while (!this.stopped) {
      const r = await this.runOnce(line, () => {
        if (!started) first();
        started = true;
      }).catch((e: unknown) => ({ keyframes: 0, said: e instanceof Error ? e.message : String(e) }));
      if (this.stopped) return;
      failures = r.keyframes > 0 ? 0 : failures + 1;
      const reason = `screenrecord ended without a picture: ${r.said.trim().slice(0, 300) || 'no output'}`;
      if (!started) return first(new Error(reason));
      if (failures >= this.o.maxFailures) {
        this.stop();
        return this.onFail(reason);
      }
      // A short-lived run (a device still busy with the last one) is not repeated at once.
      if (failures > 0) await new Promise((res) => setTimeout(res, 500));
    }
  }

  /** One screenrecord process: its units go out until it ends; resolves with how many keyframes it sent. */
  private async runOnce(line: string, onKeyframe: () => void): Promise<{ keyframes: number; said: string }> {
    this.runs++;
    const stream = (await this.device.openLocal(`exec:${line}`)) as Duplex;
    if (this.stopped) {
      stream.destroy();
      return { keyframes: 0, said: '' };
    }
    this.stream = stream;
    const split = new AnnexBSplitter();
    let keyframes = 0;
    let gopBytes = 0;
    let quiet: NodeJS.Timeout | undefined;
    const emit = (units: AccessUnit[]) => {
      for (const u of units) {
        if (this.stopped || this.stream !== stream) return;
        gopBytes = u.keyframe ? 0 : gopBytes + u.data.length;
        if (u.keyframe && keyframes++ === 0) onKeyframe();
        this.onUnit(u);
      }
      // A stream that broke, or a keyframe too far back for a late viewer, wants a fresh process.
      if (split.broken > 0 || gopBytes > this.o.maxGopBytes) stream.destroy();
    };
    return new Promise((resolve) => {
      stream.on('data', (chunk: Buffer) => {
        clearTimeout(quiet);
        emit(split.push(chunk));
        quiet = setTimeout(() => emit(split.flush()), this.o.quietMs);
      });
      const done = () => {
        clearTimeout(quiet);
        if (this.stream === stream) emit(split.flush());
        if (this.stream === stream) this.stream = null;
        resolve({ keyframes, said: split.preamble });
      };
      stream.on('end', done);
      stream.on('close', done);
      stream.on('error', done);
    });
  }
}
