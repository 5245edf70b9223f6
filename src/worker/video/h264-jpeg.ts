import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { MjpegSplitter } from '../drivers/mjpeg-splitter';

/**
 * JPEG pictures from an H.264 stream, for the consumers that work on JPEG (recordings, the
 * default `/stream`, visual checks): the host's ffmpeg decodes the access units and encodes each
 * picture as JPEG, at most `maxFps` of them a second (the newest one always comes out, late
 * rather than never). ffmpeg's raw H.264 reader ends a picture only when it sees the next one
 * begin, so each unit is followed by an access unit delimiter: the picture leaves at once.
 * A decoder that dies is started again at the next keyframe.
 */

/** An access unit delimiter (primary_pic_type 7: any slice type). */
const AUD = Buffer.from([0, 0, 0, 1, 9, 0xf0]);

export function h264JpegArgs(o: { width: number; height: number; quality: number }): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    // One decoding thread: frame threads would hold a picture back until the next ones arrive.
    ...['-probesize', '32', '-analyzeduration', '0', '-threads', '1', '-flags', 'low_delay'],
    ...['-f', 'h264', '-i', 'pipe:0'],
    // A raw stream has no timestamps: each picture gets the next second, whatever frame rate the
    // SPS claims (a finer one would round two pictures onto one time and drop one).
    ...['-vf', `scale=${o.width}:${o.height},setpts=N/TB`, '-vsync', 'vfr', '-threads', '1'],
    ...['-pix_fmt', 'yuvj420p', '-c:v', 'mjpeg', '-q:v', String(o.quality)],
    ...['-f', 'image2pipe', '-flush_packets', '1', 'pipe:1'],
  ];
}

export class H264JpegDecoder {
  private proc: ChildProcessWithoutNullStreams | null = null;
  private closed = false;
  private lastOut = 0;
  private pending: Buffer | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Pictures decoded, and pictures left out by the rate bound. */
  decoded = 0;
  skipped = 0;

  constructor(
    private readonly ffmpeg: string,
    private readonly o: {
      width: number;
      height: number;
      maxFps: number;
      onJpeg: (jpeg: Buffer) => void;
      now?: () => number;
      quality?: number;
    },
  ) {}

  /** Feeds one access unit (Annex B); until the decoder runs, only a keyframe starts it. */
  push(unit: { data: Buffer; keyframe: boolean }): void {
    if (this.closed) return;
    if (!this.proc) {
      if (!unit.keyframe) return;
      this.proc = this.spawn();
    }
    const stdin = this.proc.stdin;
    // A decoder that cannot keep up loses units until the next keyframe rather than queueing them.
    if (stdin.writableLength > 8 * 1024 * 1024) {
      if (!unit.keyframe) return;
    }
    stdin.write(Buffer.concat([unit.data, AUD]));
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.proc?.kill('SIGKILL');
    this.proc = null;
  }

  private spawn(): ChildProcessWithoutNullStreams {
    const args = h264JpegArgs({ width: this.o.width, height: this.o.height, quality: this.o.quality ?? 5 });
    const proc = spawn(this.ffmpeg, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const split = new MjpegSplitter();
    proc.stdout.on('data', (c: Buffer) => {
      for (const img of split.push(c)) this.picture(img.jpeg);
    });
    proc.stderr.resume();
    proc.stdin.on('error', () => undefined);
    proc.on('error', () => undefined);
    proc.on('close', () => {
      if (this.proc === proc) this.proc = null;
    });
    return proc;
  }

  /** Passes a picture on, or holds it until the rate bound allows (a newer one replaces it). */
  private picture(jpeg: Buffer) {
    this.decoded++;
    const now = (this.o.now ?? Date.now)();
    const gap = 1000 / this.o.maxFps;
    if (now - this.lastOut >= gap && !this.pending) {
      this.lastOut = now;
      this.o.onJpeg(jpeg);
      return;
    }
    if (this.pending) this.skipped++;
    this.pending = jpeg;
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        const p = this.pending;
        this.pending = null;
        if (!p || this.closed) return;
        this.lastOut = (this.o.now ?? Date.now)();
        this.o.onJpeg(p);
      },
      Math.max(0, gap - (now - this.lastOut)),
    );
  }
}
