import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeTool } from '../../../test/harness/fake-apple-tools';
import { type ComposedFrame, chunked, composeIdbMjpeg } from '../../../test/harness/idb-mjpeg';
import type { Frame } from '../driver';
import { createIosDriver } from './ios-driver';
import { idbVideoStreamArgs } from './idb-video';
import type { IosStreamSource } from './ios-stream';
import { MjpegSplitter } from './mjpeg-splitter';

/**
 * Contract tests of the iOS stream on idb's MJPEG output (composed as idb writes it:
 * test/harness/idb-mjpeg.ts): the splitter on every kind of chunking, garbage and truncation,
 * then the driver's stream through a stand-in `idb` process that replays it, and the fallback to
 * screenshot polling when idb is missing or its stream dies.
 */

const FIX = path.resolve(__dirname, '../../../test/fixtures/simctl');
const UDID = '4F6C2A6E-8D0B-4E7B-9E22-2C1B3E6F8A11';

let tmp: string;
let frames: ComposedFrame[];
let stream: Buffer;
let png: Buffer;
beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'simdeck-idb-video-'));
  frames = await composeIdbMjpeg(10);
  stream = Buffer.concat(frames.map((f) => f.jpeg));
  png = await sharp({ create: { width: 117, height: 255, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function split(chunks: Buffer[]) {
  const s = new MjpegSplitter();
  const out = chunks.flatMap((c) => s.push(c));
  return { out, skipped: s.skippedBytes, dropped: s.droppedFrames };
}

describe('MJPEG splitting of idb video-stream output', () => {
  it('yields every image whole, whatever the chunk boundaries', () => {
    for (const sizes of [[stream.length], [1], [2, 3], [7], [4096], [65536], [1, 4093, 17, 65535]]) {
      const { out, skipped, dropped } = split(chunked(stream, sizes));
      expect(out.map((f) => f.jpeg)).toEqual(frames.map((f) => f.jpeg));
      expect(out.map((f) => [f.width, f.height])).toEqual(frames.map((f) => [f.width, f.height]));
      expect([skipped, dropped]).toEqual([0, 0]);
    }
  });

  it('images come out decodable, progressive ones and ones with marker bytes in a segment too', async () => {
    const { out } = split(chunked(stream, [3000]));
    for (const f of out) {
      const meta = await sharp(f.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 390, 844]);
    }
    expect((await sharp(out[4]!.jpeg).metadata()).isProgressive).toBe(true);
  });

  it('skips garbage between images and drops a truncated image, keeping the next', () => {
    const noise = Buffer.from('idb: warning: companion slow\n\xff\x00\xff\xd9 junk', 'latin1');
    const cut = frames[2]!.jpeg.subarray(0, Math.floor(frames[2]!.jpeg.length / 2));
    const bytes = Buffer.concat([noise, frames[0]!.jpeg, noise, frames[1]!.jpeg, cut, frames[3]!.jpeg, noise]);
    for (const sizes of [[bytes.length], [5], [1000]]) {
      const { out, skipped, dropped } = split(chunked(bytes, sizes));
      expect(out.map((f) => f.jpeg)).toEqual([frames[0]!.jpeg, frames[1]!.jpeg, frames[3]!.jpeg]);
      expect(dropped).toBe(1);
      expect(skipped).toBeGreaterThanOrEqual(noise.length * 2);
    }
  });

  it('keeps an image that has not ended yet, and never emits one that never ends', () => {
    const s = new MjpegSplitter();
    const f = frames[0]!.jpeg;
    expect(s.push(f.subarray(0, f.length - 1))).toEqual([]);
    expect(s.push(f.subarray(f.length - 1)).map((x) => x.jpeg)).toEqual([f]);
    const small = new MjpegSplitter(1000);
    expect(small.push(Buffer.concat([f, frames[1]!.jpeg])).length).toBe(0);
    expect(small.droppedFrames).toBeGreaterThan(0);
  });

  it('asks idb for MJPEG on the simulator, quality and rate bounded', () => {
    expect(idbVideoStreamArgs(UDID)).toEqual([
      'video-stream',
      '--udid',
      UDID,
      '--format',
      'mjpeg',
      '--compression-quality',
      '0.8',
    ]);
    expect(idbVideoStreamArgs(UDID, 7, 500)).toEqual([
      'video-stream',
      '--udid',
      UDID,
      '--format',
      'mjpeg',
      '--compression-quality',
      '1',
      '--fps',
      '60',
    ]);
  });
});

function until<T>(what: () => T | undefined, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const tick = () => {
      const v = what();
      if (v !== undefined) resolve(v);
      else if (Date.now() > end) reject(new Error('timed out waiting'));
      else setTimeout(tick, 20);
    };
    tick();
  });
}

let hosts = 0;
function appleHost(idbRules: Parameters<typeof fakeTool>[2] | null) {
  hosts += 1;
  const bin = path.join(tmp, `host-${hosts}`);
  const xcrun = fakeTool(bin, 'xcrun', [
    { prefix: 'simctl list -j devices', stdout: fs.readFileSync(path.join(FIX, 'list-devices.json')) },
    { prefix: `simctl io ${UDID} screenshot`, writeArg: { index: 4, content: png } },
    { prefix: '' },
  ]);
  const idb = idbRules ? fakeTool(bin, 'idb', idbRules) : null;
  const sources: [IosStreamSource, string][] = [];
  const driver = createIosDriver({
    xcrun: xcrun.path,
    idb: idb?.path ?? path.join(bin, 'idb-not-installed'),
    streamIntervalMs: 50,
    firstFrameTimeoutMs: 15_000,
    streamRetryMs: 400,
    onStreamSource: (_udid, source, reason) => sources.push([source, reason]),
  });
  return { driver, xcrun, idb, sources };
}

describe('ios stream through a stand-in idb video-stream', () => {
  it('streams idb frames as they arrive, split across chunks, and stops the process', { timeout: 60_000 }, async () => {
    const h = appleHost([
      { prefix: 'video-stream', chunks: chunked(stream, [4096, 999, 65536]), chunkDelayMs: 2, hold: true },
    ]);
    const got: Frame[] = [];
    await h.driver.startStream(UDID, (f) => got.push(f));
    await until(() => (got.length >= frames.length ? true : undefined));
    expect(got.slice(0, frames.length).map((f) => f.jpeg)).toEqual(frames.map((f) => f.jpeg));
    expect(got[0]!.screen).toEqual({ width: 390, height: 844, rotation: 0 });
    expect(got[0]!.keyframe).toBe(true);
    expect(h.sources.map((s) => s[0])).toEqual(['idb']);
    const call = h.idb!.calls().find((c) => c.argv[0] === 'video-stream')!;
    expect(call.argv).toEqual(idbVideoStreamArgs(UDID));
    // A still screen: the last image comes again as a keyframe about once a second.
    const before = got.length;
    await until(() => (got.length > before ? true : undefined), 5_000);
    expect(got.at(-1)).toMatchObject({ keyframe: true, jpeg: frames.at(-1)!.jpeg });
    const pids = fs
      .readdirSync('/proc')
      .filter((p) => /^\d+$/.test(p))
      .filter((p) => {
        try {
          return fs.readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(h.idb!.path);
        } catch {
          return false;
        }
      });
    expect(pids.length).toBe(1);
    await h.driver.stopStream(UDID);
    await until(() => (fs.existsSync(`/proc/${pids[0]}/cmdline`) ? undefined : true), 5_000);
    const n = got.length;
    await new Promise((r) => setTimeout(r, 1300));
    expect(got.length).toBe(n);
  });

  it('falls back to screenshots when the stream dies, and goes back to idb when it can', {
    timeout: 60_000,
  }, async () => {
    const h = appleHost([
      {
        prefix: 'video-stream',
        chunks: [stream.subarray(0, frames[0]!.jpeg.length + 100)],
        stderr: 'companion gone',
        exit: 1,
      },
    ]);
    const got: Frame[] = [];
    await h.driver.startStream(UDID, (f) => got.push(f));
    await until(() => (got.some((f) => f.screen.width === 117) ? true : undefined));
    expect(got[0]!.jpeg).toEqual(frames[0]!.jpeg);
    expect(h.sources.map((s) => s[0]).slice(0, 2)).toEqual(['idb', 'screenshots']);
    expect(h.sources[1]![1]).toMatch(/idb video-stream ended \(exit 1\) after 1 images: companion gone/);
    const shot = got.find((f) => f.screen.width === 117)!;
    expect((await sharp(shot.jpeg).metadata()).format).toBe('jpeg');
    // The companion is back: idb is tried again and its frames replace the screenshots.
    h.idb!.setRules([{ prefix: 'video-stream', chunks: [frames[5]!.jpeg], hold: true }]);
    await until(() => (got.some((f) => f.jpeg.equals(frames[5]!.jpeg)) ? true : undefined));
    // (A retry that came before the new rules died the same way: the sources alternate.)
    const seq = h.sources.map((s) => s[0]);
    expect(seq.at(-1)).toBe('idb');
    expect(seq.every((src, i) => src === (i % 2 === 0 ? 'idb' : 'screenshots'))).toBe(true);
    const back = got.findIndex((f) => f.jpeg.equals(frames[5]!.jpeg));
    await new Promise((r) => setTimeout(r, 600));
    // No screenshot frame after the stream came back.
    expect(got.slice(back).every((f) => f.screen.width === 390)).toBe(true);
    await h.driver.stopStream(UDID);
  });

  it('polls screenshots when idb is not installed', { timeout: 60_000 }, async () => {
    const h = appleHost(null);
    const got: Frame[] = [];
    await h.driver.startStream(UDID, (f) => got.push(f));
    await until(() => (got.length > 0 ? true : undefined));
    await h.driver.close();
    expect(got[0]!.screen).toEqual({ width: 117, height: 255, rotation: 0 });
    expect(h.sources.map((s) => s[0])).toEqual(['idb', 'screenshots']);
    expect(h.sources[1]![1]).toBe('idb is not installed on the device host');
  });
});
