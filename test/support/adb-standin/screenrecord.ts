import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { ffmpegPath } from '../../../src/worker/video/encoder';
import { COMMANDS, type ShellIo } from './shell-commands';
import type { StandinDevice } from './standin-device';

/**
 * `screenrecord --output-format=h264 [--size WxH] [--bit-rate N] [--time-limit S] -` as the
 * stand-in runs it: the virtual screen's frames, scaled into the video size with the aspect kept
 * (black bars, like screenrecord's display projection), encoded by the host's ffmpeg/libx264 to
 * raw H.264 on stdout. What the real tool emits (AOSP frameworks/av cmds/screenrecord/
 * screenrecord.cpp, `runEncoder` and `prepareEncoder`): the MediaCodec AVC encoder's codec-config
 * buffer (SPS and PPS) once, then one access unit per composed frame, only when the screen
 * changed, each written and flushed as it leaves the encoder; an IDR every 10 s
 * (`i-frame-interval` 10) without the SPS/PPS again; the time limit defaults to and is capped
 * at 180 s; the bit rate must lie within 100 kbit/s..200 Mbit/s. No profile is configured, so
 * the device's encoder picks its own: the stand-in asks libx264 for baseline, no B-frames.
 *
 * libx264 repeats SPS/PPS before each IDR and writes a version SEI first: those are dropped
 * here, so the driver sees the parameter sets once, as from a device. Unlike a device, the
 * stand-in's ffmpeg runs on the host, so encoding costs host CPU.
 */

const USAGE = 'Usage: screenrecord [options] <filename>\n';

interface Args {
  width?: number;
  height?: number;
  bitRate: number;
  timeLimitSec: number;
}

/** screenrecord's options as its getopt loop reads them; a string is the error it prints. */
function parseArgs(args: string[]): Args | string {
  const out: Args = { bitRate: 20_000_000, timeLimitSec: 180 };
  let format = 'mp4';
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    const value = () => inline ?? args[++i] ?? '';
    if (flag === '--output-format') format = value();
    else if (flag === '--size') {
      const m = /^(\d+)x(\d+)$/.exec(value());
      if (!m || Number(m[1]) < 2 || Number(m[2]) < 2) return `Invalid size '${args[i]}', must be width x height\n`;
      out.width = Number(m[1]);
      out.height = Number(m[2]);
    } else if (flag === '--bit-rate') {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 100_000 || n > 200_000_000)
        return `Bit rate ${n}bps outside acceptable range [100000,200000000]\n`;
      out.bitRate = n;
    } else if (flag === '--time-limit') {
      const n = Number(value());
      if (!Number.isInteger(n) || n <= 0 || n > 180) return `Time limit ${n}s outside acceptable range [1,180]\n`;
      out.timeLimitSec = n;
    } else if (flag.startsWith('-') && flag !== '-') return `Unknown option '${flag}'\n${USAGE}`;
    else rest.push(a);
  }
  if (format !== 'h264') return 'The stand-in records only --output-format=h264\n';
  if (rest.length !== 1 || rest[0] !== '-') return `${USAGE}The stand-in writes only to stdout ("-")\n`;
  return out;
}

/** Removes SPS/PPS after the first ones, and SEI, from a raw H.264 stream, chunk by chunk. */
class HeaderFilter {
  /** Before the first slice: the encoder's first SPS/PPS pass. */
  private first = true;
  private keep = true;
  private held = Buffer.alloc(0);

  push(chunk: Buffer): Buffer {
    let b = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    // Trailing zeros may begin the next start code (no NAL unit ends in a zero byte): held back.
    let end = b.length;
    while (end > 0 && b[end - 1] === 0 && b.length - end < 3) end--;
    if (end === b.length && end >= 3 && b[end - 1] === 1 && b[end - 2] === 0 && b[end - 3] === 0) {
      end -= 3;
      if (end > 0 && b[end - 1] === 0) end--;
    }
    this.held = Buffer.from(b.subarray(end));
    b = b.subarray(0, end);
    const parts: Buffer[] = [];
    let from = 0;
    for (let i = 0; i + 3 < b.length; i++) {
      if (b[i] !== 0 || b[i + 1] !== 0 || b[i + 2] !== 1) continue;
      const at = i > 0 && b[i - 1] === 0 ? i - 1 : i;
      if (this.keep) parts.push(b.subarray(from, at));
      from = at;
      const type = b[i + 3]! & 0x1f;
      if (type === 1 || type === 5) this.first = false;
      this.keep = type === 7 || type === 8 ? this.first : type !== 6;
      i += 2;
    }
    if (this.keep) parts.push(b.subarray(from));
    return Buffer.concat(parts);
  }
}

async function screenrecord(dev: StandinDevice, args: string[], io: ShellIo): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    await io.write(parsed);
    return 2;
  }
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) {
    await io.write('ERROR: unable to create video/avc codec instance\n');
    return 1;
  }
  const natural = dev.virtual.screenInfo();
  const width = parsed.width ?? natural.width;
  const height = parsed.height ?? natural.height;
  const proc = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${width}x${height}`, '-use_wallclock_as_timestamps', '1'],
      ...['-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline'],
      ...['-pix_fmt', 'yuv420p', '-b:v', String(parsed.bitRate), '-bf', '0', '-threads', '1', '-vsync', '0'],
      ...['-force_key_frames', 'expr:gte(t,n_forced*10)', '-f', 'h264', '-flush_packets', '1', 'pipe:1'],
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  proc.stdin.on('error', () => undefined);
  const filter = new HeaderFilter();
  let writing = Promise.resolve();
  proc.stdout.on('data', (c: Buffer) => {
    const out = filter.push(c);
    if (out.length && !io.closed) writing = writing.then(() => io.write(out));
  });
  const owner = {};
  dev.streamOwner = owner;
  let last: Buffer | null = null;
  let busy = false;
  let latest: Buffer | null = null;
  // The surface is composed when the screen changes: repeated frames encode nothing.
  const feed = async () => {
    while (latest && !io.closed) {
      const jpeg = latest;
      latest = null;
      const raw = await sharp(jpeg)
        .resize(width, height, { fit: 'contain', background: { r: 0, g: 0, b: 0 } })
        .removeAlpha()
        .raw()
        .toBuffer();
      if (!io.closed) proc.stdin.write(raw);
    }
    busy = false;
  };
  dev.virtual.startStream((f) => {
    if (last?.equals(f.jpeg)) return;
    last = f.jpeg;
    latest = f.jpeg;
    if (busy) return;
    busy = true;
    void feed();
  });
  const deadline = Date.now() + parsed.timeLimitSec * 1000;
  while (!io.closed && Date.now() < deadline && proc.exitCode === null) await new Promise((r) => setTimeout(r, 50));
  if (dev.streamOwner === owner) {
    dev.streamOwner = null;
    dev.virtual.stopStream();
  }
  proc.stdin.end();
  await new Promise((r) => (proc.exitCode !== null ? r(null) : proc.once('close', r)));
  await writing;
  return 0;
}

export function registerScreenrecord(): void {
  COMMANDS.screenrecord = screenrecord;
}
