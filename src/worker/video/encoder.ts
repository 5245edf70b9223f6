import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

/**
 * The H.264 encoder of the device host: ffmpeg with libx264. The `@ffmpeg-installer/ffmpeg`
 * package ships a static ffmpeg for the host's platform with `npm ci` (no download at run time);
 * `SIMDECK_FFMPEG` names another binary, and a host the package has no build for uses the
 * system's `ffmpeg` when there is one (docs/artifacts.md).
 */

let resolved: string | null | undefined;

/** The ffmpeg binary to encode with, or null when this host has none. */
export function ffmpegPath(): string | null {
  if (resolved !== undefined) return resolved;
  const candidates: string[] = [];
  if (process.env.SIMDECK_FFMPEG) candidates.push(process.env.SIMDECK_FFMPEG);
  try {
    const load = createRequire(import.meta.url);
    candidates.push((load('@ffmpeg-installer/ffmpeg') as { path: string }).path);
  } catch {
    // No build of the package for this platform: the system's ffmpeg, if any.
  }
  candidates.push('ffmpeg');
  resolved = candidates.find(hasLibx264) ?? null;
  return resolved;
}

function hasLibx264(bin: string): boolean {
  try {
    const out = execFileSync(bin, ['-hide_banner', '-encoders'], { encoding: 'utf8', timeout: 10_000, stdio: 'pipe' });
    return /\blibx264\b/.test(out);
  } catch {
    return false;
  }
}

/** Bounds of one recording: frames per second, the longest side, duration and bytes. */
export const RECORDING_LIMITS = {
  defaultFps: 10,
  maxFps: 15,
  maxSide: 1280,
  defaultMaxSeconds: 1800,
  maxSeconds: 7200,
  maxBytes: 512 * 1024 * 1024,
  /**
   * The encoder's niceness: on a host whose cores are all busy, the live streams (someone is
   * watching and touching them) keep their frame rate and a recording falls behind instead; its
   * backlog is bounded by the recorder (4 MB of frames waiting) and caught up with copies of the latest
   * frame, so its time stays the wall clock's.
   */
  niceness: 10,
} as const;

/** The output size for frames of `w`×`h`: the longest side at most `maxSide`, both sides even. */
export function outputSize(
  w: number,
  h: number,
  maxSide: number = RECORDING_LIMITS.maxSide,
): { width: number; height: number } {
  const f = Math.min(1, maxSide / Math.max(w, h));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * f) / 2));
  return { width: even(w), height: even(h) };
}

/**
 * ffmpeg's arguments: JPEG frames at `fps` on stdin, one fixed output size (a rotated screen is
 * scaled and padded into it), H.264 main profile, yuv420p, the index up front (`+faststart`) so
 * that a browser plays it while it loads. One encoder thread and `zerolatency` (no lookahead, no
 * B-frames: less work per frame and no frames held back): recording costs one session little.
 */
export function encoderArgs(o: { fps: number; width: number; height: number; out: string }): string[] {
  const { width: w, height: h } = o;
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
    ...['-f', 'image2pipe', '-framerate', String(o.fps), '-c:v', 'mjpeg', '-i', 'pipe:0'],
    ...['-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,format=yuv420p`],
    ...[
      '-c:v',
      'libx264',
      '-preset',
      'superfast',
      '-tune',
      'zerolatency',
      '-crf',
      '30',
      '-profile:v',
      'main',
      '-pix_fmt',
      'yuv420p',
    ],
    ...['-g', String(o.fps * 5), '-threads', '1', '-filter_threads', '1', '-an'],
    ...['-movflags', '+faststart', '-f', 'mp4', '-y', o.out],
  ];
}

export interface Chapter {
  title: string;
  at_ms: number;
}

const escapeMeta = (s: string) => s.replace(/[=;#\\\n]/g, (c) => (c === '\n' ? ' ' : `\\${c}`));

/** An FFMETADATA file with a chapter per mark, each ending where the next starts (the last at the end). */
export function chapterMetadata(chapters: Chapter[], durationMs: number): string {
  const sorted = chapters
    .map((c) => ({ ...c, at_ms: Math.max(0, Math.min(Math.round(c.at_ms), durationMs)) }))
    .sort((a, b) => a.at_ms - b.at_ms);
  const lines = [';FFMETADATA1'];
  sorted.forEach((c, i) => {
    const end = Math.max(c.at_ms, i + 1 < sorted.length ? sorted[i + 1]!.at_ms : durationMs);
    lines.push('[CHAPTER]', 'TIMEBASE=1/1000', `START=${c.at_ms}`, `END=${end}`, `title=${escapeMeta(c.title)}`);
  });
  return `${lines.join('\n')}\n`;
}

/** ffmpeg's arguments to copy `input` with the chapters of `metadata` (no re-encoding). */
export function chapterArgs(input: string, metadata: string, out: string): string[] {
  return [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', input, '-f', 'ffmetadata', '-i', metadata],
    ...['-map', '0', '-map_metadata', '1', '-map_chapters', '1', '-c', 'copy', '-movflags', '+faststart', '-y', out],
  ];
}
