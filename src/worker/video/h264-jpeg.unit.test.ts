import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AnnexBSplitter } from '../drivers/annexb';
import { ffmpegPath } from './encoder';
import { H264JpegDecoder } from './h264-jpeg';

const FFMPEG = ffmpegPath();

/** Ten pictures of a test pattern, 160x96, baseline, as raw Annex B split into units. */
function units() {
  const raw = execFileSync(FFMPEG!, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=160x96:rate=10', '-frames:v', '10'],
    ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-profile:v', 'baseline', '-bf', '0', '-f', 'h264', 'pipe:1'],
  ]);
  const s = new AnnexBSplitter();
  return [...s.push(raw), ...s.flush()];
}

describe.skipIf(!FFMPEG)('H264JpegDecoder', () => {
  it('turns each unit into a JPEG at the asked size as it arrives, the first one without waiting for the next', async () => {
    const jpegs: Buffer[] = [];
    const d = new H264JpegDecoder(FFMPEG!, { width: 80, height: 48, maxFps: 1000, onJpeg: (j) => jpegs.push(j) });
    const all = units();
    expect(all[0]!.keyframe).toBe(true);
    // A unit before any keyframe is dropped (a decoder cannot start on it).
    d.push(all[1]!);
    d.push(all[0]!);
    const deadline = Date.now() + 10_000;
    while (jpegs.length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(jpegs).toHaveLength(1);
    expect(await sharp(jpegs[0]!).metadata()).toMatchObject({ format: 'jpeg', width: 80, height: 48 });
    // The rest in a burst: every unit is decoded (a picture that comes within the rate bound of
    // the one before waits, and a newer one replaces it).
    for (const u of all.slice(1)) d.push(u);
    while (d.decoded < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    d.close();
    expect(d.decoded).toBe(10);
    expect(jpegs.length + d.skipped).toBe(10);
  });

  it('bounds the rate but always hands over the newest picture', async () => {
    const jpegs: Buffer[] = [];
    const d = new H264JpegDecoder(FFMPEG!, { width: 160, height: 96, maxFps: 2, onJpeg: (j) => jpegs.push(j) });
    const all = units();
    for (const u of all) d.push(u);
    const deadline = Date.now() + 10_000;
    while (d.decoded < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 700));
    d.close();
    expect(d.decoded).toBe(10);
    expect(jpegs.length).toBeLessThan(10);
    expect(jpegs.length + d.skipped).toBe(10);
    // The last JPEG out is the last picture: the pattern's counter moved on between pictures.
    const last = await sharp(jpegs.at(-1)!).raw().toBuffer();
    const first = await sharp(jpegs[0]!).raw().toBuffer();
    expect(last.equals(first)).toBe(false);
  });
});
