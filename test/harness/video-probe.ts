import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../../src/worker/video/encoder';

const run = promisify(execFile);

export interface ProbedVideo {
  codec: string;
  profile: string;
  pixFmt: string;
  width: number;
  height: number;
  durationMs: number;
  /** Frames the decoder produced (every frame was decoded, not just read). */
  decodedFrames: number;
  chapters: Array<{ startMs: number; endMs: number; title: string }>;
  /** The index (moov) comes before the media (mdat): `+faststart`. */
  faststart: boolean;
}

/** Decodes an MP4 with ffmpeg (a real decoder): its stream, duration, chapters and frame count. */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) throw new Error('no ffmpeg on this machine');
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', file, '-map', '0:v:0', '-f', 'null', '-'], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const input = stderr.split(/\nOutput #0|\nStream mapping/)[0]!;
  const stream = /Stream #0:\d+.*?: Video: (\w+) \(([^)]+)\).*?, (\w+)\(?[^,]*?,? (\d+)x(\d+)/.exec(input);
  if (!stream) throw new Error(`no video stream: ${stderr}`);
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(input)!;
  const frames = [...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1);
  const chapters = [
    ...input.matchAll(/Chapter #\d+:\d+: start (\d+\.\d+), end (\d+\.\d+)\s*\n\s*Metadata:\s*\n\s*title\s*: (.*)/g),
  ].map((m) => ({
    startMs: Math.round(Number(m[1]) * 1000),
    endMs: Math.round(Number(m[2]) * 1000),
    title: m[3]!.trim(),
  }));
  const head = (await import('node:fs'))
    .readFileSync(file)
    .subarray(0, 64 * 1024)
    .toString('latin1');
  const moov = head.indexOf('moov');
  const mdat = head.indexOf('mdat');
  return {
    codec: stream[1]!,
    profile: stream[2]!,
    pixFmt: stream[3]!,
    width: Number(stream[4]),
    height: Number(stream[5]),
    durationMs: Math.round((Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3])) * 1000),
    decodedFrames: Number(frames?.[1] ?? 0),
    chapters,
    faststart: moov >= 0 && (mdat < 0 || moov < mdat),
  };
}
